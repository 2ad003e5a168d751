/** Stored quotation statuses; "vencida" is derived: a sent quote past its validity. */
export const STORED_STATUSES = ["borrador", "enviada", "vencida", "convertida"] as const;

export const STATUS_LABELS: Record<string, string> = {
  borrador: "Borrador",
  enviada: "Enviada",
  vencida: "Vencida",
  convertida: "Convertida en orden",
};

export function displayStatus(row: { status: string; expiresAt: Date | string | null }, now = new Date()) {
  if (row.status === "enviada" && row.expiresAt && new Date(row.expiresAt) < now) return "vencida";
  return row.status;
}

/** Success toasts of spec 1 §8; the folio or order number shows on the page they lead to, not here. */
export const CREATED_TOASTS = {
  quotation: { title: "Cotización creada", message: "Se ha creado exitosamente" },
  order: { title: "Orden creada", message: "Se ha creado exitosamente" },
} as const;

export const NO_ERP_USERS = "No tienes usuarios de Intelisis asignados. Contacta a soporte para que los agreguen a tu cuenta.";
