CREATE TABLE "billing_coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"duration" text DEFAULT 'once' NOT NULL,
	"duration_cycles" integer,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"plan_ids" text[],
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "billing_coupons_code_upper" CHECK ("billing_coupons"."code" = upper("billing_coupons"."code")),
	CONSTRAINT "billing_coupons_one_discount" CHECK (("billing_coupons"."percent_off" is not null and "billing_coupons"."percent_off" between 1 and 100 and "billing_coupons"."amount_off_cents" is null)
        or ("billing_coupons"."amount_off_cents" is not null and "billing_coupons"."amount_off_cents" > 0 and "billing_coupons"."percent_off" is null)),
	CONSTRAINT "billing_coupons_cycles" CHECK (("billing_coupons"."duration" = 'repeating') = ("billing_coupons"."duration_cycles" is not null and "billing_coupons"."duration_cycles" > 0))
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"processor" text NOT NULL,
	"card_token" text,
	"card_last4" text,
	"card_brand" text,
	"card_exp" text,
	"card_order_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"subscription_id" uuid,
	"order_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"plan_id" text,
	"processor" text NOT NULL,
	"processor_reference" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "billing_ledger_amounts" CHECK ("billing_ledger"."amount_cents" >= 0 and "billing_ledger"."tax_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"first_cycle_price_cents" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_offers_price" CHECK ("billing_offers"."first_cycle_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"plan_id" text NOT NULL,
	"offer_id" text,
	"coupon_id" uuid,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"details" jsonb NOT NULL,
	"processor" text NOT NULL,
	"payment_token" text NOT NULL,
	"challenge_id" uuid,
	"subscription_id" uuid,
	"transaction_id" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "billing_orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "billing_orders_challenge_id_unique" UNIQUE("challenge_id")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"recur_at" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"next_plan_id" text,
	"grace_until" timestamp with time zone,
	"retries" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"platform" text DEFAULT 'web' NOT NULL,
	"processor" text NOT NULL,
	"order_id" uuid NOT NULL,
	"coupon_id" uuid,
	"coupon_cycles_left" integer,
	"ended_at" timestamp with time zone,
	"charging_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"rate_bps" integer NOT NULL,
	"name" text DEFAULT 'VAT' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_tax_rates_rate" CHECK ("billing_tax_rates"."rate_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "billing_test_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"last4" text NOT NULL,
	"brand" text NOT NULL,
	"exp" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_test_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_test_charges_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD CONSTRAINT "billing_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_coupon_id_billing_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."billing_coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_ledger_user_idx" ON "billing_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_one_processing_idx" ON "billing_orders" USING btree ("user_id") WHERE status = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_one_live_idx" ON "billing_subscriptions" USING btree ("user_id") WHERE status in ('active', 'grace', 'cancelled');--> statement-breakpoint
CREATE INDEX "billing_subscriptions_user_idx" ON "billing_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_due_idx" ON "billing_subscriptions" USING btree ("status","recur_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_tax_rates_country_state_idx" ON "billing_tax_rates" USING btree ("country","state");--> statement-breakpoint
-- The ledger is append-only: corrections are new entries (a refund, a credit), never edits.
CREATE FUNCTION "billing_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'billing_ledger is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "billing_ledger_append_only" BEFORE UPDATE OR DELETE ON "billing_ledger"
  FOR EACH ROW EXECUTE FUNCTION "billing_ledger_append_only"();--> statement-breakpoint
-- Tax rates: the EU member states' standard VAT rates (basis points), as in force in 2025, and nothing
-- elsewhere. An operator edits this table (README, Billing).
INSERT INTO "billing_tax_rates" ("country", "state", "rate_bps", "name") VALUES
  ('AT', '', 2000, 'VAT'), ('BE', '', 2100, 'VAT'), ('BG', '', 2000, 'VAT'), ('HR', '', 2500, 'VAT'),
  ('CY', '', 1900, 'VAT'), ('CZ', '', 2100, 'VAT'), ('DK', '', 2500, 'VAT'), ('EE', '', 2400, 'VAT'),
  ('FI', '', 2550, 'VAT'), ('FR', '', 2000, 'VAT'), ('DE', '', 1900, 'VAT'), ('GR', '', 2400, 'VAT'),
  ('HU', '', 2700, 'VAT'), ('IE', '', 2300, 'VAT'), ('IT', '', 2200, 'VAT'), ('LV', '', 2100, 'VAT'),
  ('LT', '', 2100, 'VAT'), ('LU', '', 1700, 'VAT'), ('MT', '', 1800, 'VAT'), ('NL', '', 2100, 'VAT'),
  ('PL', '', 2300, 'VAT'), ('PT', '', 2300, 'VAT'), ('RO', '', 2100, 'VAT'), ('SK', '', 2300, 'VAT'),
  ('SI', '', 2200, 'VAT'), ('ES', '', 2100, 'VAT'), ('SE', '', 2500, 'VAT');
