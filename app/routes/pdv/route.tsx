import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Outlet, useActionData, useLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { can } from "~/lib/access";
import { canonicalDayRange } from "~/lib/day-range";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import {
  endDeleteMode,
  loadCart,
  openBox,
  openBoxOf,
  ownCodeOf,
  pressDiscount,
  removeLine,
  scanProduct,
  setLineQty,
  stepLineQty,
} from "~/modules/pdv/box.server";
import { listSessionSales, listSessions } from "~/modules/pdv/history.server";
import { historyRange, parsePdvPageQuery } from "~/modules/pdv/page-query";
import { parseQuantity, parseMoney } from "~/modules/pdv/rules";
import { formValues, TillIntent } from "~/modules/pdv/schemas";
import { PDV_CONSTRAINTS } from "~/modules/pdv/constraints.server";
import { PdvScreen } from "~/routes/pdv/till-screen";
import { PDV_TEXTS } from "~/modules/pdv/texts";
import { regenerateConfirmCode } from "~/modules/users/users.server";
import { redirect } from "react-router";
import { statusOf, readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Punto de venta" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const canonical = canonicalDayRange(url);
  if (canonical) throw redirect(canonical);
  const query = parsePdvPageQuery(url);
  const manager = can(user, "pdv.history");
  const box = await openBoxOf(user.id);
  const cart = box ? await loadCart(box) : null;
  const myCode = manager ? await ownCodeOf(user.id) : null;
  const tab = query.tab === "historial" && manager ? "historial" : box ? "venta" : "caja";
  let history = null;
  if (tab === "historial") {
    const { start, end, valid } = historyRange(query);
    const sessions = await listSessions({ page: query.page, start, end });
    const sales = query.session ? await listSessionSales(query.session, query.salesPage) : null;
    history = {
      ...sessions,
      openSession: query.session ?? null,
      sales,
      range: { start_date: query.start_date, end_date: query.end_date },
      rangeIgnored: !valid,
    };
  }
  return {
    user: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), role: user.role },
    manager,
    myCode,
    box: box
      ? {
          id: box.id,
          dateOpen: box.dateOpen.toISOString(),
          amountOpen: box.amountOpen,
          deleteMode: box.deleteModeBy !== null,
          expectedShown: box.expectedShownBy !== null,
        }
      : null,
    cart,
    tab,
    history,
    done: { sale: query.sale ?? null, repeat: query.repeat ?? false, cut: query.cut ?? null },
    constraints: PDV_CONSTRAINTS.till,
  };
}

export type PdvLoader = typeof loader;

const back = (url: URL) => {
  const params = new URLSearchParams(url.search);
  for (const k of ["sale", "cut", "repeat", "index"]) params.delete(k);
  const text = params.toString();
  return `/pdv${text ? `?${text}` : ""}`;
};

export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  const parsed = TillIntent.safeParse(formValues(await readForm(request)));
  if (!parsed.success) {
    return data(
      { error: PDV_TEXTS.systemError("(solicitud no válida)"), title: PDV_TEXTS.systemErrorTitle, field: "form" as const },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const to = back(url);
  switch (input.intent) {
    case "open": {
      const result = await openBox(user.id, parseMoney(input.amount));
      if (!result.ok) return data({ error: result.message, field: "amount" as const }, { status: statusOf(result) });
      return redirectWithToast("/pdv", { title: "Caja abierta", message: "Ya puedes registrar ventas.", variant: "success" });
    }
    case "scan": {
      if (input.query.trim() === "") return redirect(to);
      const result = await scanProduct(user.id, input.query);
      if (!result.ok) {
        const title =
          result.reason === "missing"
            ? `Producto ${input.query.trim().slice(0, 60)} no encontrado`
            : result.reason === "refused"
              ? `Producto ${input.query.trim().slice(0, 60)} no disponible`
              : "Caja cerrada";
        return data(
          { error: result.message, title, field: "scan" as const, query: input.query.slice(0, 200) },
          { status: statusOf(result) },
        );
      }
      return redirectWithToast(to, { title: PDV_TEXTS.addedTitle, message: PDV_TEXTS.added, variant: "success" });
    }
    case "qty": {
      const result = await setLineQty(user.id, input.line, parseQuantity(input.qty));
      return result.ok ? redirect(to) : data({ error: result.message, field: "cart" as const }, { status: statusOf(result) });
    }
    case "inc":
    case "dec": {
      const result = await stepLineQty(user.id, input.line, input.intent === "inc" ? 1 : -1);
      if (!result.ok) return data({ error: result.message, field: "cart" as const }, { status: statusOf(result) });
      if (result.value.needsCode) throw redirect(`/pdv/authorize?what=delete`);
      return redirect(to);
    }
    case "remove": {
      const result = await removeLine(user.id, input.line);
      if (!result.ok) return data({ error: result.message, field: "cart" as const }, { status: statusOf(result) });
      if (result.value.needsCode) throw redirect(`/pdv/authorize?what=delete`);
      return redirect(to);
    }
    case "discount": {
      const result = await pressDiscount(user.id, input.discount);
      if (!result.ok) return data({ error: result.message, field: "cart" as const }, { status: statusOf(result) });
      if (result.value.needsCode) throw redirect(`/pdv/authorize?what=discount-${input.discount}`);
      return redirect(to);
    }
    case "end-delete":
      await endDeleteMode(user.id);
      return redirect(to);
    case "new-code": {
      if (!can(user, "pdv.confirmCode"))
        return redirectWithToast(to, {
          title: "Sin permiso",
          message: "Tu usuario no tiene permiso para realizar esta acción.",
          variant: "danger",
        });
      const result = await regenerateConfirmCode(user.id, { id: user.id, role: user.role });
      if (!result.ok) return redirect(to);
      return redirectWithToast(to, {
        title: "Código generado",
        message: "Tu nuevo código de confirmación ya está activo.",
        variant: "success",
      });
    }
  }
}

export type PdvAction = typeof action;

export default function Pdv() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PdvScreen data={loaderData} actionData={actionData ?? null} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
