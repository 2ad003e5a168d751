CREATE TABLE "invoice_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"permalink" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"error_info" text DEFAULT '' NOT NULL,
	"invoice_data" jsonb NOT NULL,
	"feedbacks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upstream_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_feedback_date_idx" ON "invoice_feedback" USING btree ("date_created" DESC NULLS LAST,"id" DESC NULLS LAST);