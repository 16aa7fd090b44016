CREATE TABLE "carrier_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"base_url" text NOT NULL,
	"auth_kind" text NOT NULL,
	"token_url" text,
	"client_id" text,
	"secret_enc" text,
	"api_key_header" text,
	"booking_version" text,
	"ebl_version" text,
	"inbound_secret_hash" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"credential_state" text DEFAULT 'UNTESTED' NOT NULL,
	"credential_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "carrier_connections_auth_kind_check" CHECK ("auth_kind" in ('OAUTH2', 'API_KEY')),
	CONSTRAINT "carrier_connections_credential_state_check" CHECK ("credential_state" in ('OK', 'UNTESTED', 'REFUSED'))
);
--> statement-breakpoint
CREATE TABLE "carrier_exchange_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"event" text NOT NULL,
	"carrier_status" text,
	"detail" jsonb,
	"user_name" text,
	CONSTRAINT "carrier_exchange_events_source_check" CHECK ("source" in ('PORTAL', 'CARRIER', 'POLL', 'USER'))
);
--> statement-breakpoint
CREATE TABLE "carrier_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"kind" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer NOT NULL,
	"doc_no" text NOT NULL,
	"carrier_ref" text,
	"carrier_booking_reference" text,
	"transport_document_reference" text,
	"carrier_status" text,
	"carrier_sub_status" text,
	"link_state" text DEFAULT 'SENDING' NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"carrier_document" jsonb,
	"carrier_document_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"last_news_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"poll_quiet" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "carrier_exchanges_kind_check" CHECK ("kind" in ('BOOKING', 'SI', 'TD')),
	CONSTRAINT "carrier_exchanges_doc_type_check" CHECK ("doc_type" in ('CONSOL', 'MBL')),
	CONSTRAINT "carrier_exchanges_link_state_check" CHECK ("link_state" in ('SENDING', 'WAITING', 'SYNCED', 'FAILED', 'REFUSED'))
);
--> statement-breakpoint
CREATE TABLE "carrier_notifications" (
	"connection_id" integer NOT NULL,
	"notification_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_notifications_connection_id_notification_id_pk" PRIMARY KEY("connection_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "carrier_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body" jsonb NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "carrier_outbox_action_check" CHECK ("action" in ('CREATE', 'UPDATE', 'CANCEL', 'APPROVE')),
	CONSTRAINT "carrier_outbox_state_check" CHECK ("state" in ('PENDING', 'SENT', 'FAILED', 'HELD'))
);
--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD CONSTRAINT "carrier_connections_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_exchange_events" ADD CONSTRAINT "carrier_exchange_events_exchange_id_carrier_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."carrier_exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_exchanges" ADD CONSTRAINT "carrier_exchanges_connection_id_carrier_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."carrier_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_notifications" ADD CONSTRAINT "carrier_notifications_connection_id_carrier_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."carrier_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_outbox" ADD CONSTRAINT "carrier_outbox_exchange_id_carrier_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."carrier_exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_connections_carrier_uq" ON "carrier_connections" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "carrier_exchange_events_exchange_idx" ON "carrier_exchange_events" USING btree ("exchange_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_exchanges_doc_uq" ON "carrier_exchanges" USING btree ("doc_type","doc_id","kind");--> statement-breakpoint
CREATE INDEX "carrier_exchanges_ref_idx" ON "carrier_exchanges" USING btree ("connection_id","carrier_ref");--> statement-breakpoint
CREATE INDEX "carrier_exchanges_cbr_idx" ON "carrier_exchanges" USING btree ("connection_id","carrier_booking_reference");--> statement-breakpoint
CREATE INDEX "carrier_exchanges_tdr_idx" ON "carrier_exchanges" USING btree ("connection_id","transport_document_reference");--> statement-breakpoint
CREATE INDEX "carrier_exchanges_poll_idx" ON "carrier_exchanges" USING btree ("next_poll_at") WHERE "carrier_exchanges"."next_poll_at" is not null;--> statement-breakpoint
CREATE INDEX "carrier_outbox_due_idx" ON "carrier_outbox" USING btree ("next_attempt_at","id") WHERE "carrier_outbox"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "carrier_outbox_exchange_idx" ON "carrier_outbox" USING btree ("exchange_id","id");