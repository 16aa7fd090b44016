DROP INDEX "document_numbers_prefix_idx";--> statement-breakpoint
CREATE INDEX "document_numbers_prefix_idx" ON "document_numbers" USING btree ("number_norm" text_pattern_ops,"kind","doc_id");