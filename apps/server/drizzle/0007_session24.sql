CREATE TABLE "accounting_period_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"job_count" integer DEFAULT 0 NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"office_code" text NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	"reopened_by" text,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "period_job_locks" (
	"job_no" text PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"locked_by" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_period_events" ADD CONSTRAINT "accounting_period_events_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_job_locks" ADD CONSTRAINT "period_job_locks_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_period_events_period_idx" ON "accounting_period_events" USING btree ("period_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_periods_uq" ON "accounting_periods" USING btree ("office_code","period","kind");--> statement-breakpoint
CREATE INDEX "accounting_periods_period_idx" ON "accounting_periods" USING btree ("period","office_code");--> statement-breakpoint
CREATE INDEX "period_job_locks_period_idx" ON "period_job_locks" USING btree ("period_id");