import { redirect } from "react-router";
import { can } from "~/lib/access";
import { requireAccess, requireFeature } from "~/lib/auth/guard.server";
import { INVENTORY_PATH } from "~/modules/catalog/inventory";
import { taxonomyChoices } from "~/modules/catalog/inventory.server";
import { handleProductAction, inventoryListUrl, loadProductDialog } from "../shared/catalog/product-action.server";
import { stockFor } from "~/modules/catalog/product.server";
import { PRODUCT_CONSTRAINT } from "~/modules/catalog/constraints.server";

/** The SKU from the URL; Remix has already decoded it. */
export function skuFrom(params: Record<string, string | undefined>) {
  const sku = (params.sku ?? "").trim();
  if (!sku || sku.length > 60) throw new Response("El producto no existe o fue eliminado.", { status: 404 });
  return sku;
}

export async function productDialogLoader(request: Request, url: URL, sku: string | null) {
  const user = await requireAccess(request, url);
  if (sku === null) await requireFeature(request, url, "products.edit", inventoryListUrl(url));
  const loaded = await loadProductDialog(sku, url);
  // Spec 6: the description reaches only the users allowed to see it (not even in the page's data).
  if (!can(user, "products.description")) loaded.draft = { ...loaded.draft, description: "" };
  // A bookmarked combo SKU opens the combo's own dialog.
  if (loaded.stored?.isCombo) throw redirect(`${INVENTORY_PATH}/combos/${encodeURIComponent(loaded.stored.id)}${url.search}`);
  const [options, stock] = await Promise.all([taxonomyChoices(), loaded.stored ? stockFor(loaded.stored) : Promise.resolve(null)]);
  return {
    ...loaded,
    stock,
    options,
    constraint: PRODUCT_CONSTRAINT,
    closeTo: inventoryListUrl(url),
    selfPath: sku === null ? `${INVENTORY_PATH}/new` : `${INVENTORY_PATH}/${encodeURIComponent(sku)}`,
    query: url.search,
    userRole: user.role,
  };
}

export async function productDialogAction(request: Request, url: URL, sku: string | null) {
  const user = await requireFeature(request, url, "products.edit", inventoryListUrl(url));
  return handleProductAction(request, url, sku, user);
}
