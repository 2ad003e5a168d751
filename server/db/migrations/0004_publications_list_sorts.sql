DROP INDEX "publications_last_sync_idx";--> statement-breakpoint
DROP INDEX "publications_sold_idx";--> statement-breakpoint
CREATE INDEX "publications_visits_idx" ON "publications" USING btree ("visits","id");--> statement-breakpoint
CREATE INDEX "publications_title_idx" ON "publications" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "publications_last_sync_idx" ON "publications" USING btree ("last_sync_down" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publications_sold_idx" ON "publications" USING btree ("sold_quantity","id");