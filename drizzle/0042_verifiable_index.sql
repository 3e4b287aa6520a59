CREATE TABLE "index_checkpoints" (
	"size" bigint PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_cosignatures" (
	"size" bigint NOT NULL,
	"witness_key" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "index_cosignatures_size_witness_key_pk" PRIMARY KEY("size","witness_key")
);
--> statement-breakpoint
CREATE TABLE "index_hashes" (
	"level" smallint NOT NULL,
	"idx" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "index_hashes_level_idx_pk" PRIMARY KEY("level","idx")
);
--> statement-breakpoint
CREATE TABLE "index_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"frontier" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_leaves" (
	"index" bigint PRIMARY KEY NOT NULL,
	"leaf" text NOT NULL,
	"leaf_hash" text NOT NULL,
	"input_size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "index_leaves_input_size_unique" UNIQUE("input_size")
);
--> statement-breakpoint
CREATE TABLE "log_index_values" (
	"passport_code" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"indices" bigint[] NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER index_leaves_append_only BEFORE UPDATE OR DELETE ON "index_leaves"
  FOR EACH ROW EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER index_leaves_no_truncate BEFORE TRUNCATE ON "index_leaves"
  FOR EACH STATEMENT EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER index_hashes_append_only BEFORE UPDATE OR DELETE ON "index_hashes"
  FOR EACH ROW EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER index_hashes_no_truncate BEFORE TRUNCATE ON "index_hashes"
  FOR EACH STATEMENT EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER index_checkpoints_append_only BEFORE UPDATE OR DELETE ON "index_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER index_checkpoints_no_truncate BEFORE TRUNCATE ON "index_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
INSERT INTO "index_head" ("id", "size", "frontier") VALUES (1, 0, '') ON CONFLICT DO NOTHING;
