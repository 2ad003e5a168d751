import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { requireAccess } from "~/lib/auth/guard.server";
import { PostedError } from "~/components/quotations/quotation-parts";
import {
  AgentPicker,
  ClientBlock,
  HeaderForm,
  LinesTable,
  OrderCategory,
  PreviewBlock,
  QuotationV4Actions,
  TotalsBlock,
} from "~/routes/quotations/quotation-v4";
import { quotationsScreenData } from "~/modules/quotations/screen-v4.server";
import { safeBack } from "~/modules/quotations/routing";
import { createQuotation } from "~/modules/quotations/store-action.server";
import { answerDraftPost } from "~/routes/shared/quotations/draft-route.server";

export const meta: MetaFunction = () => [{ title: "Cotizador v4" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  return quotationsScreenData(user, url);
}

export const action = ({ request, url }: ActionFunctionArgs) =>
  answerDraftPost(request, url, createQuotation, safeBack(url, "/quotations", ["agent", "item", "category"]));

export default function QuotationsPage() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const discountPercent = d.header.priceList === "Precio 3" ? 0 : d.header.globalDiscount;
  return (
    <div className="min-w-0">
      <PageHeader title={`Cotizador v4`} total={d.lines.length} actions={<QuotationV4Actions d={d} />}>
        <p className="text-sm text-slate-500">Los precios y existencias pueden variar.</p>
      </PageHeader>
      <PostedError message={posted && "error" in posted ? posted.error : null} className="card mb-4" />
      <section className="card mb-4 grid gap-4 p-4 lg:grid-cols-2" aria-label="Agente y cliente">
        <AgentPicker d={d} />
        <ClientBlock d={d} />
      </section>
      <section className="card mb-4 p-4" aria-label="Datos">
        <HeaderForm key={d.version} d={d} />
        <OrderCategory d={d} />
      </section>
      <section className="card mb-4 space-y-4 p-4" aria-label="Artículos">
        {d.doc ? <PreviewBlock d={d} /> : <LinesTable d={d} />}
        <TotalsBlock totals={d.totals} discountPercent={discountPercent} pricingError={d.pricingError} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
