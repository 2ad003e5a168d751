/**
 * The simulated ERP's client search and picking list as statements, so the simulator and the bench
 * run the same SQL.
 */
export const SURTIDO_PAGE = 10;

export type SimStatement = { text: string; params: unknown[] };

/** Clients whose key, name or RFC holds the text (upper-cased); the exact key first, then by name. */
export function clientSearchStatement(query: string, limit: number): SimStatement {
  const upperText = query.trim().toUpperCase();
  const pattern = `%${upperText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return {
    text: `select * from sim.erp_clients
            where cliente like $1 or upper(nombre) like $1 or upper(rfc) like $1
            order by (cliente = $2) desc, nombre limit $3`,
    params: [pattern, upperText, Math.max(1, Math.min(limit, 200))],
  };
}

/** The picking list's count and page: the record's number, or an article or location it holds. */
export function surtidoStatements(input: { search?: string; page: number }): { count: SimStatement; page: SimStatement } {
  const search = (input.search ?? "").trim().toUpperCase();
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = `($1 = '%%' or id::text = $2 or exists (
            select 1 from jsonb_array_elements(articulos) a where upper(a->>'articulo') like $1 or upper(a->>'ubicacion') like $1))`;
  return {
    count: { text: `select count(*)::int as n from sim.erp_surtido where ${where}`, params: [pattern, search] },
    page: {
      text: `select id, fecha_registro, fecha::text as fecha, articulos from sim.erp_surtido where ${where}
            order by fecha_registro desc, id desc limit ${SURTIDO_PAGE} offset $3`,
      params: [pattern, search, (input.page - 1) * SURTIDO_PAGE],
    },
  };
}
