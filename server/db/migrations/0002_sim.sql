CREATE SCHEMA "sim";
--> statement-breakpoint
CREATE TABLE "sim"."ai_assistants" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."ai_documents" (
	"assistant" text NOT NULL,
	"document_id" text NOT NULL,
	"product_id" text,
	"file_name" text NOT NULL,
	"file_url" text NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_documents_assistant_document_id_pk" PRIMARY KEY("assistant","document_id")
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_articles" (
	"sku" text PRIMARY KEY NOT NULL,
	"manufacturer_sku" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"stocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock_total" integer DEFAULT 0 NOT NULL,
	"precio2" numeric(14, 2) DEFAULT 0 NOT NULL,
	"precio3" numeric(14, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'Pesos' NOT NULL,
	"synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_clients" (
	"cliente" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"rfc" text DEFAULT '' NOT NULL,
	"lista_precios" text DEFAULT '(Precio 2)' NOT NULL,
	"email" text,
	"telefonos" text
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_credit_notes" (
	"note" text PRIMARY KEY NOT NULL,
	"movement" text NOT NULL,
	"order_id" bigint,
	"scenario" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"mov" text NOT NULL,
	"mov_id" text NOT NULL,
	"usuario" text,
	"almacen" text,
	"cliente" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cancel_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_documents_mov_id_unique" UNIQUE("mov_id")
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"movement" text NOT NULL,
	"folio" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_invoices_folio_unique" UNIQUE("folio")
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_movement_lines" (
	"movement" text NOT NULL,
	"line" integer NOT NULL,
	"articulo" text NOT NULL,
	"cantidad" numeric(14, 3) NOT NULL,
	"precio" numeric(18, 6) NOT NULL,
	"cantidad_reservada" numeric(14, 3) NOT NULL,
	"almacen" text NOT NULL,
	"cliente" text NOT NULL,
	CONSTRAINT "erp_movement_lines_movement_line_pk" PRIMARY KEY("movement","line")
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_movements" (
	"movement" text PRIMARY KEY NOT NULL,
	"mov" text DEFAULT 'Pedido' NOT NULL,
	"order_id" bigint,
	"scenario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_surtido" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha_registro" timestamp with time zone NOT NULL,
	"fecha" date NOT NULL,
	"articulos" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."erp_users" (
	"usuario" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"departamento" text NOT NULL,
	"almacenes" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"system" text NOT NULL,
	"call" text NOT NULL,
	"kind" text NOT NULL,
	"status" integer,
	"match" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."invoice_resends" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"emails" jsonb NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."mkt_blocked_users" (
	"account" text NOT NULL,
	"client_id" bigint NOT NULL,
	"question_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mkt_blocked_users_account_client_id_pk" PRIMARY KEY("account","client_id")
);
--> statement-breakpoint
CREATE TABLE "sim"."mkt_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"path_from_root" jsonb NOT NULL,
	"leaf" boolean DEFAULT false NOT NULL,
	"gold_special" numeric(6, 4),
	"gold_pro" numeric(6, 4),
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."mkt_invoice_feedback" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"permalink" text NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"error_info" text NOT NULL,
	"invoice_data" jsonb NOT NULL,
	"feedbacks" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."mkt_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text DEFAULT 'main' NOT NULL,
	"order_id" bigint NOT NULL,
	"client_id" bigint,
	"from_seller" boolean NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."mkt_orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"account" text DEFAULT 'main' NOT NULL,
	"buyer_id" bigint,
	"buyer_nickname" text,
	"buyer_first_name" text,
	"buyer_last_name" text,
	"order_status" text NOT NULL,
	"status_history" text DEFAULT '' NOT NULL,
	"shipment_id" bigint,
	"shipment_status" text,
	"logistic_type" text,
	"tracking_number" text,
	"shipping_info" jsonb,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"order_date" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"label_printed_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."mkt_publications" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text DEFAULT 'main' NOT NULL,
	"title" text NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"original_price" numeric(14, 2),
	"category_id" text,
	"listing_type" text DEFAULT 'gold_special' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"picture_url" text,
	"seller_sku" text,
	"linked_products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sold_quantity" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"channels" text[] DEFAULT '{marketplace}'::text[] NOT NULL,
	"last_sync_up" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim"."mkt_questions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"account" text DEFAULT 'main' NOT NULL,
	"client_id" bigint,
	"status" text DEFAULT 'UNANSWERED' NOT NULL,
	"answer" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sim_erp_articles_search_idx" ON "sim"."erp_articles" USING btree ("manufacturer_sku");--> statement-breakpoint
CREATE INDEX "sim_erp_documents_reference_idx" ON "sim"."erp_documents" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "sim_erp_movements_scenario_idx" ON "sim"."erp_movements" USING btree ("scenario") WHERE "sim"."erp_movements"."scenario" is not null;--> statement-breakpoint
CREATE INDEX "sim_failures_lookup_idx" ON "sim"."failures" USING btree ("system","call","id");--> statement-breakpoint
CREATE INDEX "sim_mkt_invoice_feedback_date_idx" ON "sim"."mkt_invoice_feedback" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "sim_mkt_messages_order_idx" ON "sim"."mkt_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "sim_mkt_orders_date_idx" ON "sim"."mkt_orders" USING btree ("order_date");