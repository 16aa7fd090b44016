CREATE TABLE "mst_seq_free_numbers" (
	"mst_seq_rule_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"running_number" bigint NOT NULL,
	CONSTRAINT "mst_seq_free_numbers_mst_seq_rule_id_period_key_running_number_pk" PRIMARY KEY("mst_seq_rule_id","period_key","running_number")
);
--> statement-breakpoint
ALTER TABLE "mst_seq_free_numbers" ADD CONSTRAINT "mst_seq_free_numbers_mst_seq_rule_id_mst_seq_rules_mst_seq_rule_id_fk" FOREIGN KEY ("mst_seq_rule_id") REFERENCES "public"."mst_seq_rules"("mst_seq_rule_id") ON DELETE cascade ON UPDATE no action;