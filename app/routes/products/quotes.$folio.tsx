import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, redirect } from "react-router";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { can } from "~/lib/access";
import { refusedWith, readForm } from "~/lib/http.server";
import { formatDateTime, formatMoney } from "@common/format";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { orderFromQuote, sendQuoteToErp } from "~/modules/quotations/erp.server";
import { CREATED_TOASTS, displayStatus, NO_ERP_USERS, STATUS_LABELS } from "~/modules/quotations/status";
import { companyContact } from "~/documents/quotations.server";
import { QUOTATION_CSS, QuotationDocument } from "~/documents/quotation-document";
import { DocumentLinks, PostedError } from "~/components/quotations/quotation-parts";
import { changesSince, storedQuoteDocument } from "~/modules/quotations/stored-view.server";
import { getStoredQuote, issueQuote, reviseQuote } from "~/modules/quotations/stored.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data ? `Cotización ${data.folio}` : "Cotización" }];

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const folio = params.folio ?? "";
  const [q, doc, company] = await Promise.all([getStoredQuote(folio), storedQuoteDocument(folio), companyContact()]);
  if (!q || !doc) throw new Response("No encontrado", { status: 404 });
  const since = await changesSince(q);
  return {
    folio,
    doc,
    company,
    status: displayStatus(q.row),
    erp: { state: q.row.erpState, id: q.row.intelisisId, message: q.row.erpMessage, user: q.row.erpUser },
    orderId: q.row.orderId === null ? null : String(q.row.orderId),
    revisions: q.revisions.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), total: Number(r.total) })),
    since,
    erpMode: can(user, "quotations.erpMode"),
    erpCreate: can(user, "quotations.erpCreate"),
    erpUsers: user.erpUsers,
  };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("issue") }),
  z.object({ intent: z.literal("revise") }),
  z.object({ intent: z.literal("erp"), erpUser: z.string().trim().max(60).optional() }),
  z.object({ intent: z.literal("order") }),
]);

export async function action({ request, url, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  const folio = params.folio ?? "";
  const back = url.pathname + url.search;
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "La solicitud no es válida." }, { status: 400 });
  switch (parsed.data.intent) {
    case "issue": {
      const r = await issueQuote(user, folio);
      if (!r.ok) return refusedWith(r);
      return redirectWithToast(back, {
        title: "Cotización",
        message: `La cotización ${folio} quedó enviada (vigencia 5 días hábiles).`,
        variant: "success",
      });
    }
    case "revise": {
      const r = await reviseQuote(user, folio);
      if (!r.ok) return refusedWith(r);
      return redirect("/products/quotation");
    }
    case "erp": {
      const r = await sendQuoteToErp(user, folio, parsed.data.erpUser || null);
      if (!r.ok) return refusedWith({ reason: r.reason, message: `${r.title}: ${r.message}` });
      return redirectWithToast(back, { title: "Intelisis", message: r.message, variant: "success" });
    }
    case "order": {
      const r = await orderFromQuote(user, folio);
      if (!r.ok) return refusedWith(r);
      return redirectWithToast(back, { ...CREATED_TOASTS.order, variant: "success" });
    }
  }
}

export default function StoredQuoteDialog() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const closeTo = `/products/quotes${search}`;
  const base = `/products/quotes/${d.folio}`;
  const post = (intent: string, label: string, disabled = false) => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="btn-secondary" disabled={busy || disabled}>
        {label}
      </button>
    </Form>
  );
  return (
    <RouteDialog
      title={`Cotización ${d.folio}`}
      description={`${STATUS_LABELS[d.status] ?? d.status}${d.erp.id ? ` · Intelisis ${d.erp.id}` : ""}${d.orderId ? ` · Orden ${d.orderId}` : ""}`}
      closeTo={closeTo}
      size="xl"
      footer={
        <>
          <DocumentLinks closeTo={closeTo} pdfHref={`${base}/pdf`} xlsxHref={`${base}/xlsx`} />
          {d.status === "borrador" ? post("issue", "Marcar como enviada") : null}
          {post("revise", "Editar (nueva revisión)")}
        </>
      }
    >
      <PostedError message={posted && "error" in posted ? posted.error : null} className="mb-3 rounded-md border" />
      <section className="mb-4 text-sm" aria-label="Cambios desde que se guardó">
        {d.since.ok ? (
          d.since.changes.length === 0 ? (
            <p className="text-slate-600">Sin cambios de precio ni de existencia en Intelisis desde que se guardó.</p>
          ) : (
            <div className="rounded-md border border-amber-200 bg-amber-50 p-3" data-testid="changes-since">
              <p className="font-medium text-amber-900">Cambios en Intelisis desde que se guardó (revisa antes de volver a emitir):</p>
              <ul className="mt-1 list-disc pl-5">
                {d.since.changes.map((c, i) => (
                  <li key={i}>
                    {c.sku}: {c.what === "no existe" ? "ya no existe en Intelisis" : `${c.what} ${c.before} → ${c.after}`}
                  </li>
                ))}
              </ul>
            </div>
          )
        ) : (
          <p className="text-amber-800">No se pudo comparar con Intelisis: {d.since.message}</p>
        )}
      </section>
      {d.erpCreate ? (
        <section className="mb-4 rounded-md border border-slate-200 p-3 text-sm" aria-label="Intelisis">
          {d.erpUsers.length === 0 ? (
            <p className="text-amber-800">{NO_ERP_USERS}</p>
          ) : (
            <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="erp" />
              <label className="flex flex-col gap-1">
                <span className="font-medium text-slate-700">Usuario de Intelisis</span>
                <select name="erpUser" className="input" defaultValue={d.erp.user ?? ""}>
                  <option value="">Elige un usuario</option>
                  {d.erpUsers.map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn-primary" disabled={busy || d.erp.state === "sent"}>
                {`${d.erp.state === "failed" ? "Reintentar: " : ""}${d.erpMode ? "Cotizar a intelisis" : "Crear cotización"}`}
              </button>
            </Form>
          )}
          {d.erp.state === "failed" ? <p className="mt-2 text-red-700">Último intento fallido: {d.erp.message}</p> : null}
          {d.erpMode ? (
            <div className="mt-2">{post("order", d.orderId ? `Orden generada (${d.orderId})` : "Generar orden", d.orderId !== null)}</div>
          ) : null}
        </section>
      ) : null}
      {d.revisions.length > 1 ? (
        <section className="mb-4 text-sm" aria-label="Revisiones">
          <h3 className="font-medium">Revisiones</h3>
          <ul className="mt-1 space-y-1">
            {d.revisions.map((r) => (
              <li key={r.folio}>
                <Link to={`/products/quotes/${r.folio}${search}`} className="text-brand-700 hover:underline">
                  {r.folio}
                </Link>{" "}
                · {formatDateTime(r.createdAt)} · {formatMoney(r.total)}
                {r.changes.length ? (
                  <span className="text-slate-600"> — {r.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join("; ")}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="overflow-x-auto rounded-md border border-slate-200 p-4" data-testid="quotation-preview">
        {/* As markup: a text child would be escaped (&quot;) on the server and the page would fail to hydrate. */}
        <style dangerouslySetInnerHTML={{ __html: QUOTATION_CSS }} />
        <QuotationDocument doc={d.doc} company={d.company} paged={false} />
      </div>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/products/quotes"
      notFoundTitle="Cotización no encontrada"
      notFoundText="No existe una cotización con ese número."
    />
  );
}
