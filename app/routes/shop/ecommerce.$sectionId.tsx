import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { sectionDialogAction, sectionDialogLoader } from "~/routes/shop/section-route.server";
import { ShopSectionDialogRoute } from "~/routes/shop/section-dialog-route";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.section ? `Sección ${data.section.id}` : "Sección" },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => sectionDialogLoader(request, params.sectionId);

export const action = ({ request, params }: ActionFunctionArgs) => sectionDialogAction(request, params.sectionId);

export default ShopSectionDialogRoute;

export { ShopSectionDialogErrorBoundary as ErrorBoundary } from "~/routes/shop/shop-section-dialogs";
