import { z } from "zod";
import { queryDay } from "~/lib/day-range";
import { parseQueryDate } from "~/lib/mexico-time";
import { parseQuery, q } from "~/lib/query";

const id = () => z.coerce.number().int().positive().max(2147483647).optional().catch(undefined);

/** /pdv's URL: the tab, the history's page, days and open session (with its sales page), and the till's notices. */
export const PdvPageQuery = {
  tab: q.oneOf(["venta", "caja", "historial"]),
  page: q.page(),
  start_date: queryDay(),
  end_date: queryDay(),
  session: id(),
  salesPage: q.page(),
  sale: id(),
  cut: id(),
  repeat: q.bool(),
};

export function parsePdvPageQuery(source: URL | URLSearchParams) {
  return parseQuery(source, PdvPageQuery);
}

/** The history's opening-day range; an invalid one (end not after start) is ignored, as the spec says. */
export function historyRange(query: { start_date?: string; end_date?: string }) {
  const start = parseQueryDate(query.start_date)?.startOf("day");
  const end = parseQueryDate(query.end_date)?.startOf("day");
  const valid = !(start && end && end <= start);
  return { start: valid ? (start?.toJSDate() ?? null) : null, end: valid ? (end?.toJSDate() ?? null) : null, valid };
}
