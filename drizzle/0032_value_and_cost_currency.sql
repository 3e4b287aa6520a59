ALTER TABLE "instruments" ALTER COLUMN "estimated_value" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "service_records" ALTER COLUMN "cost" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "estimated_value_currency" text;--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "cost_currency" text;--> statement-breakpoint
-- Values and costs recorded before currencies were shown as US dollars ("$", "Cost (USD)"): they keep that meaning.
UPDATE "instruments" SET "estimated_value_currency" = 'USD' WHERE "estimated_value" IS NOT NULL;--> statement-breakpoint
UPDATE "service_records" SET "cost_currency" = 'USD' WHERE "cost" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_estimated_value_currency_check" CHECK (("instruments"."estimated_value" is null) = ("instruments"."estimated_value_currency" is null) and "instruments"."estimated_value_currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_cost_currency_check" CHECK (("service_records"."cost" is null) = ("service_records"."cost_currency" is null) and "service_records"."cost_currency" ~ '^[A-Z]{3}$');