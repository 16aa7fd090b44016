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
	CONSTRAINT "gp_invoice_facts_pk" PRIMARY KEY("inv_id","job_no")
);
--> statement-breakpoint
ALTER TABLE "gp_job_facts" ADD COLUMN "pod" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gp_job_facts" ADD COLUMN "carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_facts_etd_idx" ON "analytics_shipment_facts" USING btree ("etd","so_id");--> statement-breakpoint
CREATE INDEX "analytics_facts_customer_idx" ON "analytics_shipment_facts" USING btree ("customer_id","etd");--> statement-breakpoint
CREATE INDEX "analytics_facts_agent_idx" ON "analytics_shipment_facts" USING btree ("agent_id","etd");--> statement-breakpoint
CREATE INDEX "analytics_facts_parties_idx" ON "analytics_shipment_facts" USING gin ("party_ids");--> statement-breakpoint
CREATE INDEX "gp_invoice_facts_job_idx" ON "gp_invoice_facts" USING btree ("job_no");--> statement-breakpoint
CREATE INDEX "gp_invoice_facts_type_date_idx" ON "gp_invoice_facts" USING btree ("inv_type","inv_date");--> statement-breakpoint
CREATE INDEX "gp_invoice_facts_date_idx" ON "gp_invoice_facts" USING btree ("inv_date");--> statement-breakpoint
CREATE INDEX "gp_job_facts_carrier_idx" ON "gp_job_facts" USING btree ("carrier","job_month");--> statement-breakpoint
CREATE INDEX "gp_job_facts_lane_idx" ON "gp_job_facts" USING btree ("pol","pod","job_month");