CREATE TABLE "voice_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"voice_id" text NOT NULL,
	"engine" text NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_ratings_rating_range" CHECK ("voice_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "voice_settings" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"voice_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_settings_user_id_scope_subject_id_pk" PRIMARY KEY("user_id","scope","subject_id")
);
--> statement-breakpoint
ALTER TABLE "voice_ratings" ADD CONSTRAINT "voice_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_ratings" ADD CONSTRAINT "voice_ratings_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_settings" ADD CONSTRAINT "voice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_ratings_user_message_idx" ON "voice_ratings" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "voice_ratings_voice_idx" ON "voice_ratings" USING btree ("engine","voice_id");