CREATE TABLE "ai_assistant_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"assistant_id" integer NOT NULL,
	"document_id" text NOT NULL,
	"sku" text NOT NULL,
	"name_document" text NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_assistants" (
	"id" serial PRIMARY KEY NOT NULL,
	"assistant_name" text NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_assistant_documents" ADD CONSTRAINT "ai_assistant_documents_assistant_id_ai_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."ai_assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_assistant_documents" ADD CONSTRAINT "ai_assistant_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_assistant_documents_assistant_idx" ON "ai_assistant_documents" USING btree ("assistant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ai_assistant_documents_name_uq" ON "ai_assistant_documents" USING btree ("assistant_id",lower("name_document"));--> statement-breakpoint
CREATE UNIQUE INDEX "ai_assistants_name_uq" ON "ai_assistants" USING btree (lower("assistant_name"));