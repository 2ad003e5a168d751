/**
 * The movements and credit notes the seed builds so a user can try every outcome of assigning an
 * ERP movement to an order. Each candidate is made for one unassigned order; its scenario says what
 * is wrong with it (or that nothing is).
 */
import { getDatabase, type Database } from "../../db/client";

export type DemoScenario =
  "match" | "match_service_line" | "wrong_total" | "wrong_warehouse" | "wrong_client" | "wrong_skus" | "reserved_short";

export const DEMO_SCENARIOS: ReadonlyArray<{ scenario: DemoScenario; what: string; expected: string }> = [
  { scenario: "match", what: "Coincide en artículos, cantidades, total, almacén y cliente.", expected: "Orden actualizada correctamente" },
  {
    scenario: "match_service_line",
    what: "Coincide y además trae una línea de servicio SERV2 (envío), que no cuenta para el total ni para la lista.",
    expected: "Orden actualizada correctamente",
  },
  {
    scenario: "wrong_total",
    what: "Mismos artículos, precios 10 % arriba: el total con IVA no coincide con el saldo de la orden.",
    expected: "La prefactura no existe en intelisis o los productos no coinciden",
  },
  {
    scenario: "wrong_warehouse",
    what: "Almacén cambiado (FJ en lugar de 1ML o al revés) para el tipo de envío de la orden.",
    expected: "Lo sentimos, las prefacturas no coinciden con las restricciones por almacén",
  },
  {
    scenario: "wrong_client",
    what: "Cliente C00101 en lugar de MLPR.",
    expected: "Lo sentimos, las prefacturas no coinciden con las restricciones por almacén",
  },
  {
    scenario: "wrong_skus",
    what: "Un artículo distinto al vendido (mismo total).",
    expected: "La prefactura no existe en intelisis o los productos no coinciden",
  },
  {
    scenario: "reserved_short",
    what: "La cantidad reservada de la primera línea es una menos que la vendida.",
    expected: "La prefactura no existe en intelisis o los productos no coinciden",
  },
];

export type DemoMovement = {
  movement: string;
  orderId: string;
  scenario: DemoScenario;
  what: string;
  expected: string;
  /** Σ precio × cantidad × 1.16 of the non-service lines, rounded to cents. */
  total: number;
  warehouses: string[];
};

/** Every candidate movement the seed made, grouped by order then scenario order. */
export async function listDemoMovements(database: Database = getDatabase()): Promise<DemoMovement[]> {
  const rows = await database.query<{ movement: string; order_id: string; scenario: DemoScenario; total: number; warehouses: string[] }>(
    `select m.movement, m.order_id::text as order_id, m.scenario,
            round(coalesce(sum(l.precio * l.cantidad) filter (where l.articulo not in ('SERV2', 'SERV10')), 0) * 1.16, 2)::float8 as total,
            array_agg(distinct l.almacen) as warehouses
       from sim.erp_movements m join sim.erp_movement_lines l on l.movement = m.movement
      where m.scenario is not null and m.scenario <> 'assigned'
      group by m.movement, m.order_id, m.scenario
      order by m.order_id desc, m.movement`,
  );
  return rows.map((r) => {
    const def = DEMO_SCENARIOS.find((s) => s.scenario === r.scenario);
    return {
      movement: r.movement,
      orderId: r.order_id,
      scenario: r.scenario,
      what: def?.what ?? "",
      expected: def?.expected ?? "",
      total: Number(r.total),
      warehouses: r.warehouses,
    };
  });
}

export type DemoCreditNote = { note: string; movement: string; orderId: string; scenario: "match" | "mismatch"; expected: string };

/** Credit notes built for already-assigned orders: one matching its movement's items, one not. */
export async function listDemoCreditNotes(database: Database = getDatabase()): Promise<DemoCreditNote[]> {
  const rows = await database.query<{ note: string; movement: string; order_id: string; scenario: "match" | "mismatch" }>(
    `select note, movement, order_id::text as order_id, scenario from sim.erp_credit_notes
      where scenario in ('match', 'mismatch') order by scenario, note`,
  );
  return rows.map((r) => ({
    note: r.note,
    movement: r.movement,
    orderId: r.order_id,
    scenario: r.scenario,
    expected:
      r.scenario === "match"
        ? "Se guarda (coincide con los artículos de la prefactura)"
        : "La nota de crédito no coincide con la prefactura.",
  }));
}
