-- A maker's number of passports, kept by triggers (issue 26 §3): the makers directory counted each shop's
-- passports per request (100,000 passports: 0.4 s a page). Statement-level triggers with transition tables
-- add up whole statements at once, so a bulk insert (npm run sample:scale) costs one update per maker.
DROP INDEX IF EXISTS "instruments_maker_idx";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "instrument_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "instruments_maker_created_idx" ON "instruments" USING btree ("maker_shop_id","created_at","id");--> statement-breakpoint
UPDATE "shops" s SET "instrument_count" = c.n
  FROM (SELECT maker_shop_id, count(*)::int AS n FROM instruments WHERE maker_shop_id IS NOT NULL GROUP BY 1) c
  WHERE c.maker_shop_id = s.id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shops_count_instruments_insert() RETURNS trigger LANGUAGE plpgsql AS $count$
begin
  update shops s set instrument_count = s.instrument_count + c.n
    from (select maker_shop_id, count(*)::int as n from new_rows where maker_shop_id is not null group by 1) c
    where s.id = c.maker_shop_id;
  return null;
end
$count$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shops_count_instruments_delete() RETURNS trigger LANGUAGE plpgsql AS $count$
begin
  update shops s set instrument_count = s.instrument_count - c.n
    from (select maker_shop_id, count(*)::int as n from old_rows where maker_shop_id is not null group by 1) c
    where s.id = c.maker_shop_id;
  return null;
end
$count$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shops_count_instruments_update() RETURNS trigger LANGUAGE plpgsql AS $count$
begin
  update shops s set instrument_count = s.instrument_count + c.n
    from (
      select shop, sum(d)::int as n from (
        select n.maker_shop_id as shop, 1 as d from new_rows n join old_rows o on o.id = n.id
          where n.maker_shop_id is distinct from o.maker_shop_id and n.maker_shop_id is not null
        union all
        select o.maker_shop_id, -1 from new_rows n join old_rows o on o.id = n.id
          where n.maker_shop_id is distinct from o.maker_shop_id and o.maker_shop_id is not null
      ) moved group by shop
    ) c
    where s.id = c.shop;
  return null;
end
$count$;--> statement-breakpoint
CREATE TRIGGER instruments_count_insert AFTER INSERT ON instruments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shops_count_instruments_insert();--> statement-breakpoint
CREATE TRIGGER instruments_count_delete AFTER DELETE ON instruments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shops_count_instruments_delete();--> statement-breakpoint
CREATE TRIGGER instruments_count_update AFTER UPDATE ON instruments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shops_count_instruments_update();
