import { parseSurtidoListQuery } from "../../app/modules/surtido/list-query";
import { surtidoRequest } from "../../app/modules/surtido/surtido.server";
import { surtidoStatements } from "../../server/integrations/erp/simulator-lists";
import { builtLine } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /surtido reads the ERP's picking records through the port; with the default simulator the ERP is
 * the `sim` schema of the same database. The URL goes through the loader's parser and the module's
 * request to the ERP, then the simulator's own statements: the count and the page, timed one after
 * the other as the simulator runs them.
 */
function line(shape: { search?: string; page?: number }): BenchList {
  const query = queryOf(shape);
  const { count, page } = surtidoStatements(surtidoRequest(parseSurtidoListQuery(new URLSearchParams(query))));
  return builtLine("/surtido", query, { sql: count.text, params: count.params }, { also: [{ sql: page.text, params: page.params }] });
}

export const SURTIDO_LISTS: BenchList[] = [
  line({}),
  line({ page: 20 }),
  // Locations of the simulated warehouse start with an aisle ("A1-…"): the search matches records.
  line({ search: "a1-" }),
];
