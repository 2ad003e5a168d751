CREATE TABLE "order_counts_monthly" (
	"month" date NOT NULL,
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
CREATE UNIQUE INDEX "order_counts_monthly_key" ON "order_counts_monthly" USING btree ("month","logistic_type","order_status","shipment_status","claim_status","assigned","has_returns","has_mediations");
--> statement-breakpoint
-- Custom (not generated): the count triggers now keep the daily and the monthly table. Net changes per
-- statement, applied in key order (no two transactions lock count rows in opposite orders).
CREATE OR REPLACE FUNCTION order_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (
      SELECT day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, sum(delta)::int AS n
        FROM (SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date AS day, coalesce(o.logistic_type, '') AS logistic_type,
                 o.order_status, coalesce(o.shipment_status, '') AS shipment_status, coalesce(o.claim_status, '') AS claim_status,
                 o.intelisis_movement IS NOT NULL AS assigned, string_to_array(o.status, ',') @> array['returns'] AS has_returns,
                 string_to_array(o.status, ',') @> array['mediations'] AS has_mediations, 1 AS delta
            FROM new_rows o) r
       GROUP BY day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations HAVING sum(delta) <> 0
    ), daily AS (
      INSERT INTO order_counts AS c (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
      SELECT day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n FROM delta ORDER BY day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations
      ON CONFLICT (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO order_counts_monthly AS m (month, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
    SELECT date_trunc('month', day)::date, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, sum(n)::int FROM delta
     GROUP BY 1, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations HAVING sum(n) <> 0 ORDER BY 1, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations
    ON CONFLICT (month, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations) DO UPDATE SET n = m.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (
      SELECT day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, sum(delta)::int AS n
        FROM (SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date AS day, coalesce(o.logistic_type, '') AS logistic_type,
                 o.order_status, coalesce(o.shipment_status, '') AS shipment_status, coalesce(o.claim_status, '') AS claim_status,
                 o.intelisis_movement IS NOT NULL AS assigned, string_to_array(o.status, ',') @> array['returns'] AS has_returns,
                 string_to_array(o.status, ',') @> array['mediations'] AS has_mediations, -1 AS delta
            FROM old_rows o) r
       GROUP BY day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations HAVING sum(delta) <> 0
    ), daily AS (
      INSERT INTO order_counts AS c (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
      SELECT day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n FROM delta ORDER BY day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations
      ON CONFLICT (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO order_counts_monthly AS m (month, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
    SELECT date_trunc('month', day)::date, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, sum(n)::int FROM delta
     GROUP BY 1, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations HAVING sum(n) <> 0 ORDER BY 1, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations
    ON CONFLICT (month, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations) DO UPDATE SET n = m.n + excluded.n;
  ELSE
    WITH delta AS (
      SELECT day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, sum(delta)::int AS n
        FROM (SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date AS day, coalesce(o.logistic_type, '') AS logistic_type,
                 o.order_status, coalesce(o.shipment_status, '') AS shipment_status, coalesce(o.claim_status, '') AS claim_status,
                 o.intelisis_movement IS NOT NULL AS assigned, string_to_array(o.status, ',') @> array['returns'] AS has_returns,
                 string_to_array(o.status, ',') @> array['mediations'] AS has_mediations, -1 AS delta
            FROM old_rows o
          UNION ALL
          SELECT (o.order_date AT TIME ZONE 'America/Mexico_City')::date AS day, coalesce(o.logistic_type, '') AS logistic_type,
                 o.order_status, coalesce(o.shipment_status, '') AS shipment_status, coalesce(o.claim_status, '') AS claim_status,
                 o.intelisis_movement IS NOT NULL AS assigned, string_to_array(o.status, ',') @> array['returns'] AS has_returns,
                 string_to_array(o.status, ',') @> array['mediations'] AS has_mediations, 1 AS delta
            FROM new_rows o) r
       GROUP BY day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations HAVING sum(delta) <> 0
    ), daily AS (
      INSERT INTO order_counts AS c (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
      SELECT day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n FROM delta ORDER BY day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations
      ON CONFLICT (day, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO order_counts_monthly AS m (month, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
    SELECT date_trunc('month', day)::date, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, sum(n)::int FROM delta
     GROUP BY 1, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations HAVING sum(n) <> 0 ORDER BY 1, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations
    ON CONFLICT (month, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations) DO UPDATE SET n = m.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- DELETE, not TRUNCATE: a TRUNCATE of several tables that includes the roll-ups (wipeAll) would make a
-- TRUNCATE here fail as "in use"; a DELETE of what is left works either way.
CREATE OR REPLACE FUNCTION order_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_counts;
  DELETE FROM order_counts_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO order_counts_monthly (month, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, n)
SELECT date_trunc('month', day)::date, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations, sum(n)::int FROM order_counts GROUP BY 1, logistic_type, order_status, shipment_status, claim_status, assigned, has_returns, has_mediations;
