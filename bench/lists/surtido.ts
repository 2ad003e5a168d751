import type { BenchList } from "./types";

/**
 * /surtido reads the ERP's picking records through the port; with the default simulator the ERP is
 * the `sim` schema of the same database, so the raw SQL is the simulator's own page and count.
 */
const where = `($1 = '%%' or id::text = $2 or exists (
  select 1 from jsonb_array_elements(articulos) a where upper(a->>'articulo') like $1 or upper(a->>'ubicacion') like $1))`;
const statement = (offset: number) => `with total as (select count(*)::int as n from sim.erp_surtido where ${where}),
  page as (select id, fecha_registro, fecha::text as fecha, articulos from sim.erp_surtido where ${where}
    order by fecha_registro desc, id desc limit 10 offset ${offset})
  select (select n from total) as total, (select json_agg(page) from page) as page`;

export const SURTIDO_LISTS: BenchList[] = [
  { route: "/surtido", query: "", sql: statement(0), params: ["%%", ""] },
  { route: "/surtido", query: "page=20", sql: statement(190), params: ["%%", ""] },
  { route: "/surtido", query: "search=a1-", sql: statement(0), params: ["%A1-%", "A1-"] },
];
