/**
 * The first import (docs/live-data.md, "First import") against an HTTP double of the old content
 * back end: records of every collection in the spec's field names (spec 1 §3, spec 2 §3), some of
 * them wrong on purpose. What is checked comes from what the fields mean in the spec, not from the
 * import's code: users without a usable password, the tree of categories, a product's references,
 * a quotation's totals, the till's sessions and sales, the live feeds going on after the import.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wipeAll } from "../../server/db/seed/wipe";
import { createHttpContent } from "../../server/integrations/content/http";
import { attemptLogin, INVALID_CREDENTIALS } from "~/modules/auth/login.server";
import { runImport, type ImportOptions, type ImportReport } from "~/modules/sync/import.server";
import { ContentDouble, type Stored } from "../helpers/content-double";
import { useTestDatabase } from "../helpers/db";
import { onPostgresPass } from "../helpers/template";

const database = await useTestDatabase();
const double = new ContentDouble();
beforeAll(async () => {
  await double.start();
});
afterAll(() => double.stop());

const content = () => createHttpContent({ baseUrl: double.url, token: "secreto", timeoutMs: 2000 });
const run = (options: Partial<ImportOptions> = {}) =>
  runImport({ content: content(), database, brandName: "Electrica", pageSize: 2, retryDelaysMs: [], ...options });

const T0 = Date.parse("2026-11-20T15:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

// ------------------------------------------------------------------ the old back end's records

const ANA = "0a6f2c1e-1111-4c1e-9a00-000000000001";
const CARLOS = "0a6f2c1e-2222-4c1e-9a00-000000000002";
const NOROLE = "0a6f2c1e-3333-4c1e-9a00-000000000003";
const SURTIDO = "0a6f2c1e-4444-4c1e-9a00-000000000004";
const UPSTREAM_HASH = "$2a$10$abcdefghijklmnopqrstuuQWERTYUIOPASDFGHJKLZXCVBNM12345";

const ORDER_MAIN = "2000000000000101";
const ORDER_BRAND = "2000000000000202";

function fill(d: ContentDouble) {
  const put = (collection: string, ...records: Stored[]) => records.forEach((r) => d.put(collection, r));
  put(
    "users",
    {
      id: ANA,
      email: "Ana.Lopez@Empresa.mx",
      first_name: "Ana",
      last_name: "López",
      phone: "5512345678",
      password: UPSTREAM_HASH,
      role: { id: "r1", name: "MercadoLibre Manager" },
      status: "active",
      intelisis_agent: "AG01",
      additional_role: [{ intelisis_user: "VENTAS1" }],
      confirm_code_pdv: "k3x9p",
    },
    {
      id: CARLOS,
      email: "cajero@empresa.mx",
      first_name: "Carlos",
      last_name: "Ruiz",
      password: UPSTREAM_HASH,
      role: { id: "r2", name: "Cajero" },
      status: "active",
    },
    { id: NOROLE, email: "contador@empresa.mx", first_name: "Pepe", role: { id: "r3", name: "Contador" }, status: "active" },
    { id: SURTIDO, email: "almacen@empresa.mx", first_name: "Sara", role: { id: "r4", name: "Surtido" }, level: 3, status: "suspended" },
  );
  put(
    "products_categories",
    { id: 0, name: "Sin categoría", slug: "sin-categoria", parent_id: null },
    { id: 1, name: "Cables", slug: "cables", parent_id: null },
    // Its parent comes two pages later (pages of 2: [0, 1], [2, 5], [7, 8]).
    { id: 2, name: "Cable THW", slug: "cable-thw", parent_id: 8 },
    { id: 5, name: "Tubo conduit", slug: "tubo-conduit", parent_id: 1 },
    // Its parent does not exist upstream.
    { id: 7, name: "Huérfana", slug: "huerfana", parent_id: 99 },
    { id: 8, name: "Cable de cobre", slug: "cable-de-cobre", parent_id: 1 },
  );
  put("products_brands", { id: 3, name: "Square D", slug: "square-d", parent_id: null, is_featured: true });
  put("products_sectors", { id: 4, name: "Residencial", slug: "residencial" });
  put("products_applications", { id: 6, name: "Iluminación", slug: "iluminacion" });
  put(
    "products",
    {
      id: "QO115",
      id_new: 501,
      manufacturer_sku: "QO115",
      name: "Interruptor QO 1x15A",
      slug: "qo115-interruptor-qo-1x15a",
      category: 2,
      brand: { id: 3, name: "Square D" },
      sector: 4,
      application: 6,
      properties: [
        { id: 1, product_id: "QO115", name: "Polos", value: "1", is_selector: false },
        { id: 2, product_id: "QO115", name: "Amperaje", value: "15 A", is_selector: true },
      ],
      tall: 10,
      wide: 2,
      long: 8,
      weight: 0.12,
      ean_upc: "7501234567890",
      description: "<p>Interruptor <script>alert(1)</script>termomagnético</p>",
      // A picture whose file the library here does not have: files are not part of the import.
      gallery: [
        { id: "5d7c1a4e-9b1f-4c5e-8a3d-0123456789ab", sort: 0, name: "qo115.jpg", origin: "directus", url: "https://contenido/assets/x" },
      ],
      is_active: true,
      is_combo: false,
      clave_sat: "39121601",
      stock_total: 40,
      stocks: [
        { name: "ALM1", qty: 30 },
        { name: "ALM2", qty: 10 },
      ],
      precio2: "120.50",
      precio3: 110,
      monedaprecio: "Pesos",
      updated_at: at(10),
    },
    // Its category is not upstream.
    { id: "CAB12", name: "Cable THW 12", slug: "cab12", category: 77, updated_at: at(11) },
    {
      id: "KIT1",
      name: "Kit de interruptores",
      slug: "kit1",
      is_combo: true,
      combo_products: [{ id: "QO115", name: "Interruptor QO 1x15A", price: 120.5, stock: 40, qty: 2 }],
      price: 230,
      updated_at: at(12),
    },
  );
  put(
    "mercadolibre_posts",
    {
      id: "MLM100200300",
      title: "Interruptor Termomagnético QO 15A",
      permalink: "https://articulo.mercadolibre.com.mx/MLM-100200300",
      price: 199,
      listing_type: "gold_pro",
      linked_products: [{ sku: "qo115", name: "Interruptor", qty: 1, price: 120.5 }],
      status: "active",
      ml_store: "4979",
      sold_quantity: 12,
      last_update: at(20),
      created_at: at(-600),
    },
    // Not a marketplace id.
    { id: "12345", title: "Sin id de Mercado Libre", last_update: at(21) },
  );
  put(
    "mercadolibre_variations",
    { id: 9001, post_id: "MLM100200300", name: "Negro", linked_products: [{ sku: "QO115", qty: 1 }] },
    { id: 9002, post_id: "MLM999999999", name: "Publicación que no existe" },
  );
  const order = (id: string, minutes: number, extra: Partial<Stored> = {}): Stored => ({
    id,
    title: "Interruptor Termomagnético QO 15A",
    store: null,
    order_date: at(minutes - 60),
    updated_at: at(minutes),
    logistic_type: "cross_docking",
    status: "paid",
    order_status: "paid",
    shipment_status: "ready_to_ship",
    shipping_info: { first_name: "Luis", last_name: "Mora", zip_code: "06700" },
    intelisis_movement: "null",
    total_amount: "199.00",
    order_items: [{ id: "MLM100200300", title: "Interruptor Termomagnético QO 15A", price: 199, qty: 1, seller_sku: "qo115" }],
    buyer_id: 777,
    buyer_nickname: "COMPRADOR1",
    ...extra,
  });
  put("mercadolibre_orders", order(ORDER_MAIN, 30), order("2000000000000102", 31, { order_status: "en_camino" }));
  put("electrica_orders", order(ORDER_BRAND, 32));
  put("questions", {
    id: "13000000001",
    status: "UNANSWERED",
    message: "¿Tiene factura?",
    publication: "MLM100200300",
    client_id: 777,
    client: { nickname: "COMPRADOR1" },
    store: "Meli1",
    date_created: at(40),
    updated_at: at(41),
  });
  put("messages", {
    id: "5001",
    order_id: ORDER_MAIN,
    order_date: at(-30),
    conversation: [{ id: "m-5001-1", text: "Hola, ¿me envían la factura?", from: { user_id: "777" }, message_date: { created: at(45) } }],
    client_id: "777",
    seller_id: "123",
    status: "active",
    date_updated: at(45),
  });
  put(
    "banners_home_ecommerce",
    {
      id: 1,
      name: "Portada",
      cover_title: "Todo en material eléctrico",
      cover_subtitle: "Envíos a todo México",
      cover_content: "Compra en línea",
    },
    { id: 2, name: "Demasiado largo", cover_title: "x".repeat(256) },
  );
  put("ecommerce", { id: 2, title: "Más vendidos", status: true, products: [{ id: "QO115", qty: 1 }] });
  put("blog_posts", {
    id: 3,
    title: "Cómo elegir un interruptor",
    content: "<p>Texto</p>",
    slug: "como-elegir-un-interruptor",
    status: "published",
    created_at: "2026-01-10T12:00:00Z",
  });
  put(
    "store_promos",
    {
      id: 4,
      title: "Buen Fin",
      description: "Descuentos",
      start_date: "2026/11/14",
      end_date: "2026/11/17",
      visible: true,
      link: "https://tienda.example.com.mx/buen-fin",
    },
    { id: 8, title: "Al revés", start_date: "2026/11/17", end_date: "2026/11/14" },
  );
  put("store_locations", {
    id: 5,
    name: "Matriz",
    schedule: "L-V 9 a 18",
    phone: "5555555555",
    address: "Av. Juárez 12, CDMX",
    geolocation: { type: "Point", coordinates: [-99.13, 19.43] },
  });
  put("catalogs", {
    id: 6,
    title: "Catálogo 2026",
    subtitle: [{ subtitle: "Interruptores", products: [{ id: "QO115", qty: 1 }] }],
    image: [],
  });
  put("quotations", {
    id: 10,
    clientName: "Constructora Norte",
    clientEmail: "compras@norte.mx",
    products: [
      { sku: "QO115", descripcion1: "Interruptor QO 1x15A", price: 100, qty: 2, discount: 0 },
      { id: "LIBRE-1", type: "custom", name: "Flete", price: 50, qty: 1 },
    ],
    globalDiscount: 5,
    notes: "Entrega en obra",
    agente: "AG01",
    almacen: "ALM1",
    user_created: ANA,
    date_created: "2026-10-01T16:00:00Z",
  });
  put(
    "sessions_pdv",
    {
      id: 20,
      user_id: CARLOS,
      amount_open: 500,
      date_open: at(-300),
      date_close: at(-60),
      amount_cash: 1200,
      amount_close: 1200,
      amount_detail: { "500": 2, "100": 2 },
    },
    { id: 21, user_id: "no-existe", amount_open: 100, date_open: at(-200) },
  );
  put(
    "sales_pdv",
    {
      id: 30,
      session_id: 20,
      user_id: CARLOS,
      total: 116,
      subtotal: 100,
      iva_total: 16,
      amount_cash: 200,
      change_money: 84,
      date_created: at(-120),
      sale_code: "V-0001",
      invoice_code: "ABC123",
      payment_way: "Efectivo",
      payment_condition: "Contado",
      discount_applied: 0,
      detail: [{ product_id: "QO115", sku: "QO115", description: "Interruptor QO 1x15A", price_sale: 100, qty: 1, amount: 100 }],
    },
    { id: 31, session_id: 21, user_id: CARLOS, total: 10, subtotal: 10, iva_total: 0, date_created: at(-100), sale_code: "V-0002" },
  );
}

/** Records refused on purpose above, by collection: [upstream id, words its reason must carry]. */
const EXPECTED_REFUSALS: Array<[string, string, string]> = [
  ["users", NOROLE, "rol desconocido: Contador"],
  ["products_categories", "7", "el padre 99 no existe"],
  ["products", "CAB12", "category: 77 no existe"],
  ["mercadolibre_posts", "12345", "id de publicación no válido"],
  ["mercadolibre_variations", "9002", "MLM999999999 no existe"],
  ["mercadolibre_orders", "2000000000000102", "order_status"],
  ["banners_home_ecommerce", "2", "cover_title"],
  ["store_promos", "8", "anterior a start_date"],
  ["sessions_pdv", "21", "no-existe no es un usuario importado"],
  ["sales_pdv", "31", "session_id: 21 no existe"],
];

const BUSINESS = [
  "orders",
  "publications",
  "publication_variations",
  "questions",
  "conversations",
  "products",
  "categories",
  "brands",
  "sectors",
  "applications",
  "banners_home",
  "shop_sections",
  "blog_posts",
  "store_promos",
  "store_locations",
  "catalogs",
  "quotations",
  "pdv_sessions",
  "pdv_sales",
];

const countOf = async (table: string) => Number((await database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n);
const rowsOf = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      [...BUSINESS, "users", "product_properties", "quotation_lines", "pdv_sale_lines", "messages"].map(
        async (t) => [t, await countOf(t)] as const,
      ),
    ),
  );

function expectRefusals(report: ImportReport) {
  for (const [collection, id, words] of EXPECTED_REFUSALS) {
    const found = report.refused.find((r) => r.collection === collection && r.id === id);
    expect(found, `${collection} ${id}`).toBeDefined();
    expect(found!.reason).toContain(words);
  }
  expect(report.refused).toHaveLength(EXPECTED_REFUSALS.length);
}

fill(double);

describe("the first import", () => {
  it("--dry-run reads and checks everything, reports what it would do and writes nothing", async () => {
    const report = await run({ dryRun: true });
    expect(report).toMatchObject({ status: "complete", dryRun: true });
    expect(report.collections.every((c) => c.finished)).toBe(true);
    expectRefusals(report);
    const by = Object.fromEntries(report.collections.map((c) => [c.collection, c]));
    // Category 0 is the virtual "Sin categoría"; 7 hangs from a parent that never comes.
    expect(by.products_categories).toMatchObject({ read: 6, written: 4, refused: 1 });
    expect(by.users).toMatchObject({ read: 4, written: 3, refused: 1 });
    // The sale of the session that is refused is refused too; the good one counts its session as accepted.
    expect(by.sales_pdv).toMatchObject({ read: 2, written: 1, refused: 1 });
    expect(by.products.missingFiles).toBe(1);
    for (const table of [...BUSINESS, "users", "import_progress", "import_keys", "feed_rejects", "feed_state", "audit_log"])
      expect(await countOf(table), table).toBe(0);
  });

  it("copies every collection, maps the spec's fields, refuses the bad records with their reason", async () => {
    const report = await run();
    expect(report.status, report.message).toBe("complete");
    expect(report.collections.map((c) => c.collection)).toContain("electrica_orders");
    expect(report.collections.every((c) => c.finished && !c.error)).toBe(true);
    expectRefusals(report);

    // Users: in, without the old system's password; nobody signs in until an Admin sets one.
    const people = await rowsOf<{
      id: number;
      email: string;
      role: string;
      password_hash: string;
      erp_users: string[];
      intelisis_agent: string | null;
      is_active: boolean;
      level: number | null;
      confirm_code_pdv: string | null;
    }>("select id, email, role, password_hash, erp_users, intelisis_agent, is_active, level, confirm_code_pdv from users order by email");
    expect(people.map((p) => p.email)).toEqual(["almacen@empresa.mx", "ana.lopez@empresa.mx", "cajero@empresa.mx"]);
    const ana = people.find((p) => p.email === "ana.lopez@empresa.mx")!;
    expect(ana).toMatchObject({
      role: "ml_manager",
      erp_users: ["VENTAS1"],
      intelisis_agent: "AG01",
      is_active: true,
      confirm_code_pdv: "k3x9p",
    });
    expect(people.find((p) => p.email === "almacen@empresa.mx")).toMatchObject({ role: "surtido", level: 3, is_active: false });
    for (const p of people) expect(p.password_hash).not.toBe(UPSTREAM_HASH);
    expect(await attemptLogin("ana.lopez@empresa.mx", "", "10.9.8.7")).toEqual({ ok: false, message: INVALID_CREDENTIALS });
    expect(await attemptLogin("cajero@empresa.mx", UPSTREAM_HASH, "10.9.8.7")).toEqual({ ok: false, message: INVALID_CREDENTIALS });

    // The category tree: 2's parent came two pages later; 0 is no category; 7 is refused and absent.
    expect(await rowsOf("select id, parent_id from categories order by id")).toEqual([
      { id: 1, parent_id: null },
      { id: 2, parent_id: 8 },
      { id: 5, parent_id: 1 },
      { id: 8, parent_id: 1 },
    ]);
    expect(await rowsOf("select id, is_featured from brands")).toEqual([{ id: 3, is_featured: true }]);

    // A product: its references, its properties, its ERP figures; its description without a script.
    const [qo] = await rowsOf<Record<string, unknown>>(
      "select category_id, brand_id, sector_id, application_id, ean_upc, description, precio2::float, precio3::float, stock_total, stocks, gallery, is_active, clave_sat from products where id = 'QO115'",
    );
    expect(qo).toMatchObject({
      category_id: 2,
      brand_id: 3,
      sector_id: 4,
      application_id: 6,
      ean_upc: "7501234567890",
      precio2: 120.5,
      precio3: 110,
      stock_total: 40,
      is_active: true,
      clave_sat: "39121601",
      gallery: [],
    });
    expect(qo.stocks).toEqual([
      { name: "ALM1", qty: 30 },
      { name: "ALM2", qty: 10 },
    ]);
    expect(qo.description).toContain("termomagnético");
    expect(qo.description).not.toContain("script");
    expect(await rowsOf("select name, value, is_selector from product_properties where product_id = 'QO115' order by sort")).toEqual([
      { name: "Polos", value: "1", is_selector: false },
      { name: "Amperaje", value: "15 A", is_selector: true },
    ]);
    expect(await rowsOf("select is_combo, combo_products from products where id = 'KIT1'")).toEqual([
      { is_combo: true, combo_products: [{ id: "QO115", name: "Interruptor QO 1x15A", price: 120.5, stock: 40, qty: 2 }] },
    ]);
    expect(await countOf("products")).toBe(2);

    // Publications and variations; orders of both accounts; the question; the conversation.
    expect(await rowsOf("select id, listing_type, linked_products_string, ml_store from publications")).toEqual([
      { id: "MLM100200300", listing_type: "gold_pro", linked_products_string: "QO115", ml_store: "4979" },
    ]);
    expect(await rowsOf("select id::int as id, post_id, name from publication_variations")).toEqual([
      { id: 9001, post_id: "MLM100200300", name: "Negro" },
    ]);
    expect(await rowsOf("select id::text, store, intelisis_movement from orders order by id")).toEqual([
      { id: ORDER_MAIN, store: null, intelisis_movement: null },
      { id: ORDER_BRAND, store: "Electrica", intelisis_movement: null },
    ]);
    expect(await rowsOf("select id::text, status, publication_id, client_nickname from questions")).toEqual([
      { id: "13000000001", status: "UNANSWERED", publication_id: "MLM100200300", client_nickname: "COMPRADOR1" },
    ]);
    expect(
      await rowsOf("select c.order_id::text, m.text, m.external_id from conversations c join messages m on m.conversation_id = c.id"),
    ).toEqual([{ order_id: ORDER_MAIN, text: "Hola, ¿me envían la factura?", external_id: "m-5001-1" }]);

    // Shop content.
    expect(await rowsOf("select id, cover_title from banners_home")).toEqual([{ id: 1, cover_title: "Todo en material eléctrico" }]);
    expect(await rowsOf("select id, status, products from shop_sections")).toEqual([
      { id: 2, status: true, products: [{ id: "QO115", qty: 1 }] },
    ]);
    expect(await rowsOf("select slug, status from blog_posts")).toEqual([{ slug: "como-elegir-un-interruptor", status: true }]);
    expect(await rowsOf("select start_date::text, end_date::text, visible from store_promos")).toEqual([
      { start_date: "2026-11-14", end_date: "2026-11-17", visible: true },
    ]);
    expect(await rowsOf("select geolocation from store_locations")).toEqual([{ geolocation: { lat: 19.43, lng: -99.13 } }]);
    expect(await rowsOf("select subtitles from catalogs")).toEqual([
      { subtitles: [{ title: "Interruptores", products: [{ id: "QO115", qty: 1 }] }] },
    ]);

    // The quotation: lines 2 × 100 + 50 = 250, 5 % off = 237.50, IVA 16 % = 38.00, total 275.50; made by Ana.
    const [quote] = await rowsOf<Record<string, unknown>>(
      "select folio, subtotal::float, iva::float, total::float, discount_amount::float, created_by, notes from quotations where id = 10",
    );
    expect(quote).toMatchObject({
      subtotal: 237.5,
      iva: 38,
      total: 275.5,
      discount_amount: 12.5,
      created_by: ana.id,
      notes: "Entrega en obra",
    });
    expect(await rowsOf("select sku, type, description, price::float, qty::float from quotation_lines order by position")).toEqual([
      { sku: "QO115", type: "product", description: "Interruptor QO 1x15A", price: 100, qty: 2 },
      { sku: null, type: "custom", description: "Flete", price: 50, qty: 1 },
    ]);

    // The till: Carlos's session and its sale with its line.
    const carlos = people.find((p) => p.email === "cajero@empresa.mx")!;
    expect(await rowsOf("select id, user_id, amount_open::float, amount_detail from pdv_sessions")).toEqual([
      { id: 20, user_id: carlos.id, amount_open: 500, amount_detail: { "500": 2, "100": 2 } },
    ]);
    expect(await rowsOf("select id, session_id, user_id, sale_code, total::float from pdv_sales")).toEqual([
      { id: 30, session_id: 20, user_id: carlos.id, sale_code: "V-0001", total: 116 },
    ]);
    expect(await rowsOf("select product_id, qty, amount::float from pdv_sale_lines")).toEqual([
      { product_id: "QO115", qty: 1, amount: 100 },
    ]);

    // Refused records are kept for the Sincronización screen, under import:<collection>.
    const rejects = await rowsOf<{ feed: string; upstream_id: string }>("select feed, upstream_id from feed_rejects order by feed");
    expect(rejects).toHaveLength(EXPECTED_REFUSALS.length);
    expect(rejects.map((r) => r.feed)).toContain("import:products");
    expect(await rowsOf("select upstream_id, record->>'name' as name from feed_rejects where feed = 'import:products'")).toEqual([
      { upstream_id: "CAB12", name: "Cable THW 12" },
    ]);

    // The live feeds go on from the newest change each collection had when its import began.
    const cursors = Object.fromEntries(
      (await rowsOf<{ name: string; cursor_key: string }>("select name, cursor_key from feed_state")).map((r) => [
        r.name,
        JSON.parse(r.cursor_key),
      ]),
    );
    expect(cursors).toEqual({
      "orders-main": [at(31), "2000000000000102"],
      "orders-brand": [at(32), ORDER_BRAND],
      questions: [at(41), "13000000001"],
      messages: [at(45), "5001"],
      publications: [at(21), "12345"],
      "erp-articles": [at(12), "KIT1"],
    });

    // New rows made here get ids after the imported ones.
    const [next] = await rowsOf<{ location: string; sale: string; quote: string; category: string }>(
      `select nextval(pg_get_serial_sequence('store_locations', 'id'))::text as location, nextval(pg_get_serial_sequence('pdv_sales', 'id'))::text as sale,
              nextval(pg_get_serial_sequence('quotations', 'id'))::text as quote, nextval(pg_get_serial_sequence('categories', 'id'))::text as category`,
    );
    expect(next).toEqual({ location: "6", sale: "31", quote: "11", category: "9" });
  });

  it("a second full run (--resume re-reads the finished collections) writes nothing", async () => {
    const before = await counts();
    const report = await run({ resume: true });
    expect(report.status, report.message).toBe("complete");
    expect(report.collections.map((c) => [c.collection, c.written])).toEqual(report.collections.map((c) => [c.collection, 0]));
    expect(report.collections.find((c) => c.collection === "mercadolibre_orders")).toMatchObject({ read: 2, refused: 1 });
    expectRefusals(report);
    expect(await counts()).toEqual(before);
  });

  it("refuses to write into a database that already has business data, unless --resume", async () => {
    const report = await run();
    expect(report.status).toBe("refused");
    expect(report.message).toContain("La base de datos ya tiene datos (pedidos, publicaciones");
    expect(report.message).toContain("--resume");
    expect(report.collections).toEqual([]);
  });

  it("a refused token stops the run with its reason; what was written stays", async () => {
    const report = await runImport({
      content: createHttpContent({ baseUrl: double.url, token: "otro", timeoutMs: 2000 }),
      database,
      brandName: "Electrica",
      resume: true,
      retryDelaysMs: [10],
    });
    expect(report.status).toBe("failed");
    expect(report.message).toContain("Usuarios (users): el back end de contenido rechazó el token (401)");
    expect(report.collections).toEqual([expect.objectContaining({ collection: "users", finished: false })]);
    expect(await countOf("users")).toBe(3);
  });

  it("a run stopped mid-collection (a 500 on the third page, then Ctrl-C) goes on with --resume: every row once", async () => {
    await wipeAll(database);
    const orders = Array.from({ length: 7 }, (_, i) => `20000000000009${String(i).padStart(2, "0")}`);
    const saved = double.collections.get("mercadolibre_orders");
    double.collections.delete("mercadolibre_orders");
    try {
      orders.forEach((id, i) =>
        double.put("mercadolibre_orders", {
          id,
          order_date: at(i),
          updated_at: at(100 + i),
          order_status: "paid",
          status: "paid",
          order_items: [{ id: "MLM100200300", title: "Interruptor", price: 199, qty: 1 }],
        }),
      );
      const only = ["mercadolibre_orders"];
      const progress = async () =>
        (
          await rowsOf<{ last_id: string; read: number; written: number; finished_at: Date | null }>(
            "select last_id, read, written, finished_at from import_progress",
          )
        )[0];
      const noop = { kind: "mutate" as const, mutate: () => {} };

      // The newest-change probe, pages 1 and 2 answer; page 3 fails.
      double.queue.push(noop, noop, noop, { kind: "status", status: 500 });
      const failed = await run({ only });
      expect(failed.status).toBe("failed");
      expect(failed.message).toContain("--resume");
      expect(await progress()).toMatchObject({ last_id: orders[3], read: 4, written: 4, finished_at: null });
      expect(await countOf("orders")).toBe(4);

      // Resumed: page 3 first, then stopped (Ctrl-C) after it.
      const stop = new AbortController();
      const stopped = await run({ only, resume: true, signal: stop.signal, onEvent: (e) => e.kind === "page" && stop.abort() });
      expect(stopped.status).toBe("stopped");
      expect(await progress()).toMatchObject({ last_id: orders[5], read: 6, written: 6, finished_at: null });

      double.requests.length = 0;
      const resumed = await run({ only, resume: true });
      expect(resumed.status, resumed.message).toBe("complete");
      expect(resumed.collections[0]).toMatchObject({ read: 1, written: 1, finished: true });
      // It asked only for what comes after the last order written.
      expect(double.requests.some((r) => r.includes("filter[id][_gt]=") && !r.includes(`filter[id][_gt]=${orders[5]}`))).toBe(false);
      expect(await rowsOf("select id::text from orders order by id")).toEqual(orders.map((id) => ({ id })));
      expect(await progress()).toMatchObject({ read: 7, written: 7 });
      expect((await progress()).finished_at).not.toBeNull();
    } finally {
      double.collections.set("mercadolibre_orders", saved!);
    }
  });

  // The command runs on an embedded database of its own data directory (DATABASE_URL is emptied):
  // the embedded pass runs it, a PostgreSQL pass would repeat the same process.
  it.skipIf(onPostgresPass)(
    "npm run import -- --dry-run runs as a command and writes its report",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bo-import-"));
      try {
        const reportPath = path.join(dir, "informe.json");
        const child = await promisify(execFile)(
          path.resolve("node_modules/.bin/tsx"),
          ["cli/import.ts", "--from", double.url, "--token", "secreto", "--dry-run", "--report", reportPath],
          {
            env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "development" },
            timeout: 120_000,
          },
        ).catch((error: { code?: number; stdout?: string; stderr?: string }) => ({ ...error, failed: true }));
        expect("failed" in child ? child : null, JSON.stringify(child)).toBeNull();
        expect(child.stdout).toContain("Prueba (--dry-run): no se escribió nada.");
        expect(child.stdout).toContain("Registros rechazados (10)");
        const report = JSON.parse(fs.readFileSync(reportPath, "utf8")) as ImportReport;
        expect(report).toMatchObject({ status: "complete", dryRun: true });
        expect(report.source).not.toContain("secreto");
        expectRefusals(report);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
