import type { Database, Db } from "../../client";
import { seedAudit } from "./audit";
import { seedBlogs } from "./blogs";
import { seedCatalog } from "./catalog";
import { seedContent } from "./content";
import type { SeedContext, SeedUsers } from "./context";
import { seedConversations } from "./messages";
import { seedOrders } from "./orders";
import { buyerPool } from "./people";
import { seedPdv } from "./pdv";
import { seedPublications } from "./publications";
import { seedQuestions } from "./questions";
import { seedQuotations } from "./quotations";
import { seedShopContent } from "./shop-content";
import { seedAssistants } from "./assistants";
import { seedShopSections } from "./shop-sections";
import { seedCatalogs } from "./catalogs";
import { DemoClock } from "./time";
import { DEMO_USERS } from "../demo-users";
import { resetSequences } from "../sequences";
import { seedSimulator } from "../../../integrations/simulator/seed";
import { seedDemoUsers } from "../users";

export type SeedOptions = {
  /** The moment the data is relative to (default: now). Same moment, same rows. */
  now?: Date;
  /** The brand (BRAND_NAME) used as the second account's store value and in texts. */
  brand?: string;
  /** Build the simulator state afterwards (default true). */
  simulator?: boolean;
};

export type SeedSummary = { counts: Record<string, number>; ms: number; simulator: boolean };

/** The demo data set: deterministic, so every fresh clone shows the same screens. */
export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const clock = new DemoClock(options.now ?? new Date());
  const brand = options.brand ?? (process.env.BRAND_NAME || "Electrica");
  const counts: Record<string, number> = {};

  await database.db.transaction(async (tx) => {
    const created = await seedDemoUsers(tx as unknown as Db);
    const users = demoUsersById(created);
    const ctx: SeedContext = { tx, clock, brand, users };
    await seedContent(ctx);
    await seedShopContent(ctx);
    await seedAssistants(ctx);
    await seedShopSections(ctx);
    await seedCatalogs(ctx);
    counts.blog_posts = await seedBlogs(ctx);
    const catalog = await seedCatalog(ctx);
    const pubs = await seedPublications(ctx, catalog);
    const buyers = buyerPool(260);
    const allOrders = await seedOrders(ctx, catalog, pubs, buyers);
    const qs = await seedQuestions(ctx, pubs, buyers);
    const conv = await seedConversations(ctx, allOrders);
    counts.quotations = await seedQuotations(ctx, catalog);
    const pdv = await seedPdv(ctx, catalog);
    counts.audit_log = await seedAudit(ctx, allOrders, pubs, qs);
    await resetSequences(tx);
    Object.assign(counts, {
      users: created.length,
      products: catalog.products.length,
      publications: pubs.length,
      orders: allOrders.length,
      orders_with_movement: allOrders.filter((o) => o.movement).length,
      questions: qs.length,
      questions_pending: qs.filter((q) => q.status === "UNANSWERED").length,
      conversations: conv.conversations,
      messages: conv.messages,
      pdv_sales: pdv.sales,
    });
  });

  const simulator = options.simulator !== false;
  if (simulator) await seedSimulator(database, { scale: "demo", brand });
  return { counts, ms: Date.now() - started, simulator };
}

export function demoUsersById(created: Array<{ id: number; email: string; role: string }>): SeedUsers {
  const byEmail: SeedUsers["byEmail"] = new Map();
  for (const row of created) {
    const d = DEMO_USERS.find((u) => u.email === row.email);
    byEmail.set(row.email, {
      id: row.id,
      email: row.email,
      firstName: d?.firstName ?? "",
      lastName: d?.lastName ?? "",
      intelisisAgent: d?.intelisisAgent ?? null,
    });
  }
  const byRole = (role: string) => {
    const row = created.find((u) => u.role === role);
    if (!row) throw new Error(`Falta el usuario demo con rol ${role}`);
    return row.id;
  };
  return {
    admin: byRole("admin"),
    developer: byRole("developer"),
    mlManager: byRole("ml_manager"),
    cajero: byRole("cajero"),
    gerentePdv: byRole("gerente_pdv"),
    shopManager: byRole("shop_manager"),
    inventory: byRole("inventory"),
    byEmail,
  };
}
