import type { BadgeVariant } from "~/components/Badge";

/** The entry types audit() writes, with their Spanish names and badge colours for /logs. */
export const LOG_TYPES = {
  info: { label: "Información", variant: "info" },
  create: { label: "Alta", variant: "success" },
  update: { label: "Cambio", variant: "primary" },
  delete: { label: "Baja", variant: "danger" },
  auth: { label: "Sesión", variant: "indigo" },
  integration: { label: "Integración", variant: "orange" },
  error: { label: "Error", variant: "danger" },
} as const satisfies Record<string, { label: string; variant: BadgeVariant }>;

export type LogType = keyof typeof LOG_TYPES;
export const LOG_TYPE_KEYS = Object.keys(LOG_TYPES) as LogType[];
export const LOGS_PAGE_SIZE = 20;

export function logTypeInfo(type: string): { label: string; variant: BadgeVariant } {
  return type in LOG_TYPES ? LOG_TYPES[type as LogType] : { label: "Sin traducir", variant: "gray" };
}
