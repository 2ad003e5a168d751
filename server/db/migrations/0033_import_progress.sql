CREATE TABLE "import_keys" (
	"collection" text NOT NULL,
	"upstream_id" text NOT NULL,
	"local_id" text NOT NULL,
	CONSTRAINT "import_keys_collection_upstream_id_pk" PRIMARY KEY("collection","upstream_id")
);
--> statement-breakpoint
CREATE TABLE "import_progress" (
	"collection" text PRIMARY KEY NOT NULL,
	"last_id" text,
	"read" integer DEFAULT 0 NOT NULL,
	"written" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"feed_key" text,
	"pending_parents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
