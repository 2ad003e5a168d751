import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { closePdfBrowser } from "../../server/documents/pdf.server";
import { getEnv } from "../../server/env";
import { withMissingChromium } from "../helpers/missing-chromium";
import type { PublishInput } from "../../server/integrations/marketplace/port";
import { createSimulatorIntegrations } from "../../server/integrations/simulator";
import { useTestDatabase } from "../helpers/db";
import { expectIntegrationError } from "./contract";
import { BUYER, ORDERS, QUESTIONS, seedFixtures } from "./fixtures";

const { marketplace } = createSimulatorIntegrations({ sellerName: () => "Eléctrica de Prueba" });
let database: Database;

beforeAll(async () => {
  database = await useTestDatabase();
  await seedFixtures(database);
});
afterAll(async () => {
  await closePdfBrowser();
});

describe("marketplace simulator: categories and fees", () => {
  it("predicts the electrical category from a title", async () => {
    expect((await marketplace.predictCategory("Cable THW calibre 12 AWG 100 m"))[0]).toMatchObject({
      categoryId: "MLM187773",
      categoryName: "Cables Eléctricos",
    });
    expect((await marketplace.predictCategory("Foco LED A19 9W E27 luz fría"))[0].categoryId).toBe("MLM412348");
    expect((await marketplace.predictCategory("Centro de carga QO 8 circuitos"))[0].categoryId).toBe("MLM187776");
    expect((await marketplace.predictCategory("Apagador sencillo blanco"))[0].categoryName).toBe("Interruptores");
    expect((await marketplace.predictCategory("Panel LED empotrable 60x60"))[0].categoryName).toBe("Luminarias");
    const fallback = await marketplace.predictCategory("Tornillo");
    expect(fallback).toHaveLength(1);
    expect(fallback[0].categoryId).toBe("MLM187789");
  });

  it("describes categories with their path and tagged attributes", async () => {
    expect(await marketplace.getCategoryDetail("MLM187773")).toEqual({
      id: "MLM187773",
      name: "Cables Eléctricos",
      pathFromRoot: [
        { id: "MLM1500", name: "Construcción" },
        { id: "MLM187772", name: "Material Eléctrico" },
        { id: "MLM187773", name: "Cables Eléctricos" },
      ],
      children: [],
    });
    // The tree, level by level: the top categories, then each one's subcategories by name.
    expect(await marketplace.listRootCategories()).toEqual([
      { id: "MLM1500", name: "Construcción" },
      { id: "MLM1574", name: "Hogar, Muebles y Jardín" },
    ]);
    expect((await marketplace.getCategoryDetail("MLM1500"))!.children).toEqual([{ id: "MLM187772", name: "Material Eléctrico" }]);
    const electric = (await marketplace.getCategoryDetail("MLM187772"))!;
    expect(electric.pathFromRoot.map((c) => c.name)).toEqual(["Construcción", "Material Eléctrico"]);
    expect(electric.children.map((c) => c.name)).toContain("Cables Eléctricos");
    expect(electric.children.map((c) => c.name)).toEqual(
      [...electric.children.map((c) => c.name)].sort((a, b) => a.localeCompare(b, "es")),
    );
    const attributes = (await marketplace.getCategoryAttributes("MLM187773"))!;
    expect(attributes.find((a) => a.id === "CABLE_GAUGE")).toMatchObject({ required: true, allowVariations: false });
    expect(attributes.find((a) => a.id === "GTIN")).toMatchObject({ required: false, catalogRequired: true });
    expect(attributes.find((a) => a.id === "COLOR")).toMatchObject({ allowVariations: true });
    expect(await marketplace.getCategoryDetail("MLM0")).toBeNull();
    expect(await marketplace.getCategoryAttributes("MLM0")).toBeNull();
  });

  it("charges the category rate plus the fixed fee below $299", async () => {
    expect(await marketplace.getCommissionCost({ categoryId: "MLM187773", price: 120, listingType: "gold_special" })).toEqual({
      saleFeeAmount: 41.2,
      percentageFee: 13.5,
      fixedFee: 25,
    });
    expect((await marketplace.getCommissionCost({ categoryId: "MLM187773", price: 1000, listingType: "gold_pro" }))!.saleFeeAmount).toBe(
      180,
    );
    expect(await marketplace.getCommissionCost({ categoryId: "MLM1500", price: 100, listingType: "gold_pro" })).toBeNull();
    const fees = await marketplace.listFeeCategories();
    expect(fees.find((f) => f.title === "Focos LED")).toEqual({ title: "Focos LED", goldPro: 0.195, goldSpecial: 0.155 });
  });
});

describe("marketplace simulator: listings", () => {
  const input: PublishInput = {
    account: "main",
    officialStoreId: null,
    title: "Cable THW calibre 12 AWG 100 m rojo",
    description: "Cable de cobre para instalaciones.",
    categoryId: "MLM187773",
    listingType: "gold_special",
    attributes: [
      { id: "BRAND", valueName: "Condumex" },
      { id: "MODEL", valueName: "THW-12" },
    ],
    categoryVariations: [{ id: "COLOR", valueName: "Rojo" }],
    cost: 1542.34,
    linkedProducts: [{ sku: "thw12ne100", qty: 1, discount: 0 }],
    channels: ["marketplace"],
    syncWarehouses: ["M"],
    autosync: true,
    priceSync: true,
    stockSync: true,
    pictures: ["https://img.test/rojo.webp"],
    userId: 1,
  };

  it("refuses a listing missing required attributes, naming them", async () => {
    const error = await expectIntegrationError(marketplace.publish(input), { system: "marketplace", call: "publish", kind: "rejected" });
    expect((error as Error).message).toContain("Calibre");
    expect((error as Error).message).toContain("Largo");
    await expectIntegrationError(marketplace.publish({ ...input, title: "x".repeat(61) }), { system: "marketplace", kind: "rejected" });
  });

  it("publishes, shows, upgrades and re-describes a listing", async () => {
    const complete = {
      ...input,
      attributes: [
        ...input.attributes,
        { id: "CABLE_GAUGE", valueName: "12 AWG" },
        { id: "CABLE_LENGTH", valueName: "100 m" },
        { id: "ITEM_CONDITION", valueName: "Nuevo" },
        { id: "GTIN", valueName: "7501234567890" },
      ],
    };
    const published = await marketplace.publish(complete);
    expect(published).toMatchObject({ id: "MLM3000000001", status: "active", price: 1542.34, listingType: "gold_special" });
    expect(published.permalink).toContain("MLM-3000000001-cable-thw-calibre-12-awg-100-m-rojo");
    const [listing] = await database.query(`select title, seller_sku, picture_url from sim.mkt_publications where id = $1`, [published.id]);
    expect(listing).toMatchObject({ title: input.title, seller_sku: "THW12NE100", picture_url: "https://img.test/rojo.webp" });
    expect(await marketplace.updatePremium({ id: published.id, account: "main" })).toEqual({ id: published.id, listingType: "gold_pro" });
    await expectIntegrationError(marketplace.updateDescription({ id: published.id, description: "<b>Oferta</b>", store: null }), {
      system: "marketplace",
      kind: "rejected",
    });
    await marketplace.updateDescription({ id: published.id, description: "Texto plano", store: null });
    expect((await marketplace.syncPost({ id: published.id })).id).toBe(published.id);
    await expectIntegrationError(marketplace.updatePublication({ id: "MLM0", store: null }), {
      system: "marketplace",
      kind: "rejected",
      status: 404,
    });
  });

  it("creates a listing under the official store it is sent to, and moves it when published again", async () => {
    const complete = {
      ...input,
      title: "Cable THW calibre 12 AWG 100 m azul",
      attributes: [
        ...input.attributes,
        { id: "CABLE_GAUGE", valueName: "12 AWG" },
        { id: "CABLE_LENGTH", valueName: "100 m" },
        { id: "ITEM_CONDITION", valueName: "Nuevo" },
        { id: "GTIN", valueName: "7501234567890" },
      ],
    };
    const storeOf = async (id: string) =>
      (
        await database.query<{ account: string; official_store_id: string | null }>(
          `select account, official_store_id from sim.mkt_publications where id = $1`,
          [id],
        )
      )[0];
    const squareD = await marketplace.publish({ ...complete, officialStoreId: "4979" });
    expect(await storeOf(squareD.id)).toEqual({ account: "main", official_store_id: "4979" });
    await marketplace.publish({ ...complete, id: squareD.id, officialStoreId: "4981" });
    expect(await storeOf(squareD.id)).toEqual({ account: "main", official_store_id: "4981" });
    await marketplace.publish({ ...complete, id: squareD.id, officialStoreId: null });
    expect(await storeOf(squareD.id)).toEqual({ account: "main", official_store_id: null });
    const official = await marketplace.publish({ ...complete, account: "brand", officialStoreId: "5139" });
    expect(await storeOf(official.id)).toEqual({ account: "brand", official_store_id: "5139" });
    // A store of the other account, or one the marketplace does not know, is refused.
    const other = await expectIntegrationError(marketplace.publish({ ...complete, officialStoreId: "5139" }), {
      system: "marketplace",
      call: "publish",
      kind: "rejected",
    });
    expect((other as Error).message).toContain("no pertenece a esta cuenta");
    await expectIntegrationError(marketplace.publish({ ...complete, account: "brand", officialStoreId: "4979" }), {
      system: "marketplace",
      kind: "rejected",
    });
    const unknown = await expectIntegrationError(marketplace.publish({ ...complete, officialStoreId: "1234" }), {
      system: "marketplace",
      kind: "rejected",
    });
    expect((unknown as Error).message).toContain("La tienda oficial 1234 no existe");
  });

  it("reports sales per listing for an account", async () => {
    const today = new Date();
    const day = (d: Date) => `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, "0")}/${String(d.getDate()).padStart(2, "0")}`;
    const from = new Date(today.getTime() - 10 * 86400000);
    const rows = await marketplace.reportPublications({ start: day(from), end: day(today), mlStore: "Meli1" });
    expect(rows.find((r) => r.id === "MLM3001")).toMatchObject({ title: "Cable THW Calibre 12 100m Negro", visits: 300 });
    await expectIntegrationError(marketplace.reportPublications({ start: "2024-13-40", end: "x", mlStore: "Meli1" }), {
      system: "marketplace",
      kind: "rejected",
    });
  });
});

describe("marketplace simulator: orders", () => {
  it("surfaces a missing Chromium as an IntegrationError", async () => {
    await withMissingChromium(async () => {
      const error = await expectIntegrationError(marketplace.getShipmentLabel({ orderId: ORDERS.assignedDropOff, account: "main" }), {
        system: "marketplace",
        call: "getShipmentLabel",
        kind: "network",
      });
      expect((error as Error).message).toContain("Chromium");
    });
  });

  it.skipIf(!fs.existsSync(getEnv().CHROMIUM_PATH))(
    "prints a real PDF label, which moves the order to printed, then dispatch and syncs move it on",
    async () => {
      const label = await marketplace.getShipmentLabel({ orderId: ORDERS.assignedDropOff, account: "main" });
      if (label.kind !== "pdf") throw new Error("se esperaba un PDF");
      expect(label.data.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(label.data.length).toBeGreaterThan(2000);
      expect(label.filename).toBe(`etiqueta-${ORDERS.assignedDropOff}.pdf`);

      const printed = await marketplace.syncOrderInfo({ orderId: ORDERS.assignedDropOff, account: "main" });
      // The next sync finds the package in the carrier's hands.
      expect(printed!.statusHistory.slice(-1)).toEqual(["shipped"]);
    },
    60000,
  );

  it("refuses labels for Full, cancelled and not-yet-ready orders", async () => {
    await expectIntegrationError(marketplace.getShipmentLabel({ orderId: ORDERS.assignedFull, account: "brand" }), {
      system: "marketplace",
      kind: "rejected",
    });
    await expectIntegrationError(marketplace.getShipmentLabel({ orderId: ORDERS.cancelled, account: "main" }), {
      system: "marketplace",
      kind: "rejected",
    });
    const error = await expectIntegrationError(marketplace.getShipmentLabel({ orderId: ORDERS.unassignedDropOff, account: "main" }), {
      system: "marketplace",
      kind: "rejected",
    });
    expect((error as Error).message).toContain("aún no está disponible");
    await expectIntegrationError(marketplace.getShipmentLabel({ orderId: ORDERS.ecommerce, account: "main" }), {
      system: "marketplace",
      kind: "rejected",
      status: 404,
    });
  });

  it("moves an order one step along its shipment path on each sync", async () => {
    const first = await marketplace.syncOrderInfo({ orderId: ORDERS.unassignedDropOff, account: "main" });
    expect(first).toMatchObject({ orderStatus: "paid", shipmentStatus: "ready_to_print" });
    expect(first!.statusHistory).toEqual(["paid", "handling", "ready_to_print"]);
    // Waiting for the label: nothing moves.
    const again = await marketplace.syncOrderInfo({ orderId: ORDERS.unassignedDropOff, account: "main" });
    expect(again!.statusHistory).toEqual(first!.statusHistory);
    const full = await marketplace.syncOrderInfo({ orderId: ORDERS.unassignedFull, account: "brand" });
    expect(full!.statusHistory.slice(-1)).toEqual(["ready_to_pack"]);
    const cancelled = await marketplace.syncOrderInfo({ orderId: ORDERS.cancelled, account: "main" });
    expect(cancelled!.statusHistory).toEqual(["paid", "cancelled"]);
    expect(await marketplace.syncOrderInfo({ orderId: "999", account: "main" })).toBeNull();
  });

  it("dispatches a package only once its label is printed", async () => {
    await expectIntegrationError(marketplace.sendPackage({ orderId: ORDERS.unassignedDropOff, account: "main" }), {
      system: "marketplace",
      kind: "rejected",
    });
    expect(await marketplace.sendPackage({ orderId: ORDERS.printed, account: "main" })).toEqual({
      orderId: ORDERS.printed,
      shipmentStatus: "shipped",
    });
    await expectIntegrationError(marketplace.sendPackage({ orderId: ORDERS.printed, account: "main" }), {
      system: "marketplace",
      kind: "rejected",
    });
    const synced = await marketplace.syncOrderInfo({ orderId: ORDERS.printed, account: "main" });
    expect(synced).toMatchObject({ shipmentStatus: "out_for_delivery" });
    expect(synced!.trackingNumber).toMatch(/^MEL\d{10}$/);
  });

  it("looks buyers up per account", async () => {
    const clients = await marketplace.lookupClients([ORDERS.assignedDropOff, ORDERS.assignedFull, ORDERS.ecommerce, "nope"]);
    expect(clients.main).toEqual([
      { orderId: ORDERS.assignedDropOff, buyerId: BUYER.id, firstName: "Juan", lastName: "Pérez", nickname: BUYER.nickname },
    ]);
    expect(clients.brand.map((b) => b.orderId)).toEqual([ORDERS.assignedFull]);
  });

  it("summarises a month and reports sales", async () => {
    const now = new Date();
    const month = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, "0")}`;
    const days = await marketplace.monthlyOrderSummary(month);
    expect(days.reduce((s, d) => s + d.orders + d.cancelled, 0)).toBeGreaterThan(0);
    const customers = await marketplace.monthlyCustomerSummary(month);
    expect(customers.every((c) => c.orders > 0)).toBe(true);
    await expectIntegrationError(marketplace.monthlyOrderSummary("2024-13"), { system: "marketplace", kind: "rejected" });
    const start = new Date(now.getTime() - 5 * 86400000);
    const fmt = (d: Date) => `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, "0")}/${String(d.getDate()).padStart(2, "0")}`;
    const sales = await marketplace.salesReport({ start: fmt(start), end: fmt(new Date(now.getTime() + 86400000)) });
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.some((s) => s.orderId === ORDERS.ecommerce)).toBe(false);
  });

  it("answers the shipping schedule", async () => {
    expect((await marketplace.getSchedule()).find((s) => s.logisticType === "cross_docking")).toEqual({
      logisticType: "cross_docking",
      cutoff: "11:00",
      windowFrom: "09:30",
      windowTo: "10:30",
      weekdays: [1, 2, 3, 4, 5],
    });
  });
});

describe("marketplace simulator: questions", () => {
  it("answers a question once, in its own records only", async () => {
    const result = await marketplace.answerQuestion({
      account: "main",
      questionId: QUESTIONS.pending,
      message: "Sí, es 100 % cobre.",
      updatedBy: 1,
    });
    expect(result).toMatchObject({ questionId: QUESTIONS.pending, status: "ANSWERED" });
    await expectIntegrationError(
      marketplace.answerQuestion({ account: "main", questionId: QUESTIONS.pending, message: "Otra vez", updatedBy: 1 }),
      {
        system: "marketplace",
        kind: "rejected",
      },
    );
    await expectIntegrationError(
      marketplace.answerQuestion({ account: "main", questionId: QUESTIONS.answered, message: "x", updatedBy: 1 }),
      { system: "marketplace", kind: "rejected" },
    );
    // The app's own row is the app's business.
    const [appRow] = await database.query<{ status: string }>(`select status from questions where id = $1`, [QUESTIONS.pending]);
    expect(appRow.status).toBe("UNANSWERED");
  });

  it("blocks the buyer and deletes a question, after which it cannot be answered", async () => {
    await marketplace.blockUser({ account: "brand", questionId: QUESTIONS.other, clientId: 777 });
    await expectIntegrationError(marketplace.blockUser({ account: "brand", questionId: QUESTIONS.other, clientId: 1 }), {
      system: "marketplace",
      kind: "rejected",
    });
    await marketplace.deleteQuestion({ account: "brand", questionId: QUESTIONS.other });
    await marketplace.deleteQuestion({ account: "brand", questionId: QUESTIONS.other });
    await expectIntegrationError(
      marketplace.answerQuestion({ account: "brand", questionId: QUESTIONS.other, message: "Hola", updatedBy: 1 }),
      {
        system: "marketplace",
        kind: "rejected",
      },
    );
    await expectIntegrationError(marketplace.deleteQuestion({ account: "main", questionId: 1 }), {
      system: "marketplace",
      kind: "rejected",
      status: 404,
    });
  });
});

describe("marketplace simulator: messages", () => {
  it("hands out conversations whose newest message is the buyer's, until the seller replies", async () => {
    const pending = await marketplace.listPendingMessages();
    const conv = pending.find((c) => c.orderId === ORDERS.assignedDropOff);
    expect(conv).toMatchObject({ account: "main", clientId: BUYER.id, sellerId: 187654321, status: "active" });
    expect(conv!.messages.map((m) => [m.fromSeller, m.text])).toEqual([
      [true, "Gracias por su compra."],
      [false, "¿Me pueden mandar factura?"],
    ]);

    const filePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mkt-sim-")), "factura.pdf");
    fs.writeFileSync(filePath, "%PDF-1.4 factura");
    const file = { name: "factura 123.pdf", type: "application/pdf", size: 16, path: filePath };
    const sent = await marketplace.sendMessage({
      account: "main",
      orderId: ORDERS.assignedDropOff,
      message: "Le adjunto su factura.",
      updatedBy: 1,
      clientId: BUYER.id,
      file,
    });
    expect(sent.attachment).toEqual({
      filename: expect.stringMatching(/^187654321_2000000000000101_\d+_factura_123\.pdf$/),
      originalFilename: "factura 123.pdf",
    });
    expect((await marketplace.listPendingMessages()).some((c) => c.orderId === ORDERS.assignedDropOff)).toBe(false);
  });

  it("refuses empty, too long, and cancelled-order messages", async () => {
    await expectIntegrationError(
      marketplace.sendMessage({ account: "main", orderId: ORDERS.assignedDropOff, message: "  ", updatedBy: 1, clientId: null }),
      { system: "marketplace", kind: "rejected" },
    );
    await expectIntegrationError(
      marketplace.sendMessage({ account: "main", orderId: ORDERS.assignedDropOff, message: "x".repeat(351), updatedBy: 1, clientId: null }),
      { system: "marketplace", kind: "rejected" },
    );
    await expectIntegrationError(
      marketplace.sendMessage({ account: "main", orderId: ORDERS.cancelled, message: "Hola", updatedBy: 1, clientId: null }),
      { system: "marketplace", kind: "rejected" },
    );
  });
});

describe("marketplace simulator: invoice feedback", () => {
  it("lists invoice records with the customer's tax data", async () => {
    const { data, total } = await marketplace.listInvoiceFeedback({ limit: 10, offset: 0 });
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({ id: ORDERS.delivered, orderId: ORDERS.delivered, errorInfo: "SUCCESSFUL" });
    expect(data[0].invoiceData).toMatchObject({ name: "JUAN PÉREZ", zipCode: "76000", country: "México" });
    expect(await marketplace.listInvoiceData({ search: "nadie" })).toEqual({ data: [], total: 0 });
  });
});
