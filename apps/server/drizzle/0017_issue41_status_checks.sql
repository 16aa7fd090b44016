ALTER TABLE "journals" ADD CONSTRAINT "journals_status_check" CHECK ("status" in ('QUEUED', 'SENDING', 'POSTED', 'FAILED'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("status" in ('A', 'P', 'D'));--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_status_check" CHECK ("status" in ('NEW_E_BOOKING', 'AMEND_PENDING', 'CANCEL_PENDING', 'NEW_MANUAL', 'CONFIRMED', 'CANCELLED', 'RECOVERED'));--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_status_before_cancel_check" CHECK ("status_before_cancel" in ('NEW_E_BOOKING', 'AMEND_PENDING', 'CANCEL_PENDING', 'NEW_MANUAL', 'CONFIRMED', 'CANCELLED', 'RECOVERED'));--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_space_status_check" CHECK ("space_status" in ('PENDING', 'REQUESTED', 'RELEASED_SO', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_si_status_check" CHECK ("si_status" in ('PENDING', 'SUBMITTED'));--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_carrier_booking_status_check" CHECK ("carrier_booking_status" in ('NOT_SENT', 'SUBMITTED'));--> statement-breakpoint
ALTER TABLE "shipping_orders" ADD CONSTRAINT "shipping_orders_approval_status_check" CHECK ("approval_status" in ('REQUEST_FOR_APPROVAL', 'PENDING_CUSTOMER', 'APPROVED', 'REJECTED', 'BOOKING_ADVICE'));--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_status_check" CHECK ("status" in ('A', 'I'));--> statement-breakpoint
ALTER TABLE "consol_plans" ADD CONSTRAINT "consol_plans_status_check" CHECK ("status" in ('PLAN', 'REQUEST_FOR_APPROVAL', 'PENDING_CUSTOMER', 'APPROVED', 'REJECTED', 'CONSOL_ADVICE', 'CANCELLED', 'RECOVERED'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("status" in ('NEW', 'PREPARED', 'APPROVED_1', 'APPROVED_2', 'REJECTED', 'RELEASED', 'PRINTED', 'ACCOUNTING_PRINTED', 'EXPORTED', 'IMPORTED', 'PENDING_AUTO_EXPORT', 'EXPORTED_AUTO', 'POSTED', 'REVERSED', 'NEW_REVERSAL', 'PREPARED_REVERSAL', 'APPROVED_REVERSAL', 'EXPORTED_REVERSAL', 'IMPORTED_REVERSAL', 'POST_REVERSED', 'CLOSED', 'DELETED'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_acct_process_status_check" CHECK ("acct_process_status" in ('PENDING', 'NA', 'FAILURE', 'SUCCESS'));--> statement-breakpoint
ALTER TABLE "master_bls" ADD CONSTRAINT "master_bls_status_check" CHECK ("status" in ('DRAFT', 'ISSUED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_status_check" CHECK ("status" in ('A', 'I'));--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_approval_status_check" CHECK ("approval_status" in ('P', 'MA', 'MR', 'AR', 'SP', 'SH', 'SR', 'CP', 'CH', 'CR'));--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_status_check" CHECK ("status" in ('OPEN', 'CLOSED'));--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_status_check" CHECK ("status" in ('A', 'I'));--> statement-breakpoint
ALTER TABLE "user_registrations" ADD CONSTRAINT "user_registrations_status_check" CHECK ("status" in ('P', 'A', 'R'));--> statement-breakpoint
ALTER TABLE "sailing_schedules" ADD CONSTRAINT "sailing_schedules_status_check" CHECK ("status" in ('A', 'C'));--> statement-breakpoint
ALTER TABLE "mst_seq_rules" ADD CONSTRAINT "mst_seq_rules_status_check" CHECK ("status" in ('A', 'I'));--> statement-breakpoint
ALTER TABLE "sopms_templates" ADD CONSTRAINT "sopms_templates_status_check" CHECK ("status" in ('A', 'I'));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_status_check" CHECK ("status" in ('A', 'I'));--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_status_check" CHECK ("status" in ('A', 'I'));--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" in ('queued', 'delivered', 'failed'));