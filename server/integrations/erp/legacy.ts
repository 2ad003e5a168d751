/**
 * The ERP's wire format (snake_case, Spanish keys) and its translation to the port's domain types.
 * The simulator serves the same shapes' meaning; only the HTTP adapter parses them.
 */
import { z } from "zod";
import { dataOrSelf, itemsData, legacyBoolean, legacyNumber, legacyOptionalText, legacyText } from "../http/legacy-zod";
import type {
  CreditNoteLine,
  ErpArticle,
  ErpClient,
  ErpDocumentItem,
  ErpMovementInfo,
  ErpPriceList,
  ErpUser,
  MovementLine,
  Paged,
  SurtidoRecord,
} from "./port";

export const movementLineSchema = z
  .object({
    articulo: legacyText,
    cantidad: legacyNumber,
    precio: legacyNumber,
    cantidadreservada: legacyNumber.nullish(),
    almacen: legacyText,
    cliente: legacyText,
  })
  .transform((l): MovementLine => ({
    sku: l.articulo.toUpperCase(),
    quantity: l.cantidad,
    price: l.precio,
    reservedQuantity: l.cantidadreservada ?? 0,
    warehouse: l.almacen.toUpperCase(),
    client: l.cliente.toUpperCase(),
  }));

/** `{ data: { movement: [...] } }`; an empty or null list means the ERP does not know it. */
export const movementAnswerSchema = dataOrSelf(z.object({ movement: z.array(movementLineSchema).nullish() })).transform(
  (v) => v.movement ?? [],
);

const creditNoteLineSchema = z
  .object({ articulo: legacyText, cantidad: legacyNumber })
  .transform((l): CreditNoteLine => ({ sku: l.articulo.toUpperCase(), quantity: l.cantidad }));

/** Same envelope as a movement (the ERP answers credit notes with its movement query). */
export const creditNoteAnswerSchema = dataOrSelf(
  z.object({ movement: z.array(creditNoteLineSchema).nullish(), credit_note: z.array(creditNoteLineSchema).nullish() }),
).transform((v) => v.movement ?? v.credit_note ?? []);

export const createInvoiceAnswerSchema = dataOrSelf(z.object({ folio: legacyText.pipe(z.string().min(1)), message: legacyText })).transform(
  (v) => ({ folio: v.folio, message: v.message || `Factura ${v.folio} creada en Intelisis` }),
);

export const syncSkuAnswerSchema = dataOrSelf(z.object({ message: legacyText }).passthrough().nullable()).transform(
  (v) => v?.message || "Producto sincronizado correctamente!",
);

const stockSchema = z
  .object({
    name: legacyText.optional(),
    almacen: legacyText.optional(),
    qty: legacyNumber.optional(),
    existencia: legacyNumber.optional(),
  })
  .transform((s) => ({ warehouse: s.name || s.almacen || "", qty: s.qty ?? s.existencia ?? 0 }));

export const articleSchema = z
  .object({
    articulo: legacyText.optional(),
    id: legacyText.optional(),
    manufacturer_sku: legacyText.optional(),
    fabricante: legacyText.optional(),
    descripcion1: legacyText.optional(),
    name: legacyText.optional(),
    stock_total: legacyNumber.nullish(),
    stocks: z.array(stockSchema).nullish(),
    precio2: legacyNumber.nullish(),
    precio3: legacyNumber.nullish(),
    monedaprecio: legacyText.optional(),
  })
  .transform((a): ErpArticle => {
    const stocks = a.stocks ?? [];
    return {
      sku: (a.articulo || a.id || "").toUpperCase(),
      manufacturerSku: a.manufacturer_sku || a.fabricante || "",
      description: a.descripcion1 || a.name || "",
      stockTotal: a.stock_total ?? stocks.reduce((n, s) => n + s.qty, 0),
      stocks,
      price2: a.precio2 ?? 0,
      price3: a.precio3 ?? 0,
      currency: /d[oó]lar/i.test(a.monedaprecio ?? "") ? "Dolares" : "Pesos",
    };
  })
  .refine((a) => a.sku !== "", "artículo sin clave");

const metaSchema = z.object({ limit: legacyNumber, page: legacyNumber, total: legacyNumber });

export function pagedSchema<T extends z.ZodTypeAny>(item: T) {
  return z
    .object({ data: z.array(item), meta: metaSchema, message: legacyOptionalText.optional() })
    .transform((v): Paged<z.output<T>> => ({ data: v.data, meta: v.meta, message: v.message ?? null }));
}

export const articleAnswerSchema = dataOrSelf(z.union([articleSchema, z.array(articleSchema), z.null()])).transform((v) =>
  Array.isArray(v) ? (v[0] ?? null) : v,
);

export function priceListFromLegacy(value: string): ErpPriceList {
  return /3/.test(value) ? "Precio 3" : "Precio 2";
}

export function priceListToLegacy(value: ErpPriceList): string {
  return `(${value})`;
}

export const clientSchema = z
  .object({
    cliente: legacyText.pipe(z.string().min(1)),
    nombre: legacyText,
    rfc: legacyText,
    listapreciosesp: legacyText,
    email1: legacyOptionalText.optional(),
    telefonos: legacyOptionalText.optional(),
  })
  .transform((c): ErpClient => ({
    key: c.cliente.toUpperCase(),
    name: c.nombre,
    rfc: c.rfc.toUpperCase(),
    priceList: priceListFromLegacy(c.listapreciosesp),
    email: c.email1 ?? null,
    phones: c.telefonos ?? null,
  }));

export const clientListSchema = itemsData(z.array(clientSchema));
export const clientAnswerSchema = itemsData(clientSchema.nullable());

export const userSchema = z
  .object({
    usuario: legacyText.pipe(z.string().min(1)),
    nombre: legacyText,
    departamento: legacyText,
    almacenes: z.union([z.array(legacyText), legacyText]).nullish(),
  })
  .transform((u): ErpUser => ({
    user: u.usuario,
    name: u.nombre,
    department: u.departamento,
    warehouses: (Array.isArray(u.almacenes) ? u.almacenes : (u.almacenes ?? "").split(",")).map((w) => w.trim()).filter(Boolean),
  }));

export const userListSchema = itemsData(z.array(userSchema));

export const movementInfoSchema = z
  .object({ mov: legacyText, movid: legacyText, ultimocambio: legacyText })
  .transform((m): ErpMovementInfo => ({ mov: m.mov, movId: m.movid, lastChange: m.ultimocambio }));

export const movementInfoListSchema = dataOrSelf(z.union([z.array(movementInfoSchema), z.null()])).transform((v) => v ?? []);

export const quotationAnswerSchema = dataOrSelf(z.union([movementInfoSchema, z.array(movementInfoSchema).min(1)])).transform((v) =>
  Array.isArray(v) ? v[0] : v,
);

export const checkInvoiceAnswerSchema = dataOrSelf(
  z.union([
    legacyBoolean,
    z
      .object({ has_invoice: legacyBoolean.optional(), invoiced: legacyBoolean.optional(), invoice: legacyBoolean.optional() })
      .transform((v) => v.has_invoice ?? v.invoiced ?? v.invoice ?? false),
  ]),
).transform((invoiced) => ({ invoiced }));

const surtidoLineSchema = z.object({
  renglonid: legacyNumber,
  articulo: legacyText,
  ubicacion: legacyText,
  existencia: legacyNumber,
  cantidadpendiente: legacyNumber,
  cantidadSeleccionada: legacyNumber.nullish(),
  mensaje: legacyText,
});

export const surtidoRecordSchema = z
  .object({ id: legacyNumber, fecharegistro: legacyText, fecha: legacyText, articulos: z.array(surtidoLineSchema).nullish() })
  .transform((r): SurtidoRecord => ({
    id: r.id,
    registeredAt: r.fecharegistro,
    date: r.fecha,
    lines: (r.articulos ?? []).map((l) => ({
      lineId: l.renglonid,
      sku: l.articulo.toUpperCase(),
      location: l.ubicacion,
      stock: l.existencia,
      pendingQty: l.cantidadpendiente,
      selectedQty: l.cantidadSeleccionada ?? 0,
      message: l.mensaje,
    })),
  }));

/** Domain items → the ERP's item payload (sku, price, qty, subtotal). */
export function itemsToLegacy(items: ErpDocumentItem[]) {
  return items.map((i) => ({ sku: i.sku, price: i.price, qty: i.qty, subtotal: i.subtotal }));
}
