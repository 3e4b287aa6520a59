DROP INDEX "instruments_maker_created_idx";--> statement-breakpoint
CREATE INDEX "instruments_maker_created_idx" ON "instruments" USING btree ("maker_shop_id","created_at","id","year_made");