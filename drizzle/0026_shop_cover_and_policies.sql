ALTER TABLE "shops" ADD COLUMN "cover_media_id" uuid;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "cover_alt" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "policies" text;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_cover_media_id_media_id_fk" FOREIGN KEY ("cover_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;