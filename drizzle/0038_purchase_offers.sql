CREATE TABLE "purchase_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"instrument_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"listed_price" text,
	"listed_currency" text,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"conversation_id" uuid,
	"transfer_id" text,
	"sold_price_shown" boolean DEFAULT false NOT NULL,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_offers_price_check" CHECK ("purchase_offers"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_offers" ADD CONSTRAINT "purchase_offers_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_offers" ADD CONSTRAINT "purchase_offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_offers" ADD CONSTRAINT "purchase_offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_offers" ADD CONSTRAINT "purchase_offers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_offers" ADD CONSTRAINT "purchase_offers_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_offers_one_open_key" ON "purchase_offers" USING btree ("instrument_id","buyer_id") WHERE status in ('open', 'countered');--> statement-breakpoint
CREATE INDEX "purchase_offers_buyer_idx" ON "purchase_offers" USING btree ("buyer_id","updated_at");--> statement-breakpoint
CREATE INDEX "purchase_offers_seller_idx" ON "purchase_offers" USING btree ("seller_id","updated_at");--> statement-breakpoint
CREATE INDEX "purchase_offers_transfer_idx" ON "purchase_offers" USING btree ("transfer_id");