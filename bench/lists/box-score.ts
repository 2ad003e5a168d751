import { DateTime } from "luxon";
import { chooseMonth } from "../../app/modules/box-score/indicators";
import { monthDailyQuery, monthSourceSelects, monthStateQuery, refreshMonth } from "../../app/modules/box-score/box-score.server";
import { getDatabase, setDatabase, type Database } from "../../server/db/client";
import { builtLine, mock, statementOf } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /box-score (app/modules/box-score/box-score.server.ts): every request reads when its month was last
 * recomputed and then the month from the daily roll-up (≤ 31 × 27 rows); the roll-up is recomputed
 * only when the month is stale (a minute for the current month, 15 for a past one), so most requests
 * are those two reads, timed one after the other. The URL goes through the loader's month chooser,
 * with the years the bench seed covers (about two years up to today). The seed leaves the roll-up
 * empty, so before timing the month is computed by the app's own refresh, as its first request would:
 * the read then returns the month's rows, not an empty table.
 */
const today = DateTime.now().setZone("America/Mexico_City");
const BENCH_YEARS = { first: today.year - 2, last: today.year };

function parsed(query: string) {
  return chooseMonth(new URLSearchParams(query), BENCH_YEARS, { year: today.year, month: today.month });
}

async function computed(database: Database, year: number, month: number) {
  let previous: Database | undefined;
  try {
    previous = getDatabase();
  } catch {
    previous = undefined;
  }
  setDatabase(database);
  try {
    await refreshMonth(year, month, { force: true });
  } finally {
    setDatabase(previous);
  }
}

function month(at: DateTime): BenchList {
  const query = queryOf({ year: at.year, month: at.month });
  const { year, month: m } = parsed(query);
  const also = async (database: Database) => {
    await computed(database, year, m);
    return [statementOf(monthStateQuery(mock, year, m))];
  };
  return builtLine("/box-score", query, monthDailyQuery(mock, year, m), { also });
}

/**
 * What a stale month costs once: the refresh's six source reads (orders, PDV, quotations, box cuts,
 * questions, messages) for last month, without the inserts that store their rows. Its document figure
 * is the same URL as last month's line (a fresh month), so read its SQL figure on its own.
 */
function staleMonth(at: DateTime): BenchList {
  const query = queryOf({ year: at.year, month: at.month });
  const { year, month: m } = parsed(query);
  const [first, ...rest] = monthSourceSelects(year, m);
  return builtLine("/box-score", query, first, { also: rest.map(statementOf) });
}

const lastMonth = today.minus({ months: 1 });

export const BOX_SCORE_LISTS: BenchList[] = [month(today), month(lastMonth), staleMonth(lastMonth)];
