CREATE TABLE "fin_invoice_seen" (
	"inv_id" integer PRIMARY KEY NOT NULL,
	"seen_xmin" bigint NOT NULL
);
