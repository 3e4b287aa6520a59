ALTER TABLE "shops" ADD COLUMN "verified_by_id" uuid;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "verification_note" text;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "verified_by_id" uuid;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "verification_note" text;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "stolen_on" date;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "stolen_place" text;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "stolen_police_reference" text;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_verified_by_id_users_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_verified_by_id_users_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;