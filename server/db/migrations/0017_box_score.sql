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
