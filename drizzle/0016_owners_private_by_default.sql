ALTER TABLE "users" ALTER COLUMN "owner_privacy" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "owner_privacy" DROP NOT NULL;--> statement-breakpoint
-- "false" was both the default and what unticking "Private owner" wrote: nobody's explicit choice to be named can
-- be told apart from never having chosen, so every such account becomes "never chose" (private) and opts in again.
UPDATE "users" SET "owner_privacy" = NULL WHERE "owner_privacy" = false;
