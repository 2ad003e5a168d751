CREATE TABLE "banners_home" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"cover_title" text DEFAULT '' NOT NULL,
	"cover_subtitle" text DEFAULT '' NOT NULL,
	"cover_content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
