import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShopSectionDialog, ShopSectionDialogErrorBoundary } from "~/modules/content/shop-section-dialogs";
import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_TEXTS } from "~/modules/content/shop-sections";
import { getShopSection, sectionLoaded } from "~/modules/content/shop-sections.server";
import { shopSectionFormStep } from "~/web/content/section-form.server";
import { answerDialogStep, recordOr404 } from "~/web/content/dialog-answer.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Sección ${data.section.id}` : "Sección" }];

const storedSection = (params: LoaderFunctionArgs["params"]) => recordOr404(params.sectionId, getShopSection, SHOP_SECTION_TEXTS.notFoundText);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  const section = await storedSection(params);
  return { section: { id: section.id }, loaded: await sectionLoaded(section), constraint: CONTENT_CONSTRAINTS.shopSection };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const { id } = await storedSection(params);
  const step = await shopSectionFormStep(id, await readForm(request), actor);
  return answerDialogStep(request, step, { listPath: SHOP_SECTIONS_PATH, notFoundText: SHOP_SECTION_TEXTS.notFoundText, toast: { title: SHOP_SECTION_TEXTS.saved, message: SHOP_SECTION_TEXTS.savedMessage } });
}

export default function EditShopSection() {
  const { section, loaded, constraint } = useLoaderData<typeof loader>();
  return <ShopSectionDialog key={section.id} sectionId={section.id} loaded={loaded} constraint={constraint} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <ShopSectionDialogErrorBoundary />;
}
