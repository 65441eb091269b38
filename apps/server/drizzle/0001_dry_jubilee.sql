CREATE TABLE "blocked_creators" (
	"user_id" uuid NOT NULL,
	"creator_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_creators_user_id_creator_user_id_pk" PRIMARY KEY("user_id","creator_user_id"),
	CONSTRAINT "blocked_creators_not_self" CHECK ("blocked_creators"."user_id" <> "blocked_creators"."creator_user_id")
);
--> statement-breakpoint
CREATE TABLE "character_ratings" (
	"user_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"conversation_length" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_ratings_user_id_character_id_pk" PRIMARY KEY("user_id","character_id"),
	CONSTRAINT "character_ratings_rating_values" CHECK ("character_ratings"."rating" in (1, 3, 5))
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_character_id_pk" PRIMARY KEY("user_id","character_id")
);
--> statement-breakpoint
CREATE TABLE "tag_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"tags_to_add" text[] NOT NULL,
	"tags_to_remove" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "characters_public_popular_idx";--> statement-breakpoint
DROP INDEX "characters_creator_idx";--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "num_ratings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "num_favorites" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "reports_type" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "card_extras" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "openai_api_key_hint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_nsfw" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blur_nsfw_avatars" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "blocked_creators" ADD CONSTRAINT "blocked_creators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_creators" ADD CONSTRAINT "blocked_creators_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_ratings" ADD CONSTRAINT "character_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_ratings" ADD CONSTRAINT "character_ratings_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_suggestions" ADD CONSTRAINT "tag_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_suggestions" ADD CONSTRAINT "tag_suggestions_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "character_ratings_character_idx" ON "character_ratings" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favorites_character_idx" ON "favorites" USING btree ("character_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_suggestions_character_user_idx" ON "tag_suggestions" USING btree ("character_id","user_id");--> statement-breakpoint
CREATE INDEX "characters_listed_popular_idx" ON "characters" USING btree ("num_messages" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE visibility = 'public' and not is_deleted and not is_underage and moderation_status is distinct from 'fix_required';--> statement-breakpoint
CREATE INDEX "characters_listed_newest_idx" ON "characters" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE visibility = 'public' and not is_deleted and not is_underage and moderation_status is distinct from 'fix_required';--> statement-breakpoint
CREATE INDEX "characters_listed_rating_idx" ON "characters" USING btree ("rating_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE visibility = 'public' and not is_deleted and not is_underage and moderation_status is distinct from 'fix_required';--> statement-breakpoint
CREATE INDEX "characters_tags_idx" ON "characters" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "characters_creator_idx" ON "characters" USING btree ("creator_user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_external_id_unique" UNIQUE("external_id");