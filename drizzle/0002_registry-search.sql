-- Registry search (docs/decisions/006): a trigram GIN index makes ILIKE '%term%' on the generated search_text
-- column fast at 100,000 passports. pg_trgm is a trusted extension on PostgreSQL and bundled with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "instruments_search_trgm_idx" ON "instruments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shops_name_trgm_idx" ON "shops" USING gin (lower("name") gin_trgm_ops);
