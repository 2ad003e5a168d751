CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"featured_image" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_score_daily" (
	"day" date NOT NULL,
	"indicator" text NOT NULL,
	"num" double precision DEFAULT 0 NOT NULL,
	"den" double precision,
	CONSTRAINT "box_score_daily_day_indicator_pk" PRIMARY KEY("day","indicator")
);
--> statement-breakpoint
CREATE TABLE "box_score_months" (
	"month" date PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pdv_cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"sku" text NOT NULL,
	"description" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"qty" integer NOT NULL,
	"barcode" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pdv_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sale_id" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "products" ADD COLUMN "global_description" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "completeness_row" smallint GENERATED ALWAYS AS (((jsonb_array_length(gallery) >= 3)::int + (data_sheet_id is not null)::int + (char_length(description) >= 200)::int
        + (tall > 0 and wide > 0 and long > 0 and weight > 0)::int + (category_id is not null)::int + (brand_id is not null)::int
        + (coalesce(ean_upc, '') not in ('', '0'))::int)::smallint) STORED;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answering_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pdv_sales" ADD COLUMN "payment_token" text;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "cart_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "delete_mode_by" integer;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "expected_shown_by" integer;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "code_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "close_difference" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "close_approved_by" integer;--> statement-breakpoint
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
ALTER TABLE "pdv_cart_lines" ADD CONSTRAINT "pdv_cart_lines_session_id_pdv_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pdv_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdv_outbox" ADD CONSTRAINT "pdv_outbox_sale_id_pdv_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pdv_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_drafts" ADD CONSTRAINT "quotation_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_throttle_last_failure_idx" ON "login_throttle" USING btree ("last_failure_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_created_idx" ON "blog_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blog_posts_title_trgm_idx" ON "blog_posts" USING gin (translate(lower("title"), 'áàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuunc') gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "pdv_cart_lines_session_product_uq" ON "pdv_cart_lines" USING btree ("session_id","product_id");--> statement-breakpoint
CREATE INDEX "pdv_cart_lines_session_idx" ON "pdv_cart_lines" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "pdv_outbox_due_idx" ON "pdv_outbox" USING btree ("next_attempt_at") WHERE "pdv_outbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX "pdv_outbox_sale_idx" ON "pdv_outbox" USING btree ("sale_id");--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD CONSTRAINT "pdv_sessions_delete_mode_by_users_id_fk" FOREIGN KEY ("delete_mode_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD CONSTRAINT "pdv_sessions_expected_shown_by_users_id_fk" FOREIGN KEY ("expected_shown_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD CONSTRAINT "pdv_sessions_close_approved_by_users_id_fk" FOREIGN KEY ("close_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_name_trgm" ON "brands" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_trgm" ON "categories" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_completeness_idx" ON "products" USING btree ("completeness_row");--> statement-breakpoint
CREATE INDEX "products_combo_idx" ON "products" USING btree ("is_combo");--> statement-breakpoint
CREATE INDEX "pdv_sales_session_active_idx" ON "pdv_sales" USING btree ("session_id","is_active" DESC NULLS LAST,"date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pdv_sales_user_idx" ON "pdv_sales" USING btree ("user_id","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pdv_sessions_user_close_idx" ON "pdv_sessions" USING btree ("user_id","date_close" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pdv_sessions_one_open_uq" ON "pdv_sessions" USING btree ("user_id") WHERE "pdv_sessions"."date_close" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_base_revision_uq" ON "quotations" USING btree ("base_folio","revision");--> statement-breakpoint
CREATE INDEX "quotations_status_created_idx" ON "quotations" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotations_author_created_idx" ON "quotations" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotations_expires_idx" ON "quotations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "quotations_search_trgm" ON "quotations" USING gin (("folio" || ' ' || "client_name" || ' ' || coalesce("client_key", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_sku_trgm" ON "sim"."erp_articles" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_mfr_trgm" ON "sim"."erp_articles" USING gin (upper("manufacturer_sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_desc_trgm" ON "sim"."erp_articles" USING gin (upper("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_erp_articles_stock_idx" ON "sim"."erp_articles" USING btree ("stock_total","sku");--> statement-breakpoint
CREATE INDEX "sim_erp_articles_description_idx" ON "sim"."erp_articles" USING btree ("description","sku");--> statement-breakpoint
ALTER TABLE "pdv_sales" ADD CONSTRAINT "pdv_sales_payment_token_unique" UNIQUE("payment_token");