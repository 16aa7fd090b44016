CREATE TABLE "co2e_day_cube" (
	"etd" date NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"carrier_code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"shipments" integer NOT NULL,
	"kg_n" integer NOT NULL,
	"kg" numeric(20, 3) NOT NULL,
	"teu" numeric(16, 2) NOT NULL,
	"tonnes" numeric(18, 3) NOT NULL,
	"dist_n" integer NOT NULL,
	"dist_sum" numeric(20, 1) NOT NULL,
	CONSTRAINT "co2e_day_cube_etd_office_mode_service_carrier_code_customer_id_pol_pod_pk" PRIMARY KEY("etd","office","mode","service","carrier_code","customer_id","pol","pod")
);
--> statement-breakpoint
CREATE TABLE "co2e_lane_cube" (
	"month" date NOT NULL,
	"mode" text NOT NULL,
	"customer_id" integer NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"shipments" integer NOT NULL,
	"kg_n" integer NOT NULL,
	"kg" numeric(20, 3) NOT NULL,
	"teu" numeric(16, 2) NOT NULL,
	"tonnes" numeric(18, 3) NOT NULL,
	"dist_n" integer NOT NULL,
	"dist_sum" numeric(20, 1) NOT NULL,
	CONSTRAINT "co2e_lane_cube_month_mode_customer_id_pol_pod_pk" PRIMARY KEY("month","mode","customer_id","pol","pod")
);
--> statement-breakpoint
CREATE TABLE "fin_due_cube" (
	"kind" text NOT NULL,
	"posted_month" text NOT NULL,
	"inv_type" text NOT NULL,
	"office_code" text NOT NULL,
	"currency" text NOT NULL,
	"due_date" date NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "fin_due_cube_kind_posted_month_inv_type_office_code_currency_due_date_pk" PRIMARY KEY("kind","posted_month","inv_type","office_code","currency","due_date")
);
--> statement-breakpoint
CREATE TABLE "gp_invoice_day_cube" (
	"inv_date" date NOT NULL,
	"inv_type" text NOT NULL,
	"job_month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"party_id" integer NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"base" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "gp_invoice_day_cube_pk" PRIMARY KEY("inv_date","inv_type","job_month","office","mode","service","party_id")
);
--> statement-breakpoint
CREATE TABLE "op_alert_candidate_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "op_alert_candidates" (
	"list" text NOT NULL,
	"doc_id" integer NOT NULL,
	"kind" text NOT NULL,
	"office" text,
	"owner" text,
	"yellow_at" timestamp with time zone NOT NULL,
	"red_at" timestamp with time zone NOT NULL,
	"alert_at" timestamp with time zone NOT NULL,
	"week" date NOT NULL,
	CONSTRAINT "op_alert_candidates_pk" PRIMARY KEY("list","doc_id")
);
--> statement-breakpoint
CREATE TABLE "page_view_day_cube" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"user_uid" uuid NOT NULL,
	"profile_type" text NOT NULL,
	"n" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_view_day_cube_pk" PRIMARY KEY("day","route","user_uid","profile_type")
);
--> statement-breakpoint
CREATE INDEX "co2e_day_cube_customer_idx" ON "co2e_day_cube" USING btree ("customer_id","etd");--> statement-breakpoint
CREATE INDEX "op_alert_candidates_list_idx" ON "op_alert_candidates" USING btree ("list","yellow_at","doc_id","red_at","office","week","kind","owner","alert_at");--> statement-breakpoint
CREATE INDEX "op_alert_candidates_office_idx" ON "op_alert_candidates" USING btree ("list","office","yellow_at","doc_id","red_at","week","kind","owner","alert_at");--> statement-breakpoint
CREATE INDEX "page_view_day_cube_user_idx" ON "page_view_day_cube" USING btree ("user_uid","day");--> statement-breakpoint
CREATE INDEX "shipping_orders_approval_so_idx" ON "shipping_orders" USING btree ("approval_status","so_no","so_id");--> statement-breakpoint
CREATE INDEX "invoices_fin_open_date_idx" ON "invoices" USING btree ("invoice_date","inv_id") WHERE "invoices"."status" in ('POSTED', 'CLOSED') and "invoices"."outstanding_amount" <> 0;