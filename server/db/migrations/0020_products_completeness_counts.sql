CREATE TABLE "product_counts" (
	"complete" boolean PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_manufacturer_idx";--> statement-breakpoint
DROP INDEX "products_stock_idx";--> statement-breakpoint
DROP INDEX "products_name_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_completeness_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "has_properties" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Custom: the flag of the products that already have properties.
UPDATE "products" p SET "has_properties" = true WHERE EXISTS (SELECT 1 FROM "product_properties" pp WHERE pp."product_id" = p."id");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "completeness" smallint GENERATED ALWAYS AS (((jsonb_array_length(gallery) >= 3)::int + (data_sheet_id is not null)::int + (char_length(description) >= 200)::int
        + (tall > 0 and wide > 0 and long > 0 and weight > 0)::int + (category_id is not null)::int + (brand_id is not null)::int
        + (coalesce(ean_upc, '') not in ('', '0'))::int + has_properties::int)::smallint) STORED;--> statement-breakpoint
CREATE INDEX "products_brand_manufacturer_idx" ON "products" USING btree ("brand_id","manufacturer_sku","id");--> statement-breakpoint
CREATE INDEX "products_brand_stock_idx" ON "products" USING btree ("brand_id","stock_total","id");--> statement-breakpoint
CREATE INDEX "products_brand_name_idx" ON "products" USING btree ("brand_id","name","id");--> statement-breakpoint
CREATE INDEX "products_brand_completeness_idx" ON "products" USING btree ("brand_id","completeness","id");--> statement-breakpoint
CREATE INDEX "products_category_manufacturer_idx" ON "products" USING btree ("category_id","manufacturer_sku","id");--> statement-breakpoint
CREATE INDEX "products_category_stock_idx" ON "products" USING btree ("category_id","stock_total","id");--> statement-breakpoint
CREATE INDEX "products_category_name_idx" ON "products" USING btree ("category_id","name","id");--> statement-breakpoint
CREATE INDEX "products_category_completeness_idx" ON "products" USING btree ("category_id","completeness","id");--> statement-breakpoint
CREATE INDEX "products_manufacturer_idx" ON "products" USING btree ("manufacturer_sku","id");--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock_total","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "products_completeness_idx" ON "products" USING btree ("completeness","id");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "completeness_row";--> statement-breakpoint
-- Custom (not generated): products.has_properties follows product_properties, one update per statement.
CREATE OR REPLACE FUNCTION products_has_properties_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE products SET has_properties = false WHERE has_properties;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE products p SET has_properties = true WHERE NOT p.has_properties AND p.id IN (SELECT product_id FROM new_rows);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE products p SET has_properties = false
     WHERE p.has_properties AND p.id IN (SELECT product_id FROM old_rows)
       AND NOT EXISTS (SELECT 1 FROM product_properties pp WHERE pp.product_id = p.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_properties_flag_insert AFTER INSERT ON product_properties REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_has_properties_sync();
--> statement-breakpoint
CREATE TRIGGER product_properties_flag_update AFTER UPDATE ON product_properties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_has_properties_sync();
--> statement-breakpoint
CREATE TRIGGER product_properties_flag_delete AFTER DELETE ON product_properties REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_has_properties_sync();
--> statement-breakpoint
CREATE TRIGGER product_properties_flag_truncate AFTER TRUNCATE ON product_properties FOR EACH STATEMENT EXECUTE FUNCTION products_has_properties_sync();
--> statement-breakpoint
-- Custom: product_counts follows products (complete = 8 of 8, COMPLETENESS_MAX). A present row is
-- always exact; a missing one (never expected: this migration and a truncate create both) makes the
-- readers count the table, and the next insert or delete statement rebuilds it from the table.
CREATE OR REPLACE FUNCTION product_counts_add(is_complete boolean, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta <> 0 THEN
    UPDATE product_counts SET n = n + delta WHERE complete = is_complete;
  END IF;
END $$;
--> statement-breakpoint
-- Inserts and deletes per statement; an update per row, and only when the product crossed between
-- complete and incomplete (the trigger's WHEN), so stock and price updates never touch the counts.
-- Rows are changed in key order (false, then true): two transactions never lock them in opposite orders.
CREATE OR REPLACE FUNCTION product_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO product_counts (complete, n) VALUES (false, 0), (true, 0) ON CONFLICT (complete) DO UPDATE SET n = 0;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM product_counts_add(false, CASE WHEN NEW.completeness >= 8 THEN -1 ELSE 1 END);
    PERFORM product_counts_add(true, CASE WHEN NEW.completeness >= 8 THEN 1 ELSE -1 END);
  ELSIF (SELECT count(*) FROM product_counts) < 2 THEN
    -- The table already holds this statement's rows: counting it is the whole update.
    INSERT INTO product_counts (complete, n)
    SELECT v.complete, (SELECT count(*)::int FROM products WHERE (completeness >= 8) = v.complete) FROM (VALUES (false), (true)) v(complete)
    ON CONFLICT (complete) DO NOTHING;
  ELSIF TG_OP = 'INSERT' THEN
    FOR r IN SELECT completeness >= 8 AS complete, count(*)::int AS n FROM new_rows GROUP BY 1 ORDER BY 1 LOOP
      PERFORM product_counts_add(r.complete, r.n);
    END LOOP;
  ELSE
    FOR r IN SELECT completeness >= 8 AS complete, -count(*)::int AS n FROM old_rows GROUP BY 1 ORDER BY 1 LOOP
      PERFORM product_counts_add(r.complete, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_sync();
--> statement-breakpoint
CREATE TRIGGER product_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_sync();
--> statement-breakpoint
CREATE TRIGGER product_counts_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.completeness >= 8) IS DISTINCT FROM (NEW.completeness >= 8)) EXECUTE FUNCTION product_counts_sync();
--> statement-breakpoint
CREATE TRIGGER product_counts_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION product_counts_sync();
--> statement-breakpoint
INSERT INTO product_counts (complete, n)
SELECT v.complete, (SELECT count(*)::int FROM products WHERE (completeness >= 8) = v.complete) FROM (VALUES (false), (true)) v(complete)
ON CONFLICT (complete) DO UPDATE SET n = excluded.n;
