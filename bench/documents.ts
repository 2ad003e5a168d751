import type { Database } from "../server/db/client";

/**
 * Dialogs and downloads: the URLs users open from the lists. Ids are read from the bench database
 * before the app starts (`pick` returns the path), so every line hits a real record.
 */
export type BenchDocument = {
  route: string;
  label?: string;
  pick?: (db: Database) => Promise<string>;
  /** A form post (labels are printed by POST): the body, from the same database. */
  post?: (db: Database) => Promise<string>;
};

const first = (sql: string) => async (db: Database) => {
  const rows = await db.query<{ id: string | number }>(sql);
  if (!rows[0]) throw new Error(`Sin registro para el banco: ${sql}`);
  return String(rows[0].id);
};
/** Orders whose label the marketplace can print (a shipment that is ready). */
const LABELLED =
  "select id::text as id from orders where shipment_status = 'ready_to_ship' and logistic_type <> 'fulfillment' order by order_date desc nulls last, id desc limit 1";

const dialog = (list: string, sql: string): BenchDocument => ({
  route: `${list}/:id`,
  pick: async (db) => `${list}/${await first(sql)(db)}`,
});

export const DOCUMENTS: BenchDocument[] = [
  dialog("/orders", "select id from orders order by order_date desc nulls last, id desc limit 1"),
  dialog("/publications", "select id from publications order by id limit 1"),
  dialog("/messages", "select id from conversations order by id desc limit 1"),
  dialog("/logs", "select id from audit_log order by id desc limit 1"),
  dialog("/users", "select id from users order by id limit 1"),
  dialog("/catalogs", "select id from catalogs order by id limit 1"),
  dialog("/locations", "select id from store_locations order by id limit 1"),
  dialog("/promotions", "select id from store_promos order by id limit 1"),
  dialog("/product-sectors", "select id from sectors order by id limit 1"),
  dialog("/product-applications", "select id from applications order by id limit 1"),
  dialog("/ecommerce", "select id from shop_sections order by id limit 1"),
  dialog("/chatbot-documents", "select id from ai_assistants order by id limit 1"),
  {
    route: "/orders/:id/label",
    pick: async (db) => `/orders/${await first(LABELLED)(db)}/label`,
    post: async () => "",
  },
  {
    route: "/orders/labels",
    label: "/orders/labels (20)",
    pick: async () => "/orders/labels",
    post: async (db) => {
      const rows = await db.query<{ id: string }>(`${LABELLED.replace("limit 1", "limit 20")}`);
      return rows.map((r) => `ids=${r.id}`).join("&");
    },
  },
  // The till's ticket on 100 mm roll paper (the page measured to the ticket's length).
  {
    route: "/pdv/sales/:id/ticket.pdf",
    pick: async (db) => `/pdv/sales/${await first("select id from pdv_sales order by id desc limit 1")(db)}/ticket.pdf`,
  },
  // A stored quote of 20 lines: a 3-page PDF from the pooled browser page.
  {
    route: "/products/quotes/:folio/pdf",
    label: "/products/quotes/:folio/pdf (3 páginas)",
    pick: async () => "/products/quotes/BENCH-1/pdf",
  },
  { route: "/theme/sample.pdf" },
  { route: "/theme/sample.xlsx" },
  { route: "/publications/stock-report.xlsx" },
  { route: "/publications/unsynced.xlsx" },
  {
    route: "/publications/sales-report.xlsx",
    label: "/publications/sales-report.xlsx?range=last30",
    pick: async () => "/publications/sales-report.xlsx?store=Meli1&range=last30",
  },
];
