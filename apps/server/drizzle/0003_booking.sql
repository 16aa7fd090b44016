CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "isf_profiles" (
	"isf_profile_id" serial PRIMARY KEY NOT NULL,
	"owner_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text,
	"zip" text,
	"country" text NOT NULL,
	"country_of_origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_orders" (
	"so_id" serial PRIMARY KEY NOT NULL,
	"so_no" text NOT NULL,
	"job_no" text,
	"hbl_no" text,
	"po_no" text,
	"master_so_no" text,
	"user_uid" uuid,
	"status" text NOT NULL,
	"status_before_cancel" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_e_booking" boolean DEFAULT false NOT NULL,
	"transport_mode" text NOT NULL,
	"service_type" text NOT NULL,
	"delivery_type" text NOT NULL,
	"business_type" text NOT NULL,
	"shipper_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"consignee_id" integer NOT NULL,
	"notify_id" integer,
	"nomination_agent_id" integer,
	"release_agent_id" integer,
	"salesman" text,
	"handling_office" text NOT NULL,
	"por" text,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"pld" text NOT NULL,
	"fd" text NOT NULL,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"pld_eta" date,
	"fd_eta" date,
	"cargo_ready_date" date NOT NULL,
	"projected_etd" date,
	"sailing_id" integer,
	"carrier_code" text NOT NULL,
	"vessel_name" text NOT NULL,
	"voyage" text NOT NULL,
	"rate_id" integer,
	"cfs_closing" timestamp NOT NULL,
	"cy_closing" timestamp NOT NULL,
	"vgm_closing" timestamp NOT NULL,
	"si_closing" timestamp NOT NULL,
	"incoterms" text NOT NULL,
	"incoterms_location" text,
	"freight_term" text NOT NULL,
	"is_dangerous" boolean DEFAULT false NOT NULL,
	"un_no" text,
	"commodity" text,
	"marks" text,
	"goods_description" text,
	"package_qty" integer,
	"package_unit" text,
	"gross_weight" numeric(15, 3),
	"cbm" numeric(15, 3),
	"space_status" text DEFAULT 'PENDING' NOT NULL,
	"booking_condition" text DEFAULT 'NORMAL' NOT NULL,
	"contract_type" text,
	"contract_no" text,
	"shipper_ref" text,
	"agent_ref" text,
	"consignee_ref" text,
	"forwarder_ref" text,
	"is_consolidatable" boolean DEFAULT false NOT NULL,
	"originals_count" smallint DEFAULT 3 NOT NULL,
	"transport_document" text DEFAULT 'OBL' NOT NULL,
	"is_to_order" boolean DEFAULT false NOT NULL,
	"hide_party_address" boolean DEFAULT false NOT NULL,
	"si_status" text DEFAULT 'PENDING' NOT NULL,
	"si_submitted_at" timestamp with time zone,
	"carrier_booking_status" text DEFAULT 'NOT_SENT' NOT NULL,
	"carrier_submitted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"cancel_reason" text,
	"job_closed" boolean DEFAULT false NOT NULL,
	"approval_status" text,
	"approval_status_at" timestamp with time zone,
	"approval_reason" text,
	"approval_updated_by_mr" boolean DEFAULT false NOT NULL,
	"approval_updated_by_customer" boolean DEFAULT false NOT NULL,
	"approved_proposal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "so_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"container_no" text,
	"size_type" text NOT NULL,
	"seal_no" text,
	"carrier_booking_no" text,
	"package_qty" integer,
	"gross_weight" numeric(15, 3),
	"cbm" numeric(15, 3),
	"ex_factory_date" date,
	"cfs_received_at" timestamp,
	"cy_gate_in_at" timestamp,
	"vgm_weight" numeric(15, 3),
	"vgm_method" text
);
--> statement-breakpoint
CREATE TABLE "so_ens_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text,
	"zip" text,
	"country_code" text NOT NULL,
	"phone" text,
	"email" text,
	"eori_no" text
);
--> statement-breakpoint
CREATE TABLE "so_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"size_type" text NOT NULL,
	"qty" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "so_hs_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"hs_code" text NOT NULL,
	"description" text,
	"package_qty" integer NOT NULL,
	"gross_weight" numeric(15, 3) NOT NULL,
	"cbm" numeric(15, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "so_isf_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text,
	"zip" text,
	"country_code" text NOT NULL,
	"country_of_origin" text NOT NULL,
	"hts_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "so_remarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
	"html" text NOT NULL,
	"visible_to" text DEFAULT 'ALL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"created_uid" uuid
);
--> statement-breakpoint
CREATE TABLE "vgm_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
	"message_ref" text NOT NULL,
	"container_no" text NOT NULL,
	"vgm_weight" numeric(15, 3) NOT NULL,
	"vgm_method" text NOT NULL,
	"status" text NOT NULL,
	"payload" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text
);
--> statement-breakpoint
CREATE TABLE "booking_proposals" (
	"proposal_id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
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
	"is_tbc" boolean DEFAULT false NOT NULL,
	"cfs_cutoff" timestamp,
	"cy_cutoff" timestamp,
	"vgm_cutoff" timestamp,
	"si_cutoff" timestamp,
	"currency" text,
	"rate_containers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rate" numeric(18, 2),
	"remarks" text,
	"is_selected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_shipper_id_parties_party_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_customer_id_parties_party_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_consignee_id_parties_party_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_notify_id_parties_party_id_fk" FOREIGN KEY ("notify_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_nomination_agent_id_parties_party_id_fk" FOREIGN KEY ("nomination_agent_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_release_agent_id_parties_party_id_fk" FOREIGN KEY ("release_agent_id") REFERENCES "public"."parties"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "so_containers" ADD CONSTRAINT "so_containers_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "so_ens_parties" ADD CONSTRAINT "so_ens_parties_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "so_equipment" ADD CONSTRAINT "so_equipment_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "so_hs_lines" ADD CONSTRAINT "so_hs_lines_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "so_isf_parties" ADD CONSTRAINT "so_isf_parties_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "so_remarks" ADD CONSTRAINT "so_remarks_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vgm_messages" ADD CONSTRAINT "vgm_messages_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_proposals" ADD CONSTRAINT "booking_proposals_so_id_shipping_orders_so_id_fk" FOREIGN KEY ("so_id") REFERENCES "public"."shipping_orders"("so_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_uq" ON "idempotency_keys" USING btree ("user_uid","route","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "isf_profiles_owner_idx" ON "isf_profiles" USING btree ("owner_uid","name");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_orders_so_no_uq" ON "shipping_orders" USING btree ("so_no");--> statement-breakpoint
CREATE INDEX "shipping_orders_job_no_idx" ON "shipping_orders" USING btree ("job_no");--> statement-breakpoint
CREATE INDEX "shipping_orders_hbl_no_idx" ON "shipping_orders" USING btree ("hbl_no");--> statement-breakpoint
CREATE INDEX "shipping_orders_status_aged_idx" ON "shipping_orders" USING btree ("status","status_changed_at","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_status_confirmed_idx" ON "shipping_orders" USING btree ("status",coalesce("confirmed_at", "status_changed_at"),"so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_created_idx" ON "shipping_orders" USING btree ("created_at","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_eta_idx" ON "shipping_orders" USING btree ("eta","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_status_changed_idx" ON "shipping_orders" USING btree ("status_changed_at","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_status_so_idx" ON "shipping_orders" USING btree ("status","so_no");--> statement-breakpoint
CREATE INDEX "shipping_orders_status_si_so_idx" ON "shipping_orders" USING btree ("status","si_status","so_no","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_status_etd_idx" ON "shipping_orders" USING btree ("status","etd","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_etd_idx" ON "shipping_orders" USING btree ("etd","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_updated_idx" ON "shipping_orders" USING btree ("updated_at","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_lane_idx" ON "shipping_orders" USING btree ("pol","pod","etd");--> statement-breakpoint
CREATE INDEX "shipping_orders_master_so_idx" ON "shipping_orders" USING btree ("master_so_no");--> statement-breakpoint
CREATE INDEX "shipping_orders_shipper_idx" ON "shipping_orders" USING btree ("shipper_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_customer_idx" ON "shipping_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_consignee_idx" ON "shipping_orders" USING btree ("consignee_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_notify_idx" ON "shipping_orders" USING btree ("notify_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_nom_agent_idx" ON "shipping_orders" USING btree ("nomination_agent_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_rel_agent_idx" ON "shipping_orders" USING btree ("release_agent_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_approval_idx" ON "shipping_orders" USING btree ("approval_status","approval_status_at","so_id");--> statement-breakpoint
CREATE INDEX "shipping_orders_approval_search_idx" ON "shipping_orders" USING btree ("so_no","so_id") WHERE "shipping_orders"."status" in ('CONFIRMED', 'RECOVERED') or "shipping_orders"."approval_status" is not null;--> statement-breakpoint
CREATE INDEX "shipping_orders_approval_pending_idx" ON "shipping_orders" USING btree (coalesce("confirmed_at", "status_changed_at"),"so_id") WHERE "shipping_orders"."status" = 'CONFIRMED' and "shipping_orders"."approval_status" is null;--> statement-breakpoint
CREATE INDEX "shipping_orders_approval_by_mr_idx" ON "shipping_orders" USING btree ("approval_status_at","so_id") WHERE "shipping_orders"."approval_updated_by_mr";--> statement-breakpoint
CREATE INDEX "shipping_orders_approval_by_customer_idx" ON "shipping_orders" USING btree ("approval_status_at","so_id") WHERE "shipping_orders"."approval_updated_by_customer";--> statement-breakpoint
CREATE INDEX "shipping_orders_search_trgm_idx" ON "shipping_orders" USING gin ((lower("so_no" || ' ' || coalesce("job_no", '') || ' ' || coalesce("hbl_no", '') || ' ' || coalesce("po_no", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "so_containers_so_idx" ON "so_containers" USING btree ("so_id");--> statement-breakpoint
CREATE INDEX "so_containers_no_idx" ON "so_containers" USING btree ("container_no" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "so_ens_parties_role_uq" ON "so_ens_parties" USING btree ("so_id","role");--> statement-breakpoint
CREATE INDEX "so_equipment_so_idx" ON "so_equipment" USING btree ("so_id");--> statement-breakpoint
CREATE INDEX "so_hs_lines_so_idx" ON "so_hs_lines" USING btree ("so_id");--> statement-breakpoint
CREATE UNIQUE INDEX "so_isf_parties_role_uq" ON "so_isf_parties" USING btree ("so_id","role");--> statement-breakpoint
CREATE INDEX "so_remarks_so_idx" ON "so_remarks" USING btree ("so_id","id");--> statement-breakpoint
CREATE INDEX "vgm_messages_so_idx" ON "vgm_messages" USING btree ("so_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_proposals_seq_uq" ON "booking_proposals" USING btree ("so_id","seq");--> statement-breakpoint
CREATE INDEX "booking_proposals_sailing_idx" ON "booking_proposals" USING btree ("sailing_id");