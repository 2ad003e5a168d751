import { describe, expect, it } from "vitest";
import { can, canAccessPath, canFollow, homeFor, navFor, ROUTES, routeFor } from "~/lib/access";
import { ROLE_KEYS, type Role } from "@common/roles";

// The route table of both spec documents, written out independently of the matrix.
const A = "admin",
  D = "developer",
  M = "ml_manager",
  S = "shop_manager",
  L = "iluminacion",
  I = "inventory",
  P = "practicante",
  C = "cajero",
  G = "gerente_pdv";
const SPEC: Record<string, { route: Role[]; sidebar?: Role[] }> = {
  "/products": { route: [A, D, M, S, L, I, P] },
  "/pdv": { route: [A, D, C, G] },
  "/quotations": { route: [A, D] },
  "/web-inventory": { route: [A, D, M, I, L, P] },
  "/box-score": { route: [A, D, M, I], sidebar: [A, D] },
  "/publications": { route: [A, D, M] },
  "/orders": { route: [A, D, M] },
  "/questions": { route: [A, D, M] },
  "/messages": { route: [A, D, M] },
  "/product-categories": { route: [A, D, M, I, P] },
  "/product-brands": { route: [A, D, M, I, P] },
  "/product-applications": { route: [A, D, M, I] },
  "/product-sectors": { route: [A, D, M, I] },
  "/catalogs": { route: [A, D, M, I] },
  "/promotions": { route: [A, D, M], sidebar: [A, D] },
  "/locations": { route: [A, D, M], sidebar: [A, D] },
  "/logs": { route: [A, D] },
  // Issue 28: the feeds, the outbox and the integrations (docs/live-data.md).
  "/sync": { route: [A, D] },
  "/banner-home": { route: [A, D, M] },
  "/ecommerce": { route: [A, D, M] },
  "/blog-posts": { route: [A, D, M] },
  "/chatbot-documents": { route: [A, D, M] },
  "/feedback-invoices": { route: [A, D, M] },
  "/theme": { route: [D] },
  // The sidebar's comment form posts here: every role (decision 0040); not a sidebar item.
  "/feedback": { route: [A, D, M, S, L, I, P, C, G, "surtido"], sidebar: [] },
};

const ALL_FLAGS = ["messages_access"];

describe("access matrix follows the spec's route table", () => {
  for (const [path, spec] of Object.entries(SPEC)) {
    for (const role of ROLE_KEYS) {
      const allowed = spec.route.includes(role);
      it(`${path} ${allowed ? "admits" : "refuses"} ${role}`, () => {
        expect(canAccessPath({ role, permissions: ALL_FLAGS }, path)).toBe(allowed);
        const inSidebar = navFor({ role, permissions: ALL_FLAGS }).some((n) => n.path === path);
        expect(inSidebar).toBe((spec.sidebar ?? spec.route).includes(role));
      });
    }
  }

  it("covers every route of the spec and nothing of the spec is missing", () => {
    for (const path of Object.keys(SPEC)) expect(routeFor(path)?.path).toBe(path);
  });

  it("nested paths inherit their screen's rule", () => {
    expect(canAccessPath({ role: "ml_manager", permissions: [] }, "/orders/123/label")).toBe(true);
    expect(canAccessPath({ role: "cajero", permissions: [] }, "/orders/123")).toBe(false);
  });
});

describe("messages screen for the MercadoLibre Manager", () => {
  it("needs the messages_access flag", () => {
    expect(canAccessPath({ role: "ml_manager", permissions: [] }, "/messages")).toBe(false);
    expect(canAccessPath({ role: "ml_manager", permissions: ["messages_access"] }, "/messages")).toBe(true);
    expect(canAccessPath({ role: "admin", permissions: [] }, "/messages")).toBe(true);
  });
});

describe("role homes", () => {
  it.each(ROLE_KEYS)("%s has a home it can use", (role) => {
    expect(canAccessPath({ role, permissions: [] }, homeFor(role))).toBe(true);
  });

  it("Surtido sees no sidebar item; Cajero sees only the point of sale", () => {
    expect(navFor({ role: "surtido", permissions: [] })).toEqual([]);
    expect(navFor({ role: "cajero", permissions: [] }).map((n) => n.path)).toEqual(["/pdv"]);
  });
});

describe("features", () => {
  it.each([
    ["admin", [], "orders.salesReport", true],
    ["developer", [], "questions.moderate", true],
    ["ml_manager", [], "orders.salesReport", false],
    ["ml_manager", ["sales_reports"], "orders.salesReport", true],
    ["ml_manager", ["sales_reports"], "orders.invoiceLinkToggle", false],
    ["ml_manager", ["invoice_link_toggle"], "orders.invoiceLinkToggle", true],
    ["ml_manager", ["question_moderation"], "questions.moderate", true],
    ["shop_manager", ["sales_reports"], "orders.salesReport", false],
    ["inventory", [], "products.edit", true],
    ["shop_manager", [], "products.edit", false],
    ["shop_manager", [], "quotations.globalDiscount", true],
    ["cajero", [], "pdv.confirmCode", false],
    ["gerente_pdv", [], "pdv.confirmCode", true],
  ] as const)("%s with %j → %s = %s", (role, permissions, feature, expected) => {
    expect(can({ role, permissions }, feature)).toBe(expected);
  });

  it("every matrix route has a label and a group", () => {
    for (const r of ROUTES) expect(r.label.length).toBeGreaterThan(0);
  });
});

describe("links to another screen (decision 0040)", () => {
  // Expected from the spec's route table: Shop Manager may use Cotizador v3 but not Inventario v3.
  it.each([
    ["shop_manager", "/web-inventory?search=11055", false],
    ["inventory", "/web-inventory?search=11055", true],
    ["iluminacion", "/web-inventory?categoria=0", true],
    ["admin", "/logs/feedback?page=2", true],
    ["ml_manager", "/logs/feedback", false],
    ["cajero", "/products/quotes?start_date=2026/01/01", false],
    ["surtido", "/feedback", true],
  ] as const)("%s following %s: %s", (role, href, expected) => {
    expect(canFollow({ role, permissions: [] }, href)).toBe(expected);
  });
});
