CREATE TABLE "journal_lines" (
	"journal_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"role" text NOT NULL,
	"account" text NOT NULL,
	"debit" numeric(18, 4) NOT NULL,
	"credit" numeric(18, 4) NOT NULL,
	"currency" text NOT NULL,
	"amount_txn" numeric(18, 4) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"description" text NOT NULL,
	"charge_code" text,
	"job_no" text,
	CONSTRAINT "journal_lines_pk" PRIMARY KEY("journal_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" serial PRIMARY KEY NOT NULL,
	"inv_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"rule_set" text NOT NULL,
	"inv_type" text NOT NULL,
	"office_code" text NOT NULL,
	"period" text NOT NULL,
	"journal_date" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"journal_no" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_until" timestamp with time zone,
	"last_error" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ledger_answer" jsonb,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "posting_accounts" (
	"purpose" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting_rules" (
	"rule_set" text NOT NULL,
	"seq" smallint NOT NULL,
	"account_source" text NOT NULL,
	"account" text,
	"amount" text NOT NULL,
	"side" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "posting_rules_pk" PRIMARY KEY("rule_set","seq")
);
--> statement-breakpoint
CREATE TABLE "posting_tax_accounts" (
	"inv_type" text NOT NULL,
	"tax_code" text NOT NULL,
	"account" text NOT NULL,
	CONSTRAINT "posting_tax_accounts_pk" PRIMARY KEY("inv_type","tax_code")
);
--> statement-breakpoint
CREATE TABLE "gp_cube" (
	"job_month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"pol" text NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cw" numeric(18, 3) DEFAULT '0' NOT NULL,
	"revenue" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"revenue_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "gp_cube_pk" PRIMARY KEY("job_month","office","mode","service","pol")
);
--> statement-breakpoint
CREATE TABLE "gp_invoice_jobs" (
	"inv_id" integer NOT NULL,
	"job_no" text NOT NULL,
	CONSTRAINT "gp_invoice_jobs_pk" PRIMARY KEY("inv_id","job_no")
);
--> statement-breakpoint
CREATE TABLE "gp_job_facts" (
	"job_no" text PRIMARY KEY NOT NULL,
	"job_month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"pol" text NOT NULL,
	"customer_id" integer NOT NULL,
	"salesman" text NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cw" numeric(18, 3) DEFAULT '0' NOT NULL,
	"revenue" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"revenue_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gp_refresh_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"invoices_seen_at" timestamp with time zone NOT NULL,
	"orders_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gp_sales_cube" (
	"job_month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"salesman" text NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cw" numeric(18, 3) DEFAULT '0' NOT NULL,
	"revenue" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"revenue_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "gp_sales_cube_pk" PRIMARY KEY("job_month","office","mode","service","salesman")
);
--> statement-breakpoint
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
CREATE TABLE "period_closed_invoices" (
	"period_id" integer NOT NULL,
	"inv_id" integer NOT NULL,
	"from_status" text NOT NULL,
	CONSTRAINT "period_closed_invoices_pk" PRIMARY KEY("period_id","inv_id")
);
--> statement-breakpoint
CREATE TABLE "period_job_locks" (
	"job_no" text PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"locked_by" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"inv_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"dr_cr" text NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"invoice_rate" numeric(18, 6) NOT NULL,
	"invoice_base_amount" numeric(18, 4) NOT NULL,
	"base_amount" numeric(18, 4) NOT NULL,
	"exchange_difference" numeric(18, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"settlement_id" serial PRIMARY KEY NOT NULL,
	"settlement_no" text NOT NULL,
	"kind" text NOT NULL,
	"inv_type" text NOT NULL,
	"party_id" integer NOT NULL,
	"account_code" text NOT NULL,
	"settlement_date" date NOT NULL,
	"method" text NOT NULL,
	"bank_ref" text,
	"group_no" text,
	"currency" text NOT NULL,
	"base_currency" text NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"base_amount" numeric(18, 4) NOT NULL,
	"invoice_base_amount" numeric(18, 4) NOT NULL,
	"exchange_difference" numeric(18, 4) NOT NULL,
	"remarks" text,
	"reversed" boolean DEFAULT false NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" text,
	"reverse_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sopms_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"inv_id" integer NOT NULL,
	"step" text NOT NULL,
	"violation_key" text NOT NULL,
	"tmplib_id" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_uid" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sopms_rules" (
	"rule_id" serial PRIMARY KEY NOT NULL,
	"tmplib_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"rule_type" text NOT NULL,
	"charge_code" text,
	"rate" numeric(18, 4),
	"min_amount" numeric(18, 4),
	"max_amount" numeric(18, 4),
	"tax_code" text,
	"sub_type" text
);
--> statement-breakpoint
CREATE TABLE "sopms_templates" (
	"tmplib_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"section_code" text NOT NULL,
	"validation_group" text NOT NULL,
	"description" text,
	"override_level" smallint NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"owner_uid" uuid NOT NULL,
	"owner_name" text NOT NULL,
	"account_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"inv_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"overseas" text DEFAULT 'ANY' NOT NULL,
	"office_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"issue_party_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"agent_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"consignee_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"notify_party_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"transport_modes" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"etd_from" date,
	"etd_to" date,
	"inv_date_from" date,
	"inv_date_to" date,
	"anchor_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_added" (
	"user_uid" uuid NOT NULL,
	"tmplib_id" integer NOT NULL,
	"version_seen" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_added_pk" PRIMARY KEY("user_uid","tmplib_id")
);
--> statement-breakpoint
CREATE TABLE "template_favourites" (
	"user_uid" uuid NOT NULL,
	"tmplib_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_favourites_pk" PRIMARY KEY("user_uid","tmplib_id")
);
--> statement-breakpoint
CREATE TABLE "template_lines" (
	"tmplib_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"dr_cr" text NOT NULL,
	"basis" text NOT NULL,
	"container_size" text,
	"charge_code" text NOT NULL,
	"print_description" text,
	"currency" text NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"uom" text NOT NULL,
	"min_charge" numeric(18, 4),
	"max_charge" numeric(18, 4),
	"description" text,
	CONSTRAINT "template_lines_pk" PRIMARY KEY("tmplib_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"tmplib_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"module" text NOT NULL,
	"category" text NOT NULL,
	"owner_uid" uuid NOT NULL,
	"owner_name" text NOT NULL,
	"owner_login" text NOT NULL,
	"owner_office" text,
	"owner_group" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"privacy" text NOT NULL,
	"offices" text[] DEFAULT '{}'::text[] NOT NULL,
	"share_code" text NOT NULL,
	"release_note" text,
	"colour" text DEFAULT 'blue' NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"content" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_inv_id_invoices_inv_id_fk" FOREIGN KEY ("inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_period_events" ADD CONSTRAINT "accounting_period_events_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_closed_invoices" ADD CONSTRAINT "period_closed_invoices_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_job_locks" ADD CONSTRAINT "period_job_locks_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_allocations" ADD CONSTRAINT "settlement_allocations_settlement_id_settlements_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("settlement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_allocations" ADD CONSTRAINT "settlement_allocations_inv_id_invoices_inv_id_fk" FOREIGN KEY ("inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_allocations" ADD CONSTRAINT "settlement_allocations_line_id_invoice_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_party_id_parties_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sopms_overrides" ADD CONSTRAINT "sopms_overrides_inv_id_invoices_inv_id_fk" FOREIGN KEY ("inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sopms_rules" ADD CONSTRAINT "sopms_rules_tmplib_id_sopms_templates_tmplib_id_fk" FOREIGN KEY ("tmplib_id") REFERENCES "public"."sopms_templates"("tmplib_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_added" ADD CONSTRAINT "template_added_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_added" ADD CONSTRAINT "template_added_tmplib_id_templates_tmplib_id_fk" FOREIGN KEY ("tmplib_id") REFERENCES "public"."templates"("tmplib_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_favourites" ADD CONSTRAINT "template_favourites_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_favourites" ADD CONSTRAINT "template_favourites_tmplib_id_templates_tmplib_id_fk" FOREIGN KEY ("tmplib_id") REFERENCES "public"."templates"("tmplib_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_lines" ADD CONSTRAINT "template_lines_tmplib_id_templates_tmplib_id_fk" FOREIGN KEY ("tmplib_id") REFERENCES "public"."templates"("tmplib_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_owner_uid_users_user_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("user_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_reference_uq" ON "journals" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "journals_inv_kind_uq" ON "journals" USING btree ("inv_id","kind");--> statement-breakpoint
CREATE INDEX "journals_due_idx" ON "journals" USING btree ("next_attempt_at","id") WHERE "journals"."status" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "journals_period_idx" ON "journals" USING btree ("period","office_code") WHERE "journals"."status" = 'POSTED';--> statement-breakpoint
CREATE INDEX "gp_invoice_jobs_job_idx" ON "gp_invoice_jobs" USING btree ("job_no");--> statement-breakpoint
CREATE INDEX "gp_job_facts_month_office_idx" ON "gp_job_facts" USING btree ("job_month","office","job_no");--> statement-breakpoint
CREATE INDEX "gp_job_facts_customer_idx" ON "gp_job_facts" USING btree ("customer_id","job_month");--> statement-breakpoint
CREATE INDEX "gp_job_facts_salesman_idx" ON "gp_job_facts" USING btree ("salesman","job_month");--> statement-breakpoint
CREATE INDEX "accounting_period_events_period_idx" ON "accounting_period_events" USING btree ("period_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_periods_uq" ON "accounting_periods" USING btree ("office_code","period","kind");--> statement-breakpoint
CREATE INDEX "accounting_periods_period_idx" ON "accounting_periods" USING btree ("period","office_code");--> statement-breakpoint
CREATE INDEX "period_job_locks_period_idx" ON "period_job_locks" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "settlement_allocations_settlement_idx" ON "settlement_allocations" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlement_allocations_inv_idx" ON "settlement_allocations" USING btree ("inv_id","settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_no_uq" ON "settlements" USING btree ("settlement_no");--> statement-breakpoint
CREATE INDEX "settlements_account_idx" ON "settlements" USING btree ("account_code","settlement_date");--> statement-breakpoint
CREATE INDEX "settlements_group_idx" ON "settlements" USING btree ("group_no") WHERE "settlements"."group_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sopms_overrides_uq" ON "sopms_overrides" USING btree ("inv_id","step","violation_key");--> statement-breakpoint
CREATE INDEX "sopms_rules_template_idx" ON "sopms_rules" USING btree ("tmplib_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "sopms_templates_name_uq" ON "sopms_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sopms_templates_anchor_gin" ON "sopms_templates" USING gin ("anchor_keys") WHERE "sopms_templates"."status" = 'A';--> statement-breakpoint
CREATE INDEX "sopms_templates_section_name_idx" ON "sopms_templates" USING btree ("section_code","name","tmplib_id");--> statement-breakpoint
CREATE INDEX "template_added_tmpl_idx" ON "template_added" USING btree ("tmplib_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_owner_name_uq" ON "templates" USING btree ("owner_uid",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "templates_share_code_uq" ON "templates" USING btree ("share_code");--> statement-breakpoint
CREATE INDEX "templates_name_idx" ON "templates" USING btree (lower("name"),"tmplib_id");--> statement-breakpoint
CREATE INDEX "templates_name_trgm_idx" ON "templates" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_owner_trgm_idx" ON "templates" USING gin (lower("owner_name" || ' ' || "owner_login") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_tags_idx" ON "templates" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "templates_category_idx" ON "templates" USING btree ("category",lower("name"),"tmplib_id");--> statement-breakpoint
CREATE INDEX "templates_owner_idx" ON "templates" USING btree ("owner_uid",lower("name"),"tmplib_id");--> statement-breakpoint
CREATE INDEX "invoices_posted_at_idx" ON "invoices" USING btree ("posted_at","inv_id");--> statement-breakpoint
CREATE INDEX "invoices_fin_open_idx" ON "invoices" USING btree ("inv_type","party_id","invoice_date","office_code","currency","account_code","outstanding_amount","exchange_rate","posted_at","created_at") WHERE "invoices"."status" in ('POSTED', 'CLOSED') and "invoices"."outstanding_amount" <> 0;