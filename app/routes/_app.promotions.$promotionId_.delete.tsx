import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PromotionDeleteDialog, PromotionDialogErrorBoundary } from "~/modules/content/promotion-dialogs";
import { promotionDeleteAction, promotionDeleteLoader } from "~/modules/content/promotions.server";

export const meta: MetaFunction = () => [{ title: "Eliminar promoción" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => promotionDeleteLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => promotionDeleteAction(request, params);

export default function DeletePromotion() {
  const { promotion } = useLoaderData<typeof loader>();
  return <PromotionDeleteDialog promotion={promotion} />;
}

export function ErrorBoundary() {
  return <PromotionDialogErrorBoundary />;
}
