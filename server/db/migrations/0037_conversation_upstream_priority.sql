ALTER TABLE "conversations" ADD COLUMN "upstream_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "upstream_priority" boolean;