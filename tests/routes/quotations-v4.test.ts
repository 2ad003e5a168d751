import { afterAll, describe, expect, it } from "vitest";
import { getIntegrations } from "../../server/integrations";
import { simulatorControl } from "../../server/integrations/simulator";
import { closePdfBrowser } from "../../server/documents/pdf.server";
import { loader, action } from "~/routes/quotations/route";
import { loader as agentsLoader } from "~/routes/quotations/agents";
import { loader as itemsLoader } from "~/routes/quotations/items";
import { loader as clientsLoader } from "~/routes/products/clients";
import { loader as productsLoader } from "~/routes/products/route";
import { action as quoteAction } from "~/routes/products/quotes.$folio";
import { loadDraft } from "~/modules/quotations/draft.server";
import { getStoredQuote } from "~/modules/quotations/stored.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { expectRedirect, statusAndBody } from "../helpers/answers";
import { toastOf } from "../helpers/catalog-routes";
import { routeArgs } from "../helpers/route-args";

await useTestDatabase({ demo: true });
afterAll(() => closePdfBrowser());

type ScreenData = Exclude<Awaited<ReturnType<typeof loader>>, Response>;
const get = (path: string, cookie: string) => settle(() => loader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
const post = (cookie: string, form: Record<string, string>, path = "/quotations") =>
  settle(() => action(routeArgs({ request: makeRequest(path, { cookie, form }), params: {} }))) as Promise<Response>;
/** Articles priced in pesos, so the expected prices come from the ERP's precio2 alone. */
async function pesoArticles(cookie: string) {
  const data = (await settle(() => productsLoader(routeArgs({ request: makeRequest("/products", { cookie }), params: {} })))) as {
    list: { ok: true; rows: Array<{ sku: string; price2: number; currency: string }> };
  };
  return data.list.rows.filter((r) => r.currency === "Pesos" && r.price2 > 0);
}

describe("/quotations access", () => {
  it("Admin and Developer get the screen; the other roles go to their home", async () => {
    for (const role of ["admin", "developer"] as const) {
      const { cookie } = await loginAs(role);
      const d = (await get("/quotations", cookie)) as ScreenData;
      expect(d.lines).toEqual([]);
      expect(d.header.client.key).toBe("V");
    }
    for (const [role, home] of [
      ["ml_manager", "/products"],
      ["shop_manager", "/products"],
      ["practicante", "/products"],
      ["cajero", "/pdv"],
    ] as const) {
      const { cookie } = await loginAs(role);
      expectRedirect(await get("/quotations", cookie), home);
      expectRedirect(await post(cookie, { intent: "custom", description: "X", qty: "1", price: "1" }), home);
    }
  });
});

describe("agent and warehouse", () => {
  it("offers only the user's ERP users; the agent's warehouses fill the select and others are refused", async () => {
    const { cookie, user } = await loginAs("developer", { erpUsers: ["VENTAS1", "VENTAS2"] });
    const found = ((await get("/quotations?agent=ventas", cookie)) as ScreenData).agents!;
    expect(found.agents.map((a) => a.user).sort()).toEqual(["VENTAS1", "VENTAS2"]);
    expect((await post(cookie, { intent: "agent", agent: "VENTAS2" })).status).toBe(302);
    const d = (await get("/quotations", cookie)) as ScreenData;
    expect(d.header.agent).toEqual({ key: "VENTAS2", name: "Ventas proyectos" });
    expect(d.header.warehouses).toEqual(["M", "I", "U", "A1"]);
    expect(d.header.warehouse).toBe("M");
    expect((await post(cookie, { intent: "header", warehouse: "U", reference: "Obra Norte" })).status).toBe(302);
    expect((await loadDraft(user.id)).data).toMatchObject({ warehouse: "U", reference: "Obra Norte" });
    const foreign = await statusAndBody(await post(cookie, { intent: "header", warehouse: "O4" }));
    expect(foreign.status).toBe(422);
    expect((await loadDraft(user.id)).data.warehouse).toBe("U");
    const notMine = await statusAndBody(await post(cookie, { intent: "agent", agent: "MLVENTAS" }));
    expect(notMine.status).toBe(404);
    expect(notMine.body).toContain("No se ha encontrado ninguna coincidencia.");
  });

  it("without ERP users the agent search asks to contact support", async () => {
    const { cookie } = await loginAs("admin");
    const d = (await get("/quotations?agent=ventas", cookie)) as ScreenData;
    expect(d.hasErpUsers).toBe(false);
    expect((await statusAndBody(await post(cookie, { intent: "agent", agent: "VENTAS1" }))).body).toContain("Contacta a soporte");
  });
});

describe("typeahead searches (the comboboxes' sources)", () => {
  type Answer = { matches: Array<Record<string, unknown>>; message: string | null };
  const ask = async (load: typeof agentsLoader, path: string, cookie: string) => {
    const res = (await settle(() => load(routeArgs({ request: makeRequest(path, { cookie }), params: {} })))) as Response;
    return { status: res.status, location: res.headers.get("location"), body: res.status === 200 ? ((await res.json()) as Answer) : null };
  };

  it("agents: only the user's ERP users, with their warehouses; one character searches nothing", async () => {
    const { cookie } = await loginAs("developer", { erpUsers: ["VENTAS1", "VENTAS2"] });
    const found = await ask(agentsLoader, "/quotations/agents?q=ve", cookie);
    expect(found.body!.matches.map((a) => [a.user, a.warehouses])).toEqual([
      ["VENTAS1", ["M", "O4", "I"]],
      ["VENTAS2", ["M", "I", "U", "A1"]],
    ]);
    expect((await ask(agentsLoader, "/quotations/agents?q=MLVENTAS", cookie)).body).toEqual({
      matches: [],
      message: "No se ha encontrado ninguna coincidencia.",
    });
    expect((await ask(agentsLoader, "/quotations/agents?q=v", cookie)).body).toEqual({ matches: [], message: null });
    const none = await loginAs("admin");
    expect((await ask(agentsLoader, "/quotations/agents?q=ventas", none.cookie)).body!.message).toContain("Contacta a soporte");
  });

  it("articles: up to 40 ERP matches (spec 2 §9); clients: the v3 source, upper-cased by the browser", async () => {
    const { cookie } = await loginAs("admin");
    const items = (await ask(itemsLoader, "/quotations/items?q=1453-2", cookie)).body!;
    expect(items.matches.map((a) => a.sku)).toContain("1453-2W");
    // A search the ERP matches more than 40 times (it answers 20 a page) gives exactly 40 distinct articles.
    const erp = getIntegrations().erp;
    let term = "";
    for (const t of ["LED", "CABLE", "CONTACTO", "APAGADOR"]) {
      if ((await erp.listArticles({ search: t, page: 1 })).meta.total > 40) {
        term = t;
        break;
      }
    }
    expect(term).not.toBe("");
    const many = (await ask(itemsLoader, `/quotations/items?q=${term}`, cookie)).body!.matches.map((a) => a.sku);
    expect(many).toHaveLength(40);
    expect(new Set(many).size).toBe(40);
    expect((await ask(itemsLoader, "/quotations/items?q=1", cookie)).body!.matches).toEqual([]);
    const clients = (await ask(clientsLoader, "/products/clients?q=C00102", cookie)).body!;
    expect(clients.matches.map((c) => c.key)).toEqual(["C00102"]);
    expect((await ask(clientsLoader, "/products/clients?q=C", cookie)).body!.matches).toEqual([]);
  });

  it("are guarded like the screen they serve", async () => {
    const { cookie } = await loginAs("shop_manager");
    for (const [load, path] of [
      [agentsLoader, "/quotations/agents?q=ve"],
      [itemsLoader, "/quotations/items?q=14"],
    ] as const) {
      const res = await ask(load, path, cookie);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/products");
    }
  });
});

describe("lines", () => {
  it("an article already present gets +1; a line discount lowers the price and 0 restores it", async () => {
    const { cookie, user } = await loginAs("admin");
    const [article] = await pesoArticles(cookie);
    const list = Math.round(article.price2 * 100);
    expect((await post(cookie, { intent: "add", sku: article.sku, qty: "1" })).status).toBe(302);
    expect((await post(cookie, { intent: "add", sku: article.sku, qty: "1" })).status).toBe(302);
    let d = (await get("/quotations", cookie)) as ScreenData;
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({ sku: article.sku, qty: 2, priceCents: list, originalPriceCents: null });

    expect((await post(cookie, { intent: "line", sku: article.sku, qty: "2", discount: "10", note: "Entrega en obra" })).status).toBe(302);
    d = (await get("/quotations", cookie)) as ScreenData;
    expect(d.lines[0]).toMatchObject({
      discount: 10,
      note: "Entrega en obra",
      priceCents: Math.round(list * 0.9),
      originalPriceCents: list,
    });
    expect(d.lines[0].amountCents).toBe(Math.round(list * 0.9) * 2);

    expect((await post(cookie, { intent: "line", sku: article.sku, qty: "2", discount: "0", note: "" })).status).toBe(302);
    d = (await get("/quotations", cookie)) as ScreenData;
    expect(d.lines[0]).toMatchObject({ discount: 0, priceCents: list, originalPriceCents: null });

    for (const [discount, qty] of [
      ["abc", "1"],
      ["150", "1"],
      ["-5", "1"],
      ["5", "x"],
    ]) {
      const bad = await statusAndBody(await post(cookie, { intent: "line", sku: article.sku, qty, discount, note: "" }));
      expect(bad.status).toBe(422);
    }
    expect((await loadDraft(user.id)).data.lines[0]).toMatchObject({ qty: 2, discount: 0 });
  });

  it("free-entry lines carry their own price; bad ones are refused", async () => {
    const { cookie } = await loginAs("developer");
    expect((await post(cookie, { intent: "custom", description: "Instalación en sitio", qty: "2", price: "150.50" })).status).toBe(302);
    expect((await post(cookie, { intent: "custom", description: "Flete", qty: "1", price: "99" })).status).toBe(302);
    const d = (await get("/quotations", cookie)) as ScreenData;
    expect(d.lines.map((l) => [l.sku, l.custom, l.priceCents, l.amountCents])).toEqual([
      ["LIBRE-1", true, 15050, 30100],
      ["LIBRE-2", true, 9900, 9900],
    ]);
    // 301.00 + 99.00 = 400.00; 16 % IVA = 64.00; total 464.00
    expect(d.totals).toMatchObject({ subtotalCents: 40000, ivaCents: 6400, totalCents: 46400 });
    for (const form of [
      { description: "", qty: "1", price: "10" },
      { description: "Algo", qty: "1", price: "diez" },
      { description: "Algo", qty: "0", price: "10" },
      { description: "Algo", qty: "1", price: "99999999999999999999" },
    ]) {
      expect((await statusAndBody(await post(cookie, { intent: "custom", ...form }))).status).toBe(422);
    }
  });

  it("the global discount is capped at 6 %: a larger value is stored as 6 and the user is told", async () => {
    const { cookie, user } = await loginAs("admin");
    const capped = await post(cookie, { intent: "header", globalDiscount: "7", reference: "tope" });
    expect(capped.status).toBe(302);
    expect((await toastOf(capped))?.message).toContain("se guardó 6 %");
    expect((await loadDraft(user.id)).data).toMatchObject({ globalDiscount: 6, reference: "tope" });
    expect((await post(cookie, { intent: "header", globalDiscount: "5" })).status).toBe(302);
    expect((await loadDraft(user.id)).data.globalDiscount).toBe(5);
  });

  it("a form opened on an older version is refused, not overwritten", async () => {
    const { cookie, user } = await loginAs("admin");
    await post(cookie, { intent: "custom", description: "Uno", qty: "1", price: "10" });
    const v = String((await loadDraft(user.id)).version);
    expect((await post(cookie, { intent: "header", version: v, notes: "primera" })).status).toBe(302);
    const stale = await statusAndBody(await post(cookie, { intent: "header", version: v, notes: "segunda" }));
    expect(stale.status).toBe(409);
    expect((await loadDraft(user.id)).data.notes).toBe("primera");
  });
});

describe("Crear cotización", () => {
  it("a quote larger than the stored amounts hold is refused with a message, not a server error, and the draft is kept", async () => {
    const { cookie, user } = await loginAs("admin");
    expect((await statusAndBody(await post(cookie, { intent: "header", shipment: "99999999999999999999" }))).status).toBe(422);
    expect((await post(cookie, { intent: "custom", description: "Obra completa", qty: "999999", price: "9999999999" })).status).toBe(302);
    const refused = await statusAndBody(await post(cookie, { intent: "store" }));
    expect(refused.status).toBe(422);
    expect(refused.body).toContain("La cotización supera el importe que se puede guardar");
    expect((await loadDraft(user.id)).data.lines.map((l) => l.description)).toContain("Obra completa");
  });

  it("is refused with no products; Admin stores the quote; Developer with an agent also creates it in the ERP", async () => {
    const admin = await loginAs("admin");
    const empty = await statusAndBody(await post(admin.cookie, { intent: "store" }));
    expect(empty.status).toBe(422);
    expect(empty.body).toContain("Aún no hay artículos en la lista");
    const [article] = await pesoArticles(admin.cookie);
    await post(admin.cookie, { intent: "add", sku: article.sku, qty: "1" });
    const stored = await post(admin.cookie, { intent: "store" });
    const folio = stored.headers.get("location")!.split("/").pop()!;
    expect((await getStoredQuote(folio))!.row.erpState).toBeNull();

    expect(await toastOf(stored)).toMatchObject({ title: "Cotización creada", message: "Se ha creado exitosamente" });

    // Spec 2 §5: an ERP quotation needs a chosen ERP user; without one nothing is stored or sent.
    const dev = await loginAs("developer", { erpUsers: ["VENTAS1"] });
    await post(dev.cookie, { intent: "add", sku: article.sku, qty: "1" });
    const noAgent = await statusAndBody(await post(dev.cookie, { intent: "store" }));
    expect(noAgent.status).toBe(422);
    expect(noAgent.body).toContain("Datos insuficientes");
    expect(noAgent.body).toContain("Debes completar la información para continuar");
    expect((await loadDraft(dev.user.id)).data.lines).toHaveLength(1);
    await post(dev.cookie, { intent: "agent", agent: "VENTAS1" });
    await post(dev.cookie, { intent: "header", warehouse: "O4", reference: "Pedido 77" });
    await post(dev.cookie, { intent: "add", sku: article.sku, qty: "2" });
    const created = await post(dev.cookie, { intent: "store" });
    expect(created.status).toBe(302);
    const devFolio = created.headers.get("location")!.split("/").pop()!;
    const row = (await getStoredQuote(devFolio))!.row;
    expect(row).toMatchObject({ erpState: "sent", erpUser: "VENTAS1", warehouse: "O4", reference: "Pedido 77", status: "enviada" });
  });
});

describe("ERP quotation: MercadoLibre Manager and retries", () => {
  it("MercadoLibre Manager creates it from a stored quote; a lost answer is not sent twice on retry", async () => {
    const ml = await loginAs("ml_manager", { erpUsers: ["MLVENTAS"] });
    const [article] = await pesoArticles(ml.cookie);
    await settle(() => productsLoader(routeArgs({ request: makeRequest("/products", { cookie: ml.cookie }), params: {} })));
    const { action: productsAction } = await import("~/routes/products/route");
    const { action: dialogAction } = await import("~/routes/products/quotation");
    await settle(() =>
      productsAction(
        routeArgs({
          request: makeRequest("/products", { cookie: ml.cookie, form: { intent: "add", sku: article.sku, qty: "1" } }),
          params: {},
        }),
      ),
    );
    const stored = (await settle(() =>
      dialogAction(
        routeArgs({ request: makeRequest("/products/quotation", { cookie: ml.cookie, form: { intent: "store" } }), params: {} }),
      ),
    )) as Response;
    const folio = stored.headers.get("location")!.split("/").pop()!;
    const send = () =>
      settle(() =>
        quoteAction(
          routeArgs({
            request: makeRequest(`/products/quotes/${folio}`, { cookie: ml.cookie, form: { intent: "erp", erpUser: "MLVENTAS" } }),
            params: { folio },
          }),
        ),
      );

    // The ERP creates the quotation but the answer is lost: the user sees a failure and retries.
    await simulatorControl.failNext("erp.createQuotation", "timeout-after-work");
    const lost = await statusAndBody((await send()) as Response);
    expect(lost.status).toBe(502);
    expect(lost.body).toContain("puedes reintentar");
    expect(await getIntegrations().erp.getMovementsInfo(folio)).toHaveLength(1);
    expect(((await send()) as Response).status).toBe(302);
    const movements = await getIntegrations().erp.getMovementsInfo(folio);
    expect(movements).toHaveLength(1);
    expect((await getStoredQuote(folio))!.row).toMatchObject({ erpState: "sent", intelisisId: movements[0].movId });
    // "Generar orden" stays Developer-only.
    const order = await settle(() =>
      quoteAction(
        routeArgs({
          request: makeRequest(`/products/quotes/${folio}`, { cookie: ml.cookie, form: { intent: "order" } }),
          params: { folio },
        }),
      ),
    );
    expect((await statusAndBody(order as Response)).status).toBe(403);
  });
});

describe("order type in v4 (spec 2 §6: Admin, Developer, MercadoLibre Manager; §9: v4 adds no 25)", () => {
  it("Mercado Libre with a category grosses up the subtotal without the 25; the v3 dialog of the same draft adds it", async () => {
    const { cookie, user } = await loginAs("developer");
    expect((await get("/quotations", cookie)) as ScreenData).toMatchObject({ may: { orderType: true } });
    await post(cookie, { intent: "custom", description: "Tablero", qty: "1", price: "100" });
    expect((await post(cookie, { intent: "header", orderType: "mercadolibre", listingType: "gold_special", shipment: "" })).status).toBe(
      302,
    );
    let d = (await get("/quotations", cookie)) as ScreenData;
    expect(d.header).toMatchObject({ orderType: "mercadolibre", listingType: "gold_special", category: null });
    // Totals wait for a category (spec 2 §4); the category search lists the marketplace's.
    expect(d.totals).toBeNull();
    expect(((await get("/quotations?category=cables", cookie)) as ScreenData).categories!.map((c) => c.title)).toContain(
      "Cables Eléctricos",
    );
    expect(
      (await post(cookie, { intent: "category", title: "Cables Eléctricos" }, "/quotations?category=cables")).headers.get("location"),
    ).toBe("/quotations");
    d = (await get("/quotations", cookie)) as ScreenData;
    // Clásica of "Cables Eléctricos" is 13.5 %: 100 / 0.865 = 115.6069 → 115.61 (v4: nothing added
    // under the threshold 298.5 × 0.865 − 25 = 233.20); IVA 18.4976 → 18.50; total 134.11.
    expect(d.lines[0].priceCents).toBe(10000);
    expect(d.totals).toMatchObject({ marketplaceCents: 1561, subtotalCents: 11561, ivaCents: 1850, totalCents: 13411 });
    // The v3 dialog prices the same draft as v3: 115.61 ≤ 233.20 → + 25 = 140.61; IVA 22.4976 → 22.50.
    const { loader: dialogLoader } = await import("~/routes/products/quotation");
    const dialog = (await settle(() =>
      dialogLoader(routeArgs({ request: makeRequest("/products/quotation", { cookie }), params: {} })),
    )) as {
      draft: { doc: { totals: { subtotalCents: number; totalCents: number } } };
    };
    expect(dialog.draft.doc.totals).toMatchObject({ subtotalCents: 14061, totalCents: 16311 });
    // Crear cotización (no ERP users: stored only) keeps the v4 figures and its adjustment row.
    const created = await post(cookie, { intent: "store" });
    expect(created.status).toBe(302);
    const folio = created.headers.get("location")!.split("/").pop()!;
    expect((await getStoredQuote(folio))!.row).toMatchObject({ orderType: "mercadolibre", subtotal: 115.61, iva: 18.5, total: 134.11 });
    expect((await loadDraft(user.id)).data.lines).toHaveLength(0);
  });
});
