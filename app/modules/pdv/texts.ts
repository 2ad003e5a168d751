/**
 * Spec 2 §8 'PDV toasts' and 'Success messages': the point of sale's own texts, kept as the spec
 * writes them (accents included or not). Pure, usable on the client.
 */
export const PDV_TEXTS = {
  addedTitle: "Producto agregado",
  added: "Se agrego el producto correctamente",
  /** A till post the server cannot read; the detail says what. */
  systemErrorTitle: "Error de sistema",
  systemError: (detail: string) => `Ha ocurrido un error de sistema ${detail}`,
  saleFailed: "Ocurrió un error al realizar compra",
  closeFailed: "Ha ocurrido un error, trata de nuevo más tarde",
  cancelDetailTitle: "Detalle de cancelación",
  cancelDetailFailed: "No se ha registrado el detalle de cancelacion de la venta",
  ticketFailed: "Error al imprimir ticket.",
} as const;
