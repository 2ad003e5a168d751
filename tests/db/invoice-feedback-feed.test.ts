/**
 * The feed "invoice-feedback" (issue: one inbound feed per kind of record, invoice feedback
 * included): items/feedback_invoices (spec 2 §2 "Feedback invoice record", §7) copied into
 * invoice_feedback, newest version only, a malformed record refused with its reason; and
 * Facturación v2 showing that copy, said as such, when the back end answers neither feedbackInvoice
 * nor dataInvoice. Runs on PGlite and on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { feedRejects, feedState, invoiceFeedback } from "../../server/db/schema";
import { putContentItem } from "../../server/integrations/content/simulator";
import { createSimulatorIntegrations, simulatorControl } from "../../server/integrations/simulator";
import { runCollectionFeed } from "~/modules/sync/feed-engine.server";
import { collectionFeeds } from "~/modules/sync/feeds.server";
import { listFeedbackInvoices } from "~/modules/invoices/invoices.server";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const { content } = createSimulatorIntegrations({ database: () => database });
const feed = () => collectionFeeds().find((f) => f.name === "invoice-feedback")!;
const run = () => runCollectionFeed(feed(), { content, lookbackMs: 0 });

const SALE_A = "2000009100000001";
const SALE_B = "2000009100000002";
const REFUSED = "CFDI40143 - El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados del SAT.";

function record(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    mercadolibre_order: id,
    permalink: `https://www.mercadolibre.com.mx/ventas/${id}/detalle`,
    date_created: "2026-11-20T17:30:00Z",
    error_info: REFUSED,
    invoice_data: {
      name: "MARIA LOPEZ HERNANDEZ",
      rfc: "LOHM800101AB1",
      address: "Av. Juárez 10",
      phone: "5512345678",
      email: "maria@example.com",
      zip_code: "06000",
      country: "México",
      state: "CDMX",
      city: "Cuauhtémoc",
      colony: "Centro",
      way_payment: "04",
      payment_method: "PUE",
      tax_regime: "612",
      cfdi: "G03",
    },
    feedbacks: [{ id: 91, date_created: "2026-11-20T17:30:00Z", error_info: REFUSED }],
    ...overrides,
  };
}

const copyOf = async (id: string) => (await getDb().select().from(invoiceFeedback).where(eq(invoiceFeedback.id, id)))[0];

beforeAll(async () => {
  const at = new Date(Date.now() - 3_600_000);
  await putContentItem(database, "feedback_invoices", record(SALE_A), at);
  await putContentItem(
    database,
    "feedback_invoices",
    record(SALE_B, {
      date_created: "2026-11-25T15:00:00Z",
      invoice_data: { name: "JUAN PEREZ", rfc: "PEJU750505XY2", email: "juan@example.com" },
    }),
    at,
  );
  // Not a sale id: refused with its reason, the rest of the page applied.
  await putContentItem(database, "feedback_invoices", { ...record("x"), id: "VENTA-1" }, at);
});

describe("the feed invoice-feedback", () => {
  it("copies the back end's records, every field of the spec's record", async () => {
    const result = await run();
    expect(result).toMatchObject({ status: "ok", rows: 2, skipped: 1 });
    expect(await copyOf(SALE_A)).toMatchObject({
      id: SALE_A,
      permalink: `https://www.mercadolibre.com.mx/ventas/${SALE_A}/detalle`,
      dateCreated: new Date("2026-11-20T17:30:00Z"),
      errorInfo: REFUSED,
      invoiceData: expect.objectContaining({ name: "MARIA LOPEZ HERNANDEZ", rfc: "LOHM800101AB1", zip_code: "06000", cfdi: "G03" }),
      feedbacks: [{ id: 91, dateCreated: "2026-11-20T17:30:00.000Z", errorInfo: REFUSED }],
    });
    // A field the record leaves out is empty text, not missing.
    expect((await copyOf(SALE_B)).invoiceData).toMatchObject({ name: "JUAN PEREZ", address: "", cfdi: "" });
    const rejects = await getDb().select().from(feedRejects).where(eq(feedRejects.feed, "invoice-feedback"));
    expect(rejects.map((r) => r.upstreamId)).toEqual(["VENTA-1"]);
  });

  it("takes a newer version (stamped after a retry) and nothing from an older one", async () => {
    const stamped = record(SALE_A, {
      error_info: "SUCCESSFUL",
      feedbacks: [
        { id: 92, date_created: "2026-11-21T10:00:00Z", error_info: "SUCCESSFUL" },
        { id: 91, date_created: "2026-11-20T17:30:00Z", error_info: REFUSED },
      ],
    });
    await putContentItem(database, "feedback_invoices", stamped);
    expect((await run()).rows).toBe(1);
    expect(await copyOf(SALE_A)).toMatchObject({ errorInfo: "SUCCESSFUL", feedbacks: [{ id: 92 }, { id: 91 }] });

    // The same record read again (a look-back, a shifted page) changes nothing.
    expect((await runCollectionFeed(feed(), { content, lookbackMs: 24 * 3_600_000 })).rows).toBe(0);
    expect((await copyOf(SALE_A)).errorInfo).toBe("SUCCESSFUL");
  });
});

describe("Facturación v2 when the back end does not answer", () => {
  const query = { page: 1, search: "", start_date: undefined, end_date: undefined, status_filter: undefined } as unknown as Parameters<
    typeof listFeedbackInvoices
  >[0];

  it("shows the local copy, newest first, said as such with the back end's message", async () => {
    await simulatorControl.failNext("marketplace.listInvoiceFeedback", "http", { status: 503 });
    await simulatorControl.failNext("marketplace.listInvoiceData", "http", { status: 503 });
    const { answer } = await listFeedbackInvoices(query);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.copy).toMatchObject({ syncedAt: expect.any(String), message: expect.any(String) });
    expect(answer.copy!.message.length).toBeGreaterThan(0);
    expect(answer.total).toBe(2);
    expect(answer.data.map((r) => r.id)).toEqual([SALE_B, SALE_A]);
    expect(answer.data[1]).toMatchObject({
      errorInfo: "SUCCESSFUL",
      invoiceData: { name: "MARIA LOPEZ HERNANDEZ", zipCode: "06000", taxRegime: "612" },
    });
  });

  it("filters the copy as the back end filters its list: RFC or name, and Mexico City days with the end exclusive", async () => {
    const failBoth = async () => {
      await simulatorControl.failNext("marketplace.listInvoiceFeedback", "network");
      await simulatorControl.failNext("marketplace.listInvoiceData", "network");
    };
    await failBoth();
    let { answer } = await listFeedbackInvoices({ ...query, search: "peju75" });
    expect(answer.ok && answer.data.map((r) => r.id)).toEqual([SALE_B]);

    await failBoth();
    ({ answer } = await listFeedbackInvoices({ ...query, search: "lopez" }));
    expect(answer.ok && answer.data.map((r) => r.id)).toEqual([SALE_A]);

    // 2026-11-20 17:30 UTC is 11:30 on the 20th in Mexico City: in [20, 21), not in [21, 26).
    await failBoth();
    ({ answer } = await listFeedbackInvoices({ ...query, start_date: "2026/11/20", end_date: "2026/11/21" }));
    expect(answer.ok && answer.data.map((r) => r.id)).toEqual([SALE_A]);
    await failBoth();
    ({ answer } = await listFeedbackInvoices({ ...query, start_date: "2026/11/21", end_date: "2026/11/26" }));
    expect(answer.ok && answer.data.map((r) => r.id)).toEqual([SALE_B]);
  });

  it("reads the back end first whenever it answers (the copy is only the fallback)", async () => {
    const { answer } = await listFeedbackInvoices(query);
    expect(answer.ok && answer.copy).toBeUndefined();
  });

  it("shows the back end's error when the feed never brought a copy", async () => {
    await getDb().delete(feedState).where(eq(feedState.name, "invoice-feedback"));
    await simulatorControl.failNext("marketplace.listInvoiceFeedback", "network");
    await simulatorControl.failNext("marketplace.listInvoiceData", "network");
    const { answer } = await listFeedbackInvoices(query);
    expect(answer.ok).toBe(false);
  });
});
