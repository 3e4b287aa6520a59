-- Search that forgives (issue 25 §8, docs/decisions/015): search_fold lower-cases, drops accents (NFD, combining
-- marks removed) and unifies apostrophes, quotes and dashes. Built from normalize(), translate() and replace()
-- only, so it is IMMUTABLE on PostgreSQL and PGlite alike (unaccent is not immutable, nor bundled with PGlite).
-- contract/search-fold.ts writes this body and folds the same way; forgiving-search.test.ts checks both agree.
-- The registry's generated search column, shop names and display names are trigram-indexed through it.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fold$
begin
  if t ~ '^[\x01-\x7f]*$' then return lower(replace(t, '`', '''')); end if;
  return lower(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(regexp_replace(normalize(t, NFD), '[\u0300-\u036f]', '', 'g'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'ĳ', 'ij'), 'Ĳ', 'ij'), 'þ', 'th'), 'Þ', 'th'), 'øØđĐðÐłŁıħĦŧŦŀĿ’‘ʼʹ′´`“”‐‑–—', 'ooddddllihhttll''''''''''''''""----'));
end
$fold$;--> statement-breakpoint
DROP INDEX IF EXISTS "instruments_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "instruments" drop column "search_text";--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce(name, '') || ' ' || coalesce(model, '') || ' ' || coalesce(serial_number, '') || ' ' || coalesce(body_wood, '') || ' ' || coalesce(neck_wood, '') || ' ' || coalesce(fretboard_wood, '') || ' ' || coalesce(description, ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "instruments_search_trgm_idx" ON "instruments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "shops_name_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shops_name_fold_trgm_idx" ON "shops" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_display_name_fold_trgm_idx" ON "users" USING gin (search_fold("display_name") gin_trgm_ops);
