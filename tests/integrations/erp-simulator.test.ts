import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { DEMO_SCENARIOS } from "../../server/integrations/simulator/demo";
import { createSimulatorIntegrations, listDemoCreditNotes, listDemoMovements, simulatorControl } from "../../server/integrations/simulator";
import { useTestDatabase } from "../helpers/db";
import { expectIntegrationError } from "./contract";
import { BALANCES, ORDERS, seedFixtures } from "./fixtures";

const { erp } = createSimulatorIntegrations();
let database: Database;

const totalOf = (lines: Array<{ sku: string; quantity: number; price: number }>) =>
  Math.round(lines.filter((l) => l.sku !== "SERV2" && l.sku !== "SERV10").reduce((s, l) => s + l.price * l.quantity, 0) * 1.16 * 100) / 100;

beforeAll(async () => {
  database = await useTestDatabase();
  await seedFixtures(database);
});

describe("ERP simulator: movements", () => {
  it("an assigned order's movement has its publications' items, the right warehouse, MLPR and the order's total", async () => {
    const dropOff = await erp.validateMovement("5001");
    expect(dropOff).toEqual({
      found: true,
      movement: "5001",
      lines: [{ sku: "THW12NE100", quantity: 2, price: 1329.6, reservedQuantity: 2, warehouse: "1ML", client: "MLPR" }],
    });

    const full = await erp.validateMovement(" 5002 ");
    if (!full.found) throw new Error("5002 debería existir");
    // Linked qty 3 × 1 sale, 10 % linked discount on 45.50, Full warehouse.
    expect(full.lines).toEqual([{ sku: "FOCO9W", quantity: 3, price: 40.95, reservedQuantity: 3, warehouse: "FJ", client: "MLPR" }]);
    expect(Math.abs(totalOf(full.lines) - BALANCES[ORDERS.assignedFull])).toBeLessThanOrEqual(0.02);
  });

  it("an unknown movement is a typed 'not found'", async () => {
    expect(await erp.validateMovement("1234")).toEqual({ found: false, movement: "1234" });
  });

  it("builds one candidate per scenario for recent unassigned orders, each behaving as documented", async () => {
    const demo = await listDemoMovements(database);
    const orders = [...new Set(demo.map((d) => d.orderId))].sort();
    // Cancelled, web-shop and assigned orders never get candidates.
    expect(orders).toEqual([ORDERS.unassignedDropOff, ORDERS.unassignedFull, ORDERS.printed].sort());
    expect(demo).toHaveLength(orders.length * DEMO_SCENARIOS.length);

    for (const d of demo) {
      const lookup = await erp.validateMovement(d.movement);
      if (!lookup.found) throw new Error(`falta ${d.movement}`);
      const balance = BALANCES[d.orderId];
      const full = d.orderId === ORDERS.unassignedFull;
      const goods = lookup.lines.filter((l) => !l.sku.startsWith("SERV"));
      const total = totalOf(lookup.lines);
      switch (d.scenario) {
        case "match":
          expect(Math.abs(total - balance)).toBeLessThanOrEqual(0.02);
          expect(
            lookup.lines.every((l) => l.warehouse === (full ? "FJ" : "1ML") && l.client === "MLPR" && l.reservedQuantity === l.quantity),
          ).toBe(true);
          break;
        case "match_service_line":
          expect(lookup.lines.map((l) => l.sku)).toContain("SERV2");
          expect(Math.abs(total - balance)).toBeLessThanOrEqual(0.02);
          break;
        case "wrong_total":
          expect(Math.abs(total - balance)).toBeGreaterThan(0.02);
          break;
        case "wrong_warehouse":
          expect(goods.every((l) => l.warehouse === (full ? "1ML" : "FJ"))).toBe(true);
          break;
        case "wrong_client":
          expect(goods.every((l) => l.client === "C00101")).toBe(true);
          break;
        case "wrong_skus":
          expect(goods.map((l) => l.sku)).not.toContain(full ? "FOCO9W" : "THW12NE100");
          expect(Math.abs(total - balance)).toBeLessThanOrEqual(0.02);
          break;
        case "reserved_short":
          expect(goods[0].reservedQuantity).toBe(goods[0].quantity - 1);
          break;
      }
    }
  });

  it("credit notes: the app's own, plus demo ones that match or not", async () => {
    expect(await erp.validateCreditNote("nc0001")).toEqual({ found: true, note: "NC0001", lines: [{ sku: "THW12NE100", quantity: 2 }] });
    const notes = await listDemoCreditNotes(database);
    const match = notes.find((n) => n.scenario === "match");
    expect(match).toMatchObject({ note: "NCM5002", movement: "5002", orderId: ORDERS.assignedFull });
    expect(await erp.validateCreditNote("NCM5002")).toEqual({ found: true, note: "NCM5002", lines: [{ sku: "FOCO9W", quantity: 3 }] });
    expect(await erp.validateCreditNote("NC-NOEXISTE")).toEqual({ found: false, note: "NC-NOEXISTE" });
  });

  it("invoices a movement once", async () => {
    const invoice = await erp.createInvoice({ orderId: ORDERS.assignedDropOff, movement: "5001" });
    expect(invoice.folio).toMatch(/^FMLPR\d{6}$/);
    await expectIntegrationError(erp.createInvoice({ orderId: ORDERS.assignedDropOff, movement: "5001" }), {
      system: "erp",
      call: "createInvoice",
      kind: "rejected",
    });
    await expectIntegrationError(erp.createInvoice({ orderId: "1", movement: "424242" }), { system: "erp", kind: "rejected" });
  });
});

describe("ERP simulator: catalogue, clients and users", () => {
  it("syncs a catalogue product and refuses an unknown one", async () => {
    expect(await erp.syncSku("qo2100")).toEqual({ sku: "QO2100", message: "Producto sincronizado correctamente!" });
    const [row] = await database.query<{ synced: boolean }>(
      `select synced_at is not null as synced from sim.erp_articles where sku = 'QO2100'`,
    );
    expect(row.synced).toBe(true);
    await expectIntegrationError(erp.syncSku("NOEXISTE"), { system: "erp", call: "syncSku", kind: "rejected" });
  });

  it("searches articles by contains, or by prefix with a leading *", async () => {
    const contains = await erp.listArticles({ search: "9w" });
    expect(contains.data.map((a) => a.sku)).toEqual(["FOCO9W"]);
    expect(await erp.listArticles({ search: "*9w" })).toMatchObject({ data: [], meta: { total: 0 } });
    const prefix = await erp.listArticles({ search: "*thw" });
    expect(prefix.data[0]).toMatchObject({ sku: "THW12NE100", stockTotal: 35, price2: 1329.6, price3: 1250, currency: "Pesos" });
    const sorted = await erp.listArticles({ sortName: "stockTotal", sortValue: "DESC" });
    expect(sorted.data.map((a) => a.stockTotal)).toEqual([...sorted.data.map((a) => a.stockTotal)].sort((a, b) => b - a));
    expect(sorted.meta).toMatchObject({ limit: 20, page: 1 });
    expect(await erp.getArticle("foco9w")).toMatchObject({
      sku: "FOCO9W",
      stocks: [
        { warehouse: "M", qty: 100 },
        { warehouse: "FJ", qty: 20 },
      ],
    });
    expect(await erp.getArticle("NADA")).toBeNull();
  });

  it("knows the counter-sale client and searches clients", async () => {
    expect(await erp.getClient("v")).toEqual({
      key: "V",
      name: "VENTA MOSTRADOR",
      rfc: "XAXX010101000",
      priceList: "Precio 2",
      email: null,
      phones: null,
    });
    expect(await erp.getClient("ZZZ")).toBeNull();
    const found = await erp.searchClients({ query: "bajio" });
    expect(found[0]).toMatchObject({ key: "C00101", priceList: "Precio 3" });
  });

  it("lists ERP users with their warehouses", async () => {
    const users = await erp.listUsers();
    expect(users.find((u) => u.user === "MLVENTAS")).toEqual({
      user: "MLVENTAS",
      name: "Ventas Mercado Libre",
      department: "Comercio electrónico",
      warehouses: ["1ML", "FJ"],
    });
  });

  it("lists picking records", async () => {
    const page = await erp.listSurtido({});
    expect(page.meta).toEqual({ limit: 10, page: 1, total: 12 });
    expect(page.data[0].lines.length).toBeGreaterThan(0);
    const filtered = await erp.listSurtido({ search: "foco" });
    expect(filtered.data.every((r) => r.lines.some((l) => l.sku.includes("FOCO")))).toBe(true);
  });
});

describe("ERP simulator: quotations and point of sale", () => {
  const items = [{ sku: "THW12NE100", price: 1250, qty: 1, subtotal: 1250 }];

  it("creates quotations and refuses unknown users, clients and articles", async () => {
    const q = await erp.createQuotation({
      user: "VENTAS1",
      warehouse: "M",
      client: "C00101",
      priceList: "Precio 3",
      items,
      quotationId: "240517",
    });
    expect(q).toMatchObject({ mov: "Cotizacion", movId: "COT000001" });
    await expectIntegrationError(
      erp.createQuotation({ user: "NADIE", warehouse: "M", client: "C00101", priceList: "Precio 3", items, quotationId: "240517" }),
      { system: "erp", kind: "rejected" },
    );
    await expectIntegrationError(
      erp.createQuotation({ user: "VENTAS1", warehouse: "M", client: "NOCLIENTE", priceList: "Precio 2", items, quotationId: "240517" }),
      { system: "erp", kind: "rejected" },
    );
    const error = await expectIntegrationError(
      erp.createQuotation({
        user: "VENTAS1",
        warehouse: "M",
        client: "V",
        priceList: "Precio 2",
        items: [{ sku: "NOEXISTE", price: 1, qty: 1, subtotal: 1 }],
        quotationId: "240517",
      }),
      { system: "erp", kind: "rejected" },
    );
    expect((error as Error).message).toContain("NOEXISTE");
  });

  it("records a sale once, reports its movements, and knows when the customer invoiced it", async () => {
    const input = {
      reference: "PDV-900 S-12",
      agent: "CAJA1",
      warehouse: "M",
      client: "V",
      items,
      total: 1450,
      paymentWay: "01",
      paymentCondition: "CONTADO" as const,
    };
    const movs = await erp.createPdvQuotation(input);
    expect(movs).toHaveLength(1);
    expect(movs[0]).toMatchObject({ mov: "Nota" });
    expect(await erp.createPdvQuotation(input)).toEqual(movs); // a retry does not duplicate
    expect(await erp.checkInvoice("PDV-900 S-12")).toEqual({ invoiced: false });
    await simulatorControl.invoicePdvSale("PDV-900 S-12");
    expect(await erp.checkInvoice("PDV-900 S-12")).toEqual({ invoiced: true });
    expect((await erp.getMovementsInfo("PDV-900 S-12")).map((m) => m.mov)).toEqual(["Nota", "Factura"]);
    await erp.sendCancelDetail({ reference: "PDV-900 S-12", cancelDetail: "Autorizó: Gabriela Ruiz. Motivo: prueba" });
    await expectIntegrationError(erp.sendCancelDetail({ reference: "PDV-0 S-0", cancelDetail: "x" }), { system: "erp", kind: "rejected" });
    expect(await erp.getMovementsInfo("PDV-0 S-0")).toEqual([]);
  });
});
