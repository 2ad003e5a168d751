CREATE INDEX "sim_erp_articles_sku_trgm" ON "sim"."erp_articles" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_mfr_trgm" ON "sim"."erp_articles" USING gin (upper("manufacturer_sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_desc_trgm" ON "sim"."erp_articles" USING gin (upper("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_stock_idx" ON "sim"."erp_articles" USING btree ("stock_total","sku");--> statement-breakpoint
CREATE INDEX "sim_erp_articles_description_idx" ON "sim"."erp_articles" USING btree ("description","sku");