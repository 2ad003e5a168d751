ALTER TABLE "publications" ADD COLUMN "exchange_rate" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "pdv_sale_lines" ADD COLUMN "list_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pdv_sale_lines" ADD COLUMN "currency" text DEFAULT 'Pesos' NOT NULL;--> statement-breakpoint
ALTER TABLE "pdv_sale_lines" ADD COLUMN "exchange_rate" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "pdv_sales" ADD COLUMN "exchange_rate" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "pdv_cart_lines" ADD COLUMN "list_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pdv_cart_lines" ADD COLUMN "currency" text DEFAULT 'Pesos' NOT NULL;--> statement-breakpoint
ALTER TABLE "pdv_cart_lines" ADD COLUMN "exchange_rate" numeric(10, 4);--> statement-breakpoint
-- Custom: an open cart's lines of dollar-priced articles were kept at their dollar figure. They keep
-- that figure as their list price and currency, and are re-priced in pesos at the current dollar
-- price (decision 0038); without a usable rate they keep no rate, and the till refuses to sell them
-- until a scan at a known rate re-prices them. Sales already made keep what they charged.
UPDATE "pdv_cart_lines" AS l
   SET "list_price" = l."price",
       "currency" = 'Dolares',
       "exchange_rate" = r.rate,
       "price" = coalesce(round(l."price" * r.rate, 2), l."price")
  FROM "products" AS p
  LEFT JOIN (SELECT CASE WHEN ("value" #>> '{}') ~ '^[0-9]+(\.[0-9]+)?$' THEN ("value" #>> '{}')::numeric END AS rate
               FROM "settings" WHERE "key" = 'dollar_price') AS r ON r.rate > 0
 WHERE p."id" = l."product_id" AND p."moneda_precio" = 'Dolares' AND l."list_price" IS NULL;
