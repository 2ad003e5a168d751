import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { sectionDialogAction, sectionDialogLoader } from "~/routes/shop/section-route.server";
import { ShopSectionDialogRoute } from "~/routes/shop/section-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nueva sección" }];

export const loader = ({ request }: LoaderFunctionArgs) => sectionDialogLoader(request, null);

export const action = ({ request }: ActionFunctionArgs) => sectionDialogAction(request, null);

export default ShopSectionDialogRoute;

export { ShopSectionDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/shop-section-dialogs";
