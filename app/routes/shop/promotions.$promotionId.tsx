import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { promotionDialogAction, promotionDialogLoader } from "~/routes/shop/promotion-route.server";
import { PromotionDialogRoute } from "~/routes/shop/promotion-dialog-route";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.promotion ? `Promoción ${data.promotion.id}` : "Promoción" },
];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => promotionDialogLoader(request, url, params.promotionId);

export const action = ({ request, url, params }: ActionFunctionArgs) => promotionDialogAction(request, url, params.promotionId);

export default PromotionDialogRoute;

export { PromotionDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/promotion-dialogs";
