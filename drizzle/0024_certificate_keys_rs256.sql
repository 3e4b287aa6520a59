ALTER TABLE "certificate_keys" ADD COLUMN "alg" text DEFAULT 'EdDSA' NOT NULL;--> statement-breakpoint
-- Open Badges 3.0 makes RS256 the algorithm every verifier supports: the Ed25519 keys sign nothing more and stay
-- published (while not revoked) for the certificates they signed.
UPDATE "certificate_keys" SET "retired_at" = now() WHERE "alg" = 'EdDSA' AND "retired_at" IS NULL;
