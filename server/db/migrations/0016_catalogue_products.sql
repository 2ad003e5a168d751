ALTER TABLE "products" ADD COLUMN "global_description" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "completeness_row" smallint GENERATED ALWAYS AS (((jsonb_array_length(gallery) >= 3)::int + (data_sheet_id is not null)::int + (char_length(description) >= 200)::int
        + (tall > 0 and wide > 0 and long > 0 and weight > 0)::int + (category_id is not null)::int + (brand_id is not null)::int
        + (coalesce(ean_upc, '') not in ('', '0'))::int)::smallint) STORED;--> statement-breakpoint
CREATE INDEX "brands_name_trgm" ON "brands" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_trgm" ON "categories" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_completeness_idx" ON "products" USING btree ("completeness_row");--> statement-breakpoint
CREATE INDEX "products_combo_idx" ON "products" USING btree ("is_combo");