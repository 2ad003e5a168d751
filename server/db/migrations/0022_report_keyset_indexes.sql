DROP INDEX "sim"."sim_mkt_orders_date_idx";--> statement-breakpoint
CREATE INDEX "publications_low_stock_idx" ON "publications" USING btree ("stock_now","stock_later","id") WHERE "publications"."autosync";--> statement-breakpoint
CREATE INDEX "publications_unsynced_idx" ON "publications" USING btree ("id") WHERE not "publications"."autosync" and not "publications"."price_sync" and not "publications"."stock_sync";--> statement-breakpoint
CREATE INDEX "sim_mkt_orders_date_id_idx" ON "sim"."mkt_orders" USING btree ("order_date","id");