import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShopSectionDialog, ShopSectionDialogErrorBoundary } from "~/modules/content/shop-section-dialogs";
import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_TEXTS } from "~/modules/content/shop-sections";
import { emptySection } from "~/modules/content/shop-sections.server";
import { shopSectionFormStep } from "~/web/content/section-form.server";
import { answerDialogStep } from "~/web/content/dialog-answer.server";

export const meta: MetaFunction = () => [{ title: "Nueva sección" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return { section: null, loaded: emptySection(), constraint: CONTENT_CONSTRAINTS.shopSection };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request);
  const step = await shopSectionFormStep(null, await readForm(request), actor);
  return answerDialogStep(request, step, { listPath: SHOP_SECTIONS_PATH, notFoundText: SHOP_SECTION_TEXTS.notFoundText, toast: { title: SHOP_SECTION_TEXTS.saved, message: SHOP_SECTION_TEXTS.savedMessage } });
}

export default function NewShopSection() {
  const { loaded, constraint } = useLoaderData<typeof loader>();
  return <ShopSectionDialog sectionId={null} loaded={loaded} constraint={constraint} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <ShopSectionDialogErrorBoundary />;
}
