import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShopSectionDialog, ShopSectionDialogErrorBoundary } from "~/modules/content/shop-section-dialogs";
import { shopSectionFormAction, shopSectionItemLoader } from "~/modules/content/shop-sections.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Sección ${data.section.id}` : "Sección" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => shopSectionItemLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => shopSectionFormAction(request, params, "update");

export default function EditShopSection() {
  const { section, form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <ShopSectionDialog key={section.id} sectionId={section.id} state={posted?.form ?? form} />;
}

export function ErrorBoundary() {
  return <ShopSectionDialogErrorBoundary />;
}
