-- Issue 49 §3: chu puzzles. The puzzles ship as data (packages/puzzles/data/puzzles.json); these tables hold
-- each puzzle's Glicko-2 rating once rated, each account's puzzle rating, and each account's first
-- (rated) attempt at each puzzle.
CREATE TABLE "puzzle_ratings" (
    "puzzle_id" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "deviation" DOUBLE PRECISION NOT NULL DEFAULT 350,
    "volatility" DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    "rated_at" TIMESTAMP(3),
    "plays" INTEGER NOT NULL DEFAULT 0,
    "solved" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "puzzle_ratings_pkey" PRIMARY KEY ("puzzle_id")
);
CREATE INDEX "puzzle_ratings_rating_idx" ON "puzzle_ratings"("rating");

CREATE TABLE "puzzle_player_ratings" (
    "user_id" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL DEFAULT 1500,
    "deviation" DOUBLE PRECISION NOT NULL DEFAULT 350,
    "volatility" DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    "rated_at" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "solved" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "puzzle_player_ratings_pkey" PRIMARY KEY ("user_id")
);
ALTER TABLE "puzzle_player_ratings" ADD CONSTRAINT "puzzle_player_ratings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "puzzle_attempts" (
    "user_id" TEXT NOT NULL,
    "puzzle_id" TEXT NOT NULL,
    "solved" BOOLEAN NOT NULL,
    "moves" TEXT[],
    "rating_before" DOUBLE PRECISION NOT NULL,
    "rating_after" DOUBLE PRECISION NOT NULL,
    "puzzle_rating_before" DOUBLE PRECISION NOT NULL,
    "puzzle_rating_after" DOUBLE PRECISION NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "puzzle_attempts_pkey" PRIMARY KEY ("user_id","puzzle_id")
);
CREATE INDEX "puzzle_attempts_user_id_created_at_idx" ON "puzzle_attempts"("user_id", "created_at");
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_puzzle_id_fkey" FOREIGN KEY ("puzzle_id") REFERENCES "puzzle_ratings"("puzzle_id") ON DELETE CASCADE ON UPDATE CASCADE;
