import { describe, expect, it } from "vitest";
import { createHttpErp } from "../../server/integrations/erp/http";
import type { ErpPort } from "../../server/integrations/erp/port";
import { answer, describeContracts, expectIntegrationError, TOKEN, type Contract } from "./contract";

const ORIGIN = "http://erp.test";
const BASE_PATH = "/api";
const make = (timeoutMs: number) => createHttpErp({ baseUrl: `${ORIGIN}${BASE_PATH}`, token: TOKEN, timeoutMs });

const article = {
  articulo: "thw12bl100",
  manufacturer_sku: "THW-12-BL",
  descripcion1: "CABLE THW CAL 12 BLANCO 100M",
  stock_total: "35",
  stocks: [
    { name: "M", qty: 30 },
    { name: "1ML", qty: "5" },
  ],
  precio2: "1329.60",
  precio3: 1250.5,
  monedaprecio: "Pesos",
};
const parsedArticle = {
  sku: "THW12BL100",
  manufacturerSku: "THW-12-BL",
  description: "CABLE THW CAL 12 BLANCO 100M",
  stockTotal: 35,
  stocks: [
    { warehouse: "M", qty: 30 },
    { warehouse: "1ML", qty: 5 },
  ],
  price2: 1329.6,
  price3: 1250.5,
  currency: "Pesos",
};

/** A point-of-sale note's fields the ERP receives under the same names (the payment ones are renamed). */
const PDV_NOTE = {
  reference: "PDV-12 S-3",
  agent: "CAJA1",
  warehouse: "M",
  client: "V",
  items: [{ sku: "DXN2020", price: 57.2, qty: 1, subtotal: 57.2 }],
  total: 66.35,
};

const contracts: Array<Contract<ErpPort>> = [
  {
    name: "validateMovement",
    call: (erp) => erp.validateMovement("5601"),
    method: "GET",
    path: "custom/legacy-intelisis/validateMovement/5601",
    reply: {
      json: {
        data: {
          movement: [
            { articulo: "thw12bl100", cantidad: "2.000", precio: 1329.6, cantidadreservada: 2, almacen: "1ml", cliente: "mlpr" },
            { articulo: "SERV2", cantidad: 1, precio: "120.69", cantidadreservada: null, almacen: "1ML", cliente: "MLPR" },
          ],
        },
      },
    },
    expected: {
      found: true,
      movement: "5601",
      lines: [
        { sku: "THW12BL100", quantity: 2, price: 1329.6, reservedQuantity: 2, warehouse: "1ML", client: "MLPR" },
        { sku: "SERV2", quantity: 1, price: 120.69, reservedQuantity: 0, warehouse: "1ML", client: "MLPR" },
      ],
    },
  },
  {
    name: "validateCreditNote",
    call: (erp) => erp.validateCreditNote(" nc5525 "),
    method: "GET",
    path: "custom/legacy-intelisis/validateCreditNote/NC5525",
    reply: { json: { data: { movement: [{ articulo: "dxn2020", cantidad: "1" }] } } },
    expected: { found: true, note: "NC5525", lines: [{ sku: "DXN2020", quantity: 1 }] },
  },
  {
    name: "createInvoice",
    call: (erp) => erp.createInvoice({ orderId: "2000006065655488", movement: "5601" }),
    method: "POST",
    path: "custom/legacy-intelisis/create_invoice",
    body: { order_id: "2000006065655488", movement: "5601", credit_note: null },
    reply: { json: { data: { folio: "FMLPR000001", message: "Factura generada" } } },
    expected: { folio: "FMLPR000001", message: "Factura generada" },
  },
  {
    name: "syncSku",
    call: (erp) => erp.syncSku("THW12BL100"),
    method: "GET",
    path: "custom/legacy-intelisis/syncSku/THW12BL100",
    reply: { json: { message: "Producto sincronizado correctamente!" } },
    expected: { sku: "THW12BL100", message: "Producto sincronizado correctamente!" },
  },
  {
    name: "listArticles",
    call: (erp) => erp.listArticles({ search: "*thw", page: 2, sortName: "stockTotal", sortValue: "DESC" }),
    method: "GET",
    path: "custom/legacy-intelisis",
    query: { search: "*thw", page: "2", sortName: "stock_total", sortValue: "DESC" },
    reply: { json: { data: [article], meta: { limit: 20, page: "2", total: 41 }, message: null } },
    expected: { data: [parsedArticle], meta: { limit: 20, page: 2, total: 41 }, message: null },
  },
  {
    name: "getArticle",
    call: (erp) => erp.getArticle("THW12BL100"),
    method: "GET",
    path: "custom/legacy-intelisis/THW12BL100",
    reply: { json: { data: article } },
    expected: parsedArticle,
  },
  {
    name: "searchClients",
    call: (erp) => erp.searchClients({ query: "constructora", limit: 10 }),
    method: "GET",
    path: "items/cte",
    query: {
      "filter[_or][0][cliente][_contains]": "CONSTRUCTORA",
      "filter[_or][1][nombre][_contains]": "CONSTRUCTORA",
      "filter[_or][2][rfc][_contains]": "CONSTRUCTORA",
      limit: "10",
    },
    reply: {
      json: {
        data: [
          {
            cliente: "C00101",
            nombre: "CONSTRUCTORA DEL BAJIO SA DE CV",
            rfc: "cba050312qj1",
            listapreciosesp: "(Precio 3)",
            email1: "compras@cb.mx",
            telefonos: null,
          },
        ],
      },
    },
    expected: [
      {
        key: "C00101",
        name: "CONSTRUCTORA DEL BAJIO SA DE CV",
        rfc: "CBA050312QJ1",
        priceList: "Precio 3",
        email: "compras@cb.mx",
        phones: null,
      },
    ],
  },
  {
    name: "getClient",
    call: (erp) => erp.getClient("v"),
    method: "GET",
    path: "items/cte/V",
    reply: { json: { data: { cliente: "V", nombre: "VENTA MOSTRADOR", rfc: "XAXX010101000", listapreciosesp: "(Precio 2)" } } },
    expected: { key: "V", name: "VENTA MOSTRADOR", rfc: "XAXX010101000", priceList: "Precio 2", email: null, phones: null },
  },
  {
    name: "listUsers",
    call: (erp) => erp.listUsers(),
    method: "GET",
    path: "items/intelisis_users",
    query: { limit: "-1" },
    reply: { json: { data: [{ usuario: "VENTAS1", nombre: "Ventas mostrador", departamento: "Ventas", almacenes: "M, O4" }] } },
    expected: [{ user: "VENTAS1", name: "Ventas mostrador", department: "Ventas", warehouses: ["M", "O4"] }],
  },
  {
    name: "createQuotation",
    call: (erp) =>
      erp.createQuotation({
        user: "VENTAS1",
        warehouse: "M",
        client: "C00101",
        priceList: "Precio 3",
        items: [{ sku: "THW12BL100", price: 1250.5, qty: 2, subtotal: 2501 }],
        quotationId: "240517",
      }),
    method: "POST",
    path: "custom/legacy-intelisis/intelisisQuotation",
    body: {
      user: "VENTAS1",
      warehouse: "M",
      client: "C00101",
      precio: "(Precio 3)",
      items: [{ sku: "THW12BL100", price: 1250.5, qty: 2, subtotal: 2501 }],
      quoationId: "240517",
    },
    reply: { json: { data: { mov: "Cotizacion", movid: "COT000001", ultimocambio: "2024-05-17T10:00:00" } } },
    expected: { mov: "Cotizacion", movId: "COT000001", lastChange: "2024-05-17T10:00:00" },
  },
  {
    name: "createPdvQuotation",
    call: (erp) => erp.createPdvQuotation({ ...PDV_NOTE, paymentWay: "01", paymentCondition: "CONTADO" }),
    method: "POST",
    path: "custom/legacy-intelisis/intelisisQuotationPdv",
    body: { ...PDV_NOTE, payment_way: "01", payment_condition: "CONTADO" },
    reply: { json: { data: [{ mov: "Nota", movid: "PDV000001", ultimocambio: "2024-05-17T10:00:00" }] } },
    expected: [{ mov: "Nota", movId: "PDV000001", lastChange: "2024-05-17T10:00:00" }],
  },
  {
    name: "sendCancelDetail",
    call: (erp) => erp.sendCancelDetail({ reference: "PDV-12 S-3", cancelDetail: "Autorizó: Gabriela. Motivo: error de captura" }),
    method: "POST",
    path: "custom/legacy-intelisis/pdv/cancelDetail",
    body: { reference: "PDV-12 S-3", cancel_detail: "Autorizó: Gabriela. Motivo: error de captura" },
    reply: { json: { data: { ok: true } } },
    expected: undefined,
  },
  {
    name: "checkInvoice",
    call: (erp) => erp.checkInvoice("PDV-12 S-3"),
    method: "POST",
    path: "custom/legacy-intelisis/checkInvoice/validate",
    body: { reference: "PDV-12 S-3" },
    reply: { json: { data: { has_invoice: "true" } } },
    expected: { invoiced: true },
  },
  {
    name: "getMovementsInfo",
    call: (erp) => erp.getMovementsInfo("PDV-12 S-3"),
    method: "GET",
    path: "custom/legacy-intelisis/intelisisMovsInfo/PDV-12%20S-3",
    reply: { json: { data: [{ mov: "Nota", movid: "PDV000001", ultimocambio: "2024-05-17T10:00:00" }] } },
    expected: [{ mov: "Nota", movId: "PDV000001", lastChange: "2024-05-17T10:00:00" }],
  },
  {
    name: "listSurtido",
    call: (erp) => erp.listSurtido({ search: "thw", page: 1 }),
    method: "GET",
    path: "custom/legacy-intelisis/surtido/info",
    query: { search: "THW", page: "1" },
    reply: {
      json: {
        data: [
          {
            id: 7,
            fecharegistro: "2024-05-17T09:00:00",
            fecha: "2024-05-17",
            articulos: [
              {
                renglonid: 1,
                articulo: "thw12bl100",
                ubicacion: "A3-17",
                existencia: "30",
                cantidadpendiente: 2,
                cantidadSeleccionada: 0,
                mensaje: "",
              },
            ],
          },
        ],
        meta: { limit: 10, page: 1, total: 1 },
      },
    },
    expected: {
      data: [
        {
          id: 7,
          registeredAt: "2024-05-17T09:00:00",
          date: "2024-05-17",
          lines: [{ lineId: 1, sku: "THW12BL100", location: "A3-17", stock: 30, pendingQty: 2, selectedQty: 0, message: "" }],
        },
      ],
      meta: { limit: 10, page: 1, total: 1 },
      message: null,
    },
  },
];

describe("ERP HTTP adapter", () => {
  const server = describeContracts({ system: "erp", origin: ORIGIN, basePath: BASE_PATH, makePort: make, contracts });

  describe("not found is a typed result, not an error", () => {
    it("an empty movement list means the ERP does not know the movement", async () => {
      answer(server, ORIGIN, { json: { data: { movement: [] } } });
      expect(await make(2000).validateMovement("1234")).toEqual({ found: false, movement: "1234" });
    });

    it("a 404 movement is unknown too, and the plain (unwrapped) envelope is accepted", async () => {
      answer(server, ORIGIN, { json: { message: "not found" }, status: 404 });
      expect(await make(2000).validateMovement("1234")).toEqual({ found: false, movement: "1234" });
      answer(server, ORIGIN, {
        json: { movement: [{ articulo: "a", cantidad: 1, precio: 1, cantidadreservada: 1, almacen: "FJ", cliente: "MLPR" }] },
      });
      expect((await make(2000).validateMovement("1")).found).toBe(true);
    });

    it("unknown credit note, client and article", async () => {
      answer(server, ORIGIN, { json: { data: { movement: null } } });
      expect(await make(2000).validateCreditNote("nc1")).toEqual({ found: false, note: "NC1" });
      answer(server, ORIGIN, { json: { errors: [{ message: "You don't have permission" }] }, status: 403 });
      expect(await make(2000).getClient("NOEXISTE")).toBeNull();
      answer(server, ORIGIN, { json: { data: null } });
      expect(await make(2000).getArticle("NOEXISTE")).toBeNull();
    });
  });

  it("a 422 with a reason is the ERP refusing (rejected), with the reason in the message", async () => {
    answer(server, ORIGIN, { json: { message: "El cliente X no existe" }, status: 422 });
    const error = await expectIntegrationError(
      make(2000).createQuotation({ user: "U", warehouse: "M", client: "X", priceList: "Precio 2", items: [], quotationId: "240517" }),
      { system: "erp", call: "createQuotation", kind: "rejected", status: 422 },
    );
    expect((error as Error).message).toContain("El cliente X no existe");
  });

  it("a refused connection is a network error", async () => {
    const refused = () => Promise.reject(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") }));
    const erp = createHttpErp({ baseUrl: `${ORIGIN}${BASE_PATH}`, token: TOKEN, timeoutMs: 2000, fetch: refused });
    await expectIntegrationError(erp.listUsers(), { system: "erp", call: "listUsers", kind: "network" });
  });
});
