import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import * as schema from "../../server/db/schema";
import { parseOrdersQuery } from "../../app/modules/orders/filters";
import { countOrdersSql, listFilters, ordersPageQuery } from "../../app/modules/orders/orders.server";
import type { BenchList } from "./types";

/**
 * The orders list (app/modules/orders/orders.server.ts): the URL goes through the loader's own parser,
 * filters and statement builders, so each line times the SQL the page runs — its total (the count
 * tables, or a count over orders when there is a search) and its 20 rows — as one statement.
 */
const mock = drizzle.mock({ schema });
const dialect = new PgDialect();

function line(query: string): BenchList {
  const parsed = parseOrdersQuery(new URLSearchParams(query));
  const spec = listFilters(parsed);
  const page = ordersPageQuery(mock, spec, parsed);
  const built = dialect.sqlToQuery(sql`with page as (${page}) select page.*, (${countOrdersSql(spec)}) as total from page`);
  return { route: "/orders", query, sql: built.sql, params: built.params };
}

// Dates are relative to the bench seed (last ~2 years up to now), written as the list's URL writes them.
const d = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" }).replace(/-/g, "/");
const RECENT = `start_date=${d(40)}&end_date=${d(10)}`;

export const ORDERS_LISTS: BenchList[] = [
  line(""),
  line("sortName=date&sortValue=asc"),
  line("page=50"),
  line("page=200"),
  line("filterLogisticType=fulfillment"),
  line("filterLogisticType=not_specified"),
  line("assigned_move_filter=unassigned"),
  line("assigned_move_filter=assigned"),
  line("filterStatus=return"),
  line("filterStatus=claim"),
  line("filterStatus=cancelled"),
  line("filterStatus=to_send"),
  line("order_status_filter=payment_in_process"),
  line("shipment_status_filter=ready_to_print"),
  line("claim_return_status_filter=opened"),
  line("day_filter=today"),
  line(RECENT),
  line(`filterLogisticType=drop_off&assigned_move_filter=unassigned&shipment_status_filter=delivered&${RECENT}`),
  line("filterLogisticType=cross_docking&filterStatus=claim&order_status_filter=paid&claim_return_status_filter=opened"),
  line("filterLogisticType=ecommerce&order_status_filter=cancelled&assigned_move_filter=assigned"),
  // Search terms that match rows of the bench seed (deterministic): a product sold 223 times, a
  // publication, a movement number, an order and a related order.
  line("search=CANL43880"),
  line("search=MLM4100000123"),
  line("search=5123"),
  line("search=1000000000031644"),
  line("search=V2000009300023297"),
  line("search=CANL43880&filterLogisticType=drop_off"),
];
