/** The Sincronización screen's path, page size, option tables and messages: no Zod, the page imports them. */

export const SYNC_PATH = "/sync";
export const SYNC_PAGE_SIZE = 20;

/** The outbox list's filter: pending and failed together ("open", no parameter) unless one state is asked for. */
export const OUTBOX_FILTERS = [
  ["open", "Pendientes y fallidas"],
  ["pending", "Pendientes"],
  ["failed", "Fallidas"],
  ["done", "Enviadas"],
] as const;
export type OutboxFilter = (typeof OUTBOX_FILTERS)[number][0];

export const SYNC_TEXTS = {
  title: "Sincronización",
  unknownIntent: "Acción desconocida.",
  unknownFeed: "La sincronización indicada no existe.",
  badId: "El envío indicado no es válido.",
  badSystem: "El sistema indicado no existe.",
} as const;
