import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { quotations, settings } from "../../server/db/schema";
import { closePdfBrowser } from "../../server/documents/pdf.server";
import { loader as productsLoader, action as productsAction } from "~/routes/products/route";
import { loader as dialogLoader, action as dialogAction } from "~/routes/products/quotation";
import { loader as pdfLoader } from "~/routes/products/quotation.pdf";
import { PRICING_MESSAGES } from "~/modules/pricing/price";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { statusAndBody } from "../helpers/answers";
import { toastOf } from "../helpers/catalog-routes";
import { routeArgs } from "../helpers/route-args";

// Decision 0038 in the quoters: LRD14 (US$43.10) at the demo's 18.35; no rate, no price.
await useTestDatabase({ demo: true });
afterAll(() => closePdfBrowser());

async function setRate(value: unknown) {
  if (value === undefined) return void (await getDb().delete(settings).where(eq(settings.key, "dollar_price")));
  await getDb().insert(settings).values({ key: "dollar_price", value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}
type ListData = Exclude<Awaited<ReturnType<typeof productsLoader>>, Response>;
const get = (path: string, cookie: string) =>
  settle(() => productsLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} }))) as Promise<ListData>;
const post = (cookie: string, form: Record<string, string>) =>
  settle(() => productsAction(routeArgs({ request: makeRequest("/products", { cookie, form }), params: {} }))) as Promise<Response>;
const postDialog = (cookie: string, form: Record<string, string>) =>
  settle(() => dialogAction(routeArgs({ request: makeRequest("/products/quotation", { cookie, form }), params: {} }))) as Promise<Response>;
const rowOf = (d: ListData, sku: string) => (d.list.ok ? d.list.rows.find((r) => r.sku === sku) : undefined);

describe("the quoters price dollar articles through the one function, and refuse without a rate", () => {
  it('Cotizador v3 lists LRD14 at $790.89 with its dollar hint; without a rate "—" and why', async () => {
    const { cookie } = await loginAs("admin");
    await setRate(18.35);
    expect(rowOf(await get("/products?search=LRD14", cookie), "LRD14")).toMatchObject({ priceCents: 79089, priceNote: "US$43.10 × 18.35" });
    await setRate(undefined);
    expect(rowOf(await get("/products?search=LRD14", cookie), "LRD14")).toMatchObject({
      priceCents: null,
      priceNote: PRICING_MESSAGES.noRate,
    });
    await setRate(18.35);
  });

  it("without a rate a draft with a dollar line shows the reason, and is neither stored nor printed", async () => {
    const { cookie, user } = await loginAs("shop_manager");
    await setRate(18.35);
    expect((await post(cookie, { intent: "add", sku: "LRD14", qty: "1" })).status).toBe(302);
    const priced = (await settle(() =>
      dialogLoader(routeArgs({ request: makeRequest("/products/quotation", { cookie }), params: {} })),
    )) as {
      draft: {
        doc: { lines: Array<{ sku: string; priceCents: number; unpriced?: boolean }>; totals: unknown; pricingError?: string | null };
      };
    };
    expect(priced.draft.doc.lines.find((l) => l.sku === "LRD14")).toMatchObject({ priceCents: 79089, unpriced: false });
    await setRate(undefined);
    const blocked = (await settle(() =>
      dialogLoader(routeArgs({ request: makeRequest("/products/quotation", { cookie }), params: {} })),
    )) as typeof priced;
    expect(blocked.draft.doc.lines.find((l) => l.sku === "LRD14")).toMatchObject({ unpriced: true });
    expect(blocked.draft.doc.totals).toBeNull();
    expect(blocked.draft.doc.pricingError).toBe(PRICING_MESSAGES.noRate);
    const stored = await statusAndBody(await postDialog(cookie, { intent: "store" }));
    expect(stored.status).toBeGreaterThanOrEqual(400);
    expect(stored.body).toContain(PRICING_MESSAGES.noRate);
    expect(await getDb().select().from(quotations).where(eq(quotations.createdBy, user.id))).toHaveLength(0);
    const pdf = (await settle(() =>
      pdfLoader(routeArgs({ request: makeRequest("/products/quotation.pdf", { cookie }), params: {} })),
    )) as Response;
    expect(pdf.status).toBe(302);
    expect((await toastOf(pdf))?.message).toBe(PRICING_MESSAGES.noRate);
    // With a rate again the quote is stored with the rate it used.
    await setRate(18.35);
    expect((await postDialog(cookie, { intent: "store" })).status).toBe(302);
    const [quote] = await getDb().select().from(quotations).where(eq(quotations.createdBy, user.id));
    expect(quote.exchangeRate).toBe(18.35);
  });
});
