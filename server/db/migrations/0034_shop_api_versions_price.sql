CREATE TABLE "content_versions" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shop_price_cents" bigint;--> statement-breakpoint
CREATE INDEX "products_active_shop_price_idx" ON "products" USING btree ("shop_price_cents","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_shop_price_desc_idx" ON "products" USING btree ("shop_price_cents" DESC NULLS LAST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "blog_posts_scheduled_idx" ON "blog_posts" USING btree ("publish_at") WHERE "blog_posts"."status" and "blog_posts"."publish_at" is not null;--> statement-breakpoint
-- Custom (not generated): every write to a table the shop's API reads gives the table a new version
-- (the API's ETag is the versions of what an answer reads, so a 304 reads no records). The versions
-- come from a sequence, so a value is never seen twice, and the row is written in the writer's own
-- transaction: a reader sees the new version exactly when it sees the new rows. As taxonomy_versions
-- (0021), one statement trigger per table, whichever process wrote.
CREATE SEQUENCE IF NOT EXISTS content_version_seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_versions (table_name, version) VALUES (TG_TABLE_NAME, nextval('content_version_seq'))
  ON CONFLICT (table_name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER banners_home_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners_home FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER shop_sections_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_sections FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER blog_posts_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER store_promos_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_promos FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER store_locations_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_locations FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER catalogs_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogs FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER products_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER product_properties_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_properties FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER categories_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
CREATE TRIGGER brands_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump();
--> statement-breakpoint
INSERT INTO content_versions (table_name, version)
SELECT t, nextval('content_version_seq') FROM (VALUES ('banners_home'), ('shop_sections'), ('blog_posts'), ('store_promos'), ('store_locations'), ('catalogs'), ('products'), ('product_properties'), ('categories'), ('brands')) v(t)
ON CONFLICT (table_name) DO UPDATE SET version = excluded.version;
--> statement-breakpoint
-- Custom: products.shop_price_cents, the shop's price in peso cents for its price sort. The same
-- arithmetic as pesoPrice (app/modules/pricing/price.ts), operation for operation in double precision
-- as JavaScript does it: pesos are toCents(amount); dollars are Math.round(amount × 10000) ×
-- Math.round(rate × 10000), then Math.round(|raw| / 1 000 000) with its sign. Null when there is no
-- price: a currency other than Pesos/Dolares, or a dollar price with no usable rate.
-- Math.round: the nearest integer, a tie going up (floor(x + 0.5) would round twice).
CREATE OR REPLACE FUNCTION shop_round_half_up(x double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(x) + CASE WHEN x - floor(x) >= 0.5 THEN 1 ELSE 0 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_price_cents_of(price numeric, currency text, rate double precision) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN currency = 'Pesos' THEN
      (sign(price::double precision) * shop_round_half_up(abs(price::double precision) * 100 + 1e-7::double precision))::bigint
    WHEN currency = 'Dolares' AND rate > 0 AND rate < 'Infinity'::double precision THEN
      (SELECT (sign(raw) * shop_round_half_up(abs(raw) / 1000000))::bigint
         FROM (SELECT shop_round_half_up(price::double precision * 10000) * shop_round_half_up(rate * 10000) AS raw) r)
  END
$$;
--> statement-breakpoint
-- The dollar rate as exchangeRateOf reads settings.dollar_price: a JSON number, or a text holding a
-- decimal number (spaces around allowed); null when missing, not a number or not above 0. Never an
-- error (a bad value must not stop the write that stored it).
CREATE OR REPLACE FUNCTION shop_dollar_rate() RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN n >= 1e-300 AND n <= 1e300 THEN n::double precision END
    FROM (SELECT CASE jsonb_typeof(value)
                   WHEN 'number' THEN value::numeric
                   WHEN 'string' THEN CASE WHEN (value #>> '{}') ~ '^\s*[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,3})?\s*$'
                                           THEN btrim(value #>> '{}', E' \t\n\r\f\v')::numeric END
                 END AS n
            FROM settings WHERE key = 'dollar_price') s
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_shop_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.shop_price_cents := shop_price_cents_of(NEW.price, NEW.moneda_precio, CASE WHEN NEW.moneda_precio = 'Dolares' THEN shop_dollar_rate() END);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A product written with a price, a currency or a stored price of its own gets the one worked out.
CREATE TRIGGER products_shop_price BEFORE INSERT OR UPDATE OF price, moneda_precio, shop_price_cents ON products FOR EACH ROW EXECUTE FUNCTION products_shop_price();
--> statement-breakpoint
-- A new dollar rate (written, changed, removed) re-prices the dollar products, and only them.
CREATE OR REPLACE FUNCTION products_shop_price_rate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rate double precision := shop_dollar_rate();
BEGIN
  UPDATE products SET shop_price_cents = shop_price_cents_of(price, moneda_precio, rate)
   WHERE moneda_precio = 'Dolares' AND shop_price_cents IS DISTINCT FROM shop_price_cents_of(price, moneda_precio, rate);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER settings_dollar_rate_insert AFTER INSERT ON settings FOR EACH ROW WHEN (NEW.key = 'dollar_price') EXECUTE FUNCTION products_shop_price_rate();
--> statement-breakpoint
CREATE TRIGGER settings_dollar_rate_update AFTER UPDATE ON settings FOR EACH ROW
  WHEN ((NEW.key = 'dollar_price' OR OLD.key = 'dollar_price') AND (NEW.key IS DISTINCT FROM OLD.key OR NEW.value IS DISTINCT FROM OLD.value))
  EXECUTE FUNCTION products_shop_price_rate();
--> statement-breakpoint
CREATE TRIGGER settings_dollar_rate_delete AFTER DELETE ON settings FOR EACH ROW WHEN (OLD.key = 'dollar_price') EXECUTE FUNCTION products_shop_price_rate();
--> statement-breakpoint
CREATE TRIGGER settings_dollar_rate_truncate AFTER TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION products_shop_price_rate();
--> statement-breakpoint
WITH r AS (SELECT shop_dollar_rate() AS rate)
UPDATE products p SET shop_price_cents = shop_price_cents_of(p.price, p.moneda_precio, r.rate)
  FROM r WHERE p.shop_price_cents IS DISTINCT FROM shop_price_cents_of(p.price, p.moneda_precio, r.rate);
