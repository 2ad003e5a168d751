import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { runDraftIntent } from "~/modules/quotations/draft-action.server";
import {
  AgentPicker, ClientBlock, HeaderForm, LinesTable, PreviewBlock, QuotationV4Actions, TotalsBlock,
} from "~/modules/quotations/quotation-v4";
import { quotationsScreenData } from "~/modules/quotations/screen-v4.server";
import { safeBack } from "~/modules/quotations/routing";
import { StoreSchema, createQuotation } from "~/modules/quotations/store-action.server";

export const meta: MetaFunction = () => [{ title: "Cotizador v4" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request);
  return quotationsScreenData(user, new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request);
  const form = await request.formData();
  if (form.get("intent") === "store") {
    const parsed = StoreSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ error: "La solicitud no es válida." }, { status: 400 });
    const stored = await createQuotation(user, parsed.data.version ?? null);
    if (!stored.ok) return data({ error: stored.message }, { status: stored.status });
    return redirectWithToast(`/products/quotes/${stored.folio}`, stored.toast);
  }
  const outcome = await runDraftIntent(user, form);
  if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status });
  return redirectWithToast(safeBack(request.url, "/quotations", ["agent", "item"]), {
    title: "Cotización",
    message: outcome.message,
    variant: "success",
    durationMs: 3000,
  });
}

export default function QuotationsPage() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const discountPercent = d.header.priceList === "Precio 3" ? 0 : d.header.globalDiscount;
  return (
    <div className="min-w-0">
      <PageHeader title={`Cotizador v4`} total={d.lines.length} actions={<QuotationV4Actions d={d} />}>
        <p className="text-sm text-slate-500">Los precios y existencias pueden variar.</p>
      </PageHeader>
      {posted && "error" in posted ? (
        <div className="card mb-4 border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          {posted.error}
        </div>
      ) : null}
      <section className="card mb-4 grid gap-4 p-4 lg:grid-cols-2" aria-label="Agente y cliente">
        <AgentPicker d={d} />
        <ClientBlock d={d} />
      </section>
      <section className="card mb-4 p-4" aria-label="Datos">
        <HeaderForm key={d.version} d={d} />
      </section>
      <section className="card mb-4 space-y-4 p-4" aria-label="Artículos">
        {d.doc ? <PreviewBlock d={d} /> : <LinesTable d={d} />}
        <TotalsBlock totals={d.totals} discountPercent={discountPercent} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
