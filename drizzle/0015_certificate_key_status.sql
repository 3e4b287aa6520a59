ALTER TABLE "certificate_keys" ADD COLUMN "first_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate_keys" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate_keys" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
-- Keys that signed before signing was recorded: from their first certificate.
UPDATE "certificate_keys" k SET "first_signed_at" = (SELECT min(c."issued_at") FROM "certificates" c WHERE c."kid" = k."kid");
