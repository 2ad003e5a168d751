import { afterAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { simulatorControl } from "../../server/integrations/simulator";
import { closePdfBrowser } from "../../server/documents/pdf.server";
import { loader as productsLoader, action as productsAction } from "~/routes/products/route";
import { loader as dialogLoader, action as dialogAction } from "~/routes/products/quotation";
import { loader as pdfLoader } from "~/routes/products/quotation.pdf";
import { action as quoteAction } from "~/routes/products/quotes.$folio";
import { loader as storedXlsxLoader } from "~/routes/products/quotes.$folio.xlsx";
import { quotationPdf } from "~/documents/quotations.server";
import type { QuotationDocumentData } from "~/modules/quotations/document";
import { computeTotals } from "~/modules/quotations/pricing";
import { loadDraft } from "~/modules/quotations/draft.server";
import { getStoredQuote } from "~/modules/quotations/stored.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { expectRedirect, statusAndBody } from "../helpers/answers";
import { toastOf } from "../helpers/catalog-routes";
import { eq } from "drizzle-orm";
import { orders } from "@server/db/schema";
import { displayStatus } from "~/modules/orders/display-status";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });
afterAll(() => closePdfBrowser());

const get = (path: string, cookie: string) =>
  settle(() => productsLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
const post = (path: string, cookie: string, form: Record<string, string>) =>
  settle(() => productsAction(routeArgs({ request: makeRequest(path, { cookie, form }), params: {} }))) as Promise<Response>;
const postDialog = (cookie: string, form: Record<string, string>) =>
  settle(() => dialogAction(routeArgs({ request: makeRequest("/products/quotation", { cookie, form }), params: {} }))) as Promise<Response>;
type ListData = Exclude<Awaited<ReturnType<typeof productsLoader>>, Response>;
const okList = (d: ListData) => {
  if (!d.list.ok) throw new Error(d.list.message);
  return d.list;
};

describe("/products access", () => {
  it("the seven roles whose home it is get the priced list; others go home", async () => {
    for (const role of ["admin", "developer", "ml_manager", "shop_manager", "iluminacion", "inventory", "practicante"] as const) {
      const { cookie } = await loginAs(role);
      const list = okList((await get("/products", cookie)) as ListData);
      expect(list.rows).toHaveLength(20);
      expect(list.total).toBeGreaterThan(20);
    }
    for (const [role, home] of [
      ["cajero", "/pdv"],
      ["surtido", "/surtido"],
    ] as const) {
      const { cookie } = await loginAs(role);
      expectRedirect(await get("/products", cookie), home);
    }
  });
});

describe("/products list", () => {
  it("sorts by stock in the ERP and searches with a leading * as 'starts with'", async () => {
    const { cookie } = await loginAs("admin");
    const desc = okList((await get("/products?sortName=stockTotal&sortValue=DESC", cookie)) as ListData).rows.map((r) => r.stockTotal);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const contains = okList((await get("/products?search=APAGADOR", cookie)) as ListData);
    expect(contains.total).toBeGreaterThan(0);
    for (const r of contains.rows) expect(`${r.sku} ${r.manufacturerSku} ${r.description}`.toUpperCase()).toContain("APAGADOR");
    const starts = okList((await get("/products?search=*APAGADOR", cookie)) as ListData);
    for (const r of starts.rows)
      expect([r.sku, r.manufacturerSku, r.description].some((f) => f.toUpperCase().startsWith("APAGADOR"))).toBe(true);
    const bad = (await get("/products?page=abc&sortName=nope&sortValue=sideways", cookie)) as ListData;
    expect(okList(bad).page).toBe(1);
  });
});

describe("the draft", () => {
  it("Agregar with a bad quantity gives the spec's message and changes nothing", async () => {
    const { cookie, user } = await loginAs("shop_manager");
    const sku = okList((await get("/products", cookie)) as ListData).rows[0].sku;
    for (const qty of ["", "abc", "-2", "0"]) {
      const res = await statusAndBody(await post("/products", cookie, { intent: "add", sku, qty }));
      expect(res.status).toBe(422);
      expect(res.body).toContain("No se agregó el articulo, revisa valor ingresado");
    }
    expect((await loadDraft(user.id)).data.lines).toHaveLength(0);
    const unknown = await statusAndBody(await post("/products", cookie, { intent: "add", sku: "NOEXISTE-999", qty: "1" }));
    expect(unknown.status).toBe(404);
    const ok = await post("/products", cookie, { intent: "add", sku, qty: "2.5" });
    expect(ok.status).toBe(302);
    const draft = await loadDraft(user.id);
    expect(draft.data.lines.map((l) => [l.sku, l.qty])).toEqual([[sku, 2.5]]);
  });

  it("a form opened on an older version is refused, not overwritten", async () => {
    const { cookie, user } = await loginAs("admin");
    const sku = okList((await get("/products", cookie)) as ListData).rows[1].sku;
    await post("/products", cookie, { intent: "add", sku, qty: "1" });
    const v = (await loadDraft(user.id)).version;
    expect((await postDialog(cookie, { intent: "options", version: String(v), notes: "primera" })).status).toBe(302);
    const stale = await statusAndBody(await postDialog(cookie, { intent: "options", version: String(v), notes: "segunda" }));
    expect(stale.status).toBe(409);
    expect((await loadDraft(user.id)).data.notes).toBe("primera");
  });

  it("a discount over 6 % is stored as 6 with the rest of the form, and the user is told; Precio 3 clients get none", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const capped = await postDialog(cookie, { intent: "options", globalDiscount: "7", notes: "con tope" });
    expect(capped.status).toBe(302);
    expect((await toastOf(capped))?.message).toContain("se guardó 6 %");
    expect((await loadDraft(user.id)).data).toMatchObject({ globalDiscount: 6, notes: "con tope" });
    expect((await postDialog(cookie, { intent: "options", globalDiscount: "5" })).status).toBe(302);
    expect((await loadDraft(user.id)).data.globalDiscount).toBe(5);
    const negative = await statusAndBody(await postDialog(cookie, { intent: "options", globalDiscount: "-1" }));
    expect(negative.status).toBe(422);
    expect((await postDialog(cookie, { intent: "client", clientKey: "C00101" })).status).toBe(302);
    expect((await loadDraft(user.id)).data.globalDiscount).toBe(0);
    // A Precio 3 client (C00101): a discount sent anyway is forced to 0, the form still saved.
    const forced = await postDialog(cookie, { intent: "options", globalDiscount: "4", notes: "precio 3" });
    expect(forced.status).toBe(302);
    expect((await toastOf(forced))?.message).toContain("Precio 3");
    expect((await loadDraft(user.id)).data).toMatchObject({ globalDiscount: 0, notes: "precio 3" });
    const unknown = await statusAndBody(await postDialog(cookie, { intent: "client", clientKey: "ZZZ999" }));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("No se ha encontrado ninguna coincidencia.");
  });

  it("roles without the discount feature cannot set one", async () => {
    const { cookie, user } = await loginAs("practicante");
    expect((await postDialog(cookie, { intent: "options", globalDiscount: "5" })).status).toBe(302);
    expect((await loadDraft(user.id)).data.globalDiscount).toBe(0);
    const data = await settle(() => dialogLoader(routeArgs({ request: makeRequest("/products/quotation", { cookie }), params: {} })));
    expect((data as { may: { discount: boolean } }).may.discount).toBe(false);
  });

  it("a PDF of an empty quotation answers with the spec's message", async () => {
    const { cookie } = await loginAs("inventory");
    const res = (await settle(() =>
      pdfLoader(routeArgs({ request: makeRequest("/products/quotation.pdf", { cookie }), params: {} })),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toBeTruthy();
  });
});

describe("stored quotations", () => {
  it("Guardar numbers the quote per year, Editar stores revision R2 with what changed, and the ERP call is retryable and sent once", async () => {
    const { cookie, user } = await loginAs("developer", { erpUsers: ["VENTAS1"] });
    const rows = okList((await get("/products", cookie)) as ListData).rows;
    await post("/products", cookie, { intent: "add", sku: rows[0].sku, qty: "1" });
    await post("/products", cookie, { intent: "add", sku: rows[1].sku, qty: "2" });
    const stored = await postDialog(cookie, { intent: "store" });
    expect(stored.status).toBe(302);
    // Spec 1 §8: "Se ha creado exitosamente" titled "Cotización creada".
    expect(await toastOf(stored)).toMatchObject({ title: "Cotización creada", message: "Se ha creado exitosamente" });
    const folio = stored.headers.get("location")!.split("/").pop()!;
    expect(folio).toMatch(new RegExp(`^COT-${new Date().getFullYear()}-\\d{6}$`));
    expect((await loadDraft(user.id)).data.lines).toHaveLength(0);
    // Its Excel: a real .xlsx named YYMMDDHHmmss (spec 2 §9).
    const xlsx = (await settle(() =>
      storedXlsxLoader(routeArgs({ request: makeRequest(`/products/quotes/${folio}/xlsx`, { cookie }), params: { folio } })),
    )) as Response;
    expect(xlsx.headers.get("content-disposition")).toMatch(/filename="\d{12}\.xlsx"/);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");

    const act = (form: Record<string, string>) =>
      settle(() => quoteAction(routeArgs({ request: makeRequest(`/products/quotes/${folio}`, { cookie, form }), params: { folio } })));
    // Revision: the draft reopens the quote; one more unit of the first article; stored as -R2.
    expect(((await act({ intent: "revise" })) as Response).status).toBe(302);
    await postDialog(cookie, { intent: "qty", sku: rows[0].sku, qty: "3" });
    const revised = await postDialog(cookie, { intent: "store" });
    const folio2 = revised.headers.get("location")!.split("/").pop()!;
    expect(folio2).toBe(`${folio}-R2`);
    const r2 = await getStoredQuote(folio2);
    expect(r2!.row.changes.map((c) => c.field)).toContain(`Cantidad ${rows[0].sku}`);
    expect((await getStoredQuote(folio))!.lines.find((l) => l.sku === rows[0].sku)!.qty).toBe(1);

    // ERP: no user chosen, then a timeout (the quote stays, retryable), then success, then refused as already sent.
    const noUser = await statusAndBody((await act({ intent: "erp", erpUser: "" })) as Response);
    expect(noUser.status).toBe(422);
    expect(noUser.body).toContain("Datos insuficientes: Debes completar la información para continuar");
    await simulatorControl.failNext("erp.createQuotation", "timeout");
    const failed = await statusAndBody((await act({ intent: "erp", erpUser: "VENTAS1" })) as Response);
    expect(failed.status).toBe(502);
    expect((await getStoredQuote(folio))!.row.erpState).toBe("failed");
    expect(((await act({ intent: "erp", erpUser: "VENTAS1" })) as Response).status).toBe(302);
    const sent = (await getStoredQuote(folio))!.row;
    expect(sent.erpState).toBe("sent");
    expect(sent.status).toBe("enviada");
    expect((await statusAndBody((await act({ intent: "erp", erpUser: "VENTAS1" })) as Response)).status).toBe(409);
    // Generar orden: once; spec 1 §4: order_status paid, status procesando_en_{product}, logistic type cotizador.
    const ordered = (await act({ intent: "order" })) as Response;
    expect(ordered.status).toBe(302);
    expect(await toastOf(ordered)).toMatchObject({ title: "Orden creada", message: "Se ha creado exitosamente" });
    const orderId = (await getStoredQuote(folio))!.row.orderId!;
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ orderStatus: "paid", status: "procesando_en_electrica", logisticType: "cotizador" });
    expect(displayStatus(order, "electrica", "Electrica")).toMatchObject({ label: "Procesando en Electrica", variant: "orange" });
    expect((await statusAndBody((await act({ intent: "order" })) as Response)).status).toBe(409);
    expect((await getStoredQuote(folio))!.row.status).toBe("convertida");
  });

  it("ERP mode without ERP users asks to contact support; other roles may not send", async () => {
    const dev = await loginAs("developer", { erpUsers: [] });
    const admin = await loginAs("admin");
    const rows = okList((await get("/products", dev.cookie)) as ListData).rows;
    await post("/products", dev.cookie, { intent: "add", sku: rows[0].sku, qty: "1" });
    const folio = (await postDialog(dev.cookie, { intent: "store" })).headers.get("location")!.split("/").pop()!;
    const send = (cookie: string) =>
      settle(() =>
        quoteAction(
          routeArgs({
            request: makeRequest(`/products/quotes/${folio}`, { cookie, form: { intent: "erp", erpUser: "VENTAS1" } }),
            params: { folio },
          }),
        ),
      );
    expect((await statusAndBody((await send(dev.cookie)) as Response)).body).toContain("Contacta a soporte");
    expect((await statusAndBody((await send(admin.cookie)) as Response)).status).toBe(403);
  });
});

describe("quotation PDF (8 lines a page, 'Página n de m', totals)", () => {
  const docWith = (n: number): QuotationDocumentData => {
    const lines = Array.from({ length: n }, (_, i) => ({
      sku: `SKU-${i + 1}`,
      description: `Artículo ${i + 1}`,
      qty: 1,
      priceCents: 10000,
      amountCents: 10000,
      discount: 0,
    }));
    return {
      folio: "COT-2026-000001",
      issuedAt: new Date().toISOString(),
      author: "Prueba",
      client: { key: "V", name: "VENTA MOSTRADOR", rfc: "", priceList: "Precio 2" },
      email: "",
      phone: "",
      reference: "",
      notes: "",
      orderType: "normal",
      listingType: null,
      category: null,
      discountPercent: 0,
      exchangeRate: 18,
      lines,
      totals: computeTotals(lines, 0, 0),
    };
  };
  it.each([
    [1, 1],
    [8, 1],
    [9, 2],
    [17, 3],
  ])(
    "%d lines → %d pages",
    async (lines, pages) => {
      const pdf = await quotationPdf(docWith(lines));
      const proxy = await getDocumentProxy(new Uint8Array(pdf));
      expect(proxy.numPages).toBe(pages);
      const { text } = await extractText(proxy, { mergePages: false });
      expect(text[pages - 1]).toContain(`Página ${pages} de ${pages}`);
      if (pages === 3) expect(text[1]).toContain("Página 2 de 3");
      // Totals on the last page only: 16 % IVA of n × $100.00.
      const total = (lines * 100 * 1.16).toLocaleString("es-MX", { minimumFractionDigits: 2 });
      expect(text[pages - 1]).toContain(total);
      expect(text[pages - 1]).toContain("5 días hábiles");
      expect(text[0]).toContain("MXN");
    },
    30_000,
  );
});
