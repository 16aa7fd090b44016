CREATE TABLE "page_view_pairs" (
	"route" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "page_view_pairs_pk" PRIMARY KEY("route","user_uid")
);
--> statement-breakpoint
CREATE TABLE "page_view_route_day" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"n" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_view_route_day_pk" PRIMARY KEY("day","route")
);
--> statement-breakpoint
CREATE TABLE "page_view_user_day" (
	"day" date NOT NULL,
	"user_uid" uuid NOT NULL,
	"profile_type" text NOT NULL,
	"n" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_view_user_day_pk" PRIMARY KEY("day","user_uid","profile_type")
);
--> statement-breakpoint
ALTER TABLE "fin_party_open" ADD COLUMN "pos_amount" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "page_view_pairs_user_idx" ON "page_view_pairs" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "page_view_user_day_user_idx" ON "page_view_user_day" USING btree ("user_uid","day");--> statement-breakpoint
CREATE INDEX "page_view_day_cube_pair_idx" ON "page_view_day_cube" USING btree ("route","user_uid","day");