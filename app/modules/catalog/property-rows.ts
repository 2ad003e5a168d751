import type { PropertyDraft } from "./product-form";

/** The row "Agregar propiedad" adds (product and combo dialogs): empty and not a selector. */
export const NEW_PROPERTY: PropertyDraft = { name: "", value: "", isSelector: false };
