CREATE TABLE "document_numbers" (
	"kind" text NOT NULL,
	"doc_id" text NOT NULL,
	"field" text NOT NULL,
	"number" text NOT NULL,
	"number_norm" text NOT NULL,
	"display_no" text NOT NULL,
	"status" text,
	"subtitle" text,
	"dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"party_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_numbers_pk" PRIMARY KEY("kind","doc_id","field","number_norm")
);
--> statement-breakpoint
CREATE INDEX "document_numbers_prefix_idx" ON "document_numbers" USING btree ("number_norm" text_pattern_ops);