CREATE TABLE "log_checkpoints" (
	"size" bigint PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_hashes" (
	"level" smallint NOT NULL,
	"idx" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "log_hashes_level_idx_pk" PRIMARY KEY("level","idx")
);
--> statement-breakpoint
CREATE TABLE "log_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"frontier" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_leaves" (
	"index" bigint PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"instrument_id" uuid NOT NULL,
	"passport_code" text NOT NULL,
	"seq" integer NOT NULL,
	"leaf" text NOT NULL,
	"leaf_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_salts" (
	"leaf_index" bigint NOT NULL,
	"path" text NOT NULL,
	"salt" text NOT NULL,
	CONSTRAINT "log_salts_leaf_index_path_pk" PRIMARY KEY("leaf_index","path")
);
--> statement-breakpoint
CREATE TABLE "log_signing_keys" (
	"id" smallint PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "log_leaves_passport_seq_key" ON "log_leaves" USING btree ("passport_code","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "log_leaves_event_key" ON "log_leaves" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "log_leaves_instrument_idx" ON "log_leaves" USING btree ("instrument_id");