CREATE TABLE "sim"."content_items" (
	"collection" text NOT NULL,
	"id" text NOT NULL,
	"id_key" text GENERATED ALWAYS AS (lpad(id, 40, '0')) STORED,
	"data" jsonb NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_items_collection_id_pk" PRIMARY KEY("collection","id")
);
--> statement-breakpoint
CREATE TABLE "sim"."content_writes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"item_id" text NOT NULL,
	"method" text NOT NULL,
	"body" jsonb NOT NULL,
	"idempotency_key" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_writes_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "feed_rejects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feed" text NOT NULL,
	"upstream_id" text,
	"reason" text NOT NULL,
	"record" jsonb,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor_key" text,
	"cursor_at" timestamp with time zone,
	"status" text DEFAULT 'ok' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_rows" integer DEFAULT 0 NOT NULL,
	"last_skipped" integer DEFAULT 0 NOT NULL,
	"last_duration_ms" integer,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"upstream_latest_at" timestamp with time zone,
	"total_rows" bigint DEFAULT 0 NOT NULL,
	"total_skipped" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"collection" text NOT NULL,
	"record_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"summary" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbound_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "erp_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "upstream_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "upstream_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upstream_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "upstream_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound" ADD CONSTRAINT "outbound_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_content_items_changed_idx" ON "sim"."content_items" USING btree ("collection","changed_at","id_key");--> statement-breakpoint
CREATE INDEX "sim_content_writes_item_idx" ON "sim"."content_writes" USING btree ("collection","item_id","id");--> statement-breakpoint
CREATE INDEX "feed_rejects_feed_idx" ON "feed_rejects" USING btree ("feed","seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbound_due_idx" ON "outbound" USING btree ("next_attempt_at","id") WHERE "outbound"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "outbound_record_idx" ON "outbound" USING btree ("collection","record_id","id") WHERE "outbound"."state" <> 'done';--> statement-breakpoint
CREATE INDEX "outbound_state_idx" ON "outbound" USING btree ("state","id" DESC NULLS LAST);