CREATE TABLE "consol_remarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"consol_id" integer NOT NULL,
	"html" text NOT NULL,
	"visible_to" text DEFAULT 'ALL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"created_uid" uuid
);
--> statement-breakpoint
CREATE TABLE "invoice_prints" (
	"id" serial PRIMARY KEY NOT NULL,
	"inv_id" integer NOT NULL,
	"kind" text NOT NULL,
	"printed_by" text NOT NULL,
	"printed_by_uid" text,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_export_batches" (
	"batch_id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"invoice_count" integer NOT NULL,
	"line_count" integer NOT NULL,
	"base_total_amount" numeric(18, 4) NOT NULL,
	"inv_ids" integer[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_groups" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"group_no" text NOT NULL,
	"kind" text NOT NULL,
	"inv_type" text NOT NULL,
	"account_code" text NOT NULL,
	"currency" text NOT NULL,
	"total_amount" numeric(18, 4) NOT NULL,
	"base_total_amount" numeric(18, 4) NOT NULL,
	"invoice_count" integer NOT NULL,
	"invoice_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dissolved_by" text,
	"dissolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_links" (
	"link_type" text NOT NULL,
	"from_inv_id" integer NOT NULL,
	"to_inv_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_bl_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"mbl_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"size_type" text NOT NULL,
	"container_no" text,
	"seal_no" text,
	"package_qty" integer NOT NULL,
	"gross_weight" numeric(15, 3) NOT NULL,
	"cbm" numeric(15, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_bl_sos" (
	"id" serial PRIMARY KEY NOT NULL,
	"mbl_id" integer NOT NULL,
	"so_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_bls" (
	"mbl_id" serial PRIMARY KEY NOT NULL,
	"mbl_no" text NOT NULL,
	"source" text NOT NULL,
	"consol_id" integer,
	"main_so_id" integer NOT NULL,
	"handling_office" text NOT NULL,
	"carrier_mbl_no" text,
	"mbl_type" text NOT NULL,
	"freight_term" text NOT NULL,
	"freight_currency" text,
	"freight_amount" numeric(15, 2),
	"undg_no" text,
	"imdg_class" text,
	"show_freight" boolean DEFAULT false NOT NULL,
	"get_tel_fax" boolean DEFAULT false NOT NULL,
	"shipper_name" text NOT NULL,
	"shipper_address" text,
	"shipper_tel" text,
	"shipper_fax" text,
	"consignee_party_id" integer NOT NULL,
	"notify_party_id" integer,
	"carrier_code" text NOT NULL,
	"vessel_name" text NOT NULL,
	"voyage" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"place_of_delivery" text,
	"etd" date,
	"marks" text,
	"goods_description" text,
	"status" text NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_signatures" (
	"user_uid" uuid PRIMARY KEY NOT NULL,
	"image_png" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mail_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
DROP INDEX "consol_containers_no_idx";--> statement-breakpoint
DROP INDEX "invoice_jobs_job_idx";--> statement-breakpoint
DROP INDEX "invoice_jobs_so_idx";--> statement-breakpoint
DROP INDEX "invoices_ap_ref_missing_idx";--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD COLUMN "shipment_type" text DEFAULT 'STANDARD' NOT NULL;--> statement-breakpoint
ALTER TABLE "consol_remarks" ADD CONSTRAINT "consol_remarks_consol_id_consol_plans_consol_id_fk" FOREIGN KEY ("consol_id") REFERENCES "public"."consol_plans"("consol_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_prints" ADD CONSTRAINT "invoice_prints_inv_id_invoices_inv_id_fk" FOREIGN KEY ("inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_from_inv_id_invoices_inv_id_fk" FOREIGN KEY ("from_inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_to_inv_id_invoices_inv_id_fk" FOREIGN KEY ("to_inv_id") REFERENCES "public"."invoices"("inv_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_bl_containers" ADD CONSTRAINT "master_bl_containers_mbl_id_master_bls_mbl_id_fk" FOREIGN KEY ("mbl_id") REFERENCES "public"."master_bls"("mbl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_bl_sos" ADD CONSTRAINT "master_bl_sos_mbl_id_master_bls_mbl_id_fk" FOREIGN KEY ("mbl_id") REFERENCES "public"."master_bls"("mbl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_bl_sos" ADD CONSTRAINT "master_bl_sos_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_bls" ADD CONSTRAINT "master_bls_consol_id_consol_plans_consol_id_fk" FOREIGN KEY ("consol_id") REFERENCES "public"."consol_plans"("consol_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_bls" ADD CONSTRAINT "master_bls_main_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("main_so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_bls" ADD CONSTRAINT "master_bls_consignee_party_id_parties_party_id_fk" FOREIGN KEY ("consignee_party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_bls" ADD CONSTRAINT "master_bls_notify_party_id_parties_party_id_fk" FOREIGN KEY ("notify_party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_signatures" ADD CONSTRAINT "user_signatures_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD CONSTRAINT "mail_outbox_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consol_remarks_consol_idx" ON "consol_remarks" USING btree ("consol_id","id");--> statement-breakpoint
CREATE INDEX "invoice_prints_inv_idx" ON "invoice_prints" USING btree ("inv_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_export_batches_no_uq" ON "invoice_export_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_groups_no_uq" ON "invoice_groups" USING btree ("group_no");--> statement-breakpoint
CREATE INDEX "invoice_groups_created_idx" ON "invoice_groups" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_links_from_uq" ON "invoice_links" USING btree ("link_type","from_inv_id");--> statement-breakpoint
CREATE INDEX "invoice_links_to_idx" ON "invoice_links" USING btree ("to_inv_id");--> statement-breakpoint
CREATE UNIQUE INDEX "master_bl_containers_seq_uq" ON "master_bl_containers" USING btree ("mbl_id","seq");--> statement-breakpoint
CREATE INDEX "master_bl_containers_no_idx" ON "master_bl_containers" USING btree ("container_no");--> statement-breakpoint
CREATE UNIQUE INDEX "master_bl_sos_live_so_uq" ON "master_bl_sos" USING btree ("so_id") WHERE "master_bl_sos"."live";--> statement-breakpoint
CREATE INDEX "master_bl_sos_mbl_idx" ON "master_bl_sos" USING btree ("mbl_id");--> statement-breakpoint
CREATE INDEX "master_bl_sos_so_idx" ON "master_bl_sos" USING btree ("so_id");--> statement-breakpoint
CREATE UNIQUE INDEX "master_bls_no_uq" ON "master_bls" USING btree ("mbl_no");--> statement-breakpoint
CREATE UNIQUE INDEX "master_bls_consol_live_uq" ON "master_bls" USING btree ("consol_id") WHERE "master_bls"."consol_id" is not null and "master_bls"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "master_bls_status_no_idx" ON "master_bls" USING btree ("status","mbl_no","mbl_id");--> statement-breakpoint
CREATE INDEX "master_bls_updated_idx" ON "master_bls" USING btree ("updated_at","mbl_id");--> statement-breakpoint
CREATE INDEX "master_bls_etd_idx" ON "master_bls" USING btree ("etd","mbl_id");--> statement-breakpoint
CREATE INDEX "master_bls_consignee_idx" ON "master_bls" USING btree ("consignee_party_id");--> statement-breakpoint
CREATE INDEX "master_bls_pending_carrier_idx" ON "master_bls" USING btree ("etd","mbl_id") WHERE "master_bls"."carrier_mbl_no" is null and "master_bls"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "master_bls_carrier_no_idx" ON "master_bls" USING btree ("carrier_mbl_no");--> statement-breakpoint
CREATE INDEX "master_bls_search_trgm_idx" ON "master_bls" USING gin ((lower("mbl_no" || ' ' || coalesce("carrier_mbl_no", '') || ' ' || "vessel_name" || ' ' || "voyage")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_attachments_mail_idx" ON "mail_outbox_attachments" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "invoices_hbl_prefix_idx" ON "invoices" USING btree ("hbl_no" text_pattern_ops) WHERE "invoices"."hbl_no" is not null;--> statement-breakpoint
CREATE INDEX "invoices_mbl_prefix_idx" ON "invoices" USING btree ("mbl_no" text_pattern_ops) WHERE "invoices"."mbl_no" is not null;--> statement-breakpoint
CREATE INDEX "invoices_stage_pending_prep_idx" ON "invoices" USING btree ("inv_type","invoice_no","inv_id","created_at") WHERE "status" in ('NEW', 'REJECTED');--> statement-breakpoint
CREATE INDEX "invoices_stage_pending_post_idx" ON "invoices" USING btree ("inv_type","invoice_no","inv_id","printed_at") WHERE "status" in ('RELEASED', 'PRINTED', 'ACCOUNTING_PRINTED', 'EXPORTED', 'IMPORTED', 'PENDING_AUTO_EXPORT', 'EXPORTED_AUTO');--> statement-breakpoint
CREATE INDEX "invoices_posted_cards_idx" ON "invoices" USING btree ("inv_type","acct_process_status","invoice_no","inv_id","posted_at","outstanding_amount") WHERE "invoices"."status" = 'POSTED';--> statement-breakpoint
CREATE INDEX "invoices_stage_reversed_idx" ON "invoices" USING btree ("inv_type","invoice_no","inv_id") WHERE "status" in ('REVERSED', 'POST_REVERSED');--> statement-breakpoint
CREATE INDEX "invoices_stage_export_idx" ON "invoices" USING btree ("inv_type","invoice_no","inv_id") WHERE "status" in ('ACCOUNTING_PRINTED', 'PENDING_AUTO_EXPORT');--> statement-breakpoint
CREATE INDEX "invoices_stage_import_idx" ON "invoices" USING btree ("inv_type","invoice_no","inv_id") WHERE "status" in ('EXPORTED', 'EXPORTED_AUTO');--> statement-breakpoint
CREATE INDEX "invoices_stage_closed_idx" ON "invoices" USING btree ("inv_type","invoice_no","inv_id") WHERE "invoices"."is_closed" and "invoices"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "consol_containers_no_idx" ON "consol_containers" USING btree ("container_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "invoice_jobs_job_idx" ON "invoice_jobs" USING btree ("job_no" text_pattern_ops,"inv_id");--> statement-breakpoint
CREATE INDEX "invoice_jobs_so_idx" ON "invoice_jobs" USING btree ("so_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "invoices_ap_ref_missing_idx" ON "invoices" USING btree ("invoice_no","inv_id","status","created_at") WHERE "invoices"."inv_type" = 'AP' and "invoices"."ap_ref" is null and "invoices"."status" <> 'DELETED';