CREATE TABLE "order_counts" (
	"day" date NOT NULL,
	"logistic_type" text NOT NULL,
	"order_status" text NOT NULL,
	"shipment_status" text NOT NULL,
	"claim_status" text NOT NULL,
	"assigned" boolean NOT NULL,
	"has_returns" boolean NOT NULL,
	"has_mediations" boolean NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_logistic_date_idx";--> statement-breakpoint
DROP INDEX "orders_order_status_date_idx";--> statement-breakpoint
DROP INDEX "orders_shipment_status_date_idx";--> statement-breakpoint
DROP INDEX "orders_claim_status_idx";--> statement-breakpoint
DROP INDEX "orders_unassigned_date_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "order_counts_key" ON "order_counts" USING btree ("day","logistic_type","order_status","shipment_status","claim_status","assigned","has_returns","has_mediations");--> statement-breakpoint
CREATE INDEX "orders_assigned_date_idx" ON "orders" USING btree ("order_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."intelisis_movement" is not null;--> statement-breakpoint
CREATE INDEX "orders_status_tokens_gin" ON "orders" USING gin (string_to_array("status", ','));--> statement-breakpoint
CREATE INDEX "orders_logistic_date_idx" ON "orders" USING btree ("logistic_type","order_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_order_status_date_idx" ON "orders" USING btree ("order_status","order_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shipment_status_date_idx" ON "orders" USING btree ("shipment_status","order_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_claim_status_idx" ON "orders" USING btree ("claim_status","order_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."claim_status" is not null;--> statement-breakpoint
CREATE INDEX "orders_unassigned_date_idx" ON "orders" USING btree ("order_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."intelisis_movement" is null;--> statement-breakpoint
-- Custom (not generated): keeps order_counts in step with orders, one aggregated upsert per statement.
-- Net changes are applied in key order, so two transactions never lock count rows in opposite orders.
CREATE OR REPLACE FUNCTION order_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts AS c (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
    SELECT d.day, d.logistic_type, d.order_status, d.shipment_status, d.claim_status, d.assigned, d.has_returns, d.has_mediations, count(*)::int
      FROM (SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date AS day, coalesce(o.logistic_type, '') AS logistic_type,
                   o.order_status, coalesce(o.shipment_status, '') AS shipment_status, coalesce(o.claim_status, '') AS claim_status,
                   o.intelisis_movement IS NOT NULL AS assigned, string_to_array(o.status, ',') @> array['returns'] AS has_returns,
                   string_to_array(o.status, ',') @> array['mediations'] AS has_mediations
              FROM new_rows o) d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations)
    DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_counts AS c (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
    SELECT d.day, d.logistic_type, d.order_status, d.shipment_status, d.claim_status, d.assigned, d.has_returns, d.has_mediations, -count(*)::int
      FROM (SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date AS day, coalesce(o.logistic_type, '') AS logistic_type,
                   o.order_status, coalesce(o.shipment_status, '') AS shipment_status, coalesce(o.claim_status, '') AS claim_status,
                   o.intelisis_movement IS NOT NULL AS assigned, string_to_array(o.status, ',') @> array['returns'] AS has_returns,
                   string_to_array(o.status, ',') @> array['mediations'] AS has_mediations
              FROM old_rows o) d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations)
    DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO order_counts AS c (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
    SELECT d.day, d.logistic_type, d.order_status, d.shipment_status, d.claim_status, d.assigned, d.has_returns, d.has_mediations, sum(d.delta)::int
      FROM (SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date AS day, coalesce(o.logistic_type, '') AS logistic_type,
                   o.order_status, coalesce(o.shipment_status, '') AS shipment_status, coalesce(o.claim_status, '') AS claim_status,
                   o.intelisis_movement IS NOT NULL AS assigned, string_to_array(o.status, ',') @> array['returns'] AS has_returns,
                   string_to_array(o.status, ',') @> array['mediations'] AS has_mediations, -1 AS delta
              FROM old_rows o
            UNION ALL
            SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date, coalesce(o.logistic_type, ''),
                   o.order_status, coalesce(o.shipment_status, ''), coalesce(o.claim_status, ''),
                   o.intelisis_movement IS NOT NULL, string_to_array(o.status, ',') @> array['returns'],
                   string_to_array(o.status, ',') @> array['mediations'], 1
              FROM new_rows o) d
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations)
    DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE order_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_counts_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_sync();
--> statement-breakpoint
CREATE TRIGGER order_counts_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_sync();
--> statement-breakpoint
CREATE TRIGGER order_counts_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_sync();
--> statement-breakpoint
CREATE TRIGGER order_counts_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION order_counts_truncate();
--> statement-breakpoint
INSERT INTO order_counts (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date, coalesce(o.logistic_type, ''), o.order_status, coalesce(o.shipment_status, ''),
       coalesce(o.claim_status, ''), o.intelisis_movement IS NOT NULL, string_to_array(o.status, ',') @> array['returns'],
       string_to_array(o.status, ',') @> array['mediations'], count(*)::int
  FROM orders o GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
