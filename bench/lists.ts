/**
 * One entry per list screen and query shape: the document URL and the raw SQL the loader runs for
 * it (same filters, sort, page size), so the bench can report document time over database time.
 * Each area keeps its lines in bench/lists/<area>.ts.
 */
import type { BenchList } from "./lists/types";
import { SYSTEM_LISTS } from "./lists/system";
import { ORDERS_LISTS } from "./lists/orders";
import { PUBLICATIONS_LISTS } from "./lists/publications";
import { QUESTION_LISTS } from "./lists/questions";
import { MESSAGE_LISTS } from "./lists/messages";
import { SURTIDO_LISTS } from "./lists/surtido";
import { TAXONOMY_LISTS, TREE_LISTS } from "./lists/taxonomies";
import { INVOICE_LISTS } from "./lists/invoices";
import { CONTENT_LISTS } from "./lists/content";
import { ASSISTANT_LISTS } from "./lists/assistants";
import { SHOP_SECTION_LISTS } from "./lists/shop-sections";
import { CATALOG_LISTS } from "./lists/catalogs";
import { BOX_SCORE_LISTS } from "./lists/box-score";
import { BLOG_LISTS } from "./lists/blogs";
import { PDV_LISTS } from "./lists/pdv";
import { INVENTORY_LISTS } from "./lists/inventory";
import { QUOTATION_LISTS } from "./lists/quotations";
import { TYPEAHEAD_LISTS } from "./lists/typeaheads";
import { SHOP_API_LISTS } from "./lists/shop-api";

export type { BenchList };

export const LISTS: BenchList[] = [
  ...SYSTEM_LISTS,
  ...ORDERS_LISTS,
  ...PUBLICATIONS_LISTS,
  ...QUESTION_LISTS,
  ...MESSAGE_LISTS,
  ...SURTIDO_LISTS,
  ...TAXONOMY_LISTS,
  ...TREE_LISTS,
  ...INVOICE_LISTS,
  ...CONTENT_LISTS,
  ...ASSISTANT_LISTS,
  ...SHOP_SECTION_LISTS,
  ...CATALOG_LISTS,
  ...BOX_SCORE_LISTS,
  ...BLOG_LISTS,
  ...PDV_LISTS,
  ...INVENTORY_LISTS,
  ...QUOTATION_LISTS,
  ...TYPEAHEAD_LISTS,
  ...SHOP_API_LISTS,
];
