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
ALTER TABLE "pdv_sales" ADD COLUMN "payment_token" text;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "cart_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "delete_mode_by" integer;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "expected_shown_by" integer;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "code_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "close_difference" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD COLUMN "close_approved_by" integer;--> statement-breakpoint
ALTER TABLE "pdv_cart_lines" ADD CONSTRAINT "pdv_cart_lines_session_id_pdv_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pdv_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdv_outbox" ADD CONSTRAINT "pdv_outbox_sale_id_pdv_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pdv_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pdv_cart_lines_session_product_uq" ON "pdv_cart_lines" USING btree ("session_id","product_id");--> statement-breakpoint
CREATE INDEX "pdv_cart_lines_session_idx" ON "pdv_cart_lines" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "pdv_outbox_due_idx" ON "pdv_outbox" USING btree ("next_attempt_at") WHERE "pdv_outbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX "pdv_outbox_sale_idx" ON "pdv_outbox" USING btree ("sale_id");--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD CONSTRAINT "pdv_sessions_delete_mode_by_users_id_fk" FOREIGN KEY ("delete_mode_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD CONSTRAINT "pdv_sessions_expected_shown_by_users_id_fk" FOREIGN KEY ("expected_shown_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdv_sessions" ADD CONSTRAINT "pdv_sessions_close_approved_by_users_id_fk" FOREIGN KEY ("close_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pdv_sales_session_active_idx" ON "pdv_sales" USING btree ("session_id","is_active" DESC NULLS LAST,"date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pdv_sales_user_idx" ON "pdv_sales" USING btree ("user_id","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pdv_sessions_user_close_idx" ON "pdv_sessions" USING btree ("user_id","date_close" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pdv_sessions_one_open_uq" ON "pdv_sessions" USING btree ("user_id") WHERE "pdv_sessions"."date_close" is null;--> statement-breakpoint
ALTER TABLE "pdv_sales" ADD CONSTRAINT "pdv_sales_payment_token_unique" UNIQUE("payment_token");