import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { quotationDialogData } from "~/modules/quotations/dialog.server";
import { runDraftIntent } from "~/modules/quotations/draft-action.server";
import { QuotationDialog } from "~/modules/quotations/quotation-dialog";
import { safeBack } from "~/modules/quotations/routing";
import { StoreSchema, storeQuotation } from "~/modules/quotations/store-action.server";

export const meta: MetaFunction = () => [{ title: "Cotización" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request);
  return quotationDialogData(user, new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request);
  const form = await request.formData();
  if (form.get("intent") === "store") {
    const parsed = StoreSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ error: "La solicitud no es válida." }, { status: 400 });
    const stored = await storeQuotation(user, parsed.data.version ?? null);
    if (!stored.ok) return data({ error: stored.message }, { status: stored.status });
    return redirectWithToast(`/products/quotes/${stored.folio}`, stored.toast);
  }
  const outcome = await runDraftIntent(user, form);
  if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status });
  return redirectWithToast(safeBack(request.url), { title: "Cotización", message: outcome.message, variant: "success", durationMs: 3000 });
}

export default function QuotationRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <QuotationDialog {...loaded} error={posted && "error" in posted ? posted.error : null} basePath="/products" />;
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/products" notFoundTitle="No encontrado" notFoundText="Lo que buscas no existe." />;
}
