/**
 * A small, hand-made set of app rows (products, listings, orders, questions, a conversation) that
 * the simulator seed reads. Kept independent of the demo seed so these tests only move when the
 * simulator does.
 */
import type { Database } from "../../server/db/client";
import { seedSimulator } from "../../server/integrations/simulator/seed";

export const ORDERS = {
  /** Assigned (movement 5001, credit note NC0001), drop-off, label ready to print, main account. */
  assignedDropOff: "2000000000000101",
  /** Assigned (movement 5002), Full, brand account. */
  assignedFull: "2000000000000102",
  /** Unassigned drop-off, just paid (stage handling). */
  unassignedDropOff: "2000000000000103",
  /** Unassigned Full, brand account. */
  unassignedFull: "2000000000000104",
  /** Cancelled. */
  cancelled: "2000000000000105",
  /** Web-shop order: never reaches the marketplace. */
  ecommerce: "2000000000000106",
  /** Unassigned drop-off with the label already printed. */
  printed: "2000000000000107",
  /** Delivered: has an invoice-feedback record. */
  delivered: "2000000000000108",
} as const;

export const QUESTIONS = { pending: 13000000001, answered: 13000000002, other: 13000000003 } as const;
export const BUYER = { id: 555, nickname: "JUANPEREZ" } as const;

const shipping = {
  firstName: "Juan",
  lastName: "Pérez",
  email: "juan@correo.mx",
  cellphone: "4421234567",
  address1: "Av. Juárez 123",
  colony: "Centro",
  zipCode: "76000",
  city: "Querétaro",
  state: "Querétaro",
};

const cable = { sku: "THW12NE100", name: "Cable THW calibre 12 AWG 100 m negro", price: 1329.6, stock: 35, qty: 1, discount: 0 };
const foco = { sku: "FOCO9W", name: "Foco LED A19 9 W E27 6500 K", price: 45.5, stock: 120, qty: 3, discount: 10 };

type OrderSpec = {
  id: string;
  store: string | null;
  logistic: string;
  status: string;
  orderStatus: string;
  shipmentStatus: string | null;
  movement: string | null;
  creditNote?: string | null;
  linked: typeof cable | typeof foco;
  sales: number;
  hoursAgo: number;
  printed?: boolean;
};

/** Σ unit (after discount) × qty × 1.16, as the ERP computes it. */
function balanceOf(linked: typeof cable | typeof foco, sales: number): number {
  const unit = Math.round(linked.price * (1 - linked.discount / 100) * 100) / 100;
  return Math.round(unit * linked.qty * sales * 1.16 * 100) / 100;
}

const ORDER_SPECS: OrderSpec[] = [
  {
    id: ORDERS.assignedDropOff,
    store: null,
    logistic: "drop_off",
    status: "paid,ready_to_print",
    orderStatus: "paid",
    shipmentStatus: "ready_to_print",
    movement: "5001",
    creditNote: "nc0001",
    linked: cable,
    sales: 2,
    hoursAgo: 30,
  },
  {
    id: ORDERS.assignedFull,
    store: "Electrica",
    logistic: "fulfillment",
    status: "paid,in_warehouse",
    orderStatus: "paid",
    shipmentStatus: "in_warehouse",
    movement: "5002",
    linked: foco,
    sales: 1,
    hoursAgo: 28,
  },
  {
    id: ORDERS.unassignedDropOff,
    store: null,
    logistic: "drop_off",
    status: "paid,handling",
    orderStatus: "paid",
    shipmentStatus: "pending",
    movement: null,
    linked: cable,
    sales: 1,
    hoursAgo: 5,
  },
  {
    id: ORDERS.unassignedFull,
    store: "Electrica",
    logistic: "fulfillment",
    status: "paid,in_warehouse",
    orderStatus: "paid",
    shipmentStatus: "in_warehouse",
    movement: null,
    linked: foco,
    sales: 2,
    hoursAgo: 4,
  },
  {
    id: ORDERS.cancelled,
    store: null,
    logistic: "drop_off",
    status: "paid,cancelled",
    orderStatus: "cancelled",
    shipmentStatus: "cancelled",
    movement: null,
    linked: cable,
    sales: 1,
    hoursAgo: 3,
  },
  {
    id: ORDERS.ecommerce,
    store: null,
    logistic: "ecommerce",
    status: "procesando_en_electrica",
    orderStatus: "paid",
    shipmentStatus: null,
    movement: null,
    linked: foco,
    sales: 1,
    hoursAgo: 2,
  },
  {
    id: ORDERS.printed,
    store: null,
    logistic: "drop_off",
    status: "paid,ready_to_print,printed",
    orderStatus: "paid",
    shipmentStatus: "printed",
    movement: null,
    linked: cable,
    sales: 1,
    hoursAgo: 6,
    printed: true,
  },
  {
    id: ORDERS.delivered,
    store: null,
    logistic: "drop_off",
    status: "paid,ready_to_print,printed,shipped,delivered",
    orderStatus: "paid",
    shipmentStatus: "delivered",
    movement: "5003",
    linked: cable,
    sales: 1,
    hoursAgo: 80,
    printed: true,
  },
];

export const BALANCES: Record<string, number> = Object.fromEntries(ORDER_SPECS.map((o) => [o.id, balanceOf(o.linked, o.sales)]));

const json = (v: unknown) => JSON.stringify(v);

export async function insertAppFixtures(database: Database): Promise<void> {
  await database.query(`insert into brands (id, name, slug) values (1, 'Condumex', 'condumex') on conflict do nothing`);
  await database.query(
    `insert into products (id, manufacturer_sku, name, slug, descripcion1, description, brand_id, price, precio2, precio3, stock_total, stocks, tall, wide, long, weight, is_active)
     values ($1, 'THW-12-NE', $2, 'thw12ne100', 'CABLE THW CAL 12 NEGRO 100M', '<p>Cable de cobre suave con aislamiento de PVC para 600 V.</p>', 1, 1329.6, 1329.6, 1250, 35, $3::jsonb, 20, 30, 30, 5.2, true),
            ($4, 'A19-9W', $5, 'foco9w', 'FOCO LED A19 9W', '<p>Foco LED de luz blanca fría.</p>', null, 45.5, 45.5, 41, 120, $6::jsonb, 11, 6, 6, 0.05, true),
            ('QO2100', 'QO2100', 'Interruptor termomagnético QO 2 polos 100 A', 'qo2100', 'QO 2P 100A', '', null, 850, 850, 800, 8, '[{"name":"M","qty":8}]'::jsonb, 0, 0, 0, 0, true)`,
    [
      cable.sku,
      cable.name,
      json([
        { name: "M", qty: 30 },
        { name: "1ML", qty: 5 },
      ]),
      foco.sku,
      foco.name,
      json([
        { name: "M", qty: 100 },
        { name: "FJ", qty: 20 },
      ]),
    ],
  );
  await database.query(
    `insert into product_properties (product_id, name, value, sort) values
       ($1, 'Calibre', '12 AWG', 1), ($1, 'Material del conductor', 'Cobre', 2), ($1, 'Voltaje máximo', '600 V', 3), ($1, 'Largo', '100 m', 4)`,
    [cable.sku],
  );
  await database.query(
    `insert into publications (id, title, price, linked_products, linked_products_string, category_id, official_store, status, sold_quantity, visits, gallery)
     values ('MLM3001', 'Cable THW Calibre 12 100m Negro', 1542.34, $1::jsonb, 'THW12NE100', 'MLM187773', '', 'active', 10, 300, '[{"fileId":"f1","url":"https://img.test/cable.webp","sort":0}]'::jsonb),
            ('MLM3002', 'Foco LED 9W Paquete 3 Piezas', 142.51, $2::jsonb, 'FOCO9W', 'MLM412348', 'Electrica', 'active', 4, 120, '[]'::jsonb)`,
    [json([cable]), json([foco])],
  );
  for (const o of ORDER_SPECS) {
    const pub = o.linked === cable ? "MLM3001" : "MLM3002";
    const itemPrice = o.linked === cable ? 1542.34 : 142.51;
    await database.query(
      `insert into orders (id, title, store, order_date, logistic_type, status, order_status, shipment_id, shipment_status, shipping_info,
                           intelisis_movement, credit_note, printed_label, total_amount, balance, order_items, products_order, buyer_id, buyer_nickname, active_status)
       values ($1::bigint, $2, $3, now() - ($4 || ' hours')::interval, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16::jsonb, $17::jsonb, $18, $19, $20)`,
      [
        o.id,
        o.linked.name,
        o.store,
        String(o.hoursAgo),
        o.logistic,
        o.status,
        o.orderStatus,
        o.logistic === "drop_off" ? 43000000000 + Number(o.id.slice(-3)) : null,
        o.shipmentStatus,
        json(shipping),
        o.movement,
        o.creditNote ?? null,
        o.printed ?? false,
        itemPrice * o.sales,
        BALANCES[o.id],
        json([{ id: pub, title: o.linked.name, price: itemPrice, qty: o.sales, sellerSku: o.linked.sku }]),
        json([{ idPublication: pub, title: o.linked.name, sales: o.sales, linkedProducts: [o.linked] }]),
        BUYER.id,
        BUYER.nickname,
        o.orderStatus === "cancelled" ? "inactive" : "active",
      ],
    );
  }
  await database.query(
    `insert into questions (id, status, message, publication_id, answer, client_id, client_nickname, store, date_created) values
       ($1, 'UNANSWERED', '¿El cable es de cobre?', 'MLM3001', null, $4, $5, null, now() - interval '2 hours'),
       ($2, 'answered', '¿Tienen factura?', 'MLM3001', 'Sí, facturamos.', $4, $5, null, now() - interval '1 day'),
       ($3, 'UNANSWERED', '¿Es luz fría?', 'MLM3002', null, 777, 'ANARUIZ', 'Electrica', now() - interval '1 hour')`,
    [QUESTIONS.pending, QUESTIONS.answered, QUESTIONS.other, BUYER.id, BUYER.nickname],
  );
  const [conv] = await database.query<{ id: number }>(
    `insert into conversations (order_id, order_date, order_status, store, client_id, seller_id, last_message_date, last_message_from_seller, asks_invoice)
     values ($1::bigint, now() - interval '30 hours', 'paid', null, $2, 187654321, now() - interval '3 hours', false, true) returning id`,
    [ORDERS.assignedDropOff, BUYER.id],
  );
  await database.query(
    `insert into messages (conversation_id, text, from_user_id, from_seller, message_date) values
       ($1, 'Gracias por su compra.', 187654321, true, now() - interval '29 hours'),
       ($1, '¿Me pueden mandar factura?', $2, false, now() - interval '3 hours')`,
    [conv.id, BUYER.id],
  );
}

export async function seedFixtures(database: Database): Promise<void> {
  await insertAppFixtures(database);
  await seedSimulator(database, { scale: "demo" });
}
