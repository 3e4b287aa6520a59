CREATE TABLE "document_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_aliases" ADD CONSTRAINT "document_aliases_key_documents_key_fk" FOREIGN KEY ("key") REFERENCES "public"."documents"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_aliases_key_idx" ON "document_aliases" USING btree ("key");