/** The keys of a table of labels, typed as its keys. */
function keysOf<Table extends Record<string, string>>(table: Table) {
  return Object.keys(table) as Array<keyof Table & string>;
}

/** Whether a value (from a form, a row) is one of a table's keys. */
function isKeyOf<Table extends Record<string, string>>(table: Table) {
  return (value: unknown): value is keyof Table & string => typeof value === "string" && value in table;
}

/** Role keys as stored in users.role, with the names the spec uses on screen. */
export const ROLES = {
  admin: "Admin",
  developer: "Developer",
  ml_manager: "MercadoLibre Manager",
  shop_manager: "Shop Manager",
  iluminacion: "Iluminacion",
  inventory: "Inventory",
  practicante: "Practicante",
  cajero: "Cajero",
  gerente_pdv: "Gerente de PDV",
  surtido: "Surtido",
} as const;

export type Role = keyof typeof ROLES;
export const ROLE_KEYS = keysOf(ROLES);
export const isRole = isKeyOf(ROLES);

export function roleLabel(role: string): string {
  return isRole(role) ? ROLES[role] : "Sin traducir";
}

/**
 * Per-user grants that replace the old hard-coded user-id lists. An Admin grants them in /users;
 * Admin and Developer hold all of them implicitly.
 */
export const PERMISSIONS = {
  sales_reports: "Reportes de ventas (órdenes y publicaciones)",
  invoice_link_toggle: "Habilitar o deshabilitar el enlace de facturación",
  question_moderation: "Bloquear compradores y eliminar preguntas",
  messages_access: "Acceso a la pantalla de Mensajes",
  description_visibility: "Ver descripciones de productos",
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = keysOf(PERMISSIONS);
export const isPermission = isKeyOf(PERMISSIONS);
