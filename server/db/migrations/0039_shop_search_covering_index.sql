-- The shop API's product search sorted by name (the default): the matching page's SKUs are found by
-- walking the enabled products in name order and testing search_text on the index entry itself (an
-- index-only scan), instead of reading the wide row of every product passed over (23 000 rows before
-- the first "INTERRUPTOR" at bench scale). Drizzle's index builder has no INCLUDE, hence by hand.
CREATE INDEX IF NOT EXISTS "products_active_name_search_idx" ON "products" USING btree ("name", "id") INCLUDE ("search_text") WHERE "products"."is_active";
