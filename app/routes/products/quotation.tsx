import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { requireAccess } from "~/lib/auth/guard.server";
import { quotationDialogData } from "~/modules/quotations/dialog.server";
import { QuotationDialog } from "~/components/quotations/quotation-dialog";
import { safeBack } from "~/modules/quotations/routing";
import { storeQuotation } from "~/modules/quotations/store-action.server";
import { answerDraftPost } from "~/routes/shared/quotations/draft-route.server";

export const meta: MetaFunction = () => [{ title: "Cotización" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  return quotationDialogData(user, url);
}

export const action = ({ request, url }: ActionFunctionArgs) => answerDraftPost(request, url, storeQuotation, safeBack(url));

export default function QuotationRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <QuotationDialog {...loaded} error={posted && "error" in posted ? posted.error : null} basePath="/products" />;
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/products" notFoundTitle="No encontrado" notFoundText="Lo que buscas no existe." />;
}
