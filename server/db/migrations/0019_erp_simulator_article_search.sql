CREATE TABLE "sim"."erp_article_count" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "sim"."sim_erp_articles_sku_trgm";--> statement-breakpoint
DROP INDEX "sim"."sim_erp_articles_mfr_trgm";--> statement-breakpoint
DROP INDEX "sim"."sim_erp_articles_desc_trgm";--> statement-breakpoint
ALTER TABLE "sim"."erp_articles" ADD COLUMN "search_text" text GENERATED ALWAYS AS ((chr(31) || sku || chr(31) || upper(manufacturer_sku) || chr(31) || upper(description))) STORED;--> statement-breakpoint
CREATE INDEX "sim_erp_articles_search_trgm" ON "sim"."erp_articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_sku_prefix" ON "sim"."erp_articles" USING btree ("sku" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_mfr_prefix" ON "sim"."erp_articles" USING btree (upper("manufacturer_sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_desc_prefix" ON "sim"."erp_articles" USING btree (upper("description") text_pattern_ops);--> statement-breakpoint
-- Custom (not generated): keeps sim.erp_article_count in step with sim.erp_articles, one update per
-- statement. A missing row (never expected after this migration) is rebuilt from a full count.
CREATE OR REPLACE FUNCTION sim.erp_article_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO sim.erp_article_count (one, n) VALUES (true, 0) ON CONFLICT (one) DO UPDATE SET n = 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  UPDATE sim.erp_article_count SET n = n + delta WHERE one;
  IF NOT FOUND THEN
    INSERT INTO sim.erp_article_count (one, n) SELECT true, count(*) FROM sim.erp_articles ON CONFLICT (one) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER erp_article_count_insert AFTER INSERT ON sim.erp_articles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sim.erp_article_count_sync();
--> statement-breakpoint
CREATE TRIGGER erp_article_count_delete AFTER DELETE ON sim.erp_articles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sim.erp_article_count_sync();
--> statement-breakpoint
CREATE TRIGGER erp_article_count_truncate AFTER TRUNCATE ON sim.erp_articles FOR EACH STATEMENT EXECUTE FUNCTION sim.erp_article_count_sync();
--> statement-breakpoint
INSERT INTO sim.erp_article_count (one, n) SELECT true, count(*) FROM sim.erp_articles ON CONFLICT (one) DO UPDATE SET n = excluded.n;
