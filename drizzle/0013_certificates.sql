CREATE TABLE "certificate_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"seed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"learner_name" text NOT NULL,
	"course_title" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"kid" text NOT NULL,
	"jwt" text NOT NULL,
	"credential" jsonb NOT NULL,
	"show_on_profile" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "builds" jsonb;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "built_in_certificate_id" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course_key" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "certificates_course_idx" ON "certificates" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_built_in_certificate_id_certificates_id_fk" FOREIGN KEY ("built_in_certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instruments_certificate_idx" ON "instruments" USING btree ("built_in_certificate_id");