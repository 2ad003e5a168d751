import { useActionData, useLoaderData } from "react-router";
import { can } from "~/lib/access";
import { useAppUser } from "~/lib/use-app-user";
import { CatalogDialog } from "~/routes/shop/catalog-dialogs";
import type { catalogDialogAction, catalogDialogLoader } from "./catalog-route.server";

/** The new and edit catalogue routes' dialog: Eliminar only on a stored catalogue, for those who may delete. */
export function CatalogDialogRoute() {
  const { catalog, loaded, constraint } = useLoaderData<typeof catalogDialogLoader>();
  const answer = useActionData<typeof catalogDialogAction>();
  const user = useAppUser();
  const canDelete = catalog !== null && can(user, "catalogs.delete");
  return (
    <CatalogDialog
      key={catalog?.id}
      catalogId={catalog?.id ?? null}
      loaded={loaded}
      constraint={constraint}
      answer={answer}
      canDelete={canDelete}
    />
  );
}
