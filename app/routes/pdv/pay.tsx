import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { LoaderData } from "~/lib/route-data";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { useState } from "react";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { formatMoney } from "@common/format";
import { redirectWithToast } from "~/lib/toast.server";
import { getEnv } from "@server/env";
import { requireAccess } from "~/lib/auth/guard.server";
import { loadCart, openBoxOf } from "~/modules/pdv/box.server";
import {
  emptyPayment,
  paymentCheck,
  paymentWay,
  setCardAmount,
  setMethodActive,
  parseMoney,
  type Payment,
  type PaymentMethod,
} from "~/modules/pdv/rules";
import { commitSale, newPaymentToken, sendSaleNow } from "~/modules/pdv/sale.server";
import { formValues, PaymentForm } from "~/modules/pdv/schemas";
import { PDV_CONSTRAINTS } from "~/modules/pdv/constraints.server";
import { PDV_TEXTS } from "~/modules/pdv/texts";
import { statusOf, readForm } from "~/lib/http.server";
import { CalculateDialogFooter } from "~/routes/pdv/calculate-dialog-footer";

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const box = await openBoxOf(user.id);
  if (!box) throw redirect("/pdv");
  const cart = await loadCart(box);
  if (cart.lines.length === 0) throw redirect("/pdv");
  return { sessionId: box.id, totalCents: cart.totals.totalCents, token: newPaymentToken(), constraints: PDV_CONSTRAINTS.payment };
}

const METHODS = ["cash", "debit", "credit"] as const;

/** Without JavaScript, "Calcular" does what the checkboxes do with it: an active card left at zero takes the remainder. */
function fromForm(
  values: { cash_on?: string; debit_on?: string; credit_on?: string; cash: string; debit: string; credit: string },
  totalCents: number,
  fill: boolean,
) {
  let p = emptyPayment();
  for (const m of METHODS) {
    const on = Boolean(values[`${m}_on`]);
    const cents = parseMoney(values[m]);
    if (cents === null) return null;
    p = { active: { ...p.active, [m]: on }, cents: { ...p.cents, [m]: on ? cents : 0 } };
  }
  if (fill) for (const m of ["debit", "credit"] as const) if (p.active[m] && p.cents[m] === 0) p = setMethodActive(p, m, true, totalCents);
  return p;
}

export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireAccess(request, url);
  const parsed = PaymentForm.safeParse(formValues(await readForm(request)));
  if (!parsed.success) return data({ error: PDV_TEXTS.saleFailed, payment: null, token: null }, { status: 400 });
  const input = parsed.data;
  const box = await openBoxOf(user.id);
  const cart = box ? await loadCart(box) : null;
  const totalCents = cart?.totals.totalCents ?? 0;
  const payment = fromForm(input, totalCents, input.intent === "recompute");
  if (!payment)
    return data(
      { error: "Escribe montos válidos (solo números, hasta dos decimales).", payment: null, token: input.token },
      { status: 400 },
    );
  if (input.intent === "recompute") return data({ error: null, payment, token: input.token });
  const result = await commitSale(user, { sessionId: input.session, token: input.token, payment });
  if (!result.ok) return data({ error: result.message, payment, token: input.token }, { status: statusOf(result) });
  const { saleId, repeat } = result.value;
  if (repeat) {
    return redirectWithToast(`/pdv?sale=${saleId}&repeat=1`, {
      title: "Venta ya registrada",
      message: "Este pago ya se había registrado: no se generó otra venta.",
      variant: "info",
    });
  }
  // The sale is saved; the ERP gets a short chance now and the outbox keeps retrying after.
  const erp = await sendSaleNow(saleId, 1500);
  const check = paymentCheck(payment, totalCents);
  const change = check.changeCents > 0 ? ` Cambio: ${formatMoney(check.changeCents / 100)}.` : "";
  return erp === "sent"
    ? redirectWithToast(`/pdv?sale=${saleId}`, {
        title: "Venta registrada",
        message: `Venta ${saleId} registrada.${change}`,
        variant: "success",
      })
    : redirectWithToast(`/pdv?sale=${saleId}`, {
        title: "Venta registrada",
        message: `Venta generada en ${getEnv().BRAND_NAME} Digital.${change}`,
        variant: "info",
      });
}

const LABEL: Record<PaymentMethod, string> = { cash: "Efectivo", debit: "TD", credit: "TC" };
const text = (cents: number) => (cents / 100).toFixed(2);

export default function Pay() {
  const { sessionId, totalCents, token: freshToken, constraints } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const token = result?.token ?? freshToken;
  const start = (result?.payment as Payment | null | undefined) ?? emptyPayment();
  return (
    <PaymentDialog
      key={JSON.stringify(start)}
      sessionId={sessionId}
      totalCents={totalCents}
      token={token}
      start={start}
      error={result?.error ?? null}
      busy={busy}
      constraints={constraints}
    />
  );
}

function PaymentDialog({
  sessionId,
  totalCents,
  token,
  start,
  error,
  busy,
  constraints,
}: {
  sessionId: number;
  totalCents: number;
  token: string;
  start: Payment;
  error: string | null;
  busy: boolean;
  constraints: LoaderData<typeof loader>["constraints"];
}) {
  const [payment, setPayment] = useState<Payment>(start);
  const [texts, setTexts] = useState<Record<PaymentMethod, string>>({
    cash: text(start.cents.cash),
    debit: text(start.cents.debit),
    credit: text(start.cents.credit),
  });
  const apply = (next: Payment, typed?: PaymentMethod) => {
    setPayment(next);
    setTexts(
      (old) => Object.fromEntries(METHODS.map((m) => [m, m === typed ? old[m] : text(next.cents[m])])) as Record<PaymentMethod, string>,
    );
  };
  const check = paymentCheck(payment, totalCents);
  const way = paymentWay(payment);
  return (
    <RouteDialog
      title="Pago"
      closeTo="/pdv"
      footer={
        <CalculateDialogFooter closeTo="/pdv" closeLabel="Cancelar" formId="pay-form" calculateIntent="recompute">
          <button type="submit" form="pay-form" name="intent" value="pay" className="btn-primary" disabled={busy}>
            {busy ? "Procesando…" : "Pagar e imprimir"}
          </button>
        </CalculateDialogFooter>
      }
    >
      <Form method="post" id="pay-form" className="space-y-3">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="session" value={sessionId} />
        <p className="text-lg">
          Total: <strong data-testid="pay-total">{formatMoney(totalCents / 100)}</strong>
        </p>
        {METHODS.map((m) => (
          <div key={m} className="flex items-center gap-3">
            <label className="flex w-28 items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                name={`${m}_on`}
                value="1"
                checked={payment.active[m]}
                onChange={(e) => apply(setMethodActive(payment, m, e.currentTarget.checked, totalCents))}
              />
              {LABEL[m]}
            </label>
            <input
              name={m}
              {...constraints[m]}
              inputMode="decimal"
              aria-label={`Monto ${LABEL[m]}`}
              className="input min-w-0 flex-1 text-right"
              value={texts[m]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setTexts((old) => ({ ...old, [m]: value }));
                const cents = parseMoney(value);
                if (cents === null) return;
                if (m === "cash") setPayment({ active: payment.active, cents: { ...payment.cents, cash: cents } });
                else apply(setCardAmount(payment, m, cents, totalCents), m);
              }}
            />
          </div>
        ))}
        <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>Pagado</dt>
            <dd>{formatMoney(check.paidCents / 100)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Cambio</dt>
            <dd data-testid="pay-change">{formatMoney(check.changeCents / 100)}</dd>
          </div>
          <div className="flex justify-between text-slate-500">
            <dt>Forma de pago</dt>
            <dd>
              {way.way} · {way.condition}
            </dd>
          </div>
        </dl>
        <p role={error ? "alert" : undefined} className="min-h-5 text-sm text-amber-800">
          {error}
        </p>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/pdv" notFoundTitle="Pago no disponible" notFoundText="No hay una venta en curso." />;
}
