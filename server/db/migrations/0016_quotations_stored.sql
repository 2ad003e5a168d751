CREATE TABLE "quotation_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "base_folio" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "status" text DEFAULT 'borrador' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "exchange_rate" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "shipment" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "discount_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "marketplace_category" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "marketplace_fee_rate" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "erp_state" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "erp_user" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "erp_message" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "erp_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "quotation_drafts" ADD CONSTRAINT "quotation_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_base_revision_uq" ON "quotations" USING btree ("base_folio","revision");--> statement-breakpoint
CREATE INDEX "quotations_status_created_idx" ON "quotations" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotations_author_created_idx" ON "quotations" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotations_expires_idx" ON "quotations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "quotations_search_trgm" ON "quotations" USING gin (("folio" || ' ' || "client_name" || ' ' || coalesce("client_key", '')) gin_trgm_ops);