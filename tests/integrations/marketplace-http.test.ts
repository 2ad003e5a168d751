import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandSegmentFrom, createHttpMarketplace } from "../../server/integrations/marketplace/http";
import type { MarketplacePort, PublishInput } from "../../server/integrations/marketplace/port";
import { getEnv } from "../../server/env";
import { createIntegrations } from "../../server/integrations";
import { answer, describeContracts, expectIntegrationError, TOKEN, type Contract } from "./contract";

const ORIGIN = "http://meli.test";
const BASE_PATH = "/cms";
const ML = "custom/legacy-mercadolibre";
const make = (timeoutMs: number) =>
  createHttpMarketplace({ baseUrl: `${ORIGIN}${BASE_PATH}`, token: TOKEN, timeoutMs, brandSegment: "electrica" });

const ORDER = "2000006065655488";
const PDF = new TextEncoder().encode("%PDF-1.4\n% etiqueta de prueba\n%%EOF");
// Files go out streamed from disk, as the app stages them.
const PDF_PATH = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mkt-http-")), "factura.pdf");
fs.writeFileSync(PDF_PATH, PDF);

const publishInput: PublishInput = {
  account: "brand",
  officialStoreId: "5139",
  title: "Cable THW calibre 12 AWG 100 m negro",
  description: "Cable de cobre",
  categoryId: "MLM187773",
  listingType: "gold_special",
  attributes: [{ id: "BRAND", valueName: "Condumex" }],
  categoryVariations: [{ id: "COLOR", valueName: "Negro" }],
  cost: 1542.34,
  linkedProducts: [{ sku: "THW12NE100", qty: 1, discount: 0 }],
  channels: ["marketplace", "mshops"],
  syncWarehouses: ["M", "1ML"],
  autosync: true,
  priceSync: true,
  stockSync: false,
  pictures: ["https://img.test/1.webp"],
  userId: 3,
};

/** The body `publish(publishInput)` sends, with its `publication` part. */
const publishBody = (publication: Record<string, unknown>) => ({
  autosync: true,
  price_sync: true,
  stock_sync: false,
  sync_warehouses: [{ warehouse: "M" }, { warehouse: "1ML" }],
  publication,
  title: "Cable THW calibre 12 AWG 100 m negro",
  description: "Cable de cobre",
  attributes: [{ id: "BRAND", value_name: "Condumex" }],
  cost: 1542.34,
  skus: "THW12NE100",
  channels: ["marketplace", "mshops"],
  category_variations: [{ id: "COLOR", value_name: "Negro" }],
  linked_products: [{ sku: "THW12NE100", qty: 1, discount: 0 }],
  user: 3,
});
const mainPublication = (id: string | null, store: string | null) => ({
  id,
  category_id: "MLM187773",
  listing_type: "gold_special",
  official_store: null,
  ml_store: store,
  official_store_id: store === null ? null : Number(store),
  pictures: [{ source: "https://img.test/1.webp" }],
});

const invoiceRecord = {
  id: ORDER,
  electrica_order: ORDER,
  permalink: `https://www.mercadolibre.com.mx/ventas/${ORDER}/detalle`,
  date_created: "2024-05-17T10:00:00",
  error_info: "SUCCESSFUL",
  invoice_data: { name: "JUAN PEREZ", rfc: "PEXJ800101AB1", zip_code: "76000", cfdi: "G03" },
  feedbacks: [{ id: 11, date_created: "2024-05-17T10:00:00", error_info: "SUCCESSFUL" }],
};
const parsedInvoiceRecord = {
  id: ORDER,
  orderId: ORDER,
  permalink: `https://www.mercadolibre.com.mx/ventas/${ORDER}/detalle`,
  dateCreated: "2024-05-17T10:00:00.000Z",
  errorInfo: "SUCCESSFUL",
  invoiceData: {
    name: "JUAN PEREZ",
    rfc: "PEXJ800101AB1",
    address: "",
    phone: "",
    email: "",
    zipCode: "76000",
    country: "",
    state: "",
    city: "",
    colony: "",
    wayPayment: "",
    paymentMethod: "",
    taxRegime: "",
    cfdi: "G03",
  },
  feedbacks: [{ id: 11, dateCreated: "2024-05-17T10:00:00.000Z", errorInfo: "SUCCESSFUL" }],
};

const contracts: Array<Contract<MarketplacePort>> = [
  {
    name: "publish",
    call: (m) => m.publish(publishInput),
    method: "POST",
    path: `${ML}/publicationML`,
    body: publishBody({
      id: null,
      category_id: "MLM187773",
      listing_type: "gold_special",
      official_store: "electrica",
      ml_store: "5139",
      official_store_id: 5139,
      pictures: [{ source: "https://img.test/1.webp" }],
    }),
    reply: {
      json: {
        data: {
          id: "MLM3000000009",
          permalink: "https://articulo.mercadolibre.com.mx/MLM-3000000009-cable-_JM",
          status: "active",
          price: "1542.34",
          listing_type_id: "gold_special",
        },
      },
    },
    expected: {
      id: "MLM3000000009",
      permalink: "https://articulo.mercadolibre.com.mx/MLM-3000000009-cable-_JM",
      status: "active",
      price: 1542.34,
      listingType: "gold_special",
    },
  },
  {
    // Square D (4979) is an official store of the main account: the account marker stays empty, the store goes along.
    name: "publish (Square D)",
    call: (m) => m.publish({ ...publishInput, id: "MLM3000000009", account: "main", officialStoreId: "4979" }),
    method: "POST",
    path: `${ML}/publicationML`,
    body: publishBody(mainPublication("MLM3000000009", "4979")),
    reply: {
      json: {
        id: "MLM3000000009",
        permalink: "https://articulo.mercadolibre.com.mx/MLM-3000000009-cable-_JM",
        status: "active",
        price: 1542.34,
      },
    },
    expected: {
      id: "MLM3000000009",
      permalink: "https://articulo.mercadolibre.com.mx/MLM-3000000009-cable-_JM",
      status: "active",
      price: 1542.34,
      listingType: "gold_special",
    },
  },
  {
    name: "publish (SE Residencial)",
    call: (m) => m.publish({ ...publishInput, account: "main", officialStoreId: "4981" }),
    method: "POST",
    path: `${ML}/publicationML`,
    body: publishBody(mainPublication(null, "4981")),
    reply: {
      json: {
        id: "MLM3000000010",
        permalink: "https://articulo.mercadolibre.com.mx/MLM-3000000010-cable-_JM",
        status: "active",
        price: 1542.34,
      },
    },
    expected: {
      id: "MLM3000000010",
      permalink: "https://articulo.mercadolibre.com.mx/MLM-3000000010-cable-_JM",
      status: "active",
      price: 1542.34,
      listingType: "gold_special",
    },
  },
  {
    name: "publish (Meli 1)",
    call: (m) => m.publish({ ...publishInput, account: "main", officialStoreId: null }),
    method: "POST",
    path: `${ML}/publicationML`,
    body: publishBody(mainPublication(null, null)),
    reply: {
      json: {
        id: "MLM3000000011",
        permalink: "https://articulo.mercadolibre.com.mx/MLM-3000000011-cable-_JM",
        status: "active",
        price: 1542.34,
      },
    },
    expected: {
      id: "MLM3000000011",
      permalink: "https://articulo.mercadolibre.com.mx/MLM-3000000011-cable-_JM",
      status: "active",
      price: 1542.34,
      listingType: "gold_special",
    },
  },
  {
    name: "updatePublication",
    call: (m) => m.updatePublication({ id: "MLM1", store: "5139" }),
    method: "POST",
    path: `${ML}/updatePublication`,
    body: { id: "MLM1", store: "5139" },
    reply: { json: { data: { id: "MLM1" } } },
    expected: undefined,
  },
  {
    name: "updateDescription",
    call: (m) => m.updateDescription({ id: "MLM1", description: "Texto plano", store: null }),
    method: "POST",
    path: `${ML}/updateDescription`,
    body: { id: "MLM1", description: "Texto plano", store: null },
    reply: { json: { data: { ok: true } } },
    expected: undefined,
  },
  {
    name: "syncPost",
    call: (m) => m.syncPost({ id: "MLM1" }),
    method: "POST",
    path: `${ML}/syncPost`,
    body: { id: "MLM1" },
    reply: { json: { data: { last_sync_up: "2024-05-17T10:00:00.000Z" } } },
    expected: { id: "MLM1", syncedAt: "2024-05-17T10:00:00.000Z" },
  },
  {
    name: "updatePremium (brand account)",
    call: (m) => m.updatePremium({ id: "MLM1", account: "brand" }),
    method: "POST",
    path: `${ML}/electrica/updatePremium/MLM1`,
    reply: { json: { data: { listing_type_id: "gold_pro" } } },
    expected: { id: "MLM1", listingType: "gold_pro" },
  },
  {
    name: "updatePremium (main account)",
    call: (m) => m.updatePremium({ id: "MLM1", account: "main" }),
    method: "POST",
    path: `${ML}/updatePremium/MLM1`,
    reply: { json: { data: { listing_type: "gold_pro" } } },
    expected: { id: "MLM1", listingType: "gold_pro" },
  },
  {
    name: "reportPublications",
    call: (m) => m.reportPublications({ start: "2024/05/01", end: "2024/05/31", mlStore: "Oficiales" }),
    method: "POST",
    path: `${ML}/reportPublications`,
    body: { start: "2024/05/01", end: "2024/05/31", ml_store: "Oficiales" },
    reply: { json: { data: [{ id: "MLM1", title: "Foco", sales: "3", visits: 10 }] } },
    expected: [{ id: "MLM1", title: "Foco", sales: 3, visits: 10 }],
  },
  {
    name: "predictCategory",
    call: (m) => m.predictCategory("Cable THW calibre 12"),
    method: "POST",
    path: `${ML}/categoryPredictor`,
    body: { title: "Cable THW calibre 12" },
    reply: {
      json: [
        {
          domain_id: "MLM-ELECTRIC_WIRES",
          domain_name: "Cables eléctricos",
          category_id: "MLM187773",
          category_name: "Cables Eléctricos",
          attributes: [],
        },
      ],
    },
    expected: [{ categoryId: "MLM187773", categoryName: "Cables Eléctricos", domainName: "Cables eléctricos", pathFromRoot: [] }],
  },
  {
    name: "getCategoryDetail",
    call: (m) => m.getCategoryDetail("MLM187773"),
    method: "GET",
    path: `${ML}/categoryDetail/MLM187773`,
    reply: {
      json: {
        id: "MLM187773",
        name: "Cables Eléctricos",
        path_from_root: [
          { id: "MLM1500", name: "Construcción" },
          { id: "MLM187773", name: "Cables Eléctricos" },
        ],
      },
    },
    expected: {
      id: "MLM187773",
      name: "Cables Eléctricos",
      pathFromRoot: [
        { id: "MLM1500", name: "Construcción" },
        { id: "MLM187773", name: "Cables Eléctricos" },
      ],
      children: [],
    },
  },
  {
    // Browsing the tree reads the subcategories where Mercado Libre's own category answer has them.
    name: "getCategoryDetail (children)",
    call: (m) => m.getCategoryDetail("MLM187772"),
    method: "GET",
    path: `${ML}/categoryDetail/MLM187772`,
    reply: {
      json: {
        data: {
          id: "MLM187772",
          name: "Material Eléctrico",
          path_from_root: [
            { id: "MLM1500", name: "Construcción" },
            { id: "MLM187772", name: "Material Eléctrico" },
          ],
          children_categories: [
            { id: "MLM187773", name: "Cables Eléctricos", total_items_in_this_category: 5210 },
            { id: "MLM187776", name: "Centros de Carga", total_items_in_this_category: 812 },
          ],
        },
      },
    },
    expected: {
      id: "MLM187772",
      name: "Material Eléctrico",
      pathFromRoot: [
        { id: "MLM1500", name: "Construcción" },
        { id: "MLM187772", name: "Material Eléctrico" },
      ],
      children: [
        { id: "MLM187773", name: "Cables Eléctricos" },
        { id: "MLM187776", name: "Centros de Carga" },
      ],
    },
  },
  {
    name: "listRootCategories",
    call: (m) => m.listRootCategories(),
    method: "GET",
    path: `${ML}/categories`,
    reply: {
      json: {
        data: [
          { id: "MLM1500", name: "Construcción" },
          { id: 1574, name: "Hogar, Muebles y Jardín" },
        ],
      },
    },
    expected: [
      { id: "MLM1500", name: "Construcción" },
      { id: "1574", name: "Hogar, Muebles y Jardín" },
    ],
  },
  {
    name: "getCategoryAttributes",
    call: (m) => m.getCategoryAttributes("MLM187773"),
    method: "GET",
    path: `${ML}/categoryAttributes/MLM187773`,
    reply: {
      json: [
        { id: "BRAND", name: "Marca", tags: { required: true }, value_type: "string" },
        { id: "GTIN", name: "Código universal", tags: { catalog_required: true } },
        { id: "COLOR", name: "Color", tags: { allow_variations: true }, value_type: "list", values: [{ id: "1", name: "Negro" }] },
        { id: "CABLE_LENGTH", name: "Largo", tags: {}, value_type: "number_unit", allowed_units: [{ id: "m", name: "m" }] },
      ],
    },
    expected: [
      {
        id: "BRAND",
        name: "Marca",
        required: true,
        catalogRequired: false,
        allowVariations: false,
        valueType: "string",
        values: [],
        allowedUnits: [],
      },
      {
        id: "GTIN",
        name: "Código universal",
        required: false,
        catalogRequired: true,
        allowVariations: false,
        valueType: "string",
        values: [],
        allowedUnits: [],
      },
      {
        id: "COLOR",
        name: "Color",
        required: false,
        catalogRequired: false,
        allowVariations: true,
        valueType: "list",
        values: [{ id: "1", name: "Negro" }],
        allowedUnits: [],
      },
      {
        id: "CABLE_LENGTH",
        name: "Largo",
        required: false,
        catalogRequired: false,
        allowVariations: false,
        valueType: "number_unit",
        values: [],
        allowedUnits: ["m"],
      },
    ],
  },
  {
    name: "getCommissionCost",
    call: (m) => m.getCommissionCost({ categoryId: "MLM187773", price: 120, listingType: "gold_special" }),
    method: "POST",
    path: `${ML}/commissionCost`,
    body: { category_id: "MLM187773", price: 120, listing_type: "gold_special" },
    reply: { json: { sale_fee_amount: 41.2, sale_fee_details: { percentage_fee: 13.5, fixed_fee: 25 } } },
    expected: { saleFeeAmount: 41.2, percentageFee: 13.5, fixedFee: 25 },
  },
  {
    name: "listFeeCategories",
    call: (m) => m.listFeeCategories(),
    method: "GET",
    path: "items/mercadolibre_categories",
    reply: { json: { data: [{ title: "Cables Eléctricos", gold_pro: "0.18", gold_special: 0.135 }] } },
    expected: [{ title: "Cables Eléctricos", goldPro: 0.18, goldSpecial: 0.135 }],
  },
  {
    name: "getSchedule",
    call: (m) => m.getSchedule(),
    method: "GET",
    path: `${ML}/schedule`,
    reply: { json: { data: [{ logistic_type: "cross_docking", cutoff: "11:00", from: "09:30", to: "10:30", days: "1,2,3,4,5" }] } },
    expected: [{ logisticType: "cross_docking", cutoff: "11:00", windowFrom: "09:30", windowTo: "10:30", weekdays: [1, 2, 3, 4, 5] }],
  },
  {
    name: "getShipmentLabel (brand account, PDF)",
    call: (m) => m.getShipmentLabel({ orderId: ORDER, account: "brand" }),
    method: "GET",
    path: `${ML}/electrica/orders/shipment_label/${ORDER}`,
    reply: { bytes: PDF, contentType: "application/pdf" },
    expected: { kind: "pdf", data: Buffer.from(PDF), filename: `etiqueta-${ORDER}.pdf` },
  },
  {
    name: "getShipmentLabel (main account, label URL)",
    call: (m) => m.getShipmentLabel({ orderId: ORDER, account: "main" }),
    method: "GET",
    path: `${ML}/orders/shipment_label/${ORDER}`,
    reply: { json: { data: { url: "https://api.mercadolibre.com/shipment_labels?shipment_ids=43000000001" } } },
    expected: { kind: "url", url: "https://api.mercadolibre.com/shipment_labels?shipment_ids=43000000001" },
  },
  {
    name: "syncOrderInfo",
    call: (m) => m.syncOrderInfo({ orderId: ORDER, account: "main" }),
    method: "GET",
    path: `${ML}/orders/syncInfo/${ORDER}`,
    reply: {
      json: {
        data: {
          order_status: "paid",
          status: "paid,ready_to_print,printed",
          shipment_id: 43000000001,
          shipment_status: "printed",
          tracking_number: null,
        },
      },
    },
    expected: {
      orderId: ORDER,
      orderStatus: "paid",
      statusHistory: ["paid", "ready_to_print", "printed"],
      shipmentId: 43000000001,
      shipmentStatus: "printed",
      trackingNumber: null,
    },
  },
  {
    name: "syncOrderInfo (brand account)",
    call: (m) => m.syncOrderInfo({ orderId: ORDER, account: "brand" }),
    method: "GET",
    path: `${ML}/electrica/orders/syncInfo/${ORDER}`,
    reply: {
      json: {
        order_status: "paid",
        status: ["paid", "shipped"],
        shipment_id: "43000000001",
        shipment_status: "shipped",
        tracking_number: "MEL1",
      },
    },
    expected: {
      orderId: ORDER,
      orderStatus: "paid",
      statusHistory: ["paid", "shipped"],
      shipmentId: 43000000001,
      shipmentStatus: "shipped",
      trackingNumber: "MEL1",
    },
  },
  {
    name: "lookupClients",
    call: (m) => m.lookupClients([ORDER, "2000000000000001"]),
    method: "POST",
    path: `${ML}/dataClients`,
    body: { orders: [ORDER, "2000000000000001"] },
    reply: {
      json: {
        ordersOther: [{ id: ORDER, buyer: 555, first_name: "Juan", last_name: "Pérez", nickname: "JUANP" }],
        ordersElectrica: [{ id: "2000000000000001", buyer: { id: 777 }, first_name: "Ana", last_name: "Ruiz", nickname: "ANAR" }],
      },
    },
    expected: {
      main: [{ orderId: ORDER, buyerId: 555, firstName: "Juan", lastName: "Pérez", nickname: "JUANP" }],
      brand: [{ orderId: "2000000000000001", buyerId: 777, firstName: "Ana", lastName: "Ruiz", nickname: "ANAR" }],
    },
    skipMalformed: false,
  },
  {
    name: "monthlyCustomerSummary",
    call: (m) => m.monthlyCustomerSummary("2024/05"),
    method: "GET",
    path: `${ML}/reports/customers`,
    query: { month: "2024/05" },
    reply: { json: { data: [{ buyer_id: 555, nickname: "JUANP", name: "Juan Pérez", orders: 2, total: "1500.50" }] } },
    expected: [{ buyerId: 555, nickname: "JUANP", name: "Juan Pérez", orders: 2, total: 1500.5 }],
  },
  {
    name: "monthlyOrderSummary",
    call: (m) => m.monthlyOrderSummary("2024/05"),
    method: "GET",
    path: `${ML}/reports/orders`,
    query: { month: "2024/05" },
    reply: { json: { data: [{ day: "2024-05-01", orders: 4, units: 6, total: 3200, cancelled: 1 }] } },
    expected: [{ day: "2024-05-01", orders: 4, units: 6, total: 3200, cancelled: 1 }],
  },
  {
    name: "salesReport",
    call: (m) => m.salesReport({ start: "2024/05/01", end: "2024/05/31" }),
    method: "GET",
    path: `${ML}/reports/sales`,
    query: { start: "2024/05/01", end: "2024/05/31" },
    reply: {
      json: {
        data: [
          {
            order_id: ORDER,
            date: "2024-05-02 10:00:00",
            account: "brand",
            title: "Foco",
            sku: "FOCO9W",
            qty: 2,
            total: 178,
            status: "paid",
            logistic_type: "drop_off",
          },
        ],
      },
    },
    expected: [
      {
        orderId: ORDER,
        date: "2024-05-02 10:00:00",
        account: "brand",
        title: "Foco",
        sku: "FOCO9W",
        qty: 2,
        total: 178,
        status: "paid",
        logisticType: "drop_off",
      },
    ],
  },
  {
    name: "sendPackage (brand account)",
    call: (m) => m.sendPackage({ orderId: ORDER, account: "brand" }),
    method: "POST",
    path: `${ML}/electrica/sendPackage`,
    body: { order_id: ORDER },
    reply: { json: { data: { shipment_status: "shipped" } } },
    expected: { orderId: ORDER, shipmentStatus: "shipped" },
  },
  {
    name: "answerQuestion (brand account)",
    call: (m) => m.answerQuestion({ account: "brand", questionId: 13012345678, message: "Sí, es de cobre.", updatedBy: 3 }),
    method: "POST",
    path: `${ML}/electrica/question`,
    body: { id: 13012345678, message: "Sí, es de cobre.", updated_by: 3 },
    reply: { json: { data: { id: 13012345678, status: "ANSWERED", date_created: "2024-05-17T10:00:00.000Z" } } },
    expected: { questionId: 13012345678, status: "ANSWERED", answeredAt: "2024-05-17T10:00:00.000Z" },
  },
  {
    name: "answerQuestion (main account)",
    call: (m) => m.answerQuestion({ account: "main", questionId: 1, message: "Hola", updatedBy: 3 }),
    method: "POST",
    path: `${ML}/question`,
    body: { id: 1, message: "Hola", updated_by: 3 },
    reply: { json: { data: { answered_at: "2024-05-17T10:00:00.000Z" } } },
    expected: { questionId: 1, status: "ANSWERED", answeredAt: "2024-05-17T10:00:00.000Z" },
  },
  {
    name: "blockUser",
    call: (m) => m.blockUser({ account: "main", questionId: 1, clientId: 555 }),
    method: "POST",
    path: `${ML}/blockUser`,
    body: { id: 1, client_id: 555 },
    reply: { json: { data: { ok: true } } },
    expected: undefined,
  },
  {
    name: "deleteQuestion (brand account)",
    call: (m) => m.deleteQuestion({ account: "brand", questionId: 1 }),
    method: "POST",
    path: `${ML}/electrica/deleteQuestion`,
    body: { id: 1 },
    reply: { json: { data: { ok: true } } },
    expected: undefined,
  },
  {
    name: "listPendingMessages",
    call: (m) => m.listPendingMessages(),
    method: "GET",
    path: `${ML}/pendingMessages`,
    reply: {
      json: {
        data: [
          {
            order_id: ORDER,
            store: null,
            client_id: 555,
            seller_id: 187654321,
            status: "active",
            last_message_date: "2024-05-17T10:00:00.000Z",
            conversation: [
              {
                id: "m1",
                text: "¿Me mandan factura?",
                from: { user_id: 555 },
                message_date: { created: "2024-05-17T10:00:00.000Z" },
                message_attachments: [],
              },
              {
                id: "m2",
                text: "Claro",
                from: { user_id: 187654321 },
                message_date: "2024-05-17T10:05:00.000Z",
                message_attachments: [{ filename: "f_1.pdf", original_filename: "constancia.pdf" }],
              },
            ],
          },
        ],
      },
    },
    expected: [
      {
        orderId: ORDER,
        account: "main",
        clientId: 555,
        sellerId: 187654321,
        status: "active",
        lastMessageDate: "2024-05-17T10:00:00.000Z",
        messages: [
          { id: "m1", text: "¿Me mandan factura?", fromUserId: 555, fromSeller: false, date: "2024-05-17T10:00:00.000Z", attachments: [] },
          {
            id: "m2",
            text: "Claro",
            fromUserId: 187654321,
            fromSeller: true,
            date: "2024-05-17T10:05:00.000Z",
            attachments: [{ filename: "f_1.pdf", originalFilename: "constancia.pdf" }],
          },
        ],
      },
    ],
  },
  {
    name: "sendMessage (main account, with file)",
    call: (m) =>
      m.sendMessage({
        account: "main",
        orderId: ORDER,
        message: "Le envío su factura",
        updatedBy: 3,
        clientId: 555,
        file: { name: "factura.pdf", type: "application/pdf", size: PDF.byteLength, path: PDF_PATH },
      }),
    method: "POST",
    path: `${ML}/messages`,
    form: {
      fields: { id: ORDER, message: "Le envío su factura", updated_by: "3", client_id: "555" },
      file: { name: "factura.pdf", size: PDF.byteLength },
    },
    reply: {
      json: { data: { date: "2024-05-17T10:00:00.000Z", attachment: { filename: "187654321_x.pdf", original_filename: "factura.pdf" } } },
    },
    expected: { sentAt: "2024-05-17T10:00:00.000Z", attachment: { filename: "187654321_x.pdf", originalFilename: "factura.pdf" } },
  },
  {
    name: "sendMessage (brand account, no client id)",
    call: (m) => m.sendMessage({ account: "brand", orderId: ORDER, message: "Gracias por su compra", updatedBy: 3, clientId: 555 }),
    method: "POST",
    path: `${ML}/electrica/message`,
    form: { fields: { id: ORDER, message: "Gracias por su compra", updated_by: "3" }, absent: ["client_id", "file"] },
    reply: { json: { data: { message_date: "2024-05-17T10:00:00.000Z" } } },
    expected: { sentAt: "2024-05-17T10:00:00.000Z", attachment: null },
  },
  {
    name: "listInvoiceFeedback",
    call: (m) => m.listInvoiceFeedback({ search: "juan", startDate: "2024/05/01", endDate: "2024/06/01", limit: 10, offset: 20 }),
    method: "GET",
    path: `${ML}/feedbackInvoice`,
    query: { search: "juan", start_date: "2024/05/01", end_date: "2024/06/01", limit: "10", offset: "20" },
    reply: { json: { data: [invoiceRecord], meta: { filter_count: 21 } } },
    expected: { data: [parsedInvoiceRecord], total: 21 },
  },
  {
    name: "listInvoiceData",
    call: (m) => m.listInvoiceData({}),
    method: "GET",
    path: `${ML}/dataInvoice`,
    query: { limit: "10", offset: "0" },
    reply: { json: { data: [invoiceRecord], total: 1 } },
    expected: { data: [parsedInvoiceRecord], total: 1 },
  },
];

describe("Marketplace HTTP adapter", () => {
  const server = describeContracts({ system: "marketplace", origin: ORIGIN, basePath: BASE_PATH, makePort: make, contracts });

  it("unknown listings, categories and orders are null, not errors", async () => {
    answer(server, ORIGIN, { json: { message: "not_found" }, status: 404 });
    const m = make(2000);
    expect(await m.getCategoryDetail("MLM0")).toBeNull();
    expect(await m.getCategoryAttributes("MLM0")).toBeNull();
    expect(await m.getCommissionCost({ categoryId: "MLM0", price: 1, listingType: "gold_pro" })).toBeNull();
    expect(await m.syncOrderInfo({ orderId: "1", account: "main" })).toBeNull();
  });

  it("a label answered as HTML is an invalid answer", async () => {
    answer(server, ORIGIN, { text: "<html>login</html>", contentType: "text/html" });
    await expectIntegrationError(make(2000).getShipmentLabel({ orderId: ORDER, account: "main" }), {
      system: "marketplace",
      call: "getShipmentLabel",
      kind: "invalid_response",
    });
  });

  it("a 401 is an http error that says the credentials were refused", async () => {
    answer(server, ORIGIN, { json: { errors: [{ message: "Invalid token" }] }, status: 401 });
    const error = await expectIntegrationError(make(2000).getSchedule(), { system: "marketplace", kind: "http", status: 401 });
    expect((error as Error).message).toContain("credenciales");
  });

  it("the paths the spec does not show come from MARKETPLACE_*_PATH (server/env.ts), brand account under {brand}/", async () => {
    const env = {
      ...getEnv(),
      INTEGRATIONS: "http" as const,
      ERP_URL: "http://erp.test",
      ERP_TOKEN: "a",
      AI_URL: "http://ai.test",
      AI_TOKEN: "c",
      INVOICING_URL: "http://inv.test",
      INVOICING_TOKEN: "d",
      MARKETPLACE_URL: `${ORIGIN}${BASE_PATH}`,
      MARKETPLACE_TOKEN: TOKEN,
      MARKETPLACE_CUSTOMER_REPORT_PATH: "informes/clientes",
      MARKETPLACE_ORDER_SUMMARY_PATH: "informes/ordenes",
      MARKETPLACE_SALES_REPORT_PATH: "informes/ventas",
      MARKETPLACE_SEND_PACKAGE_PATH: "envios/despachar",
    };
    const captured = answer(server, ORIGIN, async () => ({ json: { data: [] } }));
    const m = createIntegrations(env).marketplace;
    await m.monthlyCustomerSummary("2024/05");
    await m.monthlyOrderSummary("2024/05");
    await m.salesReport({ start: "2024/05/01", end: "2024/05/31" });
    const sent = answer(server, ORIGIN, { json: { shipment_status: "shipped" } });
    await m.sendPackage({ orderId: ORDER, account: "main" });
    await m.sendPackage({ orderId: ORDER, account: "brand" });
    expect(captured.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      `GET ${BASE_PATH}/${ML}/informes/clientes`,
      `GET ${BASE_PATH}/${ML}/informes/ordenes`,
      `GET ${BASE_PATH}/${ML}/informes/ventas`,
    ]);
    expect(sent.map((c) => `${c.method} ${c.url.pathname} ${JSON.stringify(c.json)}`)).toEqual([
      `POST ${BASE_PATH}/${ML}/envios/despachar {"order_id":"${ORDER}"}`,
      `POST ${BASE_PATH}/${ML}/electrica/envios/despachar {"order_id":"${ORDER}"}`,
    ]);
  });

  it("the brand path segment comes from BRAND_NAME", () => {
    expect(brandSegmentFrom("Eléctrica Sur")).toBe("electricasur");
    expect(brandSegmentFrom("Electrica")).toBe("electrica");
  });
});
