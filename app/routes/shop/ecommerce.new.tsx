import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { sectionDialogAction, sectionDialogLoader } from "~/routes/shop/section-route.server";
import { ShopSectionDialogRoute } from "~/routes/shop/section-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nueva sección" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => sectionDialogLoader(request, url, null);

export const action = ({ request, url }: ActionFunctionArgs) => sectionDialogAction(request, url, null);

export default ShopSectionDialogRoute;

export { ShopSectionDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/shop-section-dialogs";
