/**
 * The simulated systems living on their own while the demo runs (issue 28, "the demo is alive"):
 * buyers pay for new orders on either marketplace account, ask about listings, write about their
 * orders; shipments move along their path; the ERP's stock moves and its dollar rate drifts.
 *
 * Each marketplace event is written twice, as in production: in the marketplace's own view
 * (sim.mkt_orders / sim.mkt_questions / sim.mkt_messages, so labels, answers and replies work on the
 * new records) and in the content back end's collection the feeds read (putContentItem), which is
 * what the legacy back end does when it hears of a sale, a question or a message. Every record is in
 * the spec's field names and parses with the upstream schemas (app/modules/sync/upstream.ts).
 *
 * Deterministic: the same database, `now`, elapsed time and random sequence give the same events.
 * Identifiers come from sim.meta counters, in ranges no seed uses (ACTIVITY_IDS).
 * docs/live-data.md "Simulator activity".
 */
import { SHIPMENT_STATUS, type OrderRow } from "../marketplace/sim-orders";
import { DateTime } from "luxon";
import type { Database } from "../../db/client";
import { PEOPLE } from "../../db/seed/demo/people";
import { ordersCollection } from "../content/collections";
import { putContentItem } from "../content/simulator";
import { readSimDollarRate, DOLLAR_RATE_KEY } from "../erp/simulator";
import { foldAccents } from "../fold-accents";
import { brandSegmentFrom } from "../marketplace/http";
import type { MarketplaceAccount } from "../marketplace/port";
import { SELLER_IDS } from "../marketplace/sim-conversations";
import { SHIPMENT_PATHS, stageOf } from "../marketplace/sim-orders";
import { createPrng } from "./runtime";
import { nextCounter, round2 } from "./store";

const ZONE = "America/Mexico_City";

// ---------------------------------------------------------------- identifiers

/**
 * Where new identifiers start, each step a sim.meta counter (`activity:*`). Above every seeded
 * range: demo marketplace orders 2 000 005 100 … (packs 2 000 009 300 …), bench ones 2 000 003 … –
 * 2 000 004 1…, and below the shop and quoter orders' 16-digit ids, which start with 3–9; questions:
 * demo 12 95… (10^10), bench 11 00…; shipments: demo and mirrored 43 …, bench 40 …; buyers:
 * demo and bench below 10^9; conversations: demo 1–120, bench up to 51 000.
 */
export const ACTIVITY_IDS = {
  order: { base: 2_000_010_000_000_000n, step: 1_000 },
  question: { base: 13_500_000_000, step: 1_000 },
  shipment: { base: 45_000_000_000, step: 1 },
  buyer: { base: 1_600_000_000, step: 10 },
  conversation: { base: 90_000_000, step: 1 },
} as const;

// ---------------------------------------------------------------- options and result

export type ActivitySystems = { marketplace: boolean; erp: boolean };

export type ActivityOptions = {
  /** The end of the simulated span: events happen in (now − elapsedMs, now]. */
  now: Date;
  /** How much time the run covers (the job: the time since its last run). */
  elapsedMs: number;
  /** Expected marketplace events per minute (SIM_ACTIVITY); 0 creates nothing. */
  perMinute: number;
  /** A seeded sequence in [0, 1) (createPrng). */
  random: () => number;
  /** BRAND_NAME: the brand account's store name and its orders' collection. */
  brand: string;
  /** The systems that run on the simulator (the others get no activity). Both by default. */
  systems?: ActivitySystems;
};

export type ActivitySummary = {
  /** New paid orders (ids). */
  orders: string[];
  /** New buyer questions (ids). */
  questions: string[];
  /** New buyer messages: the conversation record, its order and the message's id. */
  messages: Array<{ conversationId: string; orderId: string; messageId: string; newConversation: boolean }>;
  /** Orders whose shipment moved one step (ids, one per move). */
  statusMoves: string[];
  /** ERP articles whose stock moved (SKUs, one per move). */
  stockMoves: string[];
  /** The new dollar rate when it moved in this run. */
  dollarRate: number | null;
};

/** Marketplace events of a run (what SIM_ACTIVITY counts per minute). */
export const eventCount = (s: ActivitySummary) => s.orders.length + s.questions.length + s.messages.length + s.statusMoves.length;

/** At most this many events in one run, whatever the rate and the span. */
const MAX_EVENTS = 2_000;

/** Share of each kind among marketplace events. */
const EVENT_WEIGHTS = [
  ["order", 30],
  ["question", 25],
  ["message", 20],
  ["status", 25],
] as const;
type EventKind = (typeof EVENT_WEIGHTS)[number][0];

/** ERP stock moves per marketplace event (expected), and the chance per expected event of a rate move. */
const STOCK_MOVES_PER_EVENT = 0.5;
const RATE_MOVES_PER_EVENT = 1 / 60;

/** How far back "recent" reaches: orders buyers still write about, shipments still on their way. */
const RECENT_DAYS = 20;

/**
 * The least time a shipment stays at a stage before the marketplace moves it on. Demo time: a Full
 * order can go from the warehouse to delivered in half an hour, so a demo sees it happen.
 */
export const STAGE_MIN_MS = 5 * 60_000;

// ---------------------------------------------------------------- random helpers

class Dice {
  constructor(readonly next: () => number) {}
  int(lo: number, hi: number) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.min(list.length - 1, Math.floor(this.next() * list.length))];
  }
  weighted<T>(pairs: ReadonlyArray<readonly [T, number]>): T {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of pairs) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return pairs[pairs.length - 1][0];
  }
  digits(n: number) {
    return Array.from({ length: n }, () => this.int(0, 9)).join("");
  }
}

/** A Poisson draw (Knuth's method; a normal approximation for large means). */
export function poisson(mean: number, random: () => number): number {
  if (!(mean > 0)) return 0;
  if (mean > 500) {
    const u = Math.max(random(), 1e-12);
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

// ---------------------------------------------------------------- texts (es-MX)

type Topic = "cable" | "breaker" | "light" | "device" | "conduit" | "industrial" | "general";

const TOPICS: Array<[Topic, RegExp]> = [
  ["cable", /cable|alambre|thw|thhw|uso rudo|calibre|awg|cordon/],
  ["breaker", /interruptor|pastilla|termomagnetic|centro de carga|tablero|supresor|guardamotor/],
  ["light", /foco|lampara|luminari|reflector|led|panel|tira|spot|bombilla/],
  ["device", /apagador|contacto|placa|atenuador|dimmer|clavija|multicontacto/],
  ["conduit", /tubo|conduit|canaleta|caja|cople|poliducto|condulet/],
  ["industrial", /contactor|relevador|arrancador|boton|variador|bobina/],
];

const QUESTIONS: Record<Topic, string[]> = {
  cable: [
    "¿Es 100% cobre o es aluminio recubierto de cobre?",
    "¿Cuántos metros trae el rollo? ¿Lo venden por metro?",
    "¿Me sirve para conectar un minisplit de 2 toneladas a 220 V?",
    "¿Es THW-LS antiflama? Es para una instalación en departamento.",
    "¿Tienen este mismo cable en color rojo y en verde?",
  ],
  breaker: [
    "¿Es compatible con mi centro de carga Square D QO de 8 espacios?",
    "¿Es original y nuevo en su caja?",
    "¿Lo tienen en 2 polos de 30 amperes?",
    "¿Sirve para proteger una bomba de agua de 1 HP?",
    "¿Es enchufable o va atornillado?",
  ],
  light: [
    "¿Es luz cálida o luz de día?",
    "¿Se puede usar con atenuador?",
    "¿Aguanta la intemperie? Lo quiero para el patio.",
    "¿Cuántos lúmenes da y qué base tiene?",
    "Si compro 12 piezas, ¿me hacen precio?",
  ],
  device: [
    "¿Incluye la placa o se compra por separado?",
    "¿Lo tienen en color blanco?",
    "¿El contacto trae tierra física?",
    "¿Entra en una chalupa normal de 2x4?",
  ],
  conduit: [
    "¿El tramo mide 3 metros?",
    "¿Es pared gruesa o pared delgada?",
    "¿Me pueden enviar 20 tramos en un solo paquete?",
    "¿Trae cople incluido?",
  ],
  industrial: [
    "¿La bobina es de 127 V o de 220 V?",
    "¿Acepta bloque de contactos auxiliares?",
    "¿Tienen ficha técnica? La necesito para el proyecto.",
    "¿Cuánto tiempo de garantía tiene?",
  ],
  general: [
    "¿Hacen factura?",
    "¿Cuánto tarda en llegar a Guadalajara?",
    "¿Tienen 10 piezas disponibles?",
    "Buenas tardes, si compro ahorita, ¿sale hoy?",
    "¿Tienen tienda física para recoger?",
    "¿Es nuevo y original?",
  ],
};

/** A buyer's first message about an order ({item}: the first item's title, shortened). */
const FIRST_MESSAGES = [
  "Hola, ¿me pueden enviar la factura de mi compra? Ya les mandé mi constancia de situación fiscal.",
  "Buenas tardes, ¿cuándo envían mi pedido? Lo necesito para una obra esta semana.",
  "Hola, compré {item}, ¿me confirman que es el modelo correcto para un centro de carga QO?",
  "¿Me pueden compartir el número de guía, por favor?",
  "Buen día, ¿todavía puedo cambiar la dirección de entrega?",
  "Necesito factura a nombre de mi empresa, ¿qué datos les envío?",
  "Hola, ¿el paquete sale hoy? Gracias.",
  "Me llegó {item} pero la caja viene golpeada, ¿cómo hago el cambio?",
];

/** What a buyer adds to a conversation already going. */
const FOLLOW_UPS = [
  "Gracias, quedo al pendiente.",
  "¿Ya tienen mi factura? Se las pedí hace unos días.",
  "Les comparto mi constancia: régimen 612, uso de CFDI G03.",
  "¿Alguna novedad de mi pedido?",
  "Perfecto, muchas gracias por la atención.",
  "Ya me llegó, todo en orden. ¡Gracias!",
  "Disculpen, ¿me confirman si trae la tornillería?",
];

/** Places new buyers live in: city, state, zip prefix, colonies. */
const PLACES: Array<[string, string, string, string[]]> = [
  ["Ciudad de México", "Ciudad de México", "03", ["Del Valle", "Narvarte", "Portales"]],
  ["Guadalajara", "Jalisco", "44", ["Americana", "Providencia", "Chapalita"]],
  ["Monterrey", "Nuevo León", "64", ["Centro", "Mitras Centro", "Cumbres"]],
  ["Puebla", "Puebla", "72", ["La Paz", "Gabriel Pastor", "Anzures"]],
  ["Querétaro", "Querétaro", "76", ["Jurica", "El Pueblito", "Álamos"]],
  ["León", "Guanajuato", "37", ["Jardines del Moral", "León Moderno"]],
  ["Mérida", "Yucatán", "97", ["García Ginerés", "Montejo", "Itzimná"]],
  ["Tijuana", "Baja California", "22", ["Zona Río", "Otay"]],
  ["Toluca", "Estado de México", "50", ["Universidad", "Las Torres"]],
  ["Saltillo", "Coahuila", "25", ["República", "Los Maestros"]],
];
const STREETS = [
  "Av. Juárez",
  "Calle Hidalgo",
  "Av. Revolución",
  "Calle Morelos",
  "Av. Insurgentes",
  "Calle Allende",
  "Av. Universidad",
  "Calle Zaragoza",
];

function topicOf(title: string): Topic {
  const folded = foldAccents(title);
  return TOPICS.find(([, re]) => re.test(folded))?.[0] ?? "general";
}

const shortTitle = (title: string) => (title.length > 45 ? `${title.slice(0, 44).trimEnd()}…` : title);
const asciiUpper = (text: string) =>
  foldAccents(text)
    .toUpperCase()
    .replace(/[^A-Z]/g, "");

// ---------------------------------------------------------------- marketplace facts

/** Stages only the seller moves (printing the label, dispatching the package): the activity leaves them. */
const SELLER_STAGES = new Set(["ready_to_print", "regenerating", "printed"]);

const LOGISTIC_WEIGHTS = [
  ["drop_off", 35],
  ["cross_docking", 25],
  ["fulfillment", 25],
  ["xd_drop_off", 15],
] as const;

const trackingFor = (shipmentId: string) => `MEL${shipmentId.slice(-10).padStart(10, "0")}`;
const iso = (d: Date) => d.toISOString();

type Buyer = {
  id: number;
  nickname: string;
  firstName: string;
  lastName: string;
  email: string | null;
  cellphone: string | null;
  address1: string | null;
  colony: string | null;
  zipCode: string | null;
  city: string | null;
  state: string | null;
};

type PublicationRow = {
  id: string;
  account: MarketplaceAccount;
  title: string;
  price: number;
  category_id: string | null;
  listing_type: string;
  picture_url: string | null;
  seller_sku: string | null;
  linked_products: Array<{ sku: string; qty: number; discount?: number }>;
  variations: Array<{ id: number; name: string; linked_products: Array<{ sku: string; qty: number; discount?: number }> }>;
};

type LinkedLine = { sku: string; name: string; price: number; stock: number; qty: number; discount: number };

type OrderCandidate = Pick<
  OrderRow,
  | "id"
  | "account"
  | "buyer_id"
  | "buyer_nickname"
  | "buyer_first_name"
  | "buyer_last_name"
  | "order_status"
  | "status_history"
  | "shipment_id"
  | "logistic_type"
  | "items"
> & {
  order_date: string;
  /** The marketplace's last change of the order (its last stage move). */
  changed_at: string;
  messages: number;
  /** The content back end holds the order's record (the activity made it). */
  held: boolean;
};

// ---------------------------------------------------------------- the run

type Run = {
  database: Database;
  dice: Dice;
  now: Date;
  brand: string;
  summary: ActivitySummary;
  /** Loaded once per run, on first use. */
  publicationCounts?: Record<MarketplaceAccount, number>;
  buyers?: Buyer[];
  recentOrders?: OrderCandidate[];
  dollar?: number;
};

/**
 * One run of activity over `elapsedMs` ending at `now`: about perMinute × minutes marketplace events
 * (a Poisson draw), at moments spread over the span, plus ERP stock moves and, now and then, a new
 * dollar rate. With perMinute 0 it does nothing.
 */
export async function simulateActivity(database: Database, options: ActivityOptions): Promise<ActivitySummary> {
  const summary: ActivitySummary = { orders: [], questions: [], messages: [], statusMoves: [], stockMoves: [], dollarRate: null };
  const elapsed = Math.max(0, options.elapsedMs);
  const expected = Math.max(0, options.perMinute) * (elapsed / 60_000);
  if (!(expected > 0)) return summary;
  const systems = options.systems ?? { marketplace: true, erp: true };
  const dice = new Dice(options.random);
  const run: Run = { database, dice, now: options.now, brand: options.brand, summary };

  if (systems.marketplace) {
    const count = Math.min(MAX_EVENTS, poisson(expected, dice.next));
    const moments = Array.from({ length: count }, () => options.now.getTime() - Math.floor(dice.next() * elapsed)).sort((a, b) => a - b);
    for (const moment of moments) {
      const at = new Date(moment);
      const kind: EventKind = dice.weighted(EVENT_WEIGHTS);
      // An event with nothing to act on (no recent order to write about…) becomes a new order.
      const done = await happen(run, kind, at);
      if (!done && kind !== "order") await happen(run, "order", at);
    }
  }

  if (systems.erp) {
    const moves = Math.min(MAX_EVENTS, poisson(expected * STOCK_MOVES_PER_EVENT, dice.next));
    if (moves > 0) await moveStock(run, moves);
    if (dice.chance(Math.min(1, expected * RATE_MOVES_PER_EVENT))) await moveDollarRate(run);
  }
  return summary;
}

function happen(run: Run, kind: EventKind, at: Date): Promise<boolean> {
  switch (kind) {
    case "order":
      return newOrder(run, at);
    case "question":
      return newQuestion(run, at);
    case "message":
      return newMessage(run, at);
    case "status":
      return moveShipment(run, at);
  }
}

// ---------------------------------------------------------------- shared look-ups

async function publicationCounts(run: Run): Promise<Record<MarketplaceAccount, number>> {
  if (!run.publicationCounts) {
    const rows = await run.database.query<{ account: string; n: number }>(
      `select account, count(*)::int as n from sim.mkt_publications where status = 'active' group by account`,
    );
    const counts: Record<MarketplaceAccount, number> = { main: 0, brand: 0 };
    for (const r of rows) if (r.account === "main" || r.account === "brand") counts[r.account] = Number(r.n);
    run.publicationCounts = counts;
  }
  return run.publicationCounts;
}

/** An active listing of the account, drawn at random (null when the account has none). */
async function pickPublication(run: Run, account: MarketplaceAccount): Promise<PublicationRow | null> {
  const n = (await publicationCounts(run))[account];
  if (n === 0) return null;
  const [row] = await run.database.query<PublicationRow>(
    `select id, account, title, price::float8 as price, category_id, listing_type, picture_url, seller_sku, linked_products, variations
       from sim.mkt_publications where status = 'active' and account = $1 order by id offset $2 limit 1`,
    [account, run.dice.int(0, n - 1)],
  );
  return row ?? null;
}

/** The account a buyer buys from or asks on: about one in three on the brand's, when it has listings. */
async function pickAccount(run: Run): Promise<MarketplaceAccount | null> {
  const counts = await publicationCounts(run);
  if (counts.main === 0 && counts.brand === 0) return null;
  if (counts.brand === 0) return "main";
  if (counts.main === 0) return "brand";
  return run.dice.chance(0.35) ? "brand" : "main";
}

async function dollarRate(run: Run): Promise<number> {
  run.dollar ??= (await readSimDollarRate(run.database)).rate;
  return run.dollar;
}

/** A buyer: most are customers who bought before, the rest new to the store. */
async function pickBuyer(run: Run): Promise<Buyer> {
  run.buyers ??= (
    await run.database.query<{
      id: string;
      nickname: string;
      first_name: string | null;
      last_name: string | null;
      shipping_info: Record<string, unknown> | null;
    }>(
      `select buyer_id::text as id, buyer_nickname as nickname, buyer_first_name as first_name, buyer_last_name as last_name, shipping_info
         from sim.mkt_orders where buyer_id is not null and coalesce(buyer_nickname, '') <> ''
        order by order_date desc, id desc limit 200`,
    )
  ).map((r) => {
    const s = r.shipping_info ?? {};
    const get = (...keys: string[]) => {
      const v = keys.map((k) => s[k]).find((x) => typeof x === "string" && x.trim() !== "");
      return typeof v === "string" ? v : null;
    };
    return {
      id: Number(r.id),
      nickname: r.nickname,
      firstName: r.first_name || get("firstName", "first_name") || "",
      lastName: r.last_name || get("lastName", "last_name") || "",
      email: get("email"),
      cellphone: get("cellphone"),
      address1: get("address1", "address_1"),
      colony: get("colony"),
      zipCode: get("zipCode", "zip_code"),
      city: get("city"),
      state: get("state"),
    };
  });
  if (run.buyers.length > 0 && run.dice.chance(0.6)) return run.dice.pick(run.buyers);
  return newBuyer(run);
}

async function newBuyer(run: Run): Promise<Buyer> {
  const { dice } = run;
  const n = await nextCounter(run.database, "activity:buyer", 1);
  const firstName = dice.pick(PEOPLE.FIRST);
  const last = dice.pick(PEOPLE.LAST);
  const second = dice.pick(PEOPLE.LAST);
  const [city, state, zip, colonies] = dice.pick(PLACES);
  const nickname = dice.chance(0.5)
    ? `${asciiUpper(firstName + last)}${dice.int(10, 9999)}`
    : `${asciiUpper(last)}${asciiUpper(firstName).slice(0, 1)}${dice.int(100, 99999)}`;
  return {
    id: ACTIVITY_IDS.buyer.base + n * ACTIVITY_IDS.buyer.step + dice.int(0, ACTIVITY_IDS.buyer.step - 1),
    nickname,
    firstName,
    lastName: `${last} ${second}`,
    email: `${foldAccents(firstName)}.${foldAccents(last)}${dice.int(1, 999)}@correo.example`.replace(/[^a-z0-9.@]/g, ""),
    cellphone: `${dice.pick(["55", "33", "81", "22", "44", "47", "99", "66"])}${dice.digits(8)}`,
    address1: `${dice.pick(STREETS)} ${dice.int(1, 2500)}`,
    colony: dice.pick(colonies),
    zipCode: `${zip}${String(dice.int(0, 999)).padStart(3, "0")}`,
    city,
    state,
  };
}

/** Recent orders as the marketplace has them (newest first), with how many messages each has. */
async function recentOrders(run: Run): Promise<OrderCandidate[]> {
  if (!run.recentOrders) {
    const from = new Date(run.now.getTime() - RECENT_DAYS * 86_400_000);
    run.recentOrders = await run.database.query<OrderCandidate>(
      `select o.id::text as id, o.account, o.buyer_id::text as buyer_id, o.buyer_nickname, o.buyer_first_name, o.buyer_last_name,
              o.order_status, o.status_history, o.shipment_id::text as shipment_id, o.logistic_type, o.order_date, o.updated_at as changed_at, o.items,
              (select count(*) from sim.mkt_messages m where m.order_id = o.id)::int as messages,
              exists (select 1 from sim.content_items c
                       where c.collection = case when o.account = 'brand' then $3 else $4 end and c.id = o.id::text) as held
         from sim.mkt_orders o
        where o.order_date > $1::timestamptz and o.order_date <= $2::timestamptz and o.active and o.order_status <> 'cancelled'
        order by o.order_date desc, o.id desc
        limit 300`,
      [iso(from), iso(run.now), collectionOf(run, "brand"), collectionOf(run, "main")],
    );
  }
  return run.recentOrders;
}

const storeOf = (run: Run, account: MarketplaceAccount) => (account === "brand" ? run.brand : null);
const collectionOf = (run: Run, account: MarketplaceAccount) => ordersCollection(account, brandSegmentFrom(run.brand));

// ---------------------------------------------------------------- a new paid order

async function newOrder(run: Run, at: Date): Promise<boolean> {
  const { dice, database } = run;
  const account = await pickAccount(run);
  if (!account) return false;

  // 1–3 different listings of the account.
  const wanted = dice.weighted([
    [1, 70],
    [2, 22],
    [3, 8],
  ] as const);
  const listings: PublicationRow[] = [];
  for (let tries = 0; listings.length < wanted && tries < wanted * 3; tries++) {
    const p = await pickPublication(run, account);
    if (p && !listings.some((l) => l.id === p.id)) listings.push(p);
  }
  if (listings.length === 0) return false;

  const rate = await dollarRate(run);
  const lines = listings.map((p) => {
    const variation = p.variations?.length ? dice.pick(p.variations) : null;
    const linked = (variation?.linked_products?.length ? variation.linked_products : p.linked_products) ?? [];
    return {
      publication: p,
      title: variation ? `${p.title} - ${variation.name}` : p.title,
      variationId: variation ? Number(variation.id) : null,
      qty: dice.weighted([
        [1, 75],
        [2, 17],
        [3, 8],
      ] as const),
      linked,
    };
  });

  // What the ERP knows of the linked products (names, list-2 prices in pesos, stock).
  const skus = [...new Set(lines.flatMap((l) => l.linked.map((x) => String(x.sku).toUpperCase())))];
  const articles = new Map(
    (
      await database.query<{ sku: string; description: string; precio2: number; currency: string; stock_total: number }>(
        `select sku, description, precio2::float8 as precio2, currency, stock_total from sim.erp_articles where sku = any($1::text[])`,
        [skus],
      )
    ).map((a) => [a.sku, a]),
  );
  const fees = new Map(
    (
      await database.query<{ id: string; gold_special: number | null; gold_pro: number | null }>(
        `select id, gold_special::float8 as gold_special, gold_pro::float8 as gold_pro from sim.mkt_categories where id = any($1::text[])`,
        [[...new Set(listings.map((p) => p.category_id).filter((c): c is string => !!c))]],
      )
    ).map((c) => [c.id, c]),
  );

  const items = lines.map((l) => {
    const price = round2(Number(l.publication.price));
    const category = l.publication.category_id ? fees.get(l.publication.category_id) : undefined;
    const feeRate = Number((l.publication.listing_type === "gold_pro" ? category?.gold_pro : category?.gold_special) ?? 0.14);
    const linked: LinkedLine[] = l.linked.map((x) => {
      const sku = String(x.sku).toUpperCase();
      const a = articles.get(sku);
      const pesos = a ? (a.currency === "Dolares" ? Number(a.precio2) * rate : Number(a.precio2)) : 0;
      return {
        sku,
        name: a?.description ?? sku,
        price: round2(pesos),
        stock: Number(a?.stock_total ?? 0),
        qty: Number(x.qty) || 1,
        discount: Number(x.discount ?? 0),
      };
    });
    return {
      id: l.publication.id,
      title: l.title,
      price,
      qty: l.qty,
      picture: l.publication.picture_url,
      saleFee: round2(price * feeRate + (price < 299 ? 25 : 0)),
      variationId: l.variationId,
      sellerSku: linked[0]?.sku ?? l.publication.seller_sku ?? null,
      linked,
    };
  });

  const n = await nextCounter(database, "activity:order", 1);
  const id = (
    ACTIVITY_IDS.order.base +
    BigInt(n) * BigInt(ACTIVITY_IDS.order.step) +
    BigInt(dice.int(0, ACTIVITY_IDS.order.step - 1))
  ).toString();
  const shipmentId = String(
    ACTIVITY_IDS.shipment.base + (await nextCounter(database, "activity:shipment", 1)) * ACTIVITY_IDS.shipment.step,
  );
  const buyer = await pickBuyer(run);
  const logistic = dice.weighted(LOGISTIC_WEIGHTS);
  const stage = logistic === "fulfillment" ? "in_warehouse" : dice.chance(0.3) ? "handling" : "ready_to_print";
  const history = ["paid", stage];
  const shipmentStatus = SHIPMENT_STATUS[stage];

  const total = round2(items.reduce((s, it) => s + it.price * it.qty, 0));
  const saleFee = round2(items.reduce((s, it) => s + it.saleFee * it.qty, 0));
  const freeShipping = total >= 299;
  const shippingCost = freeShipping ? dice.pick([79, 89, 109, 129, 159]) : 0;
  const shippingCostBuyer = freeShipping ? 0 : dice.pick([79, 99, 119]);
  // What the ERP movement must add up to: linked prices after their discount, to the cent, with VAT.
  const cents = items.reduce(
    (s, it) => s + it.linked.reduce((t, l) => t + Math.round((Math.round(l.price * 100) * (100 - l.discount)) / 100) * l.qty * it.qty, 0),
    0,
  );
  const balance = Math.round((cents * 116) / 100) / 100;
  const weight = round2(items.reduce((s, it) => s + it.linked.reduce((w, l) => w + l.qty * 0.5, 0) * it.qty, 0.2));
  const title = items.length > 1 ? `${items[0].title} y ${items.length - 1} más` : items[0].title;
  const local = DateTime.fromJSDate(at).setZone(ZONE);
  const weekday = local.weekday <= 5;
  const nextWorkingDay = (h: number, m: number) => {
    let d = local.plus({ days: 1 });
    while (d.weekday > 5) d = d.plus({ days: 1 });
    return d.set({ hour: h, minute: m, second: 0, millisecond: 0 });
  };
  const handlingLimit =
    logistic === "fulfillment"
      ? null
      : weekday && local.hour < 13
        ? local.set({ hour: 23, minute: 59, second: 0, millisecond: 0 })
        : nextWorkingDay(23, 59);
  const collectionDay =
    logistic !== "cross_docking"
      ? null
      : weekday && local.hour < 11
        ? local.set({ hour: 9, minute: 30, second: 0, millisecond: 0 })
        : nextWorkingDay(9, 30);

  // The marketplace's own view: what labels, syncInfo, dataClients and messages read.
  await database.query(
    `insert into sim.mkt_orders (id, account, buyer_id, buyer_nickname, buyer_first_name, buyer_last_name, order_status, status_history,
                                 shipment_id, shipment_status, logistic_type, tracking_number, shipping_info, items, total_amount, order_date,
                                 active, updated_at)
     values ($1::bigint, $2, $3, $4, $5, $6, 'paid', $7, $8::bigint, $9, $10, null, $11::jsonb, $12::jsonb, $13, $14::timestamptz, true, $14::timestamptz)`,
    [
      id,
      account,
      buyer.id,
      buyer.nickname,
      buyer.firstName,
      buyer.lastName,
      history.join(","),
      shipmentId,
      shipmentStatus,
      logistic,
      JSON.stringify({
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        email: buyer.email,
        cellphone: buyer.cellphone,
        address1: buyer.address1,
        colony: buyer.colony,
        zipCode: buyer.zipCode,
        city: buyer.city,
        state: buyer.state,
      }),
      JSON.stringify(
        items.map((it) => ({
          id: it.id,
          title: it.title,
          price: it.price,
          qty: it.qty,
          picture: it.picture,
          saleFee: it.saleFee,
          variationId: it.variationId,
          sellerSku: it.sellerSku,
        })),
      ),
      total,
      iso(at),
    ],
  );

  // The content back end's record ({product}_orders), in the spec's field names.
  await putContentItem(database, collectionOf(run, account), {
    id,
    related_order_id: null,
    title,
    store: storeOf(run, account),
    order_date: iso(at),
    updated_at: iso(at),
    ready_date: null,
    logistic_type: logistic,
    status: history.join(","),
    order_status: "paid",
    active_status: "active",
    claim_status: null,
    shipment_id: Number(shipmentId),
    shipment_status: shipmentStatus,
    shipment_parcel: { weight, length: dice.int(15, 60), width: dice.int(10, 40), height: dice.int(5, 30) },
    shipping_info: {
      first_name: buyer.firstName,
      last_name: buyer.lastName,
      email: buyer.email,
      cellphone: buyer.cellphone,
      address_1: buyer.address1,
      colony: buyer.colony,
      zip_code: buyer.zipCode,
      city: buyer.city,
      state: buyer.state,
      sucursal_id: null,
    },
    shipment_info: { tracking_number: null, total_pricing: shippingCost + shippingCostBuyer },
    payment_info: {
      payment_way: dice.pick(["account_money", "credit_card", "debit_card"]),
      payment_total: round2(total + shippingCostBuyer),
      status: "approved",
    },
    intelisis_movement: null,
    credit_note: null,
    package_manager: null,
    comments: null,
    splitted_order: null,
    printed_label: false,
    shipping_cost: shippingCost,
    shipping_cost_buyer: shippingCostBuyer,
    shipping_cost_total: shippingCost + shippingCostBuyer,
    total_amount: total,
    balance,
    entry_amount: total,
    document_amount: round2(total - saleFee - shippingCost),
    total_charges: round2(saleFee + shippingCost),
    order_items: items.map((it) => ({
      id: it.id,
      title: it.title,
      price: it.price,
      qty: it.qty,
      picture: it.picture,
      sale_fee: it.saleFee,
      variation_id: it.variationId,
      seller_sku: it.sellerSku,
    })),
    products_order: items.map((it) => ({ id_publication: it.id, title: it.title, sales: it.qty, linked_products: it.linked })),
    products_id: [...new Set(items.flatMap((it) => it.linked.map((l) => l.sku)))],
    publications_id: [...new Set(items.map((it) => it.id))],
    sale_detail: { title: items[0].title, sale_fee: saleFee },
    manual_delivered: null,
    invoice_disabled: false,
    estimated_handling_limit: handlingLimit ? handlingLimit.toUTC().toISO() : null,
    collection_day: collectionDay ? collectionDay.toUTC().toISO() : null,
    buyer_id: buyer.id,
    buyer_nickname: buyer.nickname,
  });

  // A new order is a recent one: buyers may write about it, its shipment may move in this same run.
  run.recentOrders = undefined;
  run.summary.orders.push(id);
  return true;
}

// ---------------------------------------------------------------- a buyer question

async function newQuestion(run: Run, at: Date): Promise<boolean> {
  const { dice, database } = run;
  const counts = await publicationCounts(run);
  const total = counts.main + counts.brand;
  if (total === 0) return false;
  const account: MarketplaceAccount = dice.int(1, total) <= counts.main ? "main" : "brand";
  const publication = await pickPublication(run, account);
  if (!publication) return false;
  const buyer = await pickBuyer(run);
  const topic = topicOf(publication.title);
  const message = dice.pick(dice.chance(0.3) ? QUESTIONS.general : QUESTIONS[topic]);
  const n = await nextCounter(database, "activity:question", 1);
  const id = ACTIVITY_IDS.question.base + n * ACTIVITY_IDS.question.step + dice.int(0, ACTIVITY_IDS.question.step - 1);

  await database.query(`insert into sim.mkt_questions (id, account, client_id, status) values ($1::bigint, $2, $3, 'UNANSWERED')`, [
    id,
    account,
    buyer.id,
  ]);
  await putContentItem(database, "questions", {
    id: String(id),
    status: "UNANSWERED",
    message,
    publication: publication.id,
    answer: null,
    client_id: String(buyer.id),
    client: { nickname: buyer.nickname },
    store: storeOf(run, account),
    date_created: iso(at),
    updated_at: iso(at),
    answered_at: null,
    evaluation: null,
    suggestion: null,
  });
  run.summary.questions.push(String(id));
  return true;
}

// ---------------------------------------------------------------- a buyer message

async function newMessage(run: Run, at: Date): Promise<boolean> {
  const { dice, database } = run;
  const candidates = (await recentOrders(run)).filter((o) => o.buyer_id !== null && new Date(o.order_date).getTime() <= at.getTime());
  if (candidates.length === 0) return false;
  const order = dice.pick(candidates);
  const firstItem = String(order.items?.[0]?.title ?? order.items?.[0]?.description ?? "el producto");
  const first = order.messages === 0;
  const text = dice.pick(first ? FIRST_MESSAGES : FOLLOW_UPS).replace("{item}", shortTitle(firstItem));
  const clientId = Number(order.buyer_id);
  // Now and then the buyer attaches the tax certificate the invoice needs.
  const attachment =
    /factura|constancia/i.test(text) && dice.chance(0.3)
      ? {
          filename: `${clientId}_${order.id}_${dice.digits(6)}_constancia.pdf`,
          original_filename: "constancia_situacion_fiscal.pdf",
          size: dice.int(90_000, 400_000),
          content_type: "application/pdf",
        }
      : null;

  const [inserted] = await database.query<{ id: string }>(
    `insert into sim.mkt_messages (account, order_id, client_id, from_seller, text, attachments, created_at)
     values ($1, $2::bigint, $3, false, $4, $5::jsonb, $6::timestamptz) returning id::text as id`,
    [order.account, order.id, clientId, text, JSON.stringify(attachment ? [attachment] : []), iso(at)],
  );
  order.messages += 1;

  // The conversation as the content back end keeps it: one record per order, every message in it.
  const { id: conversationId, isNew } = await conversationIdFor(run, order.id);
  const entries = await database.query<{
    id: string;
    from_seller: boolean;
    text: string;
    created_at: string;
    attachments: Array<{ filename: string; original_filename?: string; size?: number }>;
  }>(
    `select id::text as id, from_seller, text, created_at, attachments from sim.mkt_messages where order_id = $1::bigint order by created_at, id`,
    [order.id],
  );
  const sellerId = SELLER_IDS[order.account];
  await putContentItem(database, "messages", {
    id: conversationId,
    order_id: order.id,
    order_date: iso(new Date(order.order_date)),
    order_status: order.order_status,
    order_info: {
      items: (order.items ?? []).map((it) => ({
        id: String(it.id ?? ""),
        title: String(it.title ?? it.description ?? "").slice(0, 500),
        image: typeof it.picture === "string" ? it.picture : null,
        sold: Math.max(0, Math.round(Number(it.qty ?? it.quantity ?? 1)) || 1),
      })),
    },
    conversation: entries.map((m) => ({
      id: m.id,
      text: m.text,
      from: { user_id: String(m.from_seller ? sellerId : clientId) },
      message_date: { created: iso(new Date(m.created_at)), available: iso(new Date(m.created_at)) },
      message_attachments: (m.attachments ?? []).map((a) => ({
        filename: a.filename,
        original_filename: a.original_filename ?? a.filename,
        size: a.size ?? null,
      })),
    })),
    store: storeOf(run, order.account),
    client_id: String(clientId),
    client_info: { nickname: order.buyer_nickname, first_name: order.buyer_first_name, last_name: order.buyer_last_name },
    seller_id: String(sellerId),
    status: "active",
    date_updated: iso(at),
  });
  run.summary.messages.push({ conversationId, orderId: order.id, messageId: inserted.id, newConversation: isNew });
  return true;
}

/**
 * The conversation record of an order: the one the content back end already has, else the app's
 * (records both know share their id), else a new one.
 */
async function conversationIdFor(run: Run, orderId: string): Promise<{ id: string; isNew: boolean }> {
  const [known] = await run.database.query<{ id: string }>(
    `select id from sim.content_items where collection = 'messages' and data->>'order_id' = $1 order by id_key limit 1`,
    [orderId],
  );
  if (known) return { id: known.id, isNew: false };
  const [app] = await run.database.query<{ id: string }>(
    `select id::text as id from public.conversations where order_id = $1::bigint or pack_id = $1::bigint order by id limit 1`,
    [orderId],
  );
  if (app) return { id: app.id, isNew: false };
  const n = await nextCounter(run.database, "activity:conversation", 1);
  return { id: String(ACTIVITY_IDS.conversation.base + n * ACTIVITY_IDS.conversation.step), isNew: true };
}

// ---------------------------------------------------------------- a shipment moving

/**
 * The next stage of a recent paid order that the marketplace moves by itself: a label being
 * prepared, a Full order at the marketplace's warehouse, a package on its way. Labels waiting to be
 * printed and packages waiting to be dispatched are the seller's to move (the order dialog's print
 * and dispatch, or "Sincronizar estatus").
 */
function nextStage(order: OrderCandidate): string | null {
  const path = SHIPMENT_PATHS[(order.logistic_type ?? "").toLowerCase()];
  if (!path) return null;
  const stage = stageOf(
    order.status_history
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  if (stage === null) return path[0];
  if (SELLER_STAGES.has(stage)) return null;
  const at = path.indexOf(stage);
  return at >= 0 && at < path.length - 1 ? path[at + 1] : null;
}

async function moveShipment(run: Run, at: Date): Promise<boolean> {
  const { database, dice } = run;
  // Only orders whose full record the content back end holds: the orders feed reads a record as the
  // whole order, so a record with only the moved fields would read as an order without items.
  const candidates = (await recentOrders(run)).filter(
    (o) => o.held && o.order_status === "paid" && at.getTime() - new Date(o.changed_at).getTime() >= STAGE_MIN_MS && nextStage(o) !== null,
  );
  if (candidates.length === 0) return false;
  const order = dice.pick(candidates);
  const stage = nextStage(order)!;
  const tracking = order.shipment_id && /shipped|picked_up|in_hub|out_for|delivered/.test(stage) ? trackingFor(order.shipment_id) : null;
  const [moved] = await database.query<{
    status_history: string;
    shipment_status: string | null;
    tracking_number: string | null;
    order_date: string;
  }>(
    `update sim.mkt_orders
        set status_history = case when status_history = '' then $2 else status_history || ',' || $2 end,
            shipment_status = $3, tracking_number = coalesce(tracking_number, $4), updated_at = $5::timestamptz
      where id = $1::bigint
      returning status_history, shipment_status, tracking_number, order_date`,
    [order.id, stage, SHIPMENT_STATUS[stage] ?? null, tracking, iso(at)],
  );
  order.status_history = moved.status_history;
  order.changed_at = iso(at);

  // The content back end's record: the moved fields merged into the one it holds.
  const collection = collectionOf(run, order.account);
  const [held] = await database.query<{ data: Record<string, unknown> }>(
    `select data from sim.content_items where collection = $1 and id = $2`,
    [collection, order.id],
  );
  const shipmentInfo = (held?.data.shipment_info ?? null) as Record<string, unknown> | null;
  await putContentItem(database, collection, {
    id: order.id,
    updated_at: iso(at),
    status: moved.status_history,
    shipment_status: moved.shipment_status,
    ...(moved.tracking_number ? { shipment_info: { ...(shipmentInfo ?? {}), tracking_number: moved.tracking_number } } : {}),
  });
  run.summary.statusMoves.push(order.id);
  return true;
}

// ---------------------------------------------------------------- the ERP

/**
 * Stock of random articles moves: mostly sales (a few units out of one warehouse, never below
 * zero), sometimes a restock. stock_total stays the sum of the warehouses. The ERP's figures also
 * reach the content back end's items/products (only the stock fields: the rest stays as it holds it).
 */
async function moveStock(run: Run, moves: number) {
  const { database, dice } = run;
  const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from sim.erp_articles`);
  if (Number(n) === 0) return;
  for (let k = 0; k < moves; k++) {
    const [article] = await database.query<{ sku: string; stocks: Array<{ name: string; qty: number }> | null }>(
      `select sku, stocks from sim.erp_articles order by sku offset $1 limit 1`,
      [dice.int(0, Number(n) - 1)],
    );
    if (!article) continue;
    const stocks = (article.stocks ?? []).map((s) => ({ name: String(s.name), qty: Math.max(0, Math.round(Number(s.qty) || 0)) }));
    if (stocks.length === 0) stocks.push({ name: dice.pick(["M", "1ML"]), qty: 0 });
    const entry = dice.pick(stocks);
    const restock = entry.qty === 0 || dice.chance(0.3);
    entry.qty = restock ? entry.qty + dice.int(5, 40) : Math.max(0, entry.qty - dice.int(1, 5));
    const total = stocks.reduce((s, x) => s + x.qty, 0);
    await database.query(`update sim.erp_articles set stocks = $2::jsonb, stock_total = $3 where sku = $1`, [
      article.sku,
      JSON.stringify(stocks),
      total,
    ]);
    // The legacy back end keeps the ERP's figures in items/products (the erp-articles feed reads them).
    await putContentItem(database, "products", { id: article.sku, stocks, stock_total: total, updated_at: iso(run.now) });
    run.summary.stockMoves.push(article.sku);
  }
}

/** The dollar rate moves by one to five centavos, up or down, within a sane band. */
async function moveDollarRate(run: Run) {
  const current = await dollarRate(run);
  const delta = run.dice.int(1, 5) / 100;
  const rate = round2(Math.min(30, Math.max(10, current + (run.dice.chance(0.5) ? delta : -delta))));
  await run.database.query(
    `insert into sim.meta (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value`,
    [DOLLAR_RATE_KEY, JSON.stringify({ rate, updatedAt: iso(run.now) })],
  );
  run.dollar = rate;
  run.summary.dollarRate = rate;
}

// ---------------------------------------------------------------- the job's run

/** The longest span one run makes up for. */
export const ACTIVITY_CATCH_UP_MS = 10 * 60_000;
/** sim.meta key of the last run's moment. */
export const ACTIVITY_LAST_RUN_KEY = "activity:last_run";

/**
 * The job's run: the activity of the time since the last run (kept in sim.meta; one period, the
 * job's SIM_ACTIVITY_PERIOD_MS, the first time; at most ACTIVITY_CATCH_UP_MS after the app was
 * stopped, so a restart is not a flood).
 */
export async function runSimActivity(
  database: Database,
  options: { now: Date; perMinute: number; brand: string; systems?: ActivitySystems; periodMs: number },
): Promise<ActivitySummary & { elapsedMs: number }> {
  const [row] = await database.query<{ value: unknown }>(`select value from sim.meta where key = $1`, [ACTIVITY_LAST_RUN_KEY]);
  const last = typeof row?.value === "string" ? Date.parse(row.value) : Number.NaN;
  const now = options.now.getTime();
  const elapsedMs = Number.isFinite(last) ? Math.min(ACTIVITY_CATCH_UP_MS, Math.max(0, now - last)) : options.periodMs;
  await database.query(
    `insert into sim.meta (key, value) values ($1, to_jsonb($2::text)) on conflict (key) do update set value = excluded.value`,
    [ACTIVITY_LAST_RUN_KEY, iso(new Date(Number.isFinite(last) ? Math.max(last, now) : now))],
  );
  // Each run its own sequence, the same for the same moment.
  const random = createPrng(Math.floor(now / 1000) ^ 0x5eed);
  const summary = await simulateActivity(database, { ...options, elapsedMs, random });
  return { ...summary, elapsedMs };
}

/** One log line for a run that did something (null when it did nothing). */
export function describeActivity(s: ActivitySummary): string | null {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    s.orders.length ? plural(s.orders.length, "orden", "órdenes") : null,
    s.questions.length ? plural(s.questions.length, "pregunta", "preguntas") : null,
    s.messages.length ? plural(s.messages.length, "mensaje", "mensajes") : null,
    s.statusMoves.length ? plural(s.statusMoves.length, "envío avanzó", "envíos avanzaron") : null,
    s.stockMoves.length ? `existencias de ${plural(s.stockMoves.length, "artículo", "artículos")}` : null,
    s.dollarRate !== null ? `tipo de cambio ${s.dollarRate.toFixed(2)}` : null,
  ].filter(Boolean);
  return parts.length ? `Actividad simulada: ${parts.join(", ")}` : null;
}
