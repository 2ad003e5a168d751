import { constraintsOf } from "~/lib/constraints";
import { ComboDraftSchema } from "./combo-form";
import { ProductDraftSchema } from "./product-form";

/*
 * The native checks of the product and combo dialogs, read from the schemas their actions validate
 * with. The loaders send them, so the dialogs' script carries no Zod (the schemas come later, to check
 * fields as they are left).
 */

/** Spec 5: an empty SKU, manufacturer key or name gets the spec's own message from the server. */
export const PRODUCT_CONSTRAINT = constraintsOf(ProductDraftSchema, {
  specMessages: { sku: "missing", manufacturerSku: "missing", name: "missing" },
});

/** Spec 5: "Todos los campos son obligatorios excepto …" answers any missing field of a combo. */
export const COMBO_CONSTRAINT = constraintsOf(ComboDraftSchema, {
  specMessages: {
    name: "missing",
    description: "missing",
    components: "missing",
    gallery: "missing",
    categoryId: "missing",
    brandId: "missing",
  },
});
