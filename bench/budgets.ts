/**
 * Lines with a time budget: the route tests show what is refused and how, and the time it takes is
 * the bench's business. A p95 over its budget fails the run, as a wrong status does.
 *
 * - Forged posts over HTTP: a list index far past any form's lists, which Conform would build as a
 *   list that long (common/forged-list-index.ts), answered 400.
 * - In this process: an image whose header declares 64 megapixels, refused before a pixel is decoded;
 *   and the demo seed, which `npm run setup` and every end-to-end run pay, on a fresh database.
 */
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions, setDatabase, wrapPglite, type Database } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed/demo";
import { uploadImage } from "~/modules/files/images.server";
import { blackPng } from "../tests/helpers/black-png";
import { percentile, round } from "./stats";

export type ForgedPost = {
  /** The route pattern (BENCH_ONLY filters by it) and the line's name. */
  route: string;
  label: string;
  /** The form's path; read from the bench database when it names a record. */
  path: string | ((database: Database) => Promise<string>);
  /** The url-encoded form. */
  body: string;
  status: number;
  withinMs: number;
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const intent = (payload: Record<string, unknown>) => JSON.stringify({ type: "remove", payload });

export const FORGED_POSTS: ForgedPost[] = [
  {
    route: "/publications/new",
    label: "/publications/new (índice de lista forjado)",
    path: "/publications/new",
    body: form({ intent: "recalc", "linked[99999999].sku": "X" }),
    status: 400,
    withinMs: 2000,
  },
  {
    route: "/publications/new",
    label: "/publications/new (botón de lista con índice forjado)",
    path: "/publications/new",
    body: form({ __intent__: intent({ name: "gallery", index: 99999999 }) }),
    status: 400,
    withinMs: 2000,
  },
  {
    route: "/web-inventory/new",
    label: "/web-inventory/new (índice de lista forjado)",
    path: "/web-inventory/new",
    body: form({ intent: "save", sku: "BENCH-IDX", manufacturerSku: "K", name: "Indice", "properties[99999].name": "a" }),
    status: 400,
    withinMs: 2000,
  },
  {
    route: "/feedback-invoices/:saleId/resend",
    label: "/feedback-invoices/:saleId/resend (destinatario forjado)",
    path: async (database) => {
      const [row] = await database.query<{ id: string }>(
        "select order_id::text as id from sim.mkt_invoice_feedback order by order_id limit 1",
      );
      if (!row) throw new Error("Sin factura para el banco");
      return `/feedback-invoices/${row.id}/resend`;
    },
    body: form({ intent: "add", email: "conta@correo.example", "recipients[9999999]": "x@correo.example" }),
    status: 400,
    withinMs: 2000,
  },
];

export type BudgetLine = { label: string; p50_ms: number; p95_ms: number; within_ms: number; within: boolean; error?: string };

/** An 8000×8000 PNG (a few tens of KB) uploaded to a gallery, as the upload routes do: refused by its header, 20 times. */
export async function measureImageRefusal(database: Database): Promise<BudgetLine> {
  const label = "imagen de 64 megapíxeles rechazada";
  const withinMs = 1000;
  const png = blackPng(8000, 8000);
  const [user] = await database.query<{ id: number }>("select id from users order by id limit 1");
  const samples: number[] = [];
  let error: string | undefined;
  setDatabase(database);
  try {
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      const result = await uploadImage(new File([png], "enorme.png", { type: "image/png" }), user.id);
      samples.push(performance.now() - started);
      if (result.ok) error = "la imagen se aceptó";
    }
  } finally {
    setDatabase(undefined);
  }
  const p95 = round(percentile(samples, 95));
  return { label, p50_ms: round(percentile(samples, 50)), p95_ms: p95, within_ms: withinMs, within: !error && p95 <= withinMs, error };
}

/** The demo seed on a fresh embedded database (migrated first, not timed). */
export async function measureDemoSeed(): Promise<BudgetLine> {
  const withinMs = 10_000;
  const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions() }));
  try {
    await migrate(database);
    const summary = await seedDemo(database, { now: new Date(), brand: "Electrica" });
    return {
      label: "semilla de demostración",
      p50_ms: summary.ms,
      p95_ms: summary.ms,
      within_ms: withinMs,
      within: summary.ms <= withinMs,
    };
  } finally {
    await database.close();
  }
}
