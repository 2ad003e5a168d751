import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PromotionDialogErrorBoundary, PromotionEditDialog } from "~/modules/content/promotion-dialogs";
import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { PROMOTIONS_PATH, PROMOTION_MESSAGES, PROMOTION_TEXTS } from "~/modules/content/promotions";
import { todayInMexico } from "~/modules/content/promotions.server";
import { answerDialogStep } from "~/web/content/dialog-answer.server";
import { promotionFormStep } from "~/web/content/promotion-form.server";

export const meta: MetaFunction = () => [{ title: "Nueva promoción" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { promotion: null, today: todayInMexico(), constraint: CONTENT_CONSTRAINTS.promotion };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const step = await promotionFormStep(null, null, await readForm(request), actor);
  return answerDialogStep(request, step, { listPath: PROMOTIONS_PATH, notFoundText: PROMOTION_TEXTS.notFoundText, toast: { title: PROMOTION_TEXTS.saved, message: PROMOTION_MESSAGES.saved } });
}

export default function NewPromotion() {
  const { today, constraint } = useLoaderData<typeof loader>();
  return <PromotionEditDialog promotion={null} today={today} constraint={constraint} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <PromotionDialogErrorBoundary />;
}
