CREATE TABLE "documents" (
	"key" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"content_type" text NOT NULL,
	"etag" text NOT NULL,
	"storage" text NOT NULL,
	"bytes" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "documents_subject_idx" ON "documents" USING btree ("subject");