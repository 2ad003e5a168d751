import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { promotionDialogAction, promotionDialogLoader } from "~/routes/shop/promotion-route.server";
import { PromotionDialogRoute } from "~/routes/shop/promotion-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nueva promoción" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => promotionDialogLoader(request, url, null);

export const action = ({ request, url }: ActionFunctionArgs) => promotionDialogAction(request, url, null);

export default PromotionDialogRoute;

export { PromotionDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/promotion-dialogs";
