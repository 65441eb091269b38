-- A character's score comes from members' votes only (character_ratings, counted in num_ratings): the demo
-- seed used to set rating_score with no vote behind it, so one dislike then turned 93% into 0%. A score
-- without votes goes; the web shows none until the first vote.
UPDATE "characters" SET "rating_score" = 0 WHERE "num_ratings" = 0 AND "rating_score" <> 0;
