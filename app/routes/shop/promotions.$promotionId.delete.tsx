import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { promotionDeleteAction, promotionDeleteLoader } from "~/routes/shop/promotion-route.server";
import { PromotionDeleteRoute } from "~/routes/shop/promotion-dialog-route";

export const meta: MetaFunction = () => [{ title: "Eliminar promoción" }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => promotionDeleteLoader(request, url, params.promotionId);

export const action = ({ request, url, params }: ActionFunctionArgs) => promotionDeleteAction(request, url, params.promotionId);

export default PromotionDeleteRoute;

export { PromotionDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/promotion-dialogs";
