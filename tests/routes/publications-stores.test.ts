import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { publications } from "../../server/db/schema";
import { loader as listLoader } from "~/routes/publications/route";
import { loader as editLoader, action as editAction } from "~/routes/publications/$id";
import { action as newAction } from "~/routes/publications/new";
import { storeLabel } from "~/modules/publications/labels";
import type { Draft } from "~/modules/publications/draft";
import type { EditorActionData } from "~/routes/publications/editor-action.server";
import { useTestDatabase } from "../helpers/db";
import { publicationForm } from "../helpers/publication-form";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

/*
 * Issue 33 (2): the official store chosen in the editor goes to the marketplace with the listing
 * (spec 1 §1 store ids, §7 publicationML), and the list's store badge shows it.
 */

const database = await useTestDatabase({ demo: true });

type ListData = Awaited<ReturnType<typeof listLoader>>;
type EditData = Awaited<ReturnType<typeof editLoader>>;

const postNew = (form: FormData, cookie: string) =>
  settle(() => newAction(routeArgs({ request: makeRequest("/publications/new", { cookie, form }), params: {} })));
const post = (id: string, form: FormData, cookie: string) =>
  settle(() => editAction(routeArgs({ request: makeRequest(`/publications/${id}`, { cookie, form }), params: { id } })));
const open = (id: string, cookie: string) =>
  settle(() => editLoader(routeArgs({ request: makeRequest(`/publications/${id}`, { cookie }), params: { id } }))) as Promise<EditData>;
const refusal = (res: unknown) =>
  JSON.stringify([(res as { data?: EditorActionData }).data?.result.error, (res as { data?: EditorActionData }).data?.toast]);

/** The listing as the simulated marketplace holds it. */
const remote = async (id: string) =>
  (
    await database.query<{ account: string; official_store_id: string | null; title: string }>(
      `select account, official_store_id, title from sim.mkt_publications where id = $1`,
      [id],
    )
  )[0];

const cable = (title: string, store: Draft["store"]): Omit<Draft, "id"> => ({
  version: 0,
  title,
  special: false,
  categoryId: "MLM187773",
  listingType: "gold_special",
  store,
  attributes: {
    BRAND: "Square D",
    MODEL: "THW12",
    GTIN: "7501234567890",
    ITEM_CONDITION: "Nuevo",
    CABLE_GAUGE: "12 AWG",
    CABLE_LENGTH: "100 m",
  },
  autosync: false,
  priceSync: false,
  stockSync: false,
  warehouses: [],
  channels: ["marketplace"],
  premium: false,
  status: "active",
  linked: [{ sku: "THW12NE100", qty: 1, discount: 0 }],
  variations: [],
  gallery: [],
  description: { intro: "Cable de prueba.", body: "", closing: "" },
  productSearch: "",
  searchTarget: "flat",
  librarySearch: "",
});

async function created(title: string) {
  const [row] = await getDb().select().from(publications).where(eq(publications.title, title));
  return row;
}

describe("official stores on publish", () => {
  it.each([
    ["4979", "main", "Square D"],
    ["4981", "main", "SE Residencial"],
    ["5139", "brand", "{brand} Oficial"],
    ["meli1", "main", "Meli 1"],
  ] as const)("a new publication under store %s (account %s) goes there and is badged %s", async (store, account, badge) => {
    const { cookie } = await loginAs("ml_manager");
    const title = `Cable Thw Tienda ${store}`;
    const res = await postNew(publicationForm(cable(title, store)), cookie);
    expect((res as Response).status, refusal(res)).toBe(302);
    const row = await created(title);
    const expectedStore = store === "meli1" ? null : store;
    expect(row.mlStore).toBe(expectedStore);
    expect(await remote(row.id)).toEqual({ account, official_store_id: expectedStore, title });
    // The list's store badge.
    const list = (await settle(() =>
      listLoader(routeArgs({ request: makeRequest(`/publications?search=${row.id}`, { cookie }), params: {} })),
    )) as ListData;
    expect(list.rows.map((r) => [r.id, storeLabel(r.mlStore, list.brand)])).toEqual([[row.id, badge.replace("{brand}", list.brand)]]);
  });

  it("moves a stored listing to the store chosen, and leaves the store alone when only links change", async () => {
    const { cookie } = await loginAs("admin");
    const title = "Cable Thw Cambio De Tienda";
    expect(((await postNew(publicationForm(cable(title, "meli1")), cookie)) as Response).status).toBe(302);
    const row = await created(title);
    expect((await remote(row.id)).official_store_id).toBeNull();

    // Only the store changes: the listing is published again, under Square D.
    const opened = await open(row.id, cookie);
    const res = await post(row.id, publicationForm({ ...opened.view.draft, store: "4979" }), cookie);
    expect((res as Response).status, refusal(res)).toBe(302);
    expect(await remote(row.id)).toMatchObject({ account: "main", official_store_id: "4979" });
    expect((await created(title)).mlStore).toBe("4979");

    // A save that does not touch title, category, listing type or store keeps it there.
    const again = await open(row.id, cookie);
    expect(again.view.draft.store).toBe("4979");
    const linksOnly = await post(row.id, publicationForm({ ...again.view.draft, priceSync: true }), cookie);
    expect((linksOnly as Response).status, refusal(linksOnly)).toBe(302);
    expect(await remote(row.id)).toMatchObject({ official_store_id: "4979" });
    expect((await created(title)).mlStore).toBe("4979");
  });
});
