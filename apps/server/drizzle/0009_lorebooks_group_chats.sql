CREATE TABLE "conversation_characters" (
	"conversation_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_characters_conversation_id_character_id_pk" PRIMARY KEY("conversation_id","character_id")
);
--> statement-breakpoint
CREATE TABLE "conversation_lorebooks" (
	"conversation_id" uuid NOT NULL,
	"lorebook_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_lorebooks_conversation_id_lorebook_id_pk" PRIMARY KEY("conversation_id","lorebook_id")
);
--> statement-breakpoint
CREATE TABLE "lorebooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"book" jsonb NOT NULL,
	"all_chats" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "group_mode" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "character_book_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "character_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "prompt_report" jsonb;--> statement-breakpoint
ALTER TABLE "conversation_characters" ADD CONSTRAINT "conversation_characters_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_characters" ADD CONSTRAINT "conversation_characters_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_lorebooks" ADD CONSTRAINT "conversation_lorebooks_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_lorebooks" ADD CONSTRAINT "conversation_lorebooks_lorebook_id_lorebooks_id_fk" FOREIGN KEY ("lorebook_id") REFERENCES "public"."lorebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lorebooks" ADD CONSTRAINT "lorebooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_lorebooks_lorebook_idx" ON "conversation_lorebooks" USING btree ("lorebook_id");--> statement-breakpoint
CREATE INDEX "lorebooks_user_idx" ON "lorebooks" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;