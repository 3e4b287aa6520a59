ALTER TABLE "handle_holds" ADD COLUMN "kind" text DEFAULT 'reservation' NOT NULL;--> statement-breakpoint
ALTER TABLE "handle_holds" ADD COLUMN "skeleton" text GENERATED ALWAYS AS (replace(replace(replace(translate(replace(lower(handle), '-', ''), '01i', 'oll'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd')) STORED;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "recheck_reason" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "slug_skeleton" text GENERATED ALWAYS AS (replace(replace(replace(translate(replace(lower(slug), '-', ''), '01i', 'oll'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle_skeleton" text GENERATED ALWAYS AS (replace(replace(replace(translate(replace(lower(handle), '-', ''), '01i', 'oll'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd')) STORED;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "recheck_reason" text;--> statement-breakpoint
CREATE INDEX "handle_holds_skeleton_idx" ON "handle_holds" USING btree ("skeleton");--> statement-breakpoint
CREATE INDEX "handle_holds_user_idx" ON "handle_holds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shops_slug_skeleton_idx" ON "shops" USING btree ("slug_skeleton");--> statement-breakpoint
CREATE INDEX "users_handle_skeleton_idx" ON "users" USING btree ("handle_skeleton");