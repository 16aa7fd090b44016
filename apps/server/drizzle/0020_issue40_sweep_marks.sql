ALTER TABLE "analytics_refresh_state" ADD COLUMN "orders_after_id" integer;--> statement-breakpoint
ALTER TABLE "co2e_refresh_state" ADD COLUMN "orders_after_id" integer;--> statement-breakpoint
ALTER TABLE "fin_refresh_state" ADD COLUMN "invoices_after_id" integer;--> statement-breakpoint
ALTER TABLE "fin_refresh_state" ADD COLUMN "parties_after_id" integer;--> statement-breakpoint
ALTER TABLE "fin_refresh_state" ADD COLUMN "orders_after_id" integer;--> statement-breakpoint
ALTER TABLE "gp_refresh_state" ADD COLUMN "invoices_after_id" integer;--> statement-breakpoint
ALTER TABLE "gp_refresh_state" ADD COLUMN "orders_after_id" integer;--> statement-breakpoint
ALTER TABLE "ops_step_state" ADD COLUMN "so_after_id" integer;--> statement-breakpoint
ALTER TABLE "ops_step_state" ADD COLUMN "cp_after_id" integer;--> statement-breakpoint
ALTER TABLE "ops_step_state" ADD COLUMN "inv_after_id" integer;