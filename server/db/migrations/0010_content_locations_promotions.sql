CREATE TABLE "store_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"schedule" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"geolocation" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"start_date" date,
	"end_date" date,
	"visible" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"permalink" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "store_locations_name_idx" ON "store_locations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "store_locations_active_idx" ON "store_locations" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "store_promos_title_idx" ON "store_promos" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "store_promos_visible_idx" ON "store_promos" USING btree ("visible","id");