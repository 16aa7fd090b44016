CREATE TABLE "password_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"document_id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"document_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text,
	"uploaded_by_name" text,
	"removed" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"removed_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"city_code" text PRIMARY KEY NOT NULL,
	"city_name" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "container_sizes" (
	"size_code" text PRIMARY KEY NOT NULL,
	"length" text NOT NULL,
	"height" text NOT NULL,
	"width" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "container_types" (
	"type_code" text PRIMARY KEY NOT NULL,
	"group_code" text NOT NULL,
	"group_name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"numeric_code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh_hk" text NOT NULL,
	"name_zh_cn" text NOT NULL,
	"minor_units" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hs_codes" (
	"hs_code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"level" smallint NOT NULL,
	"parent" text,
	"section" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "port_handling_offices" (
	"un_code" text NOT NULL,
	"office_code" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "port_handling_offices_un_code_office_code_pk" PRIMARY KEY("un_code","office_code")
);
--> statement-breakpoint
CREATE TABLE "un_locodes" (
	"locode" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"city_name" text NOT NULL,
	"city_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_groups" (
	"customer_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"party_id" serial PRIMARY KEY NOT NULL,
	"party_code" text NOT NULL,
	"other_code" text,
	"party_type" text NOT NULL,
	"contact_person" text,
	"short_name" text NOT NULL,
	"full_name" text NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"cost_centre_code" text,
	"office_code" text,
	"customer_id" integer,
	"address1" text NOT NULL,
	"address2" text,
	"address3" text,
	"address4" text,
	"city" text,
	"state" text,
	"zip_postal" text,
	"country_code" text NOT NULL,
	"tel" text NOT NULL,
	"fax" text,
	"email" text,
	"address_type" text NOT NULL,
	"contact_type" text NOT NULL,
	"office_hour_from" text,
	"office_hour_to" text,
	"description" text,
	"sun_suffix" text,
	"ledger_code" text NOT NULL,
	"sun_ac_code" text,
	"bank_name" text,
	"bank_account_no" text,
	"bank_currency" text,
	"beneficiary_name" text,
	"bic" text,
	"credit_limit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit_reminder_days" integer,
	"credit_deadline_days" integer,
	"payment_terms_ar" text,
	"payment_terms_ap" text,
	"invoice_email" text,
	"tax_id" text NOT NULL,
	"eori_no" text,
	"sst_no" text,
	"npwp_no" text,
	"target_offices" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"no_edit_name" boolean DEFAULT false NOT NULL,
	"no_edit_address" boolean DEFAULT false NOT NULL,
	"no_hbl_printing" boolean DEFAULT false NOT NULL,
	"agency_agreement_no" text,
	"is_nominated_agent" boolean DEFAULT false NOT NULL,
	"is_release_agent" boolean DEFAULT false NOT NULL,
	"customs_broker" text,
	"notify_party_code" text,
	"carrier_id" integer,
	"requester_remarks" text NOT NULL,
	"approval_status" text DEFAULT 'P' NOT NULL,
	"approval_reason" text,
	"approval_remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "party_group_members" (
	"party_group_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	CONSTRAINT "party_group_members_party_group_id_party_id_pk" PRIMARY KEY("party_group_id","party_id")
);
--> statement-breakpoint
CREATE TABLE "party_groups" (
	"party_group_id" serial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"group_type" text NOT NULL,
	"sub_group" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_search_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"search_text" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"container_type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"rate_id" serial PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"carrier_code" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"service" text NOT NULL,
	"currency" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"transit_days" smallint,
	"free_time_days" smallint,
	"remarks" text,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_registrations" (
	"user_registration_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_uid" uuid,
	"login_id" text NOT NULL,
	"sis_user_id" text,
	"user_type_id" text,
	"location_type_id" smallint,
	"referred_by" text,
	"referred_by_office_party_id" integer,
	"email2" text NOT NULL,
	"family_name" text NOT NULL,
	"given_name" text NOT NULL,
	"co_address1" text NOT NULL,
	"co_address2" text,
	"co_address3" text,
	"co_address4" text,
	"co_country_code" text,
	"phone" text NOT NULL,
	"fax" text NOT NULL,
	"company" text NOT NULL,
	"department" text,
	"position" text,
	"profiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'P' NOT NULL,
	"token_hash" text,
	"token_issued_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_templates" (
	"routing_template_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"customer_party_id" integer,
	"consignee_party_id" integer NOT NULL,
	"pod" text,
	"pld" text,
	"fd" text,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"can_overwrite" boolean DEFAULT true NOT NULL,
	"eta_validation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sailing_schedule_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sailing_schedule_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"vessel_name" text NOT NULL,
	"voyage" text NOT NULL,
	"service_code" text,
	"port_from" text NOT NULL,
	"port_to" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sailing_schedules" (
	"sailing_schedule_id" serial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"vessel_name" text NOT NULL,
	"imo" text,
	"voyage" text NOT NULL,
	"service_name" text,
	"service_code" text,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"transshipment_port" text,
	"cfs_cutoff" timestamp,
	"cy_cutoff" timestamp,
	"vgm_cutoff" timestamp,
	"si_cutoff" timestamp,
	"is_manual" boolean DEFAULT true NOT NULL,
	"is_tbc" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mst_seq_counters" (
	"mst_seq_rule_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"next_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mst_seq_counters_mst_seq_rule_id_period_key_pk" PRIMARY KEY("mst_seq_rule_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "mst_seq_rules" (
	"mst_seq_rule_id" serial PRIMARY KEY NOT NULL,
	"doc_type" text NOT NULL,
	"office_code" text,
	"description" text,
	"prefix" text DEFAULT '' NOT NULL,
	"include_office" boolean DEFAULT false NOT NULL,
	"date_format" text DEFAULT 'NONE' NOT NULL,
	"separator" text DEFAULT '' NOT NULL,
	"seq_width" smallint NOT NULL,
	"reset_period" text DEFAULT 'NEVER' NOT NULL,
	"start_number" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tradelanes" (
	"tradelane_id" serial PRIMARY KEY NOT NULL,
	"tradelane_name" text NOT NULL,
	"tradelane_type" text NOT NULL,
	"pol_country" text NOT NULL,
	"pod_country" text NOT NULL,
	"office_code" text NOT NULL,
	"account_code" text,
	"effective_date" date NOT NULL,
	"customer_type" text,
	"customer_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_details" (
	"user_uid" uuid PRIMARY KEY NOT NULL,
	"address" text,
	"zip" text,
	"country_code" text,
	"phone" text,
	"fax" text,
	"company" text,
	"position" text,
	"department" text,
	"sales_code" text,
	"referred_by" text,
	"office_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_profile_party_groups" (
	"user_profile_id" integer NOT NULL,
	"party_group_id" integer NOT NULL,
	CONSTRAINT "user_profile_party_groups_user_profile_id_party_group_id_pk" PRIMARY KEY("user_profile_id","party_group_id")
);
--> statement-breakpoint
CREATE TABLE "user_profile_tradelanes" (
	"user_profile_id" integer NOT NULL,
	"tradelane_id" integer NOT NULL,
	CONSTRAINT "user_profile_tradelanes_user_profile_id_tradelane_id_pk" PRIMARY KEY("user_profile_id","tradelane_id")
);
--> statement-breakpoint
CREATE TABLE "user_sales_codes" (
	"user_uid" uuid NOT NULL,
	"sales_code" text NOT NULL,
	CONSTRAINT "user_sales_codes_user_uid_sales_code_pk" PRIMARY KEY("user_uid","sales_code")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"party_code_id" serial PRIMARY KEY NOT NULL,
	"warehouse_code" text NOT NULL,
	"warehouse_name" text NOT NULL,
	"address1" text,
	"address2" text,
	"address3" text,
	"address4" text,
	"local_address1" text,
	"local_address2" text,
	"local_address3" text,
	"local_address4" text,
	"tel" text,
	"contact_person" text,
	"contact_email" text,
	"remark" text,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"tag" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_customer_id_account_groups_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."account_groups"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_group_members" ADD CONSTRAINT "party_group_members_party_group_id_party_groups_party_group_id_fk" FOREIGN KEY ("party_group_id") REFERENCES "public"."party_groups"("party_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_group_members" ADD CONSTRAINT "party_group_members_party_id_parties_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_search_history" ADD CONSTRAINT "smart_search_history_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_containers" ADD CONSTRAINT "rate_containers_rate_id_rates_rate_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("rate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_registrations" ADD CONSTRAINT "user_registrations_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_registrations" ADD CONSTRAINT "user_registrations_referred_by_office_party_id_offices_office_id_fk" FOREIGN KEY ("referred_by_office_party_id") REFERENCES "public"."offices"("office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_templates" ADD CONSTRAINT "routing_templates_customer_party_id_parties_party_id_fk" FOREIGN KEY ("customer_party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_templates" ADD CONSTRAINT "routing_templates_consignee_party_id_parties_party_id_fk" FOREIGN KEY ("consignee_party_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_templates" ADD CONSTRAINT "routing_templates_pod_ports_un_code_fk" FOREIGN KEY ("pod") REFERENCES "public"."ports"("un_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_templates" ADD CONSTRAINT "routing_templates_pld_ports_un_code_fk" FOREIGN KEY ("pld") REFERENCES "public"."ports"("un_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_templates" ADD CONSTRAINT "routing_templates_fd_ports_un_code_fk" FOREIGN KEY ("fd") REFERENCES "public"."ports"("un_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sailing_schedule_legs" ADD CONSTRAINT "sailing_schedule_legs_sailing_schedule_id_sailing_schedules_sailing_schedule_id_fk" FOREIGN KEY ("sailing_schedule_id") REFERENCES "public"."sailing_schedules"("sailing_schedule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mst_seq_counters" ADD CONSTRAINT "mst_seq_counters_mst_seq_rule_id_mst_seq_rules_mst_seq_rule_id_fk" FOREIGN KEY ("mst_seq_rule_id") REFERENCES "public"."mst_seq_rules"("mst_seq_rule_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_details" ADD CONSTRAINT "user_details_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_details" ADD CONSTRAINT "user_details_office_id_offices_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_party_groups" ADD CONSTRAINT "user_profile_party_groups_user_profile_id_user_profiles_user_profile_id_fk" FOREIGN KEY ("user_profile_id") REFERENCES "public"."user_profiles"("user_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_party_groups" ADD CONSTRAINT "user_profile_party_groups_party_group_id_party_groups_party_group_id_fk" FOREIGN KEY ("party_group_id") REFERENCES "public"."party_groups"("party_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_tradelanes" ADD CONSTRAINT "user_profile_tradelanes_user_profile_id_user_profiles_user_profile_id_fk" FOREIGN KEY ("user_profile_id") REFERENCES "public"."user_profiles"("user_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile_tradelanes" ADD CONSTRAINT "user_profile_tradelanes_tradelane_id_tradelanes_tradelane_id_fk" FOREIGN KEY ("tradelane_id") REFERENCES "public"."tradelanes"("tradelane_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sales_codes" ADD CONSTRAINT "user_sales_codes_user_uid_users_user_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("user_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_uid","id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_uid","created_at");--> statement-breakpoint
CREATE INDEX "documents_entity_idx" ON "documents" USING btree ("entity_type","entity_id","document_id");--> statement-breakpoint
CREATE INDEX "documents_sha256_idx" ON "documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "hs_codes_code_prefix_idx" ON "hs_codes" USING btree ("hs_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "hs_codes_description_trgm_idx" ON "hs_codes" USING gin ((lower("description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "un_locodes_country_idx" ON "un_locodes" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "un_locodes_city_idx" ON "un_locodes" USING btree ("city_code");--> statement-breakpoint
CREATE UNIQUE INDEX "account_groups_code_uq" ON "account_groups" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "account_groups_search_trgm_idx" ON "account_groups" USING gin ((lower("code" || ' ' || "name")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "parties_code_uq" ON "parties" USING btree ("party_code");--> statement-breakpoint
CREATE INDEX "parties_search_trgm_idx" ON "parties" USING gin ((lower("party_code" || ' ' || "full_name" || ' ' || "short_name" || ' ' || coalesce("city", '') || ' ' || "country_code")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parties_name_trgm_idx" ON "parties" USING gin ((lower("full_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parties_address_trgm_idx" ON "parties" USING gin ((lower("address1" || ' ' || coalesce("address2", '') || ' ' || coalesce("city", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parties_code_sort_idx" ON "parties" USING btree ("party_code","party_id");--> statement-breakpoint
CREATE INDEX "parties_name_sort_idx" ON "parties" USING btree ("full_name","party_id");--> statement-breakpoint
CREATE INDEX "parties_status_code_idx" ON "parties" USING btree ("approval_status","party_code","party_id");--> statement-breakpoint
CREATE INDEX "parties_status_updated_idx" ON "parties" USING btree ("approval_status","updated_at","party_id");--> statement-breakpoint
CREATE INDEX "parties_updated_idx" ON "parties" USING btree ("updated_at","party_id");--> statement-breakpoint
CREATE INDEX "party_group_members_party_idx" ON "party_group_members" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "party_groups_name_uq" ON "party_groups" USING btree (lower("group_name"));--> statement-breakpoint
CREATE INDEX "party_groups_search_trgm_idx" ON "party_groups" USING gin ((lower("group_name" || ' ' || coalesce("sub_group", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "smart_search_history_user_text_uq" ON "smart_search_history" USING btree ("user_uid","search_text");--> statement-breakpoint
CREATE INDEX "smart_search_history_user_used_idx" ON "smart_search_history" USING btree ("user_uid","used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_containers_type_uq" ON "rate_containers" USING btree ("rate_id","container_type");--> statement-breakpoint
CREATE UNIQUE INDEX "rates_source_key_uq" ON "rates" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "rates_lane_validity_idx" ON "rates" USING btree ("pol","pod","valid_from","valid_to");--> statement-breakpoint
CREATE INDEX "rates_carrier_idx" ON "rates" USING btree ("carrier_code","rate_id");--> statement-breakpoint
CREATE INDEX "rates_search_trgm_idx" ON "rates" USING gin ((lower("source_key" || ' ' || "carrier_code" || ' ' || coalesce("remarks", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_registrations_login_idx" ON "user_registrations" USING btree (lower("login_id"));--> statement-breakpoint
CREATE INDEX "user_registrations_status_idx" ON "user_registrations" USING btree ("status","user_registration_id");--> statement-breakpoint
CREATE INDEX "user_registrations_user_idx" ON "user_registrations" USING btree ("user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "routing_templates_name_uq" ON "routing_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "routing_templates_applicable_idx" ON "routing_templates" USING btree ("consignee_party_id","customer_party_id","effective_from");--> statement-breakpoint
CREATE INDEX "routing_templates_name_sort_idx" ON "routing_templates" USING btree ("name","routing_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sailing_schedule_legs_seq_uq" ON "sailing_schedule_legs" USING btree ("sailing_schedule_id","seq");--> statement-breakpoint
CREATE INDEX "sailing_schedules_lane_etd_idx" ON "sailing_schedules" USING btree ("pol","pod","etd");--> statement-breakpoint
CREATE INDEX "sailing_schedules_etd_idx" ON "sailing_schedules" USING btree ("etd","sailing_schedule_id");--> statement-breakpoint
CREATE INDEX "sailing_schedules_carrier_etd_idx" ON "sailing_schedules" USING btree ("carrier_code","etd");--> statement-breakpoint
CREATE INDEX "sailing_schedules_tbc_idx" ON "sailing_schedules" USING btree ("sailing_schedule_id") WHERE "sailing_schedules"."is_tbc";--> statement-breakpoint
CREATE INDEX "sailing_schedules_search_trgm_idx" ON "sailing_schedules" USING gin ((lower("vessel_name" || ' ' || "voyage" || ' ' || coalesce("service_code", '') || ' ' || coalesce("service_name", '') || ' ' || coalesce("imo", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "mst_seq_rules_doc_office_uq" ON "mst_seq_rules" USING btree ("doc_type",coalesce("office_code", ''));--> statement-breakpoint
CREATE INDEX "mst_seq_rules_updated_idx" ON "mst_seq_rules" USING btree ("updated_at","mst_seq_rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tradelanes_name_uq" ON "tradelanes" USING btree (lower("tradelane_name"));--> statement-breakpoint
CREATE INDEX "tradelanes_countries_idx" ON "tradelanes" USING btree ("pol_country","pod_country");--> statement-breakpoint
CREATE INDEX "tradelanes_search_trgm_idx" ON "tradelanes" USING gin ((lower("tradelane_name" || ' ' || "pol_country" || ' ' || "pod_country" || ' ' || "office_code" || ' ' || coalesce("account_code", '') || ' ' || coalesce("customer_code", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profile_party_groups_group_idx" ON "user_profile_party_groups" USING btree ("party_group_id");--> statement-breakpoint
CREATE INDEX "user_profile_tradelanes_lane_idx" ON "user_profile_tradelanes" USING btree ("tradelane_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_uq" ON "warehouses" USING btree ("warehouse_code");--> statement-breakpoint
CREATE INDEX "warehouses_name_sort_idx" ON "warehouses" USING btree ("warehouse_name","party_code_id");--> statement-breakpoint
CREATE INDEX "warehouses_search_trgm_idx" ON "warehouses" USING gin ((lower("warehouse_code" || ' ' || "warehouse_name" || ' ' || coalesce("contact_person", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","next_attempt_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_preferences_one_favourite_uq" ON "user_preferences" USING btree ("user_uid","url",coalesce("preference_type", '')) WHERE "user_preferences"."is_favourite";