import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShopSectionDialog, ShopSectionDialogErrorBoundary } from "~/modules/content/shop-section-dialogs";
import { listUrlOf, notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_TEXTS } from "~/modules/content/shop-sections";
import { emptySectionForm, shopSectionFormStep } from "~/modules/content/shop-sections.server";

export const meta: MetaFunction = () => [{ title: "Nueva sección" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { section: null, form: emptySectionForm() };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const step = await shopSectionFormStep(null, await request.formData(), actor);
  if (step.kind === "form") return data({ form: step.form }, { status: step.status });
  if (step.kind === "not-found") notFound(SHOP_SECTION_TEXTS.notFoundText);
  return redirectWithToast(listUrlOf(SHOP_SECTIONS_PATH, request), { title: SHOP_SECTION_TEXTS.saved, message: SHOP_SECTION_TEXTS.savedMessage, variant: "success" });
}

export default function NewShopSection() {
  const { form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <ShopSectionDialog sectionId={null} state={posted?.form ?? form} />;
}

export function ErrorBoundary() {
  return <ShopSectionDialogErrorBoundary />;
}
