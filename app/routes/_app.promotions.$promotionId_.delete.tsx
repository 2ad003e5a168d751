import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { promotionDeleteAction, promotionDeleteLoader } from "~/web/content/promotion-route.server";
import { PromotionDeleteRoute } from "~/web/content/promotion-dialog-route";

export const meta: MetaFunction = () => [{ title: "Eliminar promoción" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => promotionDeleteLoader(request, params.promotionId);

export const action = ({ request, params }: ActionFunctionArgs) => promotionDeleteAction(request, params.promotionId);

export default PromotionDeleteRoute;

export { PromotionDialogErrorBoundary as ErrorBoundary } from "~/modules/content/promotion-dialogs";
