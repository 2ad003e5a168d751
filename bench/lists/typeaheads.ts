import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "../../server/db/schema";
import { componentSearchQuery } from "../../app/modules/catalog/combo.server";
import { SHOP_SECTION_SEARCH_LIMIT } from "../../app/modules/content/shop-sections";
import { PRODUCT_SEARCH_LIMIT } from "../../app/modules/publications/constants";
import { articlePageQuery } from "../../server/integrations/erp/simulator-articles";
import type { BenchList } from "./types";

/**
 * The typeaheads, each as the request the browser makes for one search (spec 2: debounced, 40
 * matches): the dialogs post their search to their action (with JavaScript, `<route>.data`, the
 * action alone; the page's loaders revalidate after it), the quotation v4 article row is a GET of
 * /quotations, the publication dialog and the client picker call resource routes. The SQL is the
 * search's own statement: the combo's from its builder, the others as their modules write them.
 */
const mock = drizzle.mock({ schema });

function comboSearch(term: string): BenchList {
  const built = componentSearchQuery(term, mock).toSQL();
  return { route: "/web-inventory/combos/new.data", query: "", body: `intent=search&componentSearch=${encodeURIComponent(term)}`, sql: built.sql, params: built.params };
}

/** shop-sections.server.ts searchSectionProducts (also the catalogue dialog's subtitle search). */
function sectionSearch(term: string): BenchList {
  const text = term.trim().toUpperCase();
  return {
    route: "/ecommerce/new.data",
    query: "",
    body: `intent=search&q=${encodeURIComponent(term)}&title=`,
    sql: `select id, name, price, stock_total from products where is_active = true and search_text like $1
      order by (id = $2) desc, name asc, id asc limit ${SHOP_SECTION_SEARCH_LIMIT}`,
    params: [`%${text}%`, text],
  };
}

/** publications.server.ts searchProducts: every word contained, an exact SKU first. */
function publicationSearch(term: string): BenchList {
  const clean = term.trim().toUpperCase();
  const words = clean.split(/\s+/);
  return {
    route: "/publications/products",
    query: `search=${encodeURIComponent(term)}`,
    sql: `select id, name, intelisis_name, price, stock_total, stocks from products where ${words.map((_, i) => `search_text like $${i + 1}`).join(" and ")}
      order by (id = $${words.length + 1}) desc, stock_total desc, id limit ${PRODUCT_SEARCH_LIMIT}`,
    params: [...words.map((w) => `%${w}%`), clean],
  };
}

/** lines.server.ts searchItems: the ERP article list's first page (its first 10 shown). */
function articleSearch(term: string): BenchList {
  const built = articlePageQuery({ search: term, page: 1, sortValue: "ASC" });
  return { route: "/quotations", query: `item=${encodeURIComponent(term)}`, sql: built.text, params: built.params };
}

/** The ERP simulator's searchClients (Cotizador v3 and v4 client picker). */
function clientSearch(term: string): BenchList {
  const q = term.trim().toUpperCase();
  return {
    route: "/products/clients",
    query: `q=${encodeURIComponent(term)}`,
    sql: `select * from sim.erp_clients where cliente like $1 or upper(nombre) like $1 or upper(rfc) like $1 order by (cliente = $2) desc, nombre limit 40`,
    params: [`%${q}%`, q],
  };
}

export const TYPEAHEAD_LISTS: BenchList[] = [
  comboSearch("interruptor"),
  comboSearch("thw"),
  comboSearch("q"),
  sectionSearch("interruptor"),
  sectionSearch("cable"),
  publicationSearch("interruptor"),
  publicationSearch("cable thw"),
  articleSearch("apagador"),
  articleSearch("*QOB"),
  clientSearch("materiales"),
];
