import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PromotionDeleteDialog, PromotionDialogErrorBoundary } from "~/modules/content/promotion-dialogs";
import { paramOr404 } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { ContentIdSchema } from "~/modules/content/locations";
import { PROMOTIONS_PATH, PROMOTION_MESSAGES, PROMOTION_TEXTS } from "~/modules/content/promotions";
import { deletePromotion, getPromotion } from "~/modules/content/promotions.server";
import { backToListOr404, recordOr404 } from "~/web/content/dialog-answer.server";

export const meta: MetaFunction = () => [{ title: "Eliminar promoción" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { promotion: await recordOr404(params.promotionId, getPromotion, PROMOTION_TEXTS.notFoundText) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const deleted = await deletePromotion(paramOr404(ContentIdSchema, params.promotionId, PROMOTION_TEXTS.notFoundText), actor);
  return backToListOr404(request, deleted.ok, { listPath: PROMOTIONS_PATH, notFoundText: PROMOTION_TEXTS.notFoundText, toast: { title: PROMOTION_TEXTS.deleted, message: PROMOTION_MESSAGES.deleted } });
}

export default function DeletePromotion() {
  const { promotion } = useLoaderData<typeof loader>();
  return <PromotionDeleteDialog promotion={promotion} />;
}

export function ErrorBoundary() {
  return <PromotionDialogErrorBoundary />;
}
