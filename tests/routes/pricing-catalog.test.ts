import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { publications, settings } from "../../server/db/schema";
import * as inventory from "~/routes/web-inventory/route";
import { loader as editLoader, action as editAction } from "~/routes/publications/$id";
import { loadProduct } from "~/modules/catalog/product.server";
import { componentsById, searchComponents } from "~/modules/catalog/combo.server";
import { PRICING_MESSAGES } from "~/modules/pricing/price";
import { productInfos, searchSectionProducts } from "~/modules/content/shop-sections.server";
import type { EditorActionData } from "~/routes/publications/editor-action.server";
import { useTestDatabase } from "../helpers/db";
import { publicationForm } from "../helpers/publication-form";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

// Decision 0038 across the catalogue: the demo's LRD14 (US$43.10), 11055 (US$21.50) and CIN-19N
// ($19.00), at the demo's 18.35 pesos per dollar. Expected figures worked out by hand.
await useTestDatabase({ demo: true });

async function setRate(value: unknown) {
  if (value === undefined) return void (await getDb().delete(settings).where(eq(settings.key, "dollar_price")));
  await getDb().insert(settings).values({ key: "dollar_price", value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}
type InventoryPage = Awaited<ReturnType<typeof inventory.loader>>;
type EditData = Awaited<ReturnType<typeof editLoader>>;
const ctx = { params: {} };

describe("Inventario v3 returns pesos", () => {
  it("11055 at US$21.50 is $394.53 with its dollar hint; CIN-19N stays $19.00", async () => {
    await setRate(18.35);
    const { cookie } = await loginAs("inventory");
    const page = (await inventory.loader(
      routeArgs({ request: makeRequest("/web-inventory?search=11055", { cookie }), ...ctx }),
    )) as InventoryPage;
    const row = page.rows.find((r) => r.id === "11055")!;
    expect([row.price, row.priceNote]).toEqual([394.53, "US$21.50 × 18.35"]);
    const peso = (await inventory.loader(
      routeArgs({ request: makeRequest("/web-inventory?search=CIN-19N", { cookie }), ...ctx }),
    )) as InventoryPage;
    expect(peso.rows.find((r) => r.id === "CIN-19N")).toMatchObject({ price: 19, priceNote: null });
  });

  it("without a dollar price a dollar article shows no figure, and says why", async () => {
    await setRate(undefined);
    const { cookie } = await loginAs("inventory");
    const page = (await inventory.loader(
      routeArgs({ request: makeRequest("/web-inventory?search=11055", { cookie }), ...ctx }),
    )) as InventoryPage;
    expect(page.rows.find((r) => r.id === "11055")).toMatchObject({ price: null, priceNote: PRICING_MESSAGES.noRate });
    await setRate(18.35);
  });

  it("the product dialog keeps the dollar figure in its field and shows it in pesos", async () => {
    await setRate(18.35);
    const loaded = await loadProduct("11055");
    expect(loaded?.draft.price).toBe(21.5);
    expect(loaded?.stored).toMatchObject({ currency: "Dolares", pesos: { price: 394.53, priceNote: "US$21.50 × 18.35" } });
  });
});

describe("shop sections and catalogues list their products in pesos", () => {
  it("LRD14 (US$43.10) is $790.89 in a section's rows and its typeahead; with no rate, no figure", async () => {
    await setRate(18.35);
    expect(await productInfos(["LRD14", "CIN-19N"])).toMatchObject({ LRD14: { price: 790.89 }, "CIN-19N": { price: 19 } });
    expect((await searchSectionProducts("LRD14")).find((h) => h.id === "LRD14")).toMatchObject({ price: 790.89 });
    await setRate(undefined);
    expect((await productInfos(["LRD14"])).LRD14.price).toBeNull();
    await setRate(18.35);
  });
});

describe("combo components are priced in pesos", () => {
  it("the rows and the typeahead carry LRD14 at $790.89", async () => {
    await setRate(18.35);
    expect((await componentsById(["LRD14"])).get("LRD14")).toMatchObject({ price: 790.89, priceNote: "US$43.10 × 18.35" });
    expect((await searchComponents("LRD14")).find((m) => m.id === "LRD14")).toMatchObject({ price: 790.89 });
  });
});

describe("the publication editor's cost rows use pesos and the saved price keeps its rate", () => {
  const open = (id: string, cookie: string) =>
    settle(() => editLoader(routeArgs({ request: makeRequest(`/publications/${id}`, { cookie }), params: { id } })));
  const post = (id: string, form: FormData, cookie: string) =>
    settle(() => editAction(routeArgs({ request: makeRequest(`/publications/${id}`, { cookie, form }), params: { id } })));

  it("2 × LRD14 cost 790.89 × 2 × 1.16 = 1834.86 before the fee; the save keeps price and rate", async () => {
    await setRate(18.35);
    const { cookie } = await loginAs("ml_manager");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1 and ${publications.status} = 'active'`)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    const draft = { ...view.draft, linked: [{ sku: "LRD14", qty: 2, discount: 0 }] };
    const recalc = (await post(pub.id, publicationForm(draft, JSON.stringify({ type: "recalc" })), cookie)) as { data: EditorActionData };
    const shown = recalc.data.view;
    expect(shown.products.LRD14).toMatchObject({ price: 790.89, rate: 18.35 });
    expect(shown.cost.subtotal).toBe(1834.86);
    expect(shown.cost.unpriced).toBeNull();
    expect(shown.exchangeRate).toBe(18.35);
    const saved = await post(pub.id, publicationForm(draft), cookie);
    expect((saved as Response).status).toBe(302);
    const [row] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(row.exchangeRate).toBe(18.35);
    expect(row.price).toBe(shown.cost.total);
    expect(row.price).toBeGreaterThan(1834.86);
  });

  it("without a dollar price the cost rows have no figure and the save is refused with the reason", async () => {
    await setRate(undefined);
    const { cookie } = await loginAs("ml_manager");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1 and ${publications.status} = 'active'`)
      .offset(1)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    const draft = { ...view.draft, linked: [{ sku: "LRD14", qty: 1, discount: 0 }] };
    const res = (await post(pub.id, publicationForm(draft), cookie)) as { data: EditorActionData; init: { status: number } | null };
    expect(res.init?.status).toBe(400);
    expect(JSON.stringify(res.data.result.error)).toContain(PRICING_MESSAGES.noRate);
    const [row] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(row.version).toBe(pub.version);
    await setRate(18.35);
  });
});
