import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { sectionDialogAction, sectionDialogLoader } from "~/web/content/section-route.server";
import { ShopSectionDialogRoute } from "~/web/content/section-dialog-route";

export const meta: MetaFunction = () => [{ title: "Nueva sección" }];

export const loader = ({ request }: LoaderFunctionArgs) => sectionDialogLoader(request, null);

export const action = ({ request }: ActionFunctionArgs) => sectionDialogAction(request, null);

export default ShopSectionDialogRoute;

export { ShopSectionDialogErrorBoundary as ErrorBoundary } from "~/modules/content/shop-section-dialogs";
