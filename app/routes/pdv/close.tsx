import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useMemo, useState } from "react";
import { useIsomorphicLayoutEffect } from "~/lib/layout-effect";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorSlot } from "~/routes/pdv/ui/dialog-parts";
import { CalculateDialogFooter } from "~/routes/pdv/calculate-dialog-footer";
import { DialogTable, type DialogColumn } from "~/routes/pdv/dialog-table";
import { can } from "~/lib/access";
import { formatMoney } from "@common/format";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { openBoxOf } from "~/modules/pdv/box.server";
import { CLOSED_OK, closeBox, sessionFigures } from "~/modules/pdv/close.server";
import { closeCheck, denominationCents, DENOMINATIONS, parseMoney, type CloseCheck } from "~/modules/pdv/rules";
import { CloseForm, denominationField, formValues, parseCounts } from "~/modules/pdv/schemas";
import { PDV_CONSTRAINTS } from "~/modules/pdv/constraints.server";
import { PDV_TEXTS } from "~/modules/pdv/texts";
import { statusOf, readForm } from "~/lib/http.server";
import type { InputConstraint } from "~/lib/constraints";

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const box = await openBoxOf(user.id);
  if (!box) throw redirect("/pdv");
  const showExpected = can(user, "pdv.history") || box.expectedShownBy !== null;
  const figures = await sessionFigures(box.id);
  return {
    sessionId: box.id,
    showExpected,
    // A cashier's page does not carry the expected amounts until a manager's code shows them.
    expected: showExpected
      ? { fundCents: figures.fundCents, cashCents: figures.cashCents, debitCents: figures.debitCents, creditCents: figures.creditCents }
      : null,
    constraints: PDV_CONSTRAINTS.close,
  };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  const parsed = CloseForm.safeParse(formValues(await readForm(request)));
  if (!parsed.success)
    return data(
      {
        error: PDV_TEXTS.closeFailed as string,
        check: null as CloseCheck | null,
        matches: false,
        typed: null as Record<string, string> | null,
      },
      { status: 400 },
    );
  const input = parsed.data;
  // Without JavaScript every answer is a fresh page: it comes back with what was typed.
  const typed = typedValues(input as Record<string, unknown>);
  const counts = parseCounts(input as Record<string, unknown>);
  const fund = parseMoney(input.fund);
  const debit = parseMoney(input.debit);
  const credit = parseMoney(input.credit);
  if (!counts || fund === null || debit === null || credit === null) {
    return data(
      { error: "Escribe cantidades válidas: piezas enteras y montos con hasta dos decimales.", check: null, matches: false, typed },
      { status: 400 },
    );
  }
  const box = await openBoxOf(user.id);
  if (!box) return redirect("/pdv");
  const showExpected = can(user, "pdv.history") || box.expectedShownBy !== null;
  if (input.intent === "check") {
    const figures = await sessionFigures(box.id);
    const check = closeCheck(figures, { drawerCents: denominationCents(counts), fundCents: fund, debitCents: debit, creditCents: credit });
    // A cashier without a manager's code learns whether it adds up, never the expected figures.
    return data({
      error: check.matches ? null : "Los montos no cuadran todavía.",
      check: showExpected ? check : null,
      matches: check.matches,
      typed,
    });
  }
  const result = await closeBox(user.id, {
    sessionId: input.session,
    denominations: counts,
    fundCents: fund,
    debitCents: debit,
    creditCents: credit,
    code: input.code,
    reason: input.reason,
  });
  if (!result.ok)
    return data(
      { error: result.message, check: showExpected ? (result.check ?? null) : null, matches: false, typed },
      { status: statusOf(result) },
    );
  return redirectWithToast(`/pdv?cut=${result.value.sessionId}`, { title: "Caja cerrada", message: CLOSED_OK, variant: "success" });
}

const TYPED = ["fund", "debit", "credit", "reason", ...DENOMINATIONS.map(denominationField)];
function typedValues(input: Record<string, unknown>) {
  return Object.fromEntries(TYPED.map((k) => [k, String(input[k] ?? "").slice(0, 150)]));
}

type ExpectedRow = readonly [label: string, figures: CloseCheck["total"]];
const EXPECTED_COLUMNS: DialogColumn<ExpectedRow>[] = [
  { header: "Concepto", cell: ([label]) => label },
  { header: "Esperado", money: true, cell: ([, r]) => formatMoney(r.expected / 100) },
  { header: "Contado", money: true, cell: ([, r]) => formatMoney(r.counted / 100) },
  {
    header: "Estado",
    cell: ([, r]) => <span className={r.ok ? "text-emerald-700" : "text-red-700"}>{r.ok ? "Cuadra" : "No cuadra"}</span>,
  },
];

export default function CloseBox() {
  const { sessionId, showExpected, expected, constraints } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const typed = result?.typed ?? {};
  const [counts, setCounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(DENOMINATIONS.map((d) => [String(d), typed[denominationField(d)] ?? ""])),
  );
  const [fund, setFund] = useState(typed.fund ?? "");
  const [debit, setDebit] = useState(typed.debit ?? "");
  const [credit, setCredit] = useState(typed.credit ?? "");
  const [reason, setReason] = useState(typed.reason ?? "");
  // The live check needs the script that updates it: the server's render (and a page without
  // JavaScript) must not disable "Cerrar caja" over counts nobody has typed yet.
  const [hydrated, setHydrated] = useState(false);
  // What was typed before React took the form over is the form's state from then on (the state
  // starts from the server's values and would overwrite it).
  useIsomorphicLayoutEffect(() => {
    const form = document.getElementById("close-form") as HTMLFormElement | null;
    const typedNow = (name: string) => (form?.elements.namedItem(name) as HTMLInputElement | null)?.value;
    setCounts((old) => Object.fromEntries(DENOMINATIONS.map((d) => [String(d), typedNow(denominationField(d)) ?? old[String(d)] ?? ""])));
    setFund((old) => typedNow("fund") ?? old);
    setDebit((old) => typedNow("debit") ?? old);
    setCredit((old) => typedNow("credit") ?? old);
    setReason((old) => typedNow("reason") ?? old);
    setHydrated(true);
  }, []);
  const drawer = useMemo(() => {
    const parsed = Object.fromEntries(DENOMINATIONS.map((d) => [String(d), Number(counts[String(d)] || 0) || 0]));
    return denominationCents(parsed);
  }, [counts]);
  const live =
    hydrated && expected
      ? closeCheck(expected, {
          drawerCents: drawer,
          fundCents: parseMoney(fund) ?? 0,
          debitCents: parseMoney(debit) ?? 0,
          creditCents: parseMoney(credit) ?? 0,
        })
      : null;
  const check = live ?? (result?.check as CloseCheck | null) ?? null;
  const rows =
    check && expected
      ? ([
          ["Total", check.total],
          ["Tarjetas", check.card],
          ["Efectivo", check.cash],
          ["Fondo", check.fund],
        ] as const)
      : [];
  return (
    <RouteDialog
      title="Cerrar caja"
      closeTo="/pdv"
      size="lg"
      footer={
        <CalculateDialogFooter closeTo="/pdv" closeLabel="Volver" formId="close-form" calculateIntent="check">
          <button
            type="submit"
            form="close-form"
            name="intent"
            value="close"
            className="btn-danger"
            disabled={busy || Boolean(live && !live.matches && reason.trim() === "")}
          >
            Cerrar caja
          </button>
        </CalculateDialogFooter>
      }
    >
      <Form method="post" id="close-form" className="space-y-4">
        <input type="hidden" name="session" value={sessionId} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Efectivo en caja por denominación</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {DENOMINATIONS.map((d) => (
              <label key={d} className="flex items-center gap-2 text-sm">
                <span className="w-14 text-right">{formatMoney(d)}</span>
                <input
                  name={denominationField(d)}
                  {...constraints[denominationField(d)]}
                  inputMode="numeric"
                  aria-label={`Piezas de ${formatMoney(d)}`}
                  className="input w-full min-w-0"
                  value={counts[String(d)] ?? ""}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setCounts((old) => ({ ...old, [String(d)]: v }));
                  }}
                />
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm">
            Contado en caja: <strong data-testid="drawer-total">{formatMoney(drawer / 100)}</strong>
          </p>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-3">
          <AmountField name="fund" label="Fondo" constraint={constraints.fund} value={fund} onChange={setFund} />
          <AmountField name="debit" label="Tarjeta de débito" constraint={constraints.debit} value={debit} onChange={setDebit} />
          <AmountField name="credit" label="Tarjeta de crédito" constraint={constraints.credit} value={credit} onChange={setCredit} />
        </div>
        {showExpected && expected ? (
          <div className="overflow-x-auto">
            <DialogTable label="Montos esperados" columns={EXPECTED_COLUMNS} rows={rows} rowKey={([label]) => label} />
            {!check ? (
              <p className="text-sm text-slate-500">
                Fondo esperado: {formatMoney(expected.fundCents / 100)}, efectivo {formatMoney(expected.cashCents / 100)}, débito{" "}
                {formatMoney(expected.debitCents / 100)}, crédito {formatMoney(expected.creditCents / 100)}.
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm">
            Los montos esperados están ocultos.{" "}
            <Link to="/pdv/authorize?what=expected" className="btn-secondary">
              Mostrar
            </Link>
          </p>
        )}
        <details className="rounded border border-slate-200 p-3" open={Boolean(result?.check && !result.check.matches)}>
          <summary className="cursor-pointer text-sm font-medium">Cerrar con diferencia (requiere gerente)</summary>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <label className="flex flex-col gap-1 text-sm">
              <span>Motivo</span>
              <input
                name="reason"
                {...constraints.reason}
                className="input"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span>Código de confirmación</span>
              <input name="code" {...constraints.code} type="password" autoComplete="off" className="input" />
            </label>
          </div>
        </details>
        {result && !result.error && result.matches ? (
          <p className="text-sm text-emerald-700">Los montos cuadran: puedes cerrar la caja.</p>
        ) : null}
        <ErrorSlot shown={Boolean(result?.error)}>{result?.error}</ErrorSlot>
      </Form>
    </RouteDialog>
  );
}

/** A counted amount in pesos (the fund, the card totals), kept as typed so the live check can read it. */
function AmountField({
  name,
  label,
  constraint,
  value,
  onChange,
}: {
  name: string;
  label: string;
  constraint: InputConstraint;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <input
        name={name}
        {...constraint}
        inputMode="decimal"
        className="input"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </label>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/pdv" notFoundTitle="Caja no disponible" notFoundText="No hay una caja abierta." />;
}
