import type { DateTime } from "luxon";
import type { LinkedProduct, OrderItem, ProductsOrderEntry } from "../../schema";
import { orders } from "../../schema";
import type { Catalog, CatalogProduct } from "./catalog";
import { processingStatusOf } from "@common/processing-status";
import { ECOMMERCE_INCREASE, PACKAGE_MANAGERS, VAT } from "./constants";
import { insertChunks, type SeedContext } from "./context";
import type { Buyer } from "./people";
import { linkedFrom, type DemoPublication } from "./publications";
import { rngFor, round2, type Random } from "./random";
import { iso, js } from "./time";

export const ORDER_PLAN_COUNT = 400;

export type ErpLine = { sku: string; qty: number; price: number };

export type DemoOrder = {
  index: number;
  id: bigint;
  relatedOrderId: bigint | null;
  date: DateTime;
  daysAgo: number;
  channel: "marketplace" | "ecommerce" | "cotizador";
  logisticType: string;
  store: string | null;
  buyer: Buyer;
  items: Array<{
    pub: DemoPublication | null;
    product: CatalogProduct | null;
    variationId: number | null;
    title: string;
    price: number;
    qty: number;
    linked: LinkedProduct[];
  }>;
  history: string[];
  orderStatus: string;
  shipmentStatus: string | null;
  claimStatus: string | null;
  movement: string | null;
  creditNote: string | null;
  balance: number;
  erpLines: ErpLine[];
  flags: { cancelled: boolean; returned: boolean; overdue: boolean };
};

/** Shipping paths per logistic type, after 'paid'. */
const PATHS: Record<string, string[]> = {
  drop_off: ["ready_to_print", "printed", "shipped", "out_for_delivery", "delivered"],
  cross_docking: ["ready_to_print", "printed", "ready_for_pickup", "picked_up", "shipped", "out_for_delivery", "delivered"],
  xd_drop_off: ["ready_to_print", "printed", "shipped", "in_hub", "out_for_delivery", "delivered"],
  fulfillment: ["in_warehouse", "ready_to_pack", "in_packing_list", "shipped", "out_for_delivery", "delivered"],
};

const COMMENTS = [
  "Cliente pide factura, ya se envió constancia",
  "Surtir desde almacén M, en 1ML no hay existencia",
  "Se empacó con doble caja por ser frágil",
  "Cliente solicita cambio de color, se acordó por mensajes",
  "Pendiente confirmar existencia con proveedor",
  "Se reimprimió la etiqueta por daño en la guía",
  "Entregar en mostrador, cliente recoge",
  "Revisar devolución: el cliente reporta pieza dañada",
  "Pedido urgente, salió en la primera recolección",
  "Se envió sin manual, cliente lo pidió por correo",
];

const SHIPMENT_STATUS: Record<string, string> = {
  ready_to_print: "ready_to_print",
  regenerating: "ready_to_print",
  printed: "printed",
  ready_for_pickup: "ready_to_ship",
  in_warehouse: "in_warehouse",
  ready_to_pack: "ready_to_pack",
  in_packing_list: "in_packing_list",
  handling: "pending",
  manufacturing: "pending",
  creating_route: "ready_to_ship",
  picked_up: "shipped",
  shipped: "shipped",
  in_hub: "shipped",
  shipment_paid: "shipped",
  out_for_delivery: "out_for_delivery",
  delayed: "delayed",
  receiver_absent: "receiver_absent",
  delivered: "delivered",
  mediations: "delivered",
  returns: "delivered",
  returning_to_sender: "not_delivered",
  returned: "not_delivered",
  returned_to_warehouse: "not_delivered",
  returned_to_hub: "not_delivered",
  to_review: "not_delivered",
  lost: "not_delivered",
  Sinenvío: "to_be_agreed",
};

const NOISE = new Set(["paid", "null", "undefined", "pack_splitted"]);

/** The shipment status a history ends in (the last entry the display table knows about). */
function shipmentStatusOf(history: string[], cancelled: boolean): string | null {
  if (cancelled) return "cancelled";
  for (let k = history.length - 1; k >= 0; k--) {
    if (NOISE.has(history[k])) continue;
    return SHIPMENT_STATUS[history[k]] ?? null;
  }
  return null;
}

/** Total the ERP computes for a pre-invoice: Σ price × qty plus 16 % VAT, rounded to cents (integer maths). */
export function erpTotal(lines: ErpLine[]): number {
  const cents = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.qty, 0);
  return Math.round((cents * Math.round((1 + VAT) * 100)) / 100) / 100;
}

/** ERP lines of linked products sold `sales` times: unit price after the linked discount (to the cent), quantity × sales. */
export function erpLinesOf(linked: LinkedProduct[], sales: number): ErpLine[] {
  return linked.map((l) => ({
    sku: l.sku.toUpperCase(),
    qty: l.qty * sales,
    price: Math.round((Math.round(l.price * 100) * (100 - l.discount)) / 100) / 100,
  }));
}

function pickPublication(r: Random, pubs: DemoPublication[], weights: number[], total: number): DemoPublication {
  let roll = r.next() * total;
  for (let k = 0; k < pubs.length; k++) {
    roll -= weights[k];
    if (roll < 0) return pubs[k];
  }
  return pubs[pubs.length - 1];
}

function itemQty(r: Random) {
  return r.weighted([
    [1, 70],
    [2, 15],
    [3, 6],
    [4, 3],
    [5, 3],
    [10, 3],
  ] as const);
}

export async function seedOrders(ctx: SeedContext, catalog: Catalog, pubs: DemoPublication[], buyers: Buyer[]): Promise<DemoOrder[]> {
  const { tx, clock, brand } = ctx;
  const processing = processingStatusOf(brand);
  const sellable = pubs.filter((p) => p.status === "active" || p.soldQuantity > 0);
  const weights = sellable.map((p) => (p.status === "active" ? 25 + Math.sqrt(p.soldQuantity) * 6 : 4));
  const weightTotal = weights.reduce((s, w) => s + w, 0);
  const shopProducts = catalog.products.filter((p) => p.isActive && !p.isCombo && p.stockTotal > 0);
  const planned: DemoOrder[] = [];

  for (let i = 0; i < ORDER_PLAN_COUNT; i++) {
    const r = rngFor("order", i);
    const daysAgo = i < 14 ? 0 : i < 28 ? 1 : i < 38 ? 2 : 3 + Math.floor(r.next() ** 1.25 * 87);
    const hour = r.weighted([
      [8, 4],
      [9, 7],
      [10, 9],
      [11, 9],
      [12, 9],
      [13, 8],
      [14, 7],
      [15, 7],
      [16, 7],
      [17, 7],
      [18, 6],
      [19, 6],
      [20, 6],
      [21, 5],
      [22, 4],
      [23, 2],
      [0, 1],
      [7, 2],
    ] as const);
    const date = clock.at(daysAgo, hour, r.int(0, 59), r.int(0, 59));
    const channel = r.weighted([
      ["marketplace", 80],
      ["ecommerce", 13],
      ["cotizador", 7],
    ] as const);
    const buyer = buyers[Math.floor(r.next() ** 1.4 * buyers.length)];
    const items: DemoOrder["items"] = [];
    let logisticType: string;
    let store: string | null = null;

    if (channel === "marketplace") {
      const first = pickPublication(r, sellable, weights, weightTotal);
      store = first.officialStore || null;
      logisticType = r.chance(0.93) ? first.logisticType : r.pick(["drop_off", "not_specified", "not_specified"]);
      const count = r.weighted([
        [1, 86],
        [2, 11],
        [3, 3],
      ] as const);
      const chosen = [first];
      for (let k = 1; k < count; k++) {
        const p = pickPublication(r, sellable, weights, weightTotal);
        if (!chosen.includes(p) && (p.officialStore || null) === store) chosen.push(p);
      }
      for (const pub of chosen) {
        const variation = pub.variations.length ? r.pick(pub.variations) : null;
        const linked = variation ? variation.linked : pub.linked;
        items.push({
          pub,
          product: null,
          variationId: variation?.id ?? null,
          title: variation ? `${pub.title} - ${variation.name}` : pub.title,
          price: pub.price,
          qty: itemQty(r),
          linked,
        });
      }
    } else {
      logisticType = channel;
      const count = r.weighted([
        [1, 55],
        [2, 25],
        [3, 12],
        [4, 8],
      ] as const);
      for (const p of r.sample(shopProducts, count)) {
        const base = channel === "ecommerce" ? round2(p.priceMxn * (1 + ECOMMERCE_INCREASE)) : p.priceMxn;
        const qty = channel === "cotizador" ? r.pick([1, 2, 5, 10, 12, 20]) : itemQty(r);
        const lp = { ...linkedFrom(p, 1, 0), price: base };
        items.push({ pub: null, product: p, variationId: null, title: p.name, price: round2(base * (1 + VAT)), qty, linked: [lp] });
      }
    }

    planned.push({
      index: i,
      id: 0n,
      relatedOrderId: null,
      date,
      daysAgo,
      channel,
      logisticType,
      store,
      buyer,
      items,
      history: [],
      orderStatus: "paid",
      shipmentStatus: null,
      claimStatus: null,
      movement: null,
      creditNote: null,
      balance: 0,
      erpLines: [],
      flags: { cancelled: false, returned: false, overdue: false },
    });
  }

  // Split packs: pairs of marketplace orders bought together (same buyer, same moment, same account).
  const packs: Array<[DemoOrder, DemoOrder]> = [];
  for (let k = 40; k + 1 < planned.length && packs.length < 12; k += 29) {
    const a = planned[k];
    const b = planned[k + 1];
    if (a.channel !== "marketplace" || b.channel !== "marketplace") continue;
    b.buyer = a.buyer;
    b.date = a.date.plus({ seconds: 1 });
    b.daysAgo = a.daysAgo;
    b.store = a.store;
    b.logisticType = a.logisticType;
    b.items = b.items.filter((it) => (it.pub?.officialStore || null) === a.store);
    if (b.items.length === 0) b.items = [{ ...a.items[0], qty: 1 }];
    packs.push([a, b]);
  }

  // Ids: marketplace ids grow with the date; shop and quoter orders get random 16-digit ids.
  planned.sort((x, y) => x.date.toMillis() - y.date.toMillis() || x.index - y.index);
  const used = new Set<bigint>();
  planned.forEach((o, k) => {
    const r = rngFor("order-id", o.index);
    if (o.channel === "marketplace") {
      o.id = 2_000_005_100_000_000n + BigInt(k) * 2_417_731n + BigInt(r.int(0, 999_999));
    } else {
      do o.id = BigInt(`${r.int(3, 9)}${r.digits(15)}`);
      while (used.has(o.id) || o.id.toString().length !== 16);
    }
    used.add(o.id);
  });
  packs.forEach(([a, b], k) => {
    const packId = 2_000_009_300_000_000n + BigInt(k) * 7_919_113n + BigInt(rngFor("pack", k).int(0, 99_999));
    a.relatedOrderId = packId;
    b.relatedOrderId = packId;
  });

  // The original order of two packs, cancelled when the marketplace split it.
  const splitOriginals: DemoOrder[] = packs.slice(0, 2).map(([a, b], k) => ({
    ...a,
    index: 10_000 + k,
    id: a.id - 17n,
    items: [...a.items, ...b.items],
    date: a.date.minus({ seconds: 2 }),
    flags: { cancelled: true, returned: false, overdue: false },
  }));

  for (const o of planned) buildLifecycle(o, processing);
  for (const o of splitOriginals) {
    o.history = ["paid", "cancelled", "pack_splitted"];
    o.orderStatus = "cancelled";
    o.shipmentStatus = "cancelled";
  }
  const all = [...planned, ...splitOriginals].sort((x, y) => x.date.toMillis() - y.date.toMillis() || Number(x.id - y.id));

  for (const o of all) {
    o.erpLines = mergeLines(o.items.flatMap((it) => erpLinesOf(it.linked, it.qty)));
    o.balance = erpTotal(o.erpLines);
  }

  // ERP movements, increasing with the order date, unique.
  let movement = 5120;
  const creditNotes = new Set<string>();
  for (const o of all) {
    const r = rngFor("movement", o.index);
    const eligible = o.daysAgo >= 1 && o.orderStatus !== "payment_in_process" && o.orderStatus !== "payment_required";
    let p = o.flags.cancelled ? (o.daysAgo > 5 ? 0.3 : 0) : o.daysAgo >= 6 ? 0.46 : o.daysAgo >= 2 ? 0.32 : 0.15;
    if (o.history.includes("pack_splitted")) p = 0;
    if (o.flags.overdue) p = 0;
    if (!eligible || !r.chance(p)) continue;
    movement += r.int(1, 4);
    o.movement = String(movement);
    if (o.flags.cancelled || (o.flags.returned && r.chance(0.6))) {
      let note: string;
      do note = `NC${r.int(1000, 9999)}`;
      while (creditNotes.has(note));
      creditNotes.add(note);
      o.creditNote = note;
    }
  }

  const rows = all.map((o) => orderRow(o, ctx));
  await insertChunks(tx, orders, rows, 100);
  return all;
}

function mergeLines(lines: ErpLine[]): ErpLine[] {
  const map = new Map<string, ErpLine>();
  for (const l of lines) {
    const key = `${l.sku}|${l.price}`;
    const prev = map.get(key);
    if (prev) prev.qty += l.qty;
    else map.set(key, { ...l });
  }
  return [...map.values()];
}

/** Fills the status history, order status, shipment and claim status from the age and a drawn outcome. */
function buildLifecycle(o: DemoOrder, processing: string) {
  const r = rngFor("lifecycle", o.index);
  const h: string[] = [];
  if (o.channel === "cotizador") {
    o.history = [processing];
    o.shipmentStatus = null;
    return;
  }
  if (o.channel === "ecommerce") {
    const pending = o.daysAgo <= 6 && r.chance(0.6);
    if (pending) {
      o.orderStatus = "payment_in_process";
      o.history = [];
      return;
    }
    const steps = ["paid", "handling", "shipped", "delivered"];
    const upto = o.daysAgo === 0 ? r.int(0, 1) : o.daysAgo <= 2 ? r.int(1, 2) : o.daysAgo <= 5 ? r.int(2, 3) : 3;
    o.history = steps.slice(0, upto + 1);
    o.shipmentStatus = shipmentStatusOf(o.history, false);
    return;
  }
  h.push("paid");
  if (r.chance(0.07)) h.push(r.pick(["null", "undefined"]));
  if (o.logisticType === "not_specified") {
    h.push("Sinenvío");
    o.history = h;
    o.shipmentStatus = "to_be_agreed";
    return;
  }
  if (o.daysAgo === 0 && r.chance(0.12)) {
    o.orderStatus = r.pick(["payment_in_process", "paid", "confirmed"]);
    o.history = o.orderStatus === "paid" ? ["paid", "handling"] : [];
    o.shipmentStatus = o.orderStatus === "paid" ? "pending" : null;
    return;
  }
  const path = [...(PATHS[o.logisticType] ?? PATHS.drop_off)];
  if (path[0] === "ready_to_print" && r.chance(0.3)) path.unshift("handling");
  if (o.logisticType === "cross_docking" && r.chance(0.1)) path.splice(path.indexOf("shipped"), 0, "creating_route");
  if (path[0] === "ready_to_print" && r.chance(0.03)) path[0] = "regenerating";
  const last = path.length - 1;
  const printable = path.indexOf("ready_to_print") >= 0 ? path.indexOf("ready_to_print") : 0;

  let stage: number;
  if (o.daysAgo === 0) stage = r.int(0, Math.min(printable + 2, last - 2));
  else if (o.daysAgo === 1) stage = r.int(printable, last - 2);
  else if (o.daysAgo <= 3) stage = r.int(last - 2, last);
  else stage = last;

  // A few labels left unprinted past the handling limit ("Estás con demora").
  if (o.daysAgo >= 2 && o.daysAgo <= 4 && o.logisticType !== "fulfillment" && r.chance(0.18)) {
    stage = printable;
    o.flags.overdue = true;
  }
  h.push(...path.slice(0, stage + 1));

  const outcome =
    o.daysAgo >= 1 && !o.flags.overdue
      ? r.weighted([
          ["ok", 80],
          ["cancelled", 7],
          ["claim", 4],
          ["return", 4],
          ["lost", 2],
          ["claimed_me", 1],
          ["delayed", 2],
        ] as const)
      : "ok";
  if (outcome === "cancelled") {
    const cut = r.int(0, Math.min(2, path.length - 1));
    h.splice(1 + (h[1] === "null" || h[1] === "undefined" ? 1 : 0) + cut);
    h.push(
      r.weighted([
        ["cancelled", 60],
        ["cancel_purchase", 20],
        ["cancel_sale", 10],
        ["fraudulent", 3],
        [o.logisticType === "fulfillment" ? "unfulfillable" : "cancelled", 7],
      ] as const),
    );
    o.orderStatus = "cancelled";
    o.flags.cancelled = true;
  } else if (outcome === "claimed_me") {
    h.push("claimed_me");
    o.orderStatus = "cancelled";
    o.flags.cancelled = true;
  } else if (outcome === "claim" && o.daysAgo >= 4) {
    if (h[h.length - 1] !== "delivered") h.push(...path.slice(stage + 1));
    h.push("mediations");
    o.claimStatus = o.daysAgo < 25 ? "opened" : "closed";
  } else if (outcome === "return" && o.daysAgo >= 6) {
    if (h[h.length - 1] !== "delivered") h.push(...path.slice(stage + 1));
    h.push("returns", "returning_to_sender");
    if (o.daysAgo > 12) h.push(r.pick(["returned", "returned_to_warehouse"]));
    o.claimStatus = o.daysAgo < 20 ? "opened" : "closed";
    o.flags.returned = true;
  } else if (outcome === "lost" && o.daysAgo >= 5) {
    const shipped = path.indexOf("shipped");
    h.splice(h.indexOf(path[0]) + shipped + 1);
    h.push(r.pick(["to_review", "lost", "returned_to_hub", "stolen"]));
  } else if (outcome === "delayed" && h[h.length - 1] === "delivered") {
    h.splice(h.length - 1, 0, r.pick(["delayed", "receiver_absent", "in_hub"]));
  }
  o.history = h;
  o.shipmentStatus = shipmentStatusOf(h, o.flags.cancelled);
  if (h[h.length - 1] === "stolen") o.shipmentStatus = "not_delivered";
}

function orderRow(o: DemoOrder, ctx: SeedContext): typeof orders.$inferInsert {
  const { clock, users } = ctx;
  const r = rngFor("order-row", o.index);
  const marketplace = o.channel === "marketplace";
  const fee = (price: number, pub: DemoPublication | null) => (pub ? round2(price * pub.commission + (price < 299 ? 25 : 0)) : 0);
  const orderItems: OrderItem[] = o.items.map((it) => ({
    id: it.pub ? it.pub.id : it.product!.sku,
    title: it.title,
    price: it.price,
    qty: it.qty,
    picture: null,
    saleFee: fee(it.price, it.pub),
    variationId: it.variationId,
    sellerSku: it.linked[0]?.sku ?? null,
  }));
  const productsOrder: ProductsOrderEntry[] = o.items.map((it) => ({
    idPublication: it.pub ? it.pub.id : "",
    title: it.title,
    sales: it.qty,
    linkedProducts: it.linked,
  }));
  const totalAmount = round2(orderItems.reduce((s, it) => s + it.price * it.qty, 0));
  const saleFee = round2(orderItems.reduce((s, it) => s + (it.saleFee ?? 0) * it.qty, 0));
  const shipped = marketplace && o.logisticType !== "not_specified";
  const freeShipping = totalAmount >= 299;
  const shippingCost = shipped ? (freeShipping ? r.pick([79, 89, 109, 129, 159]) : 0) : 0;
  const shippingCostBuyer = shipped ? (freeShipping ? 0 : r.pick([79, 99, 119])) : o.channel === "ecommerce" ? (freeShipping ? 0 : 149) : 0;
  const weight = round2(o.items.reduce((s, it) => s + it.linked.reduce((w, l) => w + l.qty * 0.5, 0) * it.qty, 0.2));
  const reached = (token: string) => o.history.includes(token);
  const labelReady = ["ready_to_print", "regenerating", "printed", "ready_for_pickup"].some(reached);
  const afterLabel = ["printed", "ready_for_pickup", "shipped", "delivered", "handling"].some(reached) || o.channel === "cotizador";
  const pkgManager =
    o.logisticType !== "fulfillment" && afterLabel && !(o.flags.cancelled && !reached("printed")) && r.chance(0.85)
      ? r.weighted([
          [PACKAGE_MANAGERS[0], 30],
          [PACKAGE_MANAGERS[1], 25],
          [PACKAGE_MANAGERS[2], 20],
          [PACKAGE_MANAGERS[3], 15],
          [PACKAGE_MANAGERS[4], 6],
          [PACKAGE_MANAGERS[5], 4],
        ] as const)
      : null;
  const ready = labelReady ? clock.clamp(o.date.plus({ minutes: r.int(12, 140) })) : null;
  const weekday = o.date.weekday <= 5;
  const handlingLimit =
    shipped && o.logisticType !== "fulfillment"
      ? weekday && o.date.hour < 13
        ? o.date.set({ hour: 23, minute: 59, second: 0 })
        : clock.nextWorkingDay(o.date, 23, 59)
      : null;
  const collectionDay =
    o.logisticType === "cross_docking"
      ? weekday && o.date.hour < 11
        ? o.date.set({ hour: 9, minute: 30, second: 0 })
        : clock.nextWorkingDay(o.date, 9, 30)
      : null;
  const updated = clock.clamp(o.date.plus({ hours: Math.min(o.daysAgo * 20 + 1, r.int(1, 120)) }));
  const manual =
    !o.flags.cancelled &&
    o.daysAgo >= 3 &&
    ((o.logisticType === "not_specified" && r.chance(0.3)) || (o.channel === "cotizador" && r.chance(0.2)));
  const manualUser = users.byEmail.get("mlmanager@demo.mx")!;
  const manualDate = manual ? clock.clamp(o.date.plus({ days: r.int(1, 3), hours: r.int(1, 6) })) : null;
  const pickup = (o.channel !== "marketplace" && r.chance(0.2)) || o.logisticType === "not_specified";
  const payment =
    o.channel === "ecommerce"
      ? {
          paymentWay: r.pick(["mercadopago", "transferencia", "tarjeta"]),
          paymentTotal: round2(totalAmount + shippingCostBuyer),
          status: o.orderStatus === "payment_in_process" ? "pending" : "approved",
        }
      : o.channel === "cotizador"
        ? { paymentWay: r.pick(["transferencia", "efectivo", "tarjeta"]), paymentTotal: totalAmount, status: "approved" }
        : {
            paymentWay: r.pick(["account_money", "credit_card", "debit_card", "ticket"]),
            paymentTotal: round2(totalAmount + shippingCostBuyer),
            status: o.orderStatus === "payment_in_process" ? "in_process" : "approved",
          };
  const inTransit = ["shipped", "delivered", "picked_up"].some(reached);
  const b = o.buyer;

  return {
    id: o.id,
    relatedOrderId: o.relatedOrderId,
    title: o.items.length > 1 ? `${o.items[0].title} y ${o.items.length - 1} más` : o.items[0].title,
    store: o.store,
    orderDate: js(o.date),
    createdAt: js(clock.clamp(o.date.plus({ seconds: r.int(5, 90) }))),
    updatedAt: js(updated < o.date ? o.date : updated),
    readyDate: ready ? js(ready) : null,
    logisticType: o.logisticType,
    status: o.history.join(","),
    orderStatus: o.orderStatus,
    activeStatus: o.flags.cancelled ? "inactive" : "active",
    claimStatus: o.claimStatus,
    shipmentId: shipped ? 43_000_000_000 + o.index * 7_919 + r.int(0, 7_000) : null,
    shipmentStatus: o.shipmentStatus,
    shipmentParcel:
      shipped || o.channel === "ecommerce" ? { weight, length: r.int(15, 60), width: r.int(10, 40), height: r.int(5, 30) } : null,
    shippingInfo: {
      firstName: b.firstName,
      lastName: b.lastName,
      email: b.email,
      cellphone: b.cellphone,
      address1: pickup ? null : b.address.address1,
      colony: pickup ? null : b.address.colony,
      zipCode: b.address.zipCode,
      city: b.address.city,
      state: b.address.state,
      sucursalId: pickup && o.channel !== "marketplace" ? String(r.int(1, 3)) : null,
    },
    shipmentInfo:
      shipped || o.channel === "ecommerce"
        ? {
            trackingNumber: inTransit ? `${r.pick(["MEL", "FDX", "EST"])}${r.digits(10)}` : null,
            totalPricing: shippingCost + shippingCostBuyer,
          }
        : null,
    paymentInfo: payment,
    intelisisMovement: o.movement,
    creditNote: o.creditNote,
    packageManager: pkgManager,
    comments: r.chance(0.14) ? r.pick(COMMENTS) : null,
    splittedOrder: null,
    printedLabel: reached("printed"),
    shippingCost: shipped ? shippingCost : null,
    shippingCostBuyer: shipped || o.channel === "ecommerce" ? shippingCostBuyer : null,
    shippingCostTotal: shipped || o.channel === "ecommerce" ? shippingCost + shippingCostBuyer : null,
    totalAmount,
    balance: o.balance,
    entryAmount: marketplace ? totalAmount : null,
    documentAmount: marketplace ? round2(totalAmount - saleFee - shippingCost) : null,
    totalCharges: marketplace ? round2(saleFee + shippingCost) : null,
    orderItems,
    productsOrder,
    productsId: [...new Set(o.erpLines.map((l) => l.sku))],
    publicationsId: [...new Set(o.items.filter((it) => it.pub).map((it) => it.pub!.id))],
    saleDetail: marketplace ? { title: o.items[0].title, saleFee } : null,
    manualDelivered:
      manual && manualDate
        ? {
            date: iso(manualDate),
            email: manualUser.email,
            orderId: o.id.toString(),
            userId: manualUser.id,
            username: `${manualUser.firstName} ${manualUser.lastName}`,
            linkExpiresAt: iso(manualDate.plus({ hours: 24 })),
          }
        : null,
    invoiceDisabled: o.index % 41 === 13 && reached("delivered"),
    estimatedHandlingLimit: handlingLimit ? js(handlingLimit) : null,
    collectionDay: collectionDay ? js(collectionDay) : null,
    buyerId: b.id,
    buyerNickname: o.channel === "marketplace" ? b.nickname : null,
  };
}
