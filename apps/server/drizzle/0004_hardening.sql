CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_orders" ALTER COLUMN "carrier_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_orders" ALTER COLUMN "vessel_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_orders" ALTER COLUMN "voyage" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_orders" ALTER COLUMN "cfs_closing" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_orders" ALTER COLUMN "cy_closing" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_orders" ALTER COLUMN "vgm_closing" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_orders" ALTER COLUMN "si_closing" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_proposals" ALTER COLUMN "total_rate" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "rate_containers" ALTER COLUMN "amount" SET DATA TYPE numeric(18, 4);--> statement-breakpoint
ALTER TABLE "status_history" ADD COLUMN "real_actor_uid" text;--> statement-breakpoint
ALTER TABLE "status_history" ADD COLUMN "real_actor_name" text;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends_at");