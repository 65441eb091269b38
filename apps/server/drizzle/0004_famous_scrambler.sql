DROP INDEX "characters_creator_idx";--> statement-breakpoint
DROP INDEX "characters_listed_popular_idx";--> statement-breakpoint
DROP INDEX "characters_listed_newest_idx";--> statement-breakpoint
DROP INDEX "characters_listed_rating_idx";--> statement-breakpoint
DROP INDEX "favorites_user_created_idx";--> statement-breakpoint
CREATE INDEX "characters_creator_idx" ON "characters" USING btree ("creator_user_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "characters_listed_popular_idx" ON "characters" USING btree ("num_messages" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE visibility = 'public' and not is_deleted and not is_underage and moderation_status is distinct from 'fix_required';--> statement-breakpoint
CREATE INDEX "characters_listed_newest_idx" ON "characters" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE visibility = 'public' and not is_deleted and not is_underage and moderation_status is distinct from 'fix_required';--> statement-breakpoint
CREATE INDEX "characters_listed_rating_idx" ON "characters" USING btree ("rating_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE visibility = 'public' and not is_deleted and not is_underage and moderation_status is distinct from 'fix_required';--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS FIRST);