-- A bot's challenge may be rated (issue 50): a bot never enters the ranked queue, so its rated games come
-- from challenges, each side rated in its own pool (a bot's is "bot"; ratings.pool is text, no change there).
ALTER TABLE "challenges" ADD COLUMN "rated" BOOLEAN NOT NULL DEFAULT false;
