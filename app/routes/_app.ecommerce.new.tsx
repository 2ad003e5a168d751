import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShopSectionDialog, ShopSectionDialogErrorBoundary } from "~/modules/content/shop-section-dialogs";
import { listUrlOf, notFound, readForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_TEXTS } from "~/modules/content/shop-sections";
import { emptySection } from "~/modules/content/shop-sections.server";
import { shopSectionFormStep } from "~/web/content/section-form.server";

export const meta: MetaFunction = () => [{ title: "Nueva sección" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { section: null, loaded: emptySection() };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const step = await shopSectionFormStep(null, await readForm(request), actor);
  if (step.kind === "bad-form") throw new Response("No se pudo leer el formulario.", { status: 400 });
  if (step.kind === "form") return data(step.answer, { status: step.status });
  if (step.kind === "not-found") notFound(SHOP_SECTION_TEXTS.notFoundText);
  return redirectWithToast(listUrlOf(SHOP_SECTIONS_PATH, request), { title: SHOP_SECTION_TEXTS.saved, message: SHOP_SECTION_TEXTS.savedMessage, variant: "success" });
}

export default function NewShopSection() {
  const { loaded } = useLoaderData<typeof loader>();
  return <ShopSectionDialog sectionId={null} loaded={loaded} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <ShopSectionDialogErrorBoundary />;
}
