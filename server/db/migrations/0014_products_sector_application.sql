CREATE INDEX "products_sector_idx" ON "products" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "products_application_idx" ON "products" USING btree ("application_id");