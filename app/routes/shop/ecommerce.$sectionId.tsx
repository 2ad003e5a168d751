import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { sectionDialogAction, sectionDialogLoader } from "~/routes/shop/section-route.server";
import { ShopSectionDialogRoute } from "~/routes/shop/section-dialog-route";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.section ? `Sección ${data.section.id}` : "Sección" },
];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => sectionDialogLoader(request, url, params.sectionId);

export const action = ({ request, url, params }: ActionFunctionArgs) => sectionDialogAction(request, url, params.sectionId);

export default ShopSectionDialogRoute;

export { ShopSectionDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/shop-section-dialogs";
