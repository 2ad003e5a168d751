/**
 * Simulated order calls. Each order follows the shipment path of its logistic type; the label print,
 * the dispatch (sendPackage) and each status sync move it along, so every screen state can be reached.
 */
import { DateTime } from "luxon";
import { renderPdf } from "../../documents/pdf.server";
import { IntegrationError } from "../errors";
import { mirrorOrdersSql } from "../simulator/mirror-sql";
import type { SimRuntime } from "../simulator/runtime";
import { refusalsOf, requireDay, requireMonth } from "../simulator/store";
import { labelHtml } from "./label";
import { pagedCustomerSummary, pagedSalesReport } from "./sim-order-reports";
import type { MarketplaceAccount, MarketplacePort, OrderSyncInfo, ShippingScheduleEntry } from "./port";

const ZONE = "America/Mexico_City";

/** Shipment stages per logistic type, in order (the marketplace's status tokens). */
export const SHIPMENT_PATHS: Record<string, string[]> = {
  drop_off: ["handling", "ready_to_print", "printed", "shipped", "out_for_delivery", "delivered"],
  cross_docking: ["handling", "ready_to_print", "printed", "ready_for_pickup", "picked_up", "shipped", "out_for_delivery", "delivered"],
  xd_drop_off: ["handling", "ready_to_print", "printed", "shipped", "in_hub", "out_for_delivery", "delivered"],
  fulfillment: ["in_warehouse", "ready_to_pack", "in_packing_list", "shipped", "out_for_delivery", "delivered"],
};

/** shipment_status the marketplace reports for each stage (the simulator's activity moves orders along it too). */
export const SHIPMENT_STATUS: Record<string, string> = {
  handling: "pending",
  ready_to_print: "ready_to_print",
  regenerating: "ready_to_print",
  printed: "printed",
  ready_for_pickup: "ready_to_ship",
  picked_up: "shipped",
  shipped: "shipped",
  in_hub: "shipped",
  out_for_delivery: "out_for_delivery",
  delivered: "delivered",
  in_warehouse: "in_warehouse",
  ready_to_pack: "ready_to_pack",
  in_packing_list: "in_packing_list",
};

/** Stages at which the marketplace hands out a label. */
const LABEL_STAGES = new Set(["ready_to_print", "regenerating", "printed", "ready_for_pickup"]);
const NOISE = new Set(["", "null", "undefined", "paid", "pack_splitted"]);

const LOGISTIC_LABELS: Record<string, string> = {
  fulfillment: "FULFILLMENT",
  drop_off: "REGULAR",
  not_specified: "A ACORDAR",
  cross_docking: "M-E COLECTA",
  xd_drop_off: "ML-PLACES",
};

export const SHIPPING_SCHEDULE: ShippingScheduleEntry[] = [
  { logisticType: "cross_docking", cutoff: "11:00", windowFrom: "09:30", windowTo: "10:30", weekdays: [1, 2, 3, 4, 5] },
  { logisticType: "drop_off", cutoff: "14:00", windowFrom: "09:00", windowTo: "19:00", weekdays: [1, 2, 3, 4, 5, 6] },
  { logisticType: "xd_drop_off", cutoff: "12:00", windowFrom: "10:00", windowTo: "18:00", weekdays: [1, 2, 3, 4, 5, 6] },
];

/** An order as the marketplace's own table holds it (sim.mkt_orders), ids as text. */
export type OrderRow = {
  id: string;
  account: MarketplaceAccount;
  buyer_id: string | null;
  buyer_nickname: string | null;
  buyer_first_name: string | null;
  buyer_last_name: string | null;
  order_status: string;
  status_history: string;
  shipment_id: string | null;
  shipment_status: string | null;
  logistic_type: string | null;
  tracking_number: string | null;
  shipping_info: Record<string, string | null> | null;
  items: Array<Record<string, unknown>>;
  active: boolean;
  label_printed_at: string | null;
  dispatched_at: string | null;
};

const COLUMNS = `id::text as id, account, buyer_id::text as buyer_id, buyer_nickname, buyer_first_name, buyer_last_name, order_status,
  status_history, shipment_id::text as shipment_id, shipment_status, logistic_type, tracking_number, shipping_info, items, active,
  label_printed_at, dispatched_at`;

const historyOf = (row: OrderRow) =>
  row.status_history
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The last meaningful stage of the status history. */
export function stageOf(history: string[]): string | null {
  for (let k = history.length - 1; k >= 0; k--) if (!NOISE.has(history[k])) return history[k];
  return null;
}

const trackingFor = (shipmentId: string) => `MEL${shipmentId.slice(-10).padStart(10, "0")}`;

function info(row: OrderRow): OrderSyncInfo {
  return {
    orderId: row.id,
    orderStatus: row.order_status,
    statusHistory: historyOf(row),
    shipmentId: row.shipment_id === null ? null : Number(row.shipment_id),
    shipmentStatus: row.shipment_status,
    trackingNumber: row.tracking_number,
  };
}

function addressLines(s: Record<string, string | null> | null): string[] {
  if (!s) return [];
  const get = (...keys: string[]) => keys.map((k) => s[k]).find((v) => typeof v === "string" && v.trim() !== "") ?? null;
  const street = get("address1", "address_1", "address");
  const colony = get("colony");
  const city = [get("city"), get("state")].filter(Boolean).join(", ");
  const zip = get("zipCode", "zip_code");
  return [
    street,
    colony ? `Col. ${colony}` : null,
    [city, zip ? `C.P. ${zip}` : null].filter(Boolean).join(" "),
    get("cellphone") ? `Tel. ${get("cellphone")}` : null,
  ].filter((l): l is string => !!l && l.trim() !== "");
}

export function orderCalls(
  sim: SimRuntime,
  sellerName: () => string,
): Pick<
  MarketplacePort,
  | "getSchedule"
  | "getShipmentLabel"
  | "syncOrderInfo"
  | "lookupClients"
  | "monthlyCustomerSummary"
  | "monthlyOrderSummary"
  | "salesReport"
  | "sendPackage"
> {
  const db = () => sim.database;
  const refuse = refusalsOf("marketplace");

  async function find(orderId: string): Promise<OrderRow | null> {
    const id = orderId.trim();
    if (!/^\d{1,19}$/.test(id)) return null;
    let rows = await db().query<OrderRow>(`select ${COLUMNS} from sim.mkt_orders where id = $1::bigint`, [id]);
    if (rows.length === 0) {
      await db().query(mirrorOrdersSql("o.id = $1::bigint"), [id]);
      rows = await db().query<OrderRow>(`select ${COLUMNS} from sim.mkt_orders where id = $1::bigint`, [id]);
    }
    return rows[0] ?? null;
  }

  async function require(call: string, orderId: string): Promise<OrderRow> {
    const row = await find(orderId);
    if (!row) throw refuse(call, `La orden ${orderId} no existe en Mercado Libre.`, 404);
    return row;
  }

  /** Appends a stage to the history and moves shipment_status with it. */
  async function advance(row: OrderRow, stage: string, extra = ""): Promise<OrderRow> {
    const [updated] = await db().query<OrderRow>(
      `update sim.mkt_orders
          set status_history = case when status_history = '' then $2 else status_history || ',' || $2 end,
              shipment_status = $3,
              tracking_number = coalesce(tracking_number, $4),
              updated_at = now() ${extra}
        where id = $1::bigint
        returning ${COLUMNS}`,
      [
        row.id,
        stage,
        SHIPMENT_STATUS[stage] ?? row.shipment_status,
        row.shipment_id && /shipped|picked_up|in_hub|out_for/.test(stage) ? trackingFor(row.shipment_id) : null,
      ],
    );
    return updated;
  }

  return {
    getSchedule() {
      return sim.run("marketplace", "getSchedule", [], async () => SHIPPING_SCHEDULE.map((e) => ({ ...e, weekdays: [...e.weekdays] })));
    },

    getShipmentLabel(input) {
      return sim.run("marketplace", "getShipmentLabel", [input.orderId], async () => {
        const row = await require("getShipmentLabel", input.orderId);
        const logistic = (row.logistic_type ?? "").toLowerCase();
        if (logistic === "fulfillment")
          throw refuse("getShipmentLabel", "Las órdenes de Full las envía Mercado Libre; no requieren etiqueta.");
        if (logistic === "not_specified" || row.shipment_id === null) {
          throw refuse("getShipmentLabel", "Las órdenes con envío a acordar no tienen etiqueta de Mercado Libre.");
        }
        if (row.order_status === "cancelled")
          throw refuse("getShipmentLabel", "La orden está cancelada; su etiqueta ya no está disponible.");
        const stage = stageOf(historyOf(row));
        if (!stage || !LABEL_STAGES.has(stage)) {
          throw refuse("getShipmentLabel", `La etiqueta aún no está disponible (estado del envío: ${stage ?? "sin estado"}).`);
        }

        const tracking = row.tracking_number ?? trackingFor(row.shipment_id);
        const buyerName = [row.buyer_first_name, row.buyer_last_name].filter(Boolean).join(" ").trim() || row.buyer_nickname || "Comprador";
        const html = labelHtml({
          orderId: row.id,
          shipmentId: Number(row.shipment_id),
          trackingNumber: tracking,
          logisticLabel: LOGISTIC_LABELS[logistic] ?? logistic.toUpperCase(),
          sellerName: sellerName(),
          buyerName,
          buyerNickname: row.buyer_nickname,
          address: addressLines(row.shipping_info),
          items: (row.items ?? []).map((it) => ({
            title: String(it.title ?? it.description ?? ""),
            qty: Number(it.qty ?? it.quantity ?? 1),
            sku: typeof it.sellerSku === "string" ? it.sellerSku : null,
          })),
          printedAt: DateTime.now().setZone(ZONE).toFormat("dd/MM/yyyy HH:mm"),
        });
        let pdf: Buffer;
        try {
          pdf = await renderPdf(html, {
            pdf: {
              format: undefined,
              width: "4in",
              height: "6in",
              preferCSSPageSize: true,
              margin: { top: "0", right: "0", bottom: "0", left: "0" },
            },
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new IntegrationError({
            system: "marketplace",
            call: "getShipmentLabel",
            kind: /tard/i.test(message) ? "timeout" : "network",
            message: `No fue posible generar la etiqueta: ${message}`,
            detail: message,
            cause: error,
          });
        }
        // Printing moves a fresh label to "printed", as the marketplace does.
        if (stage !== "printed" && stage !== "ready_for_pickup") await advance(row, "printed", ", label_printed_at = now()");
        else await db().query(`update sim.mkt_orders set label_printed_at = now() where id = $1::bigint`, [row.id]);
        return { kind: "pdf", data: pdf, filename: `etiqueta-${row.id}.pdf` };
      });
    },

    syncOrderInfo(input) {
      return sim.run("marketplace", "syncOrderInfo", [input.orderId], async () => {
        let row = await find(input.orderId);
        if (!row) return null;
        if (row.order_status === "payment_required" || row.order_status === "payment_in_process" || row.order_status === "partially_paid") {
          // The payment went through since the last sync.
          const [paid] = await db().query<OrderRow>(
            `update sim.mkt_orders set order_status = 'paid',
                    status_history = case when status_history = '' then 'paid' else status_history || ',paid' end, updated_at = now()
              where id = $1::bigint returning ${COLUMNS}`,
            [row.id],
          );
          return info(paid);
        }
        if (row.order_status === "cancelled" || !row.active) return info(row);
        const path = SHIPMENT_PATHS[(row.logistic_type ?? "").toLowerCase()];
        const stage = stageOf(historyOf(row));
        if (!path) return info(row);
        // A label waiting to be printed only moves when it is printed.
        if (stage === "ready_to_print" || stage === "regenerating") return info(row);
        const at = stage ? path.indexOf(stage) : -1;
        const next = at === -1 && !stage ? path[0] : at >= 0 && at < path.length - 1 ? path[at + 1] : null;
        if (next) row = await advance(row, next);
        return info(row);
      });
    },

    lookupClients(orderIds) {
      return sim.run("marketplace", "lookupClients", orderIds, async () => {
        const ids = orderIds.map((id) => id.trim()).filter((id) => /^\d{1,19}$/.test(id));
        const rows = ids.length
          ? await db().query<OrderRow>(`select ${COLUMNS} from sim.mkt_orders where id = any($1::bigint[])`, [ids])
          : [];
        const result = { main: [] as ReturnType<typeof toBuyer>[], brand: [] as ReturnType<typeof toBuyer>[] };
        for (const r of rows) result[r.account].push(toBuyer(r));
        return result;
      });
    },

    monthlyCustomerSummary(month) {
      return sim.run("marketplace", "monthlyCustomerSummary", [month], () =>
        pagedCustomerSummary(db(), requireMonth("marketplace", "monthlyCustomerSummary", month)),
      );
    },

    monthlyOrderSummary(month) {
      return sim.run("marketplace", "monthlyOrderSummary", [month], async () => {
        const first = requireMonth("marketplace", "monthlyOrderSummary", month);
        const rows = await db().query<{ day: string; orders: number; units: number; total: number; cancelled: number }>(
          `select to_char((order_date at time zone '${ZONE}')::date, 'YYYY-MM-DD') as day,
                  count(*) filter (where order_status <> 'cancelled')::int as orders,
                  coalesce(sum((select sum(coalesce((it->>'qty')::numeric, 1)) from jsonb_array_elements(items) it))
                           filter (where order_status <> 'cancelled'), 0)::float8 as units,
                  coalesce(sum(total_amount) filter (where order_status <> 'cancelled'), 0)::float8 as total,
                  count(*) filter (where order_status = 'cancelled')::int as cancelled
             from sim.mkt_orders
            where (order_date at time zone '${ZONE}') >= $1::date and (order_date at time zone '${ZONE}') < ($1::date + interval '1 month')
            group by 1 order by 1`,
          [first],
        );
        return rows.map((r) => ({
          day: r.day,
          orders: Number(r.orders),
          units: Number(r.units),
          total: Number(r.total),
          cancelled: Number(r.cancelled),
        }));
      });
    },

    salesReport(input) {
      return sim.run("marketplace", "salesReport", [], () =>
        pagedSalesReport(db(), requireDay("marketplace", "salesReport", input.start), requireDay("marketplace", "salesReport", input.end)),
      );
    },

    sendPackage(input) {
      return sim.run("marketplace", "sendPackage", [input.orderId], async () => {
        const row = await require("sendPackage", input.orderId);
        const logistic = (row.logistic_type ?? "").toLowerCase();
        if (logistic === "fulfillment")
          throw refuse("sendPackage", "Mercado Libre envía las órdenes de Full; no hay paquete que despachar.");
        if (logistic === "not_specified") throw refuse("sendPackage", "Las órdenes con envío a acordar no se despachan por Mercado Libre.");
        if (row.order_status === "cancelled") throw refuse("sendPackage", "La orden está cancelada.");
        const stage = stageOf(historyOf(row));
        if (row.dispatched_at || (stage && ["shipped", "picked_up", "in_hub", "out_for_delivery", "delivered"].includes(stage))) {
          throw refuse("sendPackage", "El paquete ya fue despachado.");
        }
        if (!row.label_printed_at && stage !== "printed" && stage !== "ready_for_pickup") {
          throw refuse("sendPackage", "Primero imprime la etiqueta del envío.");
        }
        const updated = await advance(row, "shipped", ", dispatched_at = now()");
        return { orderId: updated.id, shipmentStatus: updated.shipment_status ?? "shipped" };
      });
    },
  };
}

function toBuyer(r: OrderRow) {
  return {
    orderId: r.id,
    buyerId: r.buyer_id === null ? null : Number(r.buyer_id),
    firstName: r.buyer_first_name ?? "",
    lastName: r.buyer_last_name ?? "",
    nickname: r.buyer_nickname ?? "",
  };
}
