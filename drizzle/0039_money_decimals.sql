-- Prices of transfers, ownership records and purchase offers become exact decimals as listings' prices are. Every
-- earlier whole amount (at most twelve digits, as the schemas allowed) converts exactly: 5200 is 5200.000.
ALTER TABLE "purchase_offers" ALTER COLUMN "price" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "ownership_records" ALTER COLUMN "purchase_price" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "price" SET DATA TYPE numeric(15, 3);