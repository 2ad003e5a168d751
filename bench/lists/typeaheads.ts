import { parseQuery, q } from "../../app/lib/query";
import { componentSearchQuery } from "../../app/modules/catalog/combo.server";
import { sectionProductSearchQuery } from "../../app/modules/content/shop-sections.server";
import { productSearchStatement } from "../../app/modules/publications/publications.server";
import { typeaheadQuery } from "../../app/modules/quotations/typeahead";
import { clientSearchStatement } from "../../server/integrations/erp/simulator-lists";
import { articlePageQuery } from "../../server/integrations/erp/simulator-articles";
import { builtLine, mock } from "./built";
import type { BenchList } from "./types";

/**
 * The typeaheads, each as the request the browser makes for one search (spec 2: debounced, 40
 * matches): the dialogs post their search to their action (with JavaScript, `<route>.data`, the
 * action alone; the page's loaders revalidate after it), the quotation v4 article row is a GET of
 * /quotations, the publication dialog and the client picker call resource routes. The SQL is the
 * search's own statement, from the builder the search runs (the module's, or the ERP simulator's).
 */

function comboSearch(term: string): BenchList {
  return builtLine("/web-inventory/combos/new.data", "", componentSearchQuery(term, mock), {
    body: `intent=search&componentSearch=${encodeURIComponent(term)}`,
  });
}

/** shop-sections.server.ts searchSectionProducts (also the catalogue dialog's subtitle search). */
function sectionSearch(term: string): BenchList {
  return builtLine("/ecommerce/new.data", "", sectionProductSearchQuery(mock, term)!, {
    body: `intent=search&q=${encodeURIComponent(term)}&title=`,
  });
}

/** publications.server.ts searchProducts: every word contained, an exact SKU first (its own SQL text). */
function publicationSearch(term: string): BenchList {
  const { search } = parseQuery(new URLSearchParams({ search: term }), { search: q.search() });
  const { text, params } = productSearchStatement(search ?? "")!;
  return builtLine("/publications/products", `search=${encodeURIComponent(term)}`, { sql: text, params });
}

/** lines.server.ts searchItems: the ERP article list's first page (the route asks for the second too when the first is full: up to 40 shown). */
function articleSearch(term: string): BenchList {
  const built = articlePageQuery({ search: term, page: 1, sortValue: "ASC" });
  return builtLine("/quotations", `item=${encodeURIComponent(term)}`, { sql: built.text, params: built.params });
}

/** The ERP simulator's searchClients (Cotizador v3 and v4 client picker), 40 matches as draft.server.ts asks. */
function clientSearch(term: string): BenchList {
  const { text, params } = clientSearchStatement(typeaheadQuery(term)!, 40);
  return builtLine("/products/clients", `q=${encodeURIComponent(term)}`, { sql: text, params });
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
