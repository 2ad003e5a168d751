/**
 * A stateful stand-in for the ERP, kept in the sim schema. It answers like Intelisis does, including
 * refusals (unknown client or article, a movement invoiced twice) and movements whose lines break the
 * order-assignment rules (built by the seed; see listDemoMovements).
 */
import type { Database } from "../../db/client";
import { DOLLAR_PRICE } from "../../db/seed/demo/constants";
import { IntegrationError } from "../errors";
import type { SimRuntime } from "../simulator/runtime";
import { nextCounter, pad, rejected, round2 } from "../simulator/store";
import { ARTICLES_PAGE, articleCountQuery, articlePageQuery } from "./simulator-articles";
import { SURTIDO_PAGE, clientSearchStatement, surtidoStatements } from "./simulator-lists";
import type { DollarRate, ErpArticle, ErpClient, ErpMovementInfo, ErpPort, ErpPriceList, ErpUser, SurtidoRecord } from "./port";

/**
 * Where the simulated ERP keeps its dollar rate: sim.meta, `{ rate, updatedAt }`. The seed sets the
 * demo's rate (seed-erp.ts); the simulator's activity moves it by a few centavos now and then.
 */
export const DOLLAR_RATE_KEY = "dollar_rate";

/** The rate before any seed set one (a sim schema never seeded). */
export const DEFAULT_DOLLAR_RATE = DOLLAR_PRICE;

/** The ERP's dollar rate as stored in sim.meta (the default rate when nothing is stored). */
export async function readSimDollarRate(database: Pick<Database, "query">): Promise<DollarRate> {
  const [row] = await database.query<{ value: { rate?: unknown; updatedAt?: unknown } }>(`select value from sim.meta where key = $1`, [
    DOLLAR_RATE_KEY,
  ]);
  const rate = Number(row?.value?.rate);
  if (!row || !Number.isFinite(rate) || rate <= 0) return { rate: DEFAULT_DOLLAR_RATE, updatedAt: null };
  return { rate, updatedAt: typeof row.value.updatedAt === "string" ? row.value.updatedAt : null };
}

type ArticleRow = {
  sku: string;
  manufacturer_sku: string;
  description: string;
  stocks: Array<{ name: string; qty: number }>;
  stock_total: number;
  precio2: number;
  precio3: number;
  currency: string;
};

const ARTICLE_COLUMNS = `sku, manufacturer_sku, description, stocks, stock_total, precio2::float8 as precio2, precio3::float8 as precio3, currency`;

function toArticle(r: ArticleRow): ErpArticle {
  return {
    sku: r.sku,
    manufacturerSku: r.manufacturer_sku,
    description: r.description,
    stockTotal: Number(r.stock_total),
    stocks: (r.stocks ?? []).map((s) => ({ warehouse: s.name, qty: Number(s.qty) })),
    price2: Number(r.precio2),
    price3: Number(r.precio3),
    currency: r.currency === "Dolares" ? "Dolares" : "Pesos",
  };
}

type ClientRow = { cliente: string; nombre: string; rfc: string; lista_precios: string; email: string | null; telefonos: string | null };

function toClient(r: ClientRow): ErpClient {
  return {
    key: r.cliente,
    name: r.nombre,
    rfc: r.rfc,
    priceList: (/3/.test(r.lista_precios) ? "Precio 3" : "Precio 2") as ErpPriceList,
    email: r.email,
    phones: r.telefonos,
  };
}

type DocRow = { mov: string; mov_id: string; created_at: string };
const toInfo = (r: DocRow): ErpMovementInfo => ({ mov: r.mov, movId: r.mov_id, lastChange: new Date(r.created_at).toISOString() });

export function createSimulatorErp(sim: SimRuntime): ErpPort {
  const db = () => sim.database;
  const refuse = (call: string, message: string) => rejected("erp", call, message);

  async function requireArticles(call: string, skus: string[]) {
    const wanted = [...new Set(skus.map((s) => s.trim().toUpperCase()))];
    const rows = await db().query<{ sku: string }>(`select sku from sim.erp_articles where sku = any($1::text[])`, [wanted]);
    const known = new Set(rows.map((r) => r.sku));
    const missing = wanted.filter((s) => !known.has(s));
    if (missing.length > 0) throw refuse(call, `El artículo ${missing.join(", ")} no existe en Intelisis.`);
  }

  /** Inserts an ERP document under the next free number of its series (seeded documents keep theirs). */
  async function insertDocument(
    series: string,
    prefix: string,
    doc: {
      kind: string;
      reference: string;
      mov: string;
      user: string | null;
      warehouse: string;
      client: string;
      items: unknown[];
      total: number;
    },
  ): Promise<DocRow> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const movId = `${prefix}${pad(await nextCounter(db(), series, 1), 6)}`;
      const [row] = await db().query<DocRow>(
        `insert into sim.erp_documents (kind, reference, mov, mov_id, usuario, almacen, cliente, items, total)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)
         on conflict (mov_id) do nothing
         returning mov, mov_id, created_at`,
        [doc.kind, doc.reference, doc.mov, movId, doc.user, doc.warehouse, doc.client.toUpperCase(), JSON.stringify(doc.items), doc.total],
      );
      if (row) return row;
    }
    throw new IntegrationError({ system: "erp", call: series, kind: "http", status: 500, detail: "sin folios libres" });
  }

  async function requireClient(call: string, key: string) {
    const rows = await db().query(`select 1 from sim.erp_clients where cliente = $1`, [key.trim().toUpperCase()]);
    if (rows.length === 0) throw refuse(call, `El cliente ${key} no existe en Intelisis.`);
  }

  return {
    validateMovement(movement) {
      const key = movement.trim().toUpperCase();
      return sim.run("erp", "validateMovement", [key], async () => {
        const lines = await db().query<{
          articulo: string;
          cantidad: number;
          precio: number;
          cantidad_reservada: number;
          almacen: string;
          cliente: string;
        }>(
          `select articulo, cantidad::float8 as cantidad, precio::float8 as precio,
                  cantidad_reservada::float8 as cantidad_reservada, almacen, cliente
             from sim.erp_movement_lines where movement = $1 order by line`,
          [key],
        );
        if (lines.length === 0) return { found: false, movement: key };
        return {
          found: true,
          movement: key,
          lines: lines.map((l) => ({
            sku: l.articulo,
            quantity: Number(l.cantidad),
            price: Number(l.precio),
            reservedQuantity: Number(l.cantidad_reservada),
            warehouse: l.almacen,
            client: l.cliente,
          })),
        };
      });
    },

    validateCreditNote(note) {
      const key = note.trim().toUpperCase();
      return sim.run("erp", "validateCreditNote", [key], async () => {
        const rows = await db().query<{ lines: Array<{ articulo: string; cantidad: number }> }>(
          `select lines from sim.erp_credit_notes where note = $1`,
          [key],
        );
        if (rows.length === 0 || rows[0].lines.length === 0) return { found: false, note: key };
        return { found: true, note: key, lines: rows[0].lines.map((l) => ({ sku: l.articulo, quantity: Number(l.cantidad) })) };
      });
    },

    createInvoice(input) {
      const movement = input.movement.trim().toUpperCase();
      return sim.run("erp", "createInvoice", [movement, input.orderId], async () => {
        const known = await db().query(`select 1 from sim.erp_movements where movement = $1`, [movement]);
        if (known.length === 0) throw refuse("createInvoice", `El movimiento ${movement} no existe en Intelisis.`);
        const existing = await db().query<{ folio: string }>(`select folio from sim.erp_invoices where movement = $1`, [movement]);
        if (existing.length > 0) {
          throw refuse("createInvoice", `El movimiento ${movement} ya está facturado con el folio ${existing[0].folio}.`);
        }
        const folio = `FMLPR${pad(await nextCounter(db(), "invoice", 1), 6)}`;
        await db().query(`insert into sim.erp_invoices (order_id, movement, folio) values ($1, $2, $3)`, [input.orderId, movement, folio]);
        await db().query(`update sim.erp_movements set mov = 'Factura' where movement = $1`, [movement]);
        return { folio, message: `Factura ${folio} generada en Intelisis para el movimiento ${movement}.` };
      });
    },

    syncSku(sku) {
      const key = sku.trim().toUpperCase();
      return sim.run("erp", "syncSku", [key], async () => {
        // The ERP pulls the product from the catalogue, as the real sync does.
        const rows = await db().query<{ sku: string }>(
          `insert into sim.erp_articles (sku, manufacturer_sku, description, stocks, stock_total, precio2, precio3, currency, synced_at)
           select upper(p.id), p.manufacturer_sku, coalesce(nullif(p.descripcion1, ''), nullif(p.intelisis_name, ''), p.name),
                  p.stocks, p.stock_total, p.precio2, p.precio3, p.moneda_precio, now()
             from public.products p where upper(p.id) = $1
           on conflict (sku) do update set manufacturer_sku = excluded.manufacturer_sku, description = excluded.description,
                  precio2 = excluded.precio2, precio3 = excluded.precio3, currency = excluded.currency, synced_at = now()
           returning sku`,
          [key],
        );
        if (rows.length === 0)
          throw refuse("syncSku", `El producto ${key} no existe en el catálogo; no se pudo sincronizar con Intelisis.`);
        return { sku: key, message: "Producto sincronizado correctamente!" };
      });
    },

    listArticles(input) {
      return sim.run("erp", "listArticles", [input.search], async () => {
        const query = articlePageQuery(input);
        const rows = await db().query<ArticleRow & { total: number }>(query.text, query.params);
        let total = rows[0]?.total;
        if (total === undefined) {
          const count = articleCountQuery(input.search);
          total = (await db().query<{ n: number }>(count.text, count.params))[0]?.n ?? 0;
        }
        return { data: rows.map(toArticle), meta: { limit: ARTICLES_PAGE, page: query.page, total: Number(total) }, message: null };
      });
    },

    getArticle(sku) {
      const key = sku.trim().toUpperCase();
      return sim.run("erp", "getArticle", [key], async () => {
        const rows = await db().query<ArticleRow>(`select ${ARTICLE_COLUMNS} from sim.erp_articles where sku = $1`, [key]);
        return rows[0] ? toArticle(rows[0]) : null;
      });
    },

    searchClients({ query, limit = 40 }) {
      const q = query.trim().toUpperCase();
      return sim.run("erp", "searchClients", [q], async () => {
        if (q === "") return [];
        const { text, params } = clientSearchStatement(q, limit);
        const rows = await db().query<ClientRow>(text, params);
        return rows.map(toClient);
      });
    },

    getClient(key) {
      const k = key.trim().toUpperCase();
      return sim.run("erp", "getClient", [k], async () => {
        const rows = await db().query<ClientRow>(`select * from sim.erp_clients where cliente = $1`, [k]);
        return rows[0] ? toClient(rows[0]) : null;
      });
    },

    listUsers() {
      return sim.run("erp", "listUsers", [], async () => {
        const rows = await db().query<{ usuario: string; nombre: string; departamento: string; almacenes: string[] }>(
          `select usuario, nombre, departamento, almacenes from sim.erp_users order by nombre`,
        );
        return rows.map((r): ErpUser => ({ user: r.usuario, name: r.nombre, department: r.departamento, warehouses: r.almacenes }));
      });
    },

    createQuotation(input) {
      return sim.run("erp", "createQuotation", [input.client, input.user], async () => {
        const users = await db().query(`select 1 from sim.erp_users where usuario = $1`, [input.user]);
        if (users.length === 0) throw refuse("createQuotation", `El usuario ${input.user} no existe en Intelisis.`);
        await requireClient("createQuotation", input.client);
        if (input.items.length === 0) throw refuse("createQuotation", "La cotización no tiene artículos.");
        await requireArticles(
          "createQuotation",
          input.items.map((i) => i.sku),
        );
        const total = round2(input.items.reduce((s, i) => s + i.subtotal, 0) * 1.16);
        const row = await insertDocument("quotation", "COT", {
          kind: "cotizacion",
          reference: input.reference ?? input.quotationId,
          mov: "Cotizacion",
          user: input.user,
          warehouse: input.warehouse,
          client: input.client,
          items: input.items,
          total,
        });
        return toInfo(row);
      });
    },

    createPdvQuotation(input) {
      return sim.run("erp", "createPdvQuotation", [input.reference], async () => {
        // Retrying a sale must not duplicate it: the ERP answers with what it already has.
        const existing = await db().query<DocRow>(
          `select mov, mov_id, created_at from sim.erp_documents where reference = $1 order by id`,
          [input.reference],
        );
        if (existing.length > 0) return existing.map(toInfo);
        await requireClient("createPdvQuotation", input.client);
        if (input.items.length === 0) throw refuse("createPdvQuotation", "La venta no tiene artículos.");
        await requireArticles(
          "createPdvQuotation",
          input.items.map((i) => i.sku),
        );
        const row = await insertDocument("pdv", "PDV", {
          kind: "pdv",
          reference: input.reference,
          mov: "Nota",
          user: input.agent,
          warehouse: input.warehouse,
          client: input.client,
          items: input.items,
          total: input.total,
        });
        return [toInfo(row)];
      });
    },

    sendCancelDetail(input) {
      return sim.run("erp", "sendCancelDetail", [input.reference], async () => {
        const rows = await db().query(`update sim.erp_documents set cancel_detail = $2 where reference = $1 returning id`, [
          input.reference,
          input.cancelDetail,
        ]);
        if (rows.length === 0)
          throw refuse("sendCancelDetail", `No existe un movimiento en Intelisis con la referencia ${input.reference}.`);
      });
    },

    checkInvoice(reference) {
      return sim.run("erp", "checkInvoice", [reference], async () => {
        const rows = await db().query(`select 1 from sim.erp_documents where reference = $1 and mov = 'Factura'`, [reference]);
        return { invoiced: rows.length > 0 };
      });
    },

    getMovementsInfo(reference) {
      return sim.run("erp", "getMovementsInfo", [reference], async () => {
        const rows = await db().query<DocRow>(`select mov, mov_id, created_at from sim.erp_documents where reference = $1 order by id`, [
          reference,
        ]);
        return rows.map(toInfo);
      });
    },

    listSurtido(input) {
      const page = Math.max(1, Math.floor(input.page ?? 1));
      const search = (input.search ?? "").trim().toUpperCase();
      return sim.run("erp", "listSurtido", [search], async () => {
        const statements = surtidoStatements({ search, page });
        const [count] = await db().query<{ n: number }>(statements.count.text, statements.count.params);
        const rows = await db().query<{ id: number; fecha_registro: string; fecha: string; articulos: Array<Record<string, unknown>> }>(
          statements.page.text,
          statements.page.params,
        );
        const data = rows.map((r): SurtidoRecord => ({
          id: Number(r.id),
          registeredAt: new Date(r.fecha_registro).toISOString(),
          date: r.fecha,
          lines: r.articulos.map((a) => ({
            lineId: Number(a.renglonid),
            sku: String(a.articulo),
            location: String(a.ubicacion),
            stock: Number(a.existencia),
            pendingQty: Number(a.cantidadpendiente),
            selectedQty: Number(a.cantidadSeleccionada ?? 0),
            message: String(a.mensaje ?? ""),
          })),
        }));
        return { data, meta: { limit: SURTIDO_PAGE, page, total: Number(count.n) }, message: null };
      });
    },

    getDollarRate() {
      return sim.run("erp", "getDollarRate", [], () => readSimDollarRate(db()));
    },
  };
}

/** Marks a point-of-sale sale as invoiced in the ERP (the customer invoiced it from the ticket). */
export async function simulateInvoicedSale(sim: SimRuntime, reference: string): Promise<ErpMovementInfo> {
  const existing = await sim.database.query(`select 1 from sim.erp_documents where reference = $1`, [reference]);
  if (existing.length === 0) {
    throw new IntegrationError({
      system: "erp",
      call: "checkInvoice",
      kind: "rejected",
      message: `No existe la venta ${reference} en Intelisis.`,
    });
  }
  const movId = `FAC${pad(await nextCounter(sim.database, "pdv-invoice", 1), 6)}`;
  const [row] = await sim.database.query<DocRow>(
    `insert into sim.erp_documents (kind, reference, mov, mov_id, items, total)
     select 'pdv', reference, 'Factura', $2, items, total from sim.erp_documents where reference = $1 order by id limit 1
     returning mov, mov_id, created_at`,
    [reference, movId],
  );
  return toInfo(row);
}
