ALTER TABLE "ownership_records" ALTER COLUMN "purchase_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ownership_records" ADD COLUMN "purchase_currency" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "price_currency" text;--> statement-breakpoint
-- Prices recorded before currencies were US dollars (the form said "Price (USD ...)"): they keep that meaning.
UPDATE "ownership_records" SET "purchase_currency" = 'USD' WHERE "purchase_price" IS NOT NULL;--> statement-breakpoint
UPDATE "transfers" SET "price_currency" = 'USD' WHERE "price" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ownership_records" ADD CONSTRAINT "ownership_records_purchase_currency_check" CHECK (("ownership_records"."purchase_price" is null) = ("ownership_records"."purchase_currency" is null));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_price_currency_check" CHECK (("transfers"."price" is null) = ("transfers"."price_currency" is null));