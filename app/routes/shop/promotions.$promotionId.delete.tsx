import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { promotionDeleteAction, promotionDeleteLoader } from "~/routes/shop/promotion-route.server";
import { PromotionDeleteRoute } from "~/routes/shop/promotion-dialog-route";

export const meta: MetaFunction = () => [{ title: "Eliminar promoción" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => promotionDeleteLoader(request, params.promotionId);

export const action = ({ request, params }: ActionFunctionArgs) => promotionDeleteAction(request, params.promotionId);

export default PromotionDeleteRoute;

export { PromotionDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/promotion-dialogs";
