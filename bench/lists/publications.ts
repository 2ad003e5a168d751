import { parseQuery } from "../../app/lib/query";
import { listSql } from "../../app/modules/publications/list-sql";
import { PublicationListQuery } from "../../app/modules/publications/schemas";
import { builtLine } from "./built";
import type { BenchList } from "./types";

/** The publications list: the URL goes through the loader's schema, and each line's SQL is built by the function the loader runs (one statement). */
const line = (query: string): BenchList => {
  const { text, params } = listSql(parseQuery(new URLSearchParams(query), PublicationListQuery));
  return builtLine("/publications", query, { sql: text, params });
};

export const PUBLICATIONS_LISTS: BenchList[] = [
  line(""),
  line("filterStatus=active"),
  line("filterStatus=paused&sortName=sold&sortValue=desc"),
  line("sortName=priceSync&sortValue=desc"),
  line("sortName=stockSync&sortValue=asc&filterStatus=active&page=40"),
  line("sortName=title&sortValue=asc"),
  line("sortName=visits&sortValue=desc&page=200"),
  line("search=cable%20calibre"),
  line("search=QO120&skuSearch=true"),
  line("search=interruptor&filterStatus=paused&sortName=lastSync&sortValue=asc"),
];
