CREATE TABLE "page_view_user_month" (
	"month" date NOT NULL,
	"user_uid" uuid NOT NULL,
	"days" integer NOT NULL,
	"n" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"profiles" text[] NOT NULL,
	CONSTRAINT "page_view_user_month_pk" PRIMARY KEY("month","user_uid")
);
--> statement-breakpoint
DROP INDEX "fin_items_party_open_idx";--> statement-breakpoint
CREATE INDEX "fin_items_party_open_date_idx" ON "fin_items" USING btree ("party_id","invoice_date","office_code","currency","amount") WHERE "fin_items"."kind" = 'OPEN' and "fin_items"."inv_type" = 'AR';