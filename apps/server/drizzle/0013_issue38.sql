CREATE TABLE "tax_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" text,
	"office_country" text NOT NULL,
	"customer_country" text,
	"charge_code" text,
	"scope" text DEFAULT 'ANY' NOT NULL,
	"tax_code" text NOT NULL,
	"tax_rate" numeric(7, 4) NOT NULL,
	"source" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tax_rules_country_idx" ON "tax_rules" USING btree ("office_country","effective_from");