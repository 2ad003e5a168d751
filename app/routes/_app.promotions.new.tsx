import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { promotionDialogAction, promotionDialogLoader } from "~/web/content/promotion-route.server";
import { PromotionDialogRoute } from "~/web/content/promotion-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nueva promoción" }];

export const loader = ({ request }: LoaderFunctionArgs) => promotionDialogLoader(request, null);

export const action = ({ request }: ActionFunctionArgs) => promotionDialogAction(request, null);

export default PromotionDialogRoute;

export { PromotionDialogErrorBoundary as ErrorBoundary } from "~/modules/content/promotion-dialogs";
