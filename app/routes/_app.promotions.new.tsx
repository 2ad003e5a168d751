import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PromotionDialogErrorBoundary, PromotionEditDialog } from "~/modules/content/promotion-dialogs";
import { promotionNewLoader, promotionSaveAction } from "~/modules/content/promotions.server";

export const meta: MetaFunction = () => [{ title: "Nueva promoción" }];

export const loader = ({ request }: LoaderFunctionArgs) => promotionNewLoader(request);

export const action = ({ request, params }: ActionFunctionArgs) => promotionSaveAction(request, params, "create");

export default function NewPromotion() {
  const { today } = useLoaderData<typeof loader>();
  return <PromotionEditDialog promotion={null} today={today} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <PromotionDialogErrorBoundary />;
}
