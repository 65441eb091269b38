ALTER TABLE "conversations" ADD COLUMN "import_meta" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "extras" jsonb;