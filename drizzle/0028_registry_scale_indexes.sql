DROP INDEX "instruments_maker_created_idx";--> statement-breakpoint
CREATE INDEX "instruments_year_desc_idx" ON "instruments" USING btree ("year_made","created_at","id");--> statement-breakpoint
CREATE INDEX "instruments_year_asc_idx" ON "instruments" USING btree ("year_made","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "instruments_maker_created_idx" ON "instruments" USING btree ("maker_shop_id","created_at","id","year_made");