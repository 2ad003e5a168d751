-- Custom: every new content version, and every new dollar rate, is also announced on the channel
-- content_versions (payload: the table, or 'settings'). The embedded database serves one process,
-- which keeps the versions it read and forgets them on the announcement (delivered at the writer's
-- commit), so a 304 or a kept answer of the shop's API reads nothing at all there. PostgreSQL
-- ignores the announcement when nobody listens.
CREATE OR REPLACE FUNCTION content_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_versions (table_name, version) VALUES (TG_TABLE_NAME, nextval('content_version_seq'))
  ON CONFLICT (table_name) DO UPDATE SET version = excluded.version;
  PERFORM pg_notify('content_versions', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_shop_price_rate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rate double precision := shop_dollar_rate();
BEGIN
  UPDATE products SET shop_price_cents = shop_price_cents_of(price, moneda_precio, rate)
   WHERE moneda_precio = 'Dolares' AND shop_price_cents IS DISTINCT FROM shop_price_cents_of(price, moneda_precio, rate);
  PERFORM pg_notify('content_versions', 'settings');
  RETURN NULL;
END $$;
