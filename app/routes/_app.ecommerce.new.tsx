import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShopSectionDialog, ShopSectionDialogErrorBoundary } from "~/modules/content/shop-section-dialogs";
import { shopSectionFormAction, shopSectionNewLoader } from "~/modules/content/shop-sections.server";

export const meta: MetaFunction = () => [{ title: "Nueva sección" }];

export const loader = ({ request }: LoaderFunctionArgs) => shopSectionNewLoader(request);

export const action = ({ request, params }: ActionFunctionArgs) => shopSectionFormAction(request, params, "create");

export default function NewShopSection() {
  const { form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <ShopSectionDialog sectionId={null} state={posted?.form ?? form} />;
}

export function ErrorBoundary() {
  return <ShopSectionDialogErrorBoundary />;
}
