import type { Permission, Role } from "@common/roles";

/**
 * The single access matrix: every screen of both spec documents with the roles allowed by the route
 * guard, the roles that see it in the sidebar (they differ for box-score, promotions and locations),
 * and the sidebar label. The guard, the sidebar and the access tests all read this table.
 */
export type AccessUser = { role: string; permissions: readonly string[] };

type RouteEntry = {
  path: string;
  label: string;
  roles: readonly Role[];
  /** Roles that see the sidebar item; defaults to `roles`. Empty means not in the sidebar. */
  sidebar?: readonly Role[];
  /** Some roles pass only when holding this permission flag (Admin/Developer always pass). */
  requires?: { roles: readonly Role[]; permission: Permission };
  group: "Ventas" | "Marketplace" | "Catálogo" | "Ecommerce" | "Herramientas" | "Sistema";
};

const ALL_STAFF = ["admin", "developer", "ml_manager", "shop_manager", "iluminacion", "inventory", "practicante"] as const;
const AD = ["admin", "developer"] as const;
const ADM = ["admin", "developer", "ml_manager"] as const;
/** Every role that signs in (each has the sidebar, with or without items). */
const EVERY_ROLE = [...ALL_STAFF, "cajero", "gerente_pdv", "surtido"] as const;

export const ROUTES = [
  { path: "/products", label: "Cotizador v3", roles: ALL_STAFF, group: "Ventas" },
  { path: "/pdv", label: "Punto de Venta", roles: ["admin", "developer", "cajero", "gerente_pdv"], group: "Ventas" },
  { path: "/quotations", label: "New Cotizador v4", roles: AD, group: "Ventas" },
  {
    path: "/web-inventory",
    label: "Inventario v3",
    roles: ["admin", "developer", "ml_manager", "inventory", "iluminacion", "practicante"],
    group: "Catálogo",
  },
  { path: "/box-score", label: "Box score", roles: ["admin", "developer", "ml_manager", "inventory"], sidebar: AD, group: "Herramientas" },
  { path: "/publications", label: "Publicaciones", roles: ADM, group: "Marketplace" },
  { path: "/orders", label: "Órdenes", roles: ADM, group: "Marketplace" },
  { path: "/questions", label: "Preguntas", roles: ADM, group: "Marketplace" },
  {
    path: "/messages",
    label: "Mensajes",
    roles: ADM,
    requires: { roles: ["ml_manager"], permission: "messages_access" },
    group: "Marketplace",
  },
  {
    path: "/product-categories",
    label: "Categorías",
    roles: ["admin", "developer", "ml_manager", "inventory", "practicante"],
    group: "Catálogo",
  },
  { path: "/product-applications", label: "Aplicaciones", roles: ["admin", "developer", "ml_manager", "inventory"], group: "Catálogo" },
  { path: "/product-brands", label: "Marcas", roles: ["admin", "developer", "ml_manager", "inventory", "practicante"], group: "Catálogo" },
  { path: "/product-sectors", label: "Sectores", roles: ["admin", "developer", "ml_manager", "inventory"], group: "Catálogo" },
  { path: "/catalogs", label: "Catálogos", roles: ["admin", "developer", "ml_manager", "inventory"], group: "Catálogo" },
  { path: "/banner-home", label: "Ecommerce - Portada", roles: ADM, group: "Ecommerce" },
  { path: "/ecommerce", label: "Ecommerce - Secciones", roles: ADM, group: "Ecommerce" },
  { path: "/blog-posts", label: "Blogs", roles: ADM, group: "Ecommerce" },
  { path: "/promotions", label: "Promociones", roles: ADM, sidebar: AD, group: "Ecommerce" },
  { path: "/locations", label: "Ubicaciones", roles: ADM, sidebar: AD, group: "Ecommerce" },
  { path: "/chatbot-documents", label: "Asistentes IA", roles: ADM, group: "Herramientas" },
  { path: "/feedback-invoices", label: "Facturación v2", roles: ADM, group: "Herramientas" },
  { path: "/surtido", label: "Surtido", roles: ["admin", "developer", "surtido"], sidebar: [], group: "Herramientas" },
  { path: "/logs", label: "Actividad", roles: AD, group: "Sistema" },
  // The feeds, the outbox and the integrations (issue 28; docs/live-data.md).
  { path: "/sync", label: "Sincronización", roles: AD, group: "Sistema" },
  { path: "/users", label: "Usuarios", roles: AD, group: "Sistema" },
  { path: "/theme", label: "Tema", roles: ["developer"], group: "Sistema" },
  // The sidebar's comment form posts here (every role has it; decision 0040). What was sent is listed
  // under /logs/feedback, so it follows /logs (Admin, Developer).
  { path: "/feedback", label: "Comentarios", roles: EVERY_ROLE, sidebar: [], group: "Sistema" },
] as const satisfies readonly RouteEntry[];

export type AppPath = (typeof ROUTES)[number]["path"];

/**
 * Named features inside screens. `roles` pass outright; `withPermission` roles pass only with the flag.
 */
export const FEATURES = {
  "orders.salesReport": { roles: AD, withPermission: { roles: ["ml_manager"], permission: "sales_reports" } },
  "orders.invoiceLinkToggle": { roles: AD, withPermission: { roles: ["ml_manager"], permission: "invoice_link_toggle" } },
  "publications.salesReport": { roles: AD, withPermission: { roles: ["ml_manager"], permission: "sales_reports" } },
  "publications.stockReport": { roles: ADM },
  "questions.moderate": { roles: AD, withPermission: { roles: ["ml_manager"], permission: "question_moderation" } },
  "products.edit": { roles: ["admin", "developer", "ml_manager", "iluminacion", "inventory", "practicante"] },
  "products.aiDescription": { roles: ADM },
  "products.qr": { roles: ["admin", "developer", "iluminacion", "ml_manager"] },
  "products.description": { roles: AD, withPermission: { roles: ["ml_manager"], permission: "description_visibility" } },
  "taxonomies.delete": { roles: AD },
  "catalogs.delete": { roles: AD },
  "assistants.delete": { roles: AD },
  "quotations.globalDiscount": { roles: ["developer", "admin", "ml_manager", "shop_manager"] },
  "quotations.erpMode": { roles: ["developer"] },
  // "Crear cotización" in the ERP (Developer and MercadoLibre Manager); the ERP-mode switch and
  // "Generar orden" stay Developer-only (quotations.erpMode).
  "quotations.erpCreate": { roles: ["developer", "ml_manager"] },
  "quotations.orderType": { roles: ADM },
  "pdv.history": { roles: ["admin", "developer", "gerente_pdv"] },
  "pdv.confirmCode": { roles: ["admin", "developer", "gerente_pdv"] },
  "users.manage": { roles: AD },
} as const satisfies Record<string, { roles: readonly Role[]; withPermission?: { roles: readonly Role[]; permission: Permission } }>;

export type Feature = keyof typeof FEATURES;

/** Where each role lands after sign-in or when it reaches a screen it may not use (see docs/decisions). */
export const ROLE_HOME: Record<Role, AppPath> = {
  admin: "/products",
  developer: "/products",
  ml_manager: "/products",
  shop_manager: "/products",
  iluminacion: "/products",
  inventory: "/products",
  practicante: "/products",
  cajero: "/pdv",
  gerente_pdv: "/pdv",
  surtido: "/surtido",
};

export function homeFor(role: string): string {
  return (ROLE_HOME as Record<string, string>)[role] ?? "/products";
}

/** The matrix entry governing a pathname: its first segment (nested dialogs and resources inherit). */
export function routeFor(pathname: string) {
  const first = "/" + (pathname.split("/")[1] ?? "");
  return ROUTES.find((r) => r.path === first);
}

function hasPermission(user: AccessUser, permission: Permission) {
  return user.role === "admin" || user.role === "developer" || user.permissions.includes(permission);
}

export function canAccessRoute(user: AccessUser, route: RouteEntry): boolean {
  if (!(route.roles as readonly string[]).includes(user.role)) return false;
  if (route.requires && (route.requires.roles as readonly string[]).includes(user.role)) {
    return hasPermission(user, route.requires.permission);
  }
  return true;
}

export function canAccessPath(user: AccessUser, pathname: string): boolean {
  const route = routeFor(pathname);
  return route ? canAccessRoute(user, route) : false;
}

/**
 * Whether a link (a path, with or without its query) leads somewhere this user may open: a link to
 * another screen is drawn only then, never as a way back to the user's home (decision 0040).
 */
export function canFollow(user: AccessUser, href: string): boolean {
  return canAccessPath(user, new URL(href, "http://local.invalid").pathname);
}

export function can(user: AccessUser | null | undefined, feature: Feature): boolean {
  if (!user) return false;
  const rule: { roles: readonly string[]; withPermission?: { roles: readonly string[]; permission: Permission } } = FEATURES[feature];
  if (rule.roles.includes(user.role)) return true;
  const wp = rule.withPermission;
  return !!wp && wp.roles.includes(user.role) && hasPermission(user, wp.permission);
}

export type NavItem = { path: string; label: string; group: string };

/** Sidebar items for a user: sidebar reading of the matrix, and the route guard must also let them in. */
export function navFor(user: AccessUser): NavItem[] {
  return ROUTES.filter((r) => {
    const sidebar: readonly string[] = "sidebar" in r ? r.sidebar : r.roles;
    return sidebar.includes(user.role) && canAccessRoute(user, r);
  }).map((r) => ({ path: r.path, label: r.label, group: r.group }));
}
