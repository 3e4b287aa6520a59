-- Search that finds what people type (issue 37 §2, docs/decisions/030). The search document of a passport now
-- also holds its type, category and maker (shop name, the person's display name, the shop's place), so every
-- word of a search can match any of them: "Bellandi violin" finds Bellandi's Concert Violin. A generated column
-- cannot read another table, so triggers keep it: each write of a passport computes it, and a change of a shop's
-- name, place or owner, or of the owner's name, recomputes that maker's passports.
-- search_words holds the document's words (letters only, 4 to 40 of them) for forgiving a misspelt word: its
-- trigram index finds the close neighbours of a word typed ("belandi" → bellandi).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instruments" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
CREATE OR REPLACE FUNCTION instruments_search_text() RETURNS trigger LANGUAGE plpgsql AS $doc$
begin
  new.search_text := search_fold(concat_ws(' ', new.name, new.model, new.serial_number, new.body_wood,
    new.neck_wood, new.fretboard_wood, new.description, new.instrument_type, new.category, new.former_maker_name,
    (select concat_ws(' ', s.name, u.display_name, s.location) from shops s left join users u on u.id = s.owner_id
      where s.id = new.maker_shop_id)));
  return new;
end
$doc$;--> statement-breakpoint
CREATE TRIGGER instruments_search_text BEFORE INSERT OR UPDATE ON instruments
  FOR EACH ROW EXECUTE FUNCTION instruments_search_text();--> statement-breakpoint
CREATE OR REPLACE FUNCTION shops_search_text() RETURNS trigger LANGUAGE plpgsql AS $doc$
begin
  update instruments set search_text = null where maker_shop_id = new.id;
  return null;
end
$doc$;--> statement-breakpoint
CREATE TRIGGER shops_search_text AFTER UPDATE OF name, location, owner_id ON shops FOR EACH ROW
  WHEN (old.name is distinct from new.name or old.location is distinct from new.location
    or old.owner_id is distinct from new.owner_id)
  EXECUTE FUNCTION shops_search_text();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_search_text() RETURNS trigger LANGUAGE plpgsql AS $doc$
begin
  update instruments set search_text = null where maker_shop_id in (select id from shops where owner_id = new.id);
  return null;
end
$doc$;--> statement-breakpoint
CREATE TRIGGER users_search_text AFTER UPDATE OF display_name ON users FOR EACH ROW
  WHEN (old.display_name is distinct from new.display_name)
  EXECUTE FUNCTION users_search_text();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $words$
begin
  insert into search_words (word)
    select distinct w from new_rows, regexp_split_to_table(new_rows.search_text, '[^a-z]+') w
    where length(w) between 4 and 40
  on conflict do nothing;
  return null;
end
$words$;--> statement-breakpoint
CREATE TRIGGER instruments_words_insert AFTER INSERT ON instruments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER instruments_words_update AFTER UPDATE ON instruments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
UPDATE instruments SET search_text = null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
