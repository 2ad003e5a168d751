import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { promotionDialogAction, promotionDialogLoader } from "~/web/content/promotion-route.server";
import { PromotionDialogRoute } from "~/web/content/promotion-dialog-route";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data?.promotion ? `Promoción ${data.promotion.id}` : "Promoción" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => promotionDialogLoader(request, params.promotionId);

export const action = ({ request, params }: ActionFunctionArgs) => promotionDialogAction(request, params.promotionId);

export default PromotionDialogRoute;

export { PromotionDialogErrorBoundary as ErrorBoundary } from "~/modules/content/promotion-dialogs";
