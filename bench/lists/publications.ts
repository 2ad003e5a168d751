import { listSql, type PublicationListFilters } from "../../app/modules/publications/list-sql";
import type { BenchList } from "./types";

/** The publications list: each line's SQL is built by the same function the loader runs. */
const line = (query: string, filters: PublicationListFilters): BenchList => {
  const { text, params } = listSql(filters);
  return { route: "/publications", query, sql: text, params };
};

export const PUBLICATIONS_LISTS: BenchList[] = [
  line("", { page: 1 }),
  line("filterStatus=active", { page: 1, filterStatus: "active" }),
  line("filterStatus=paused&sortName=sold&sortValue=desc", { page: 1, filterStatus: "paused", sortName: "sold", sortValue: "desc" }),
  line("sortName=priceSync&sortValue=desc", { page: 1, sortName: "priceSync", sortValue: "desc" }),
  line("sortName=stockSync&sortValue=asc&filterStatus=active&page=40", { page: 40, sortName: "stockSync", sortValue: "asc", filterStatus: "active" }),
  line("sortName=title&sortValue=asc", { page: 1, sortName: "title", sortValue: "asc" }),
  line("sortName=visits&sortValue=desc&page=200", { page: 200, sortName: "visits", sortValue: "desc" }),
  line("search=cable%20calibre", { page: 1, search: "cable calibre" }),
  line("search=QO120&skuSearch=true", { page: 1, search: "QO120", skuSearch: true }),
  line("search=interruptor&filterStatus=paused&sortName=lastSync&sortValue=asc", { page: 1, search: "interruptor", filterStatus: "paused", sortName: "lastSync", sortValue: "asc" }),
];
