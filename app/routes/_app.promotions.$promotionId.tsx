import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PromotionDialogErrorBoundary, PromotionEditDialog } from "~/modules/content/promotion-dialogs";
import { promotionItemLoader, promotionSaveAction } from "~/modules/content/promotions.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Promoción ${data.promotion.id}` : "Promoción" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => promotionItemLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => promotionSaveAction(request, params, "update");

export default function EditPromotion() {
  const { promotion, today } = useLoaderData<typeof loader>();
  return <PromotionEditDialog key={promotion.id} promotion={promotion} today={today} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <PromotionDialogErrorBoundary />;
}
