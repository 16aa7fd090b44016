CREATE TABLE "analytics_agent_day_cube" (
	"etd" date NOT NULL,
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
	CONSTRAINT "analytics_agent_day_cube_pk" PRIMARY KEY("etd","office","mode","service","agent_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_base_day_cube" (
	"etd" date NOT NULL,
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
	CONSTRAINT "analytics_base_day_cube_pk" PRIMARY KEY("etd","office","mode","service")
);
--> statement-breakpoint
CREATE TABLE "analytics_booking_day_cube" (
	"etd" date NOT NULL,
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
	CONSTRAINT "analytics_booking_day_cube_pk" PRIMARY KEY("etd","office","mode","service","status","channel")
);
--> statement-breakpoint
CREATE TABLE "analytics_carrier_cube" (
	"month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"carrier" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"ebookings" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"confirm_hours" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "analytics_carrier_cube_pk" PRIMARY KEY("month","office","mode","service","carrier")
);
--> statement-breakpoint
CREATE TABLE "analytics_carrier_day_cube" (
	"etd" date NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"carrier" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"ebookings" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"confirm_hours" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"kg" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "analytics_carrier_day_cube_pk" PRIMARY KEY("etd","office","mode","service","carrier")
);
--> statement-breakpoint
CREATE TABLE "analytics_customer_day_cube" (
	"etd" date NOT NULL,
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
	CONSTRAINT "analytics_customer_day_cube_pk" PRIMARY KEY("etd","office","mode","service","customer_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_lane_cube" (
	"month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
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
	CONSTRAINT "analytics_lane_cube_pk" PRIMARY KEY("month","office","mode","service","pol","pod")
);
--> statement-breakpoint
CREATE TABLE "analytics_lane_day_cube" (
	"etd" date NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
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
	CONSTRAINT "analytics_lane_day_cube_pk" PRIMARY KEY("etd","office","mode","service","pol","pod")
);
--> statement-breakpoint
CREATE TABLE "carrier_reliability_cube" (
	"month" text NOT NULL,
	"carrier_code" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"sailings" integer DEFAULT 0 NOT NULL,
	"dep_n" integer DEFAULT 0 NOT NULL,
	"dep_on" integer DEFAULT 0 NOT NULL,
	"dep_late_n" integer DEFAULT 0 NOT NULL,
	"dep_late_days" integer DEFAULT 0 NOT NULL,
	"arr_n" integer DEFAULT 0 NOT NULL,
	"arr_on" integer DEFAULT 0 NOT NULL,
	"arr_late_n" integer DEFAULT 0 NOT NULL,
	"arr_late_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "carrier_reliability_cube_pk" PRIMARY KEY("month","carrier_code","pol","pod")
);
--> statement-breakpoint
CREATE TABLE "co2e_cube" (
	"month" date NOT NULL,
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
	CONSTRAINT "co2e_cube_month_office_mode_service_carrier_code_customer_id_pol_pod_pk" PRIMARY KEY("month","office","mode","service","carrier_code","customer_id","pol","pod")
);
--> statement-breakpoint
CREATE TABLE "fin_inv_jobs" (
	"inv_id" integer NOT NULL,
	"job_no" text NOT NULL,
	CONSTRAINT "fin_inv_jobs_inv_id_job_no_pk" PRIMARY KEY("inv_id","job_no")
);
--> statement-breakpoint
CREATE TABLE "fin_late" (
	"inv_type" text NOT NULL,
	"so_id" integer NOT NULL,
	"job_no" text NOT NULL,
	"etd" date NOT NULL,
	"office_code" text NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "fin_late_inv_type_so_id_pk" PRIMARY KEY("inv_type","so_id")
);
--> statement-breakpoint
CREATE TABLE "gp_customer_cube" (
	"job_month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"customer_id" integer NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cw" numeric(18, 3) DEFAULT '0' NOT NULL,
	"revenue" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"revenue_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "gp_customer_cube_pk" PRIMARY KEY("job_month","office","mode","service","customer_id")
);
--> statement-breakpoint
CREATE TABLE "gp_lane_cube" (
	"job_month" text NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	"cbm" numeric(18, 3) DEFAULT '0' NOT NULL,
	"teu" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cw" numeric(18, 3) DEFAULT '0' NOT NULL,
	"revenue" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"revenue_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cost_posted" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "gp_lane_cube_pk" PRIMARY KEY("job_month","office","mode","service","pol","pod")
);
--> statement-breakpoint
CREATE TABLE "ops_step_cube" (
	"step" text NOT NULL,
	"day" date NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"carrier" text NOT NULL,
	"n" integer NOT NULL,
	"n_hours" integer NOT NULL,
	"sum_hours" numeric NOT NULL,
	CONSTRAINT "ops_step_cube_pk" PRIMARY KEY("day","step","office","mode","service","carrier")
);
--> statement-breakpoint
CREATE TABLE "ops_step_facts" (
	"step" text NOT NULL,
	"doc_id" integer NOT NULL,
	"day" date NOT NULL,
	"office" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"carrier" text NOT NULL,
	"hours" numeric,
	CONSTRAINT "ops_step_facts_pk" PRIMARY KEY("step","doc_id")
);
--> statement-breakpoint
CREATE TABLE "ops_step_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"so_max_id" integer NOT NULL,
	"so_seen_at" timestamp with time zone NOT NULL,
	"cp_max_id" integer NOT NULL,
	"cp_seen_at" timestamp with time zone NOT NULL,
	"inv_max_id" integer NOT NULL,
	"inv_seen_at" timestamp with time zone NOT NULL,
	"rebuilt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD COLUMN "in_consol_plan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_actuals_state" ADD COLUMN "cube_built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_refresh_state" ADD COLUMN "orders_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_refresh_state" ADD COLUMN "shape" integer;--> statement-breakpoint
CREATE INDEX "carrier_reliability_cube_carrier_idx" ON "carrier_reliability_cube" USING btree ("carrier_code","month");--> statement-breakpoint
CREATE INDEX "co2e_cube_customer_idx" ON "co2e_cube" USING btree ("customer_id","month");--> statement-breakpoint
CREATE INDEX "fin_late_etd_idx" ON "fin_late" USING btree ("inv_type","etd");--> statement-breakpoint
CREATE INDEX "fin_late_office_idx" ON "fin_late" USING btree ("inv_type","office_code","etd");--> statement-breakpoint
CREATE INDEX "fin_late_customer_idx" ON "fin_late" USING btree ("inv_type","customer_id","etd");--> statement-breakpoint
CREATE INDEX "fin_late_job_idx" ON "fin_late" USING btree ("job_no");--> statement-breakpoint
CREATE INDEX "fin_late_so_idx" ON "fin_late" USING btree ("so_id");--> statement-breakpoint
CREATE INDEX "gp_customer_cube_customer_idx" ON "gp_customer_cube" USING btree ("customer_id","job_month");--> statement-breakpoint
CREATE INDEX "shipping_orders_consol_pending_idx" ON "shipping_orders" USING btree ("so_no","so_id") WHERE "shipping_orders"."service_type" = 'LCL' and "shipping_orders"."is_consolidatable" and "shipping_orders"."status" in ('CONFIRMED', 'RECOVERED') and not "shipping_orders"."in_consol_plan";--> statement-breakpoint
CREATE INDEX "shipping_orders_consol_pending_aged_idx" ON "shipping_orders" USING btree (coalesce("confirmed_at", "status_changed_at"),"so_id","confirmed_at","status_changed_at") WHERE "shipping_orders"."service_type" = 'LCL' and "shipping_orders"."is_consolidatable" and "shipping_orders"."status" in ('CONFIRMED', 'RECOVERED') and not "shipping_orders"."in_consol_plan";--> statement-breakpoint
CREATE INDEX "fin_items_party_open_idx" ON "fin_items" USING btree ("party_id") WHERE "fin_items"."kind" = 'OPEN' and "fin_items"."inv_type" = 'AR';--> statement-breakpoint
CREATE INDEX "fin_party_open_level_idx" ON "fin_party_open" USING btree ("office_code","currency","amount");