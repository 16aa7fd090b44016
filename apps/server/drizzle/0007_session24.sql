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
ALTER TABLE "accounting_period_events" ADD CONSTRAINT "accounting_period_events_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_job_locks" ADD CONSTRAINT "period_job_locks_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_added" ADD CONSTRAINT "template_added_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_added" ADD CONSTRAINT "template_added_tmplib_id_templates_tmplib_id_fk" FOREIGN KEY ("tmplib_id") REFERENCES "public"."templates"("tmplib_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_favourites" ADD CONSTRAINT "template_favourites_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_favourites" ADD CONSTRAINT "template_favourites_tmplib_id_templates_tmplib_id_fk" FOREIGN KEY ("tmplib_id") REFERENCES "public"."templates"("tmplib_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_lines" ADD CONSTRAINT "template_lines_tmplib_id_templates_tmplib_id_fk" FOREIGN KEY ("tmplib_id") REFERENCES "public"."templates"("tmplib_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_owner_uid_users_user_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("user_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_period_events_period_idx" ON "accounting_period_events" USING btree ("period_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_periods_uq" ON "accounting_periods" USING btree ("office_code","period","kind");--> statement-breakpoint
CREATE INDEX "accounting_periods_period_idx" ON "accounting_periods" USING btree ("period","office_code");--> statement-breakpoint
CREATE INDEX "period_job_locks_period_idx" ON "period_job_locks" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "template_added_tmpl_idx" ON "template_added" USING btree ("tmplib_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_owner_name_uq" ON "templates" USING btree ("owner_uid",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "templates_share_code_uq" ON "templates" USING btree ("share_code");--> statement-breakpoint
CREATE INDEX "templates_name_idx" ON "templates" USING btree (lower("name"),"tmplib_id");--> statement-breakpoint
CREATE INDEX "templates_name_trgm_idx" ON "templates" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_owner_trgm_idx" ON "templates" USING gin (lower("owner_name" || ' ' || "owner_login") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_tags_idx" ON "templates" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "templates_category_idx" ON "templates" USING btree ("category",lower("name"),"tmplib_id");--> statement-breakpoint
CREATE INDEX "templates_owner_idx" ON "templates" USING btree ("owner_uid",lower("name"),"tmplib_id");