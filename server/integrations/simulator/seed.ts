/**
 * Builds the simulator's state (schema `sim`) from the app data already in the database, so the
 * legacy systems agree with what the screens show: every assigned order's movement exists in the ERP
 * with matching lines, the marketplace knows every order, listing and question, and a handful of
 * deliberately wrong movements wait to be tried on unassigned orders (see listDemoMovements).
 *
 * Everything is INSERT … SELECT inside one transaction: seconds even at the bench scale.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { DEMO_SCENARIOS } from "./demo";
import { MAGIC_INPUTS } from "./magic";
import {
  assignedMovementStatements,
  candidateMovementStatements,
  candidateOrdersStatement,
  demoCreditNoteStatements,
  erpBaseStatements,
  surtidoStatements,
  type SeedSizes,
} from "./seed-erp";
import { ASSISTANTS_FROM_APP, marketplaceStatements, type MarketplaceSizes } from "./seed-marketplace";
import { contentStatements } from "./seed-content";

export type SimulatorSeedScale = "demo" | "bench";

const SIZES: Record<SimulatorSeedScale, SeedSizes & MarketplaceSizes> = {
  demo: {
    candidateOrdersPerGroup: 2,
    demoCreditNotes: 2,
    surtidoRecords: 12,
    extraClients: 0,
    pendingConversations: 6,
    invoiceRecords: 40,
  },
  bench: {
    candidateOrdersPerGroup: 125,
    demoCreditNotes: 25,
    surtidoRecords: 500,
    extraClients: 5000,
    pendingConversations: 300,
    invoiceRecords: 3000,
  },
};

const SIM_TABLES = [
  "failures",
  "meta",
  "erp_articles",
  "erp_clients",
  "erp_users",
  "erp_movements",
  "erp_movement_lines",
  "erp_credit_notes",
  "erp_documents",
  "erp_invoices",
  "erp_surtido",
  "mkt_categories",
  "mkt_orders",
  "mkt_publications",
  "mkt_questions",
  "mkt_blocked_users",
  "mkt_messages",
  "mkt_invoice_feedback",
  "ai_assistants",
  "ai_documents",
  "invoice_resends",
];

/** Magic movements (9997–9999) fail on purpose, so candidate numbers never land on them. */
const MAGIC_MOVEMENTS = MAGIC_INPUTS.filter((m) => m.call === "validateMovement").map((m) => Number(m.key));

/** First candidate number: the next hundred after the highest movement in use, skipping the magic ones. */
export function candidateStart(maxMovement: number, needed: number): number {
  let start = (Math.floor(Math.max(0, maxMovement) / 100) + 1) * 100 + 1;
  const lo = Math.min(...MAGIC_MOVEMENTS);
  const hi = Math.max(...MAGIC_MOVEMENTS);
  if (start <= hi && start + needed - 1 >= lo) start = Math.ceil((hi + 1) / 100) * 100 + 1;
  return start;
}

export async function seedSimulator(
  database: Database,
  opts: { scale: "demo" | "bench"; /** BRAND_NAME: the second account's orders collection. */ brand?: string },
): Promise<void> {
  const brand = opts.brand ?? (process.env.BRAND_NAME || "Electrica");
  const sizes = SIZES[opts.scale];
  const started = Date.now();
  await database.db.transaction(async (tx) => {
    const run = async (text: string) => {
      await tx.execute(sql.raw(text));
    };
    const rows = async <T>(text: string): Promise<T[]> => {
      const result = (await tx.execute(sql.raw(text))) as unknown as { rows: T[] };
      return result.rows;
    };

    // A re-seed starts from nothing, so the result never depends on earlier runs.
    await run(`truncate ${SIM_TABLES.map((t) => `sim.${t}`).join(", ")} restart identity`);

    for (const statement of erpBaseStatements(sizes)) await run(statement);
    for (const statement of assignedMovementStatements()) await run(statement);
    for (const statement of demoCreditNoteStatements(sizes)) await run(statement);

    await run(candidateOrdersStatement(sizes));
    const [{ n: candidates }] = await rows<{ n: number }>(`select count(*)::int as n from sim_seed_candidates`);
    const [{ max }] = await rows<{ max: string | number | null }>(
      `select max(trim(intelisis_movement)::bigint) as max from public.orders where trim(intelisis_movement) ~ '^[0-9]{1,12}$'`,
    );
    const start = candidateStart(Number(max ?? 0), Number(candidates) * DEMO_SCENARIOS.length);
    for (const statement of candidateMovementStatements(start)) await run(statement);

    for (const statement of surtidoStatements(sizes)) await run(statement);
    for (const statement of marketplaceStatements(sizes)) await run(statement);
    await run(ASSISTANTS_FROM_APP);
    // The demo's records upstream (what staff try by hand). The bench measures the app, and its feed
    // line reads an orders collection of its own making: its records stay the app's only.
    if (opts.scale === "demo") for (const statement of contentStatements(brand)) await run(statement);

    const counts = await rows<Record<string, number>>(
      `select (select count(*) from sim.erp_movements where scenario = 'assigned')::int as assigned_movements,
              (select count(*) from sim.erp_movements where scenario <> 'assigned')::int as demo_movements,
              (select count(*) from sim.erp_movement_lines)::int as movement_lines,
              (select count(*) from sim.erp_credit_notes)::int as credit_notes,
              (select count(*) from sim.erp_articles)::int as articles,
              (select count(*) from sim.erp_clients)::int as clients,
              (select count(*) from sim.mkt_orders)::int as marketplace_orders,
              (select count(*) from sim.mkt_publications)::int as publications,
              (select count(*) from sim.mkt_messages)::int as messages,
              (select count(*) from sim.mkt_invoice_feedback)::int as invoice_records,
              (select count(*) from sim.content_items)::int as content_records`,
    );
    await run(
      `insert into sim.meta (key, value) values ('seed', ${literalJson({
        scale: opts.scale,
        seededAt: new Date().toISOString(),
        firstDemoMovement: start,
        ms: Date.now() - started,
        counts: counts[0],
      })}) on conflict (key) do update set value = excluded.value`,
    );
  });
}

function literalJson(value: unknown): string {
  return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
}
