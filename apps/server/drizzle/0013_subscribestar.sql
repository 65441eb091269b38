CREATE TABLE "subscribestar_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribestar_links" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"subscribestar_user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"token_expires_at" timestamp with time zone,
	"tier_id" text,
	"price_cents" integer,
	"role" text,
	"status" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribestar_links_subscribestar_user_id_unique" UNIQUE("subscribestar_user_id")
);
--> statement-breakpoint
ALTER TABLE "subscribestar_attempts" ADD CONSTRAINT "subscribestar_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribestar_links" ADD CONSTRAINT "subscribestar_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscribestar_links_due_idx" ON "subscribestar_links" USING btree ("status","next_check_at");