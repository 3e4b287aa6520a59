ALTER TABLE "notifications" ADD COLUMN "service_record_id" uuid;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "former_maker_name" text;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "claim_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "reported_by" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_service_record_id_service_records_id_fk" FOREIGN KEY ("service_record_id") REFERENCES "public"."service_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_records_claim_idx" ON "service_records" USING btree ("servicer_shop_id") WHERE claim_status = 'pending';--> statement-breakpoint
-- Who wrote each existing record: the maker, a shop recording its own work, or else the owner.
UPDATE "service_records" s SET "reported_by" = CASE
  WHEN EXISTS (SELECT 1 FROM "instruments" i JOIN "shops" sh ON sh."id" = i."maker_shop_id"
               WHERE i."id" = s."instrument_id" AND sh."owner_id" = s."recorded_by_id") THEN 'maker'
  WHEN EXISTS (SELECT 1 FROM "shops" sh WHERE sh."id" = s."servicer_shop_id" AND sh."owner_id" = s."recorded_by_id") THEN 'servicer'
  ELSE 'owner' END;
