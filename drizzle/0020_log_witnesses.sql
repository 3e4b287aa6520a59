CREATE TABLE "log_cosignatures" (
	"size" bigint NOT NULL,
	"witness_key" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_cosignatures_size_witness_key_pk" PRIMARY KEY("size","witness_key")
);
--> statement-breakpoint
CREATE TABLE "log_witness_status" (
	"witness_key" text PRIMARY KEY NOT NULL,
	"last_error" text,
	"inconsistent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
