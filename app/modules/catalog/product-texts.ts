/*
 * What the product dialog shows besides its fields, apart from the form's schema (product-form.ts):
 * the page imports these, and the browser fetches the schema only to check the fields
 * (app/lib/lazy-validation.ts), so no page loads Zod to draw the dialog.
 */

export const PRODUCT_TEXTS = {
  newTitle: "Nuevo producto",
  skuRequired: "SKU es necesario",
  manufacturerRequired: "Clave de Fabricante es necesario",
  nameRequired: "El nombre es necesario",
  skuTaken: "Error al guardar, El SKU del producto ya existe.",
  eanTaken: (id: string) => `Error al guardar, el código de barras ya existe en el producto ${id}`,
  stale: "Otra persona guardó este producto mientras lo editabas. Cierra y vuelve a abrirlo para ver sus cambios.",
  savedTitle: "Obteniendo información",
  saved: "Producto Guardado! Obteniendo información...",
  notSavedTitle: "No se guardó el producto",
  fixFields: "Revisa los campos marcados.",
  duplicateTitle: "Lo sentimos.",
  /** Spec 8: the warning toast of a save refused because the SKU already exists. */
  duplicate: "El artículo que tratas de agregar ya existe.",
  syncOk: "Producto sincronizado correctamente!",
  syncFailed: "Lo sentimos, ha ocurrido un error al sincronizar el producto.",
  imageGone: "Una imagen de la galería ya no existe en la biblioteca; se quitó de la lista.",
  sheetMissing: "La ficha técnica elegida ya no existe en la biblioteca.",
  propertyNameRequired: "Escribe el nombre de la propiedad",
  aiTitleError: "Error al generar.",
  aiFailed: "No se ha podido realizar la descripcion.",
  aiFailedText: "Error al crear la descripción debido a que el documento no esta guardado",
  aiNon200: "No es posible generar la descripcion",
  aiNoProperties:
    "No se han podido generar las propiedades de este producto debido a que no se ha podido obtener información de la ficha técnica proporcionada.",
  aiNeedsSheet: "Guarda una ficha técnica (PDF) para generar la descripción.",
  copiedTitle: "Copia",
  copied: "La descripción de IA se ha copiado",
} as const;

export type FieldErrors = Partial<Record<string, string[]>>;
