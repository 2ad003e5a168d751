import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PromotionDialogErrorBoundary, PromotionEditDialog } from "~/modules/content/promotion-dialogs";
import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { PROMOTIONS_PATH, PROMOTION_MESSAGES, PROMOTION_TEXTS } from "~/modules/content/promotions";
import { getPromotion, todayInMexico } from "~/modules/content/promotions.server";
import { answerDialogStep, recordOr404 } from "~/web/content/dialog-answer.server";
import { promotionFormStep } from "~/web/content/promotion-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Promoción ${data.promotion.id}` : "Promoción" }];

const storedPromotion = (params: LoaderFunctionArgs["params"]) => recordOr404(params.promotionId, getPromotion, PROMOTION_TEXTS.notFoundText);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { promotion: await storedPromotion(params), today: todayInMexico(), constraint: CONTENT_CONSTRAINTS.promotion };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const stored = await storedPromotion(params);
  const step = await promotionFormStep(stored.id, stored, await readForm(request), actor);
  return answerDialogStep(request, step, { listPath: PROMOTIONS_PATH, notFoundText: PROMOTION_TEXTS.notFoundText, toast: { title: PROMOTION_TEXTS.saved, message: PROMOTION_MESSAGES.saved } });
}

export default function EditPromotion() {
  const { promotion, today, constraint } = useLoaderData<typeof loader>();
  return <PromotionEditDialog key={promotion.id} promotion={promotion} today={today} constraint={constraint} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <PromotionDialogErrorBoundary />;
}
