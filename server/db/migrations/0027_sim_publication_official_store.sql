ALTER TABLE "sim"."mkt_publications" ADD COLUMN "official_store_id" text;--> statement-breakpoint
-- Custom (not generated): the listings the simulator already copied take the store their publication has.
UPDATE "sim"."mkt_publications" s SET "official_store_id" = p."ml_store"
  FROM "public"."publications" p
 WHERE p."id" = s."id" AND p."ml_store" IN ('5139', '4981', '4979');
