CREATE TABLE "analytics_agent_cube" (
	"month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"agent_id" integer NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"ebookings" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"confirm_hours" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "analytics_agent_cube_pk" PRIMARY KEY("month","office","mode","service","agent_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_base_cube" (
	"month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"ebookings" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"confirm_hours" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "analytics_base_cube_pk" PRIMARY KEY("month","office","mode","service")
);
--> statement-breakpoint
CREATE TABLE "analytics_booking_cube" (
	"month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"ebookings" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"confirm_hours" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "analytics_booking_cube_pk" PRIMARY KEY("month","office","mode","service","status","channel")
);
--> statement-breakpoint
CREATE TABLE "analytics_customer_cube" (
	"month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"customer_id" integer NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"ebookings" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"confirm_hours" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "analytics_customer_cube_pk" PRIMARY KEY("month","office","mode","service","customer_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_refresh_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"orders_seen_at" timestamp with time zone NOT NULL,
	"rebuilt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_ship_cube" (
	"month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"carrier" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"ebookings" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"confirm_hours" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "analytics_ship_cube_pk" PRIMARY KEY("month","office","mode","service","carrier","pol","pod")
);
--> statement-breakpoint
CREATE TABLE "analytics_shipment_facts" (
	"so_id" integer PRIMARY KEY NOT NULL,
	"so_no" text NOT NULL,
	"etd" date NOT NULL,
	"month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"carrier" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"customer_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"party_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"bookings" integer DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"ebookings" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"confirm_hours" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_rollovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"so_id" integer NOT NULL,
	"so_no" text NOT NULL,
	"carrier_code" text NOT NULL,
	"from_sailing_id" integer,
	"to_sailing_id" integer,
	"from_etd" date NOT NULL,
	"to_etd" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_actuals_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"sailings_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_contracts" (
	"contract_id" serial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"contract_no" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"mqc_teu" numeric(12, 2) NOT NULL,
	"lanes" text[] DEFAULT '{}'::text[] NOT NULL,
	"remarks" text,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sailing_actuals" (
	"sailing_schedule_id" integer PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"planned_etd" date NOT NULL,
	"planned_eta" date NOT NULL,
	"actual_departure" date,
	"actual_arrival" date,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co2e_factors" (
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"unit" text NOT NULL,
	"factor" numeric(12, 6) NOT NULL,
	"distance_factor" numeric(6, 3) NOT NULL,
	"distance_add_km" numeric(8, 1) NOT NULL,
	"scope" text NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "co2e_factors_mode_service_pk" PRIMARY KEY("mode","service")
);
--> statement-breakpoint
CREATE TABLE "co2e_locations" (
	"locode" text NOT NULL,
	"kind" text NOT NULL,
	"lat" numeric(9, 6) NOT NULL,
	"lon" numeric(9, 6) NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "co2e_locations_locode_kind_pk" PRIMARY KEY("locode","kind")
);
--> statement-breakpoint
CREATE TABLE "co2e_refresh_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"orders_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co2e_shipment_facts" (
	"so_id" integer PRIMARY KEY NOT NULL,
	"so_no" text NOT NULL,
	"etd" date NOT NULL,
	"month" date NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"carrier_code" text,
	"customer_id" integer NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"teu" numeric(12, 2) NOT NULL,
	"tonnes" numeric(14, 3) NOT NULL,
	"distance_km" numeric(10, 1),
	"factor_unit" text,
	"factor" numeric(12, 6),
	"kg_co2e" numeric(16, 3),
	"method" text NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_cube" (
	"kind" text NOT NULL,
	"inv_type" text NOT NULL,
	"office_code" text NOT NULL,
	"currency" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"posted_month" text NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "fin_cube_kind_posted_month_inv_type_office_code_currency_invoice_date_due_date_pk" PRIMARY KEY("kind","posted_month","inv_type","office_code","currency","invoice_date","due_date")
);
--> statement-breakpoint
CREATE TABLE "fin_items" (
	"inv_id" integer NOT NULL,
	"kind" text NOT NULL,
	"inv_type" text NOT NULL,
	"office_code" text NOT NULL,
	"currency" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"posted_month" text NOT NULL,
	"party_id" integer NOT NULL,
	"account_code" text NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "fin_items_inv_id_kind_pk" PRIMARY KEY("inv_id","kind")
);
--> statement-breakpoint
CREATE TABLE "fin_party_open" (
	"party_id" integer NOT NULL,
	"office_code" text NOT NULL,
	"currency" text NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "fin_party_open_party_id_office_code_currency_pk" PRIMARY KEY("party_id","office_code","currency")
);
--> statement-breakpoint
CREATE TABLE "fin_refresh_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"invoices_seen_at" timestamp with time zone,
	"parties_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gp_invoice_cube" (
	"inv_month" text NOT NULL,
	"inv_type" text NOT NULL,
	"job_month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"party_id" integer NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"base" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "gp_invoice_cube_pk" PRIMARY KEY("inv_month","inv_type","job_month","office","mode","service","party_id")
);
--> statement-breakpoint
CREATE TABLE "gp_invoice_facts" (
	"inv_id" integer NOT NULL,
	"job_no" text NOT NULL,
	"inv_type" text NOT NULL,
	"party_id" integer NOT NULL,
	"inv_date" date NOT NULL,
	"posted" boolean NOT NULL,
	"base" numeric(18, 4) NOT NULL,
	"job_month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"carrier" text NOT NULL,
	"customer_id" integer NOT NULL,
	"salesman" text NOT NULL,
	"first_row" boolean DEFAULT false NOT NULL,
	CONSTRAINT "gp_invoice_facts_pk" PRIMARY KEY("inv_id","job_no")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"route" text NOT NULL,
	"profile_type" text,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_writer_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_uid" uuid NOT NULL,
	"owner_profile_id" integer,
	"name" text NOT NULL,
	"description" text,
	"dataset" text NOT NULL,
	"definition" jsonb NOT NULL,
	"share_scope" text DEFAULT 'private' NOT NULL,
	"share_office" text,
	"frequency" text DEFAULT 'none' NOT NULL,
	"weekday" smallint,
	"monthday" smallint,
	"hour" smallint DEFAULT 7 NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_run_status" text,
	"last_run_rows" integer,
	"last_run_msg" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_writer_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipients" text[] NOT NULL,
	"requested_by" text,
	"rows" integer,
	"msg_key" text,
	"mail_ids" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gp_job_facts" ADD COLUMN "pod" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gp_job_facts" ADD COLUMN "carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_writer_runs" ADD CONSTRAINT "report_writer_runs_report_id_report_writer_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report_writer_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_facts_etd_idx" ON "analytics_shipment_facts" USING btree ("etd","so_id");--> statement-breakpoint
CREATE INDEX "analytics_facts_customer_idx" ON "analytics_shipment_facts" USING btree ("customer_id","etd");--> statement-breakpoint
CREATE INDEX "analytics_facts_agent_idx" ON "analytics_shipment_facts" USING btree ("agent_id","etd");--> statement-breakpoint
CREATE INDEX "analytics_facts_parties_idx" ON "analytics_shipment_facts" USING gin ("party_ids");--> statement-breakpoint
CREATE INDEX "booking_rollovers_carrier_idx" ON "booking_rollovers" USING btree ("carrier_code","from_etd");--> statement-breakpoint
CREATE INDEX "booking_rollovers_etd_idx" ON "booking_rollovers" USING btree ("from_etd");--> statement-breakpoint
CREATE INDEX "booking_rollovers_so_idx" ON "booking_rollovers" USING btree ("so_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_contracts_no_uq" ON "carrier_contracts" USING btree ("carrier_code",upper("contract_no"));--> statement-breakpoint
CREATE INDEX "carrier_contracts_period_idx" ON "carrier_contracts" USING btree ("valid_to","valid_from");--> statement-breakpoint
CREATE INDEX "sailing_actuals_etd_idx" ON "sailing_actuals" USING btree ("planned_etd","carrier_code");--> statement-breakpoint
CREATE INDEX "sailing_actuals_carrier_idx" ON "sailing_actuals" USING btree ("carrier_code","planned_etd");--> statement-breakpoint
CREATE INDEX "co2e_facts_month_idx" ON "co2e_shipment_facts" USING btree ("month","office","mode");--> statement-breakpoint
CREATE INDEX "co2e_facts_customer_idx" ON "co2e_shipment_facts" USING btree ("customer_id","month");--> statement-breakpoint
CREATE INDEX "co2e_facts_carrier_idx" ON "co2e_shipment_facts" USING btree ("carrier_code","etd") WHERE "co2e_shipment_facts"."carrier_code" is not null;--> statement-breakpoint
CREATE INDEX "fin_items_account_idx" ON "fin_items" USING btree ("account_code","kind");--> statement-breakpoint
CREATE INDEX "fin_items_kind_date_idx" ON "fin_items" USING btree ("kind","invoice_date");--> statement-breakpoint
CREATE INDEX "gp_invoice_facts_job_idx" ON "gp_invoice_facts" USING btree ("job_no");--> statement-breakpoint
CREATE INDEX "gp_invoice_facts_type_date_idx" ON "gp_invoice_facts" USING btree ("inv_type","inv_date");--> statement-breakpoint
CREATE INDEX "gp_invoice_facts_date_idx" ON "gp_invoice_facts" USING btree ("inv_date");--> statement-breakpoint
CREATE INDEX "page_views_viewed_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "page_views_user_idx" ON "page_views" USING btree ("user_uid","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_writer_reports_owner_name_uq" ON "report_writer_reports" USING btree ("owner_uid",lower("name"));--> statement-breakpoint
CREATE INDEX "report_writer_reports_owner_idx" ON "report_writer_reports" USING btree ("owner_uid","updated_at");--> statement-breakpoint
CREATE INDEX "report_writer_reports_office_idx" ON "report_writer_reports" USING btree ("share_office","updated_at") WHERE "report_writer_reports"."share_scope" = 'office';--> statement-breakpoint
CREATE INDEX "report_writer_reports_due_idx" ON "report_writer_reports" USING btree ("next_run_at") WHERE "report_writer_reports"."next_run_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_writer_runs_period_uq" ON "report_writer_runs" USING btree ("report_id","period") WHERE "report_writer_runs"."period" is not null;--> statement-breakpoint
CREATE INDEX "report_writer_runs_queued_idx" ON "report_writer_runs" USING btree ("id") WHERE "report_writer_runs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "report_writer_runs_report_idx" ON "report_writer_runs" USING btree ("report_id","id");--> statement-breakpoint
CREATE INDEX "shipping_orders_office_etd_idx" ON "shipping_orders" USING btree ("handling_office","etd","cbm");--> statement-breakpoint
CREATE INDEX "gp_job_facts_carrier_idx" ON "gp_job_facts" USING btree ("carrier","job_month");--> statement-breakpoint
CREATE INDEX "gp_job_facts_lane_idx" ON "gp_job_facts" USING btree ("pol","pod","job_month");--> statement-breakpoint
CREATE INDEX "status_history_created_idx" ON "status_history" USING btree ("created_at");