CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"link_url" text NOT NULL,
	"image_url" text,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"last_shown_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"category" text NOT NULL,
	"rank" integer NOT NULL,
	"creator_user_id" uuid,
	"creator_username" text NOT NULL,
	"avatar_url" text,
	"number_of_characters" integer NOT NULL,
	"score" integer NOT NULL,
	"movement" integer NOT NULL,
	"prize" text,
	CONSTRAINT "leaderboard_entries_values" CHECK ("leaderboard_entries"."rank" >= 1 and "leaderboard_entries"."score" >= 0 and "leaderboard_entries"."number_of_characters" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"prizes_granted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_month_leaderboard_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."leaderboard_months"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ads_code_idx" ON "ads" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ads_active_idx" ON "ads" USING btree ("active") WHERE "ads"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_entries_rank_idx" ON "leaderboard_entries" USING btree ("month","category","rank");--> statement-breakpoint
CREATE INDEX "leaderboard_entries_creator_idx" ON "leaderboard_entries" USING btree ("creator_user_id","month");