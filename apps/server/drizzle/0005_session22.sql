CREATE TABLE "consol_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"consol_id" integer NOT NULL,
	"so_id" integer NOT NULL,
	"container_seq" smallint NOT NULL,
	"package_qty" integer NOT NULL,
	"cbm" numeric(15, 3) NOT NULL,
	"kg" numeric(15, 3) NOT NULL,
	"loading_seq" integer
);
--> statement-breakpoint
CREATE TABLE "consol_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"consol_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"size_type" text NOT NULL,
	"container_no" text,
	"seal_no" text,
	"ownership" text DEFAULT 'COC' NOT NULL,
	"carrier_booking_no" text,
	"vgm_kg" numeric(15, 3),
	"actual_kg" numeric(15, 3),
	"cy_gate_in_at" timestamp,
	"cfs_received_at" timestamp
);
--> statement-breakpoint
CREATE TABLE "consol_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"consol_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"size_type" text NOT NULL,
	"qty" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consol_plans" (
	"consol_id" serial PRIMARY KEY NOT NULL,
	"consol_no" text NOT NULL,
	"consol_type" text NOT NULL,
	"customer_party_id" integer,
	"contact_office" text NOT NULL,
	"handling_office" text NOT NULL,
	"hbl_office" text,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"etd" date,
	"reference" text,
	"agent_ref" text,
	"remarks" text,
	"status" text NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approval_reason" text,
	"amended_at" timestamp with time zone,
	"fully_allocated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consol_proposals" (
	"proposal_id" serial PRIMARY KEY NOT NULL,
	"consol_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"sailing_id" integer NOT NULL,
	"rate_id" integer,
	"carrier_code" text NOT NULL,
	"vessel_name" text NOT NULL,
	"voyage" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"currency" text,
	"total_rate" numeric(18, 4),
	"remarks" text,
	"is_selected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "consol_sos" (
	"id" serial PRIMARY KEY NOT NULL,
	"consol_id" integer NOT NULL,
	"so_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"amended_changes" jsonb,
	"amended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "container_capacities" (
	"size_type" text PRIMARY KEY NOT NULL,
	"iso_code" text NOT NULL,
	"description" text NOT NULL,
	"length_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"capacity_cbm" numeric(15, 3) NOT NULL,
	"max_payload_kg" numeric(15, 3) NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_code" text NOT NULL,
	"subject_en" text NOT NULL,
	"subject_hk" text DEFAULT '' NOT NULL,
	"subject_cn" text DEFAULT '' NOT NULL,
	"body_en" text NOT NULL,
	"body_hk" text DEFAULT '' NOT NULL,
	"body_cn" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"effective_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_codes" (
	"charge_code" text PRIMARY KEY NOT NULL,
	"description_en" text NOT NULL,
	"description_zh_hk" text NOT NULL,
	"description_zh_cn" text NOT NULL,
	"ledger_code" text NOT NULL,
	"ar_use" boolean DEFAULT true NOT NULL,
	"ap_use" boolean DEFAULT true NOT NULL,
	"default_tax_code" text NOT NULL,
	"default_tax_rate" numeric(7, 4) NOT NULL,
	"uom" text NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_cheque_requests" (
	"inv_id" integer PRIMARY KEY NOT NULL,
	"available_date" date,
	"free_to_combine" boolean DEFAULT false NOT NULL,
	"foreign_currency" text,
	"cheque_currency" text,
	"issued_to" text
);
--> statement-breakpoint
CREATE TABLE "invoice_jobs" (
	"inv_id" integer NOT NULL,
	"job_no" text NOT NULL,
	"so_no" text NOT NULL,
	CONSTRAINT "invoice_jobs_pk" PRIMARY KEY("inv_id","so_no")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"inv_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"charge_code" text NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"job_no" text,
	"unit_price" numeric(18, 4) NOT NULL,
	"price_includes_tax" boolean DEFAULT false NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"uom" text NOT NULL,
	"dr_cr" text NOT NULL,
	"tax_code" text,
	"tax_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"tax_amount" numeric(18, 4) NOT NULL,
	"total_amount" numeric(18, 4) NOT NULL,
	"settled_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"outstanding_amount" numeric(18, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_pl_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"inv_id" integer NOT NULL,
	"job_no" text NOT NULL,
	"currency" text NOT NULL,
	"revenue" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"profit" numeric(18, 4) DEFAULT '0' NOT NULL,
	"share_percent" numeric(7, 4)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"inv_id" serial PRIMARY KEY NOT NULL,
	"invoice_no" text NOT NULL,
	"ap_ref" text,
	"inv_type" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_code" text NOT NULL,
	"party_id" integer NOT NULL,
	"issue_party_id" integer,
	"hbl_no" text,
	"mbl_no" text,
	"office_code" text NOT NULL,
	"is_overseas" boolean DEFAULT false NOT NULL,
	"sales_code" text,
	"currency" text NOT NULL,
	"base_currency" text NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"net_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"total_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"base_total_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"settled_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"outstanding_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"invoice_date" date,
	"gov_invoice_no" text,
	"sub_type" text,
	"with_credit_term" boolean DEFAULT false NOT NULL,
	"is_inter_account" boolean DEFAULT false NOT NULL,
	"payment_ref" text,
	"payment_marker" text,
	"group_no" text,
	"tax_rate_code" text,
	"remarks" text,
	"local_invoice_no" text,
	"vat_period" text,
	"company_id" text,
	"tax_invoice_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"print_file" text,
	"export_file" text,
	"is_closed" boolean DEFAULT false NOT NULL,
	"close_period" text,
	"journal_no" text,
	"acct_process_status" text DEFAULT 'NA' NOT NULL,
	"reject_reason" text,
	"prepared_by" text,
	"prepared_at" timestamp with time zone,
	"approved_1_by" text,
	"approved_1_at" timestamp with time zone,
	"approved_2_by" text,
	"approved_2_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"message_id" bigserial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" uuid NOT NULL,
	"event_id" bigint,
	"module" text NOT NULL,
	"sub_module" text NOT NULL,
	"doc_code" text NOT NULL,
	"event_code" text NOT NULL,
	"desc_key" text NOT NULL,
	"desc_param" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"href" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"message_dt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"setting_id" serial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"module" text NOT NULL,
	"doc_code" text NOT NULL,
	"follow_setting" text[] DEFAULT '{}'::text[] NOT NULL,
	"in_app_note" boolean DEFAULT true NOT NULL,
	"email_note" boolean DEFAULT true NOT NULL,
	"email_address" text,
	"is_follow" boolean DEFAULT false NOT NULL,
	"customized" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_code" text NOT NULL,
	"doc_code" text,
	"body" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" integer NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"event_codes" text[] NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event_code" text NOT NULL,
	"module" text NOT NULL,
	"sub_module" text NOT NULL,
	"doc_code" text NOT NULL,
	"party_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"office_code" text,
	"approver_profile_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"applicant_login" text,
	"desc_param" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email_subject_param" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email_body_param" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"href" text NOT NULL,
	"actor_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"kind" text NOT NULL,
	"doc_id" text NOT NULL,
	"field" text NOT NULL,
	"number" text NOT NULL,
	"number_norm" text NOT NULL,
	"display_no" text NOT NULL,
	"status" text,
	"subtitle" text,
	"dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"party_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_numbers_pk" PRIMARY KEY("kind","doc_id","field","number_norm")
);
--> statement-breakpoint
DROP INDEX "shipping_orders_approval_pending_idx";--> statement-breakpoint
ALTER TABLE "consol_allocations" ADD CONSTRAINT "consol_allocations_consol_id_consol_plans_consol_id_fk" FOREIGN KEY ("consol_id") REFERENCES "public"."consol_plans"("consol_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consol_allocations" ADD CONSTRAINT "consol_allocations_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consol_containers" ADD CONSTRAINT "consol_containers_consol_id_consol_plans_consol_id_fk" FOREIGN KEY ("consol_id") REFERENCES "public"."consol_plans"("consol_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consol_equipment" ADD CONSTRAINT "consol_equipment_consol_id_consol_plans_consol_id_fk" FOREIGN KEY ("consol_id") REFERENCES "public"."consol_plans"("consol_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consol_plans" ADD CONSTRAINT "consol_plans_customer_party_id_parties_party_id_fk" FOREIGN KEY ("customer_party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consol_proposals" ADD CONSTRAINT "consol_proposals_consol_id_consol_plans_consol_id_fk" FOREIGN KEY ("consol_id") REFERENCES "public"."consol_plans"("consol_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consol_sos" ADD CONSTRAINT "consol_sos_consol_id_consol_plans_consol_id_fk" FOREIGN KEY ("consol_id") REFERENCES "public"."consol_plans"("consol_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consol_sos" ADD CONSTRAINT "consol_sos_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cheque_requests" ADD CONSTRAINT "invoice_cheque_requests_inv_id_invoices_inv_id_fk" FOREIGN KEY ("inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_jobs" ADD CONSTRAINT "invoice_jobs_inv_id_invoices_inv_id_fk" FOREIGN KEY ("inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_inv_id_invoices_inv_id_fk" FOREIGN KEY ("inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_charge_code_charge_codes_charge_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charge_codes"("charge_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_pl_lines" ADD CONSTRAINT "invoice_pl_lines_inv_id_invoices_inv_id_fk" FOREIGN KEY ("inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_party_id_parties_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issue_party_id_parties_party_id_fk" FOREIGN KEY ("issue_party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consol_allocations_consol_idx" ON "consol_allocations" USING btree ("consol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consol_containers_seq_uq" ON "consol_containers" USING btree ("consol_id","seq");--> statement-breakpoint
CREATE INDEX "consol_containers_no_idx" ON "consol_containers" USING btree ("container_no");--> statement-breakpoint
CREATE UNIQUE INDEX "consol_equipment_line_uq" ON "consol_equipment" USING btree ("consol_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "consol_plans_no_uq" ON "consol_plans" USING btree ("consol_no");--> statement-breakpoint
CREATE INDEX "consol_plans_status_aged_idx" ON "consol_plans" USING btree ("status","status_changed_at","consol_id");--> statement-breakpoint
CREATE INDEX "consol_plans_status_no_idx" ON "consol_plans" USING btree ("status","consol_no","consol_id");--> statement-breakpoint
CREATE INDEX "consol_plans_updated_idx" ON "consol_plans" USING btree ("updated_at","consol_id");--> statement-breakpoint
CREATE INDEX "consol_plans_etd_idx" ON "consol_plans" USING btree ("etd","consol_id");--> statement-breakpoint
CREATE INDEX "consol_plans_customer_idx" ON "consol_plans" USING btree ("customer_party_id");--> statement-breakpoint
CREATE INDEX "consol_plans_amended_idx" ON "consol_plans" USING btree ("amended_at","consol_id") WHERE "consol_plans"."amended_at" is not null;--> statement-breakpoint
CREATE INDEX "consol_plans_unallocated_idx" ON "consol_plans" USING btree ("etd","consol_id") WHERE not "consol_plans"."fully_allocated" and "consol_plans"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "consol_plans_search_trgm_idx" ON "consol_plans" USING gin ((lower("consol_no")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "consol_proposals_seq_uq" ON "consol_proposals" USING btree ("consol_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "consol_sos_so_uq" ON "consol_sos" USING btree ("so_id");--> statement-breakpoint
CREATE INDEX "consol_sos_consol_idx" ON "consol_sos" USING btree ("consol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_event_uq" ON "email_templates" USING btree ("event_code");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_date_uq" ON "exchange_rates" USING btree ("from_currency","to_currency","effective_date");--> statement-breakpoint
CREATE INDEX "exchange_rates_date_idx" ON "exchange_rates" USING btree ("effective_date","id");--> statement-breakpoint
CREATE INDEX "charge_codes_ledger_idx" ON "charge_codes" USING btree ("ledger_code","charge_code");--> statement-breakpoint
CREATE INDEX "invoice_jobs_job_idx" ON "invoice_jobs" USING btree ("job_no","inv_id");--> statement-breakpoint
CREATE INDEX "invoice_jobs_so_idx" ON "invoice_jobs" USING btree ("so_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_inv_line_uq" ON "invoice_lines" USING btree ("inv_id","line_no");--> statement-breakpoint
CREATE INDEX "invoice_pl_lines_inv_idx" ON "invoice_pl_lines" USING btree ("inv_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_no_uq" ON "invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "invoices_invoice_no_prefix_idx" ON "invoices" USING btree ("invoice_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "invoices_type_status_idx" ON "invoices" USING btree ("inv_type","status","status_changed_at","inv_id");--> statement-breakpoint
CREATE INDEX "invoices_type_status_no_idx" ON "invoices" USING btree ("inv_type","status","invoice_no","inv_id");--> statement-breakpoint
CREATE INDEX "invoices_ap_ref_missing_idx" ON "invoices" USING btree ("created_at","inv_id") WHERE "invoices"."inv_type" = 'AP' and "invoices"."ap_ref" is null and "invoices"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_code","inv_id");--> statement-breakpoint
CREATE INDEX "invoices_party_idx" ON "invoices" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","inv_id");--> statement-breakpoint
CREATE INDEX "invoices_updated_idx" ON "invoices" USING btree ("updated_at","inv_id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date","inv_id");--> statement-breakpoint
CREATE INDEX "invoices_group_no_idx" ON "invoices" USING btree ("group_no");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notification_messages_user_idx" ON "notification_messages" USING btree ("user_uid","message_dt" DESC NULLS LAST,"message_id" DESC NULLS LAST) WHERE not "notification_messages"."removed";--> statement-breakpoint
CREATE INDEX "notification_messages_unread_idx" ON "notification_messages" USING btree ("user_uid") WHERE not "notification_messages"."removed" and not "notification_messages"."is_read";--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_event_user_uq" ON "notification_messages" USING btree ("event_id","user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_uq" ON "notification_settings" USING btree ("user_uid","module","doc_code");--> statement-breakpoint
CREATE INDEX "notification_settings_followers_idx" ON "notification_settings" USING btree ("module","doc_code") WHERE "notification_settings"."is_follow";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_party_idx" ON "webhook_endpoints" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "notification_events_pending_idx" ON "notification_events" USING btree ("event_id") WHERE "notification_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "document_numbers_prefix_idx" ON "document_numbers" USING btree ("number_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shipping_orders_confirmed_unapproved_aged_idx" ON "shipping_orders" USING btree (coalesce("confirmed_at", "status_changed_at"),"so_id","confirmed_at","status_changed_at") WHERE "shipping_orders"."status" = 'CONFIRMED' and "shipping_orders"."approval_status" is distinct from 'APPROVED';--> statement-breakpoint
CREATE INDEX "shipping_orders_pending_si_aged_idx" ON "shipping_orders" USING btree (coalesce("confirmed_at", "status_changed_at"),"so_id","confirmed_at","status_changed_at") WHERE "shipping_orders"."status" = 'CONFIRMED' and "shipping_orders"."si_status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "shipping_orders_approval_pending_idx" ON "shipping_orders" USING btree (coalesce("confirmed_at", "status_changed_at"),"so_id","confirmed_at","status_changed_at") WHERE "shipping_orders"."status" = 'CONFIRMED' and "shipping_orders"."approval_status" is null;