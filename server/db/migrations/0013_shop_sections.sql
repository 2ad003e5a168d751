CREATE TABLE "shop_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
