-- Free-text search of lists uses trigram indexes (ARCHITECTURE "Data"): ILIKE '%text%' stays fast on large tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "carriers_search_trgm_idx" ON "carriers" USING gin (
  (lower("carrier_code" || ' ' || coalesce("scac", '') || ' ' || "display_name" || ' ' || "full_name")) gin_trgm_ops
);
