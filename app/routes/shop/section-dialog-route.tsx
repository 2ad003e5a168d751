import { useActionData, useLoaderData } from "react-router";
import { ShopSectionDialog } from "~/routes/shop/shop-section-dialogs";
import type { sectionDialogAction, sectionDialogLoader } from "./section-route.server";

/** The new and edit shop section routes' dialog. */
export function ShopSectionDialogRoute() {
  const { section, loaded, constraint } = useLoaderData<typeof sectionDialogLoader>();
  return (
    <ShopSectionDialog
      key={section?.id}
      sectionId={section?.id ?? null}
      loaded={loaded}
      constraint={constraint}
      answer={useActionData<typeof sectionDialogAction>()}
    />
  );
}
