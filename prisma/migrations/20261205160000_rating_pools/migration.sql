-- Ranked by time control (issue 36): two ratings per player, real-time and correspondence, as lishogi
-- keeps them apart. Every rating so far came from games by the clock (or untimed): it is the real-time one.
ALTER TABLE "ratings" ADD COLUMN "pool" TEXT NOT NULL DEFAULT 'realtime';
ALTER TABLE "ratings" ALTER COLUMN "pool" DROP DEFAULT;
ALTER TABLE "ratings" DROP CONSTRAINT "ratings_pkey";
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_pkey" PRIMARY KEY ("user_id", "pool");
DROP INDEX "ratings_deviation_rating_idx";
CREATE INDEX "ratings_pool_deviation_rating_idx" ON "ratings"("pool", "deviation", "rating");

-- A rated game's rows say which rating they changed; the existing ones changed the real-time rating.
ALTER TABLE "game_ratings" ADD COLUMN "pool" TEXT NOT NULL DEFAULT 'realtime';
ALTER TABLE "game_ratings" ALTER COLUMN "pool" DROP DEFAULT;
