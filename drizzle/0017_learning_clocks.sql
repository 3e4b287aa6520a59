CREATE TABLE "learning_clocks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"coverage_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time_credited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_clocks" ADD CONSTRAINT "learning_clocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;