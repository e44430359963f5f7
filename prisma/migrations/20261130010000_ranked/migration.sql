-- AlterTable: Glicko-2 state and results per player
ALTER TABLE "ratings" ADD COLUMN "volatility" DOUBLE PRECISION NOT NULL DEFAULT 0.06,
ADD COLUMN "rated_at" TIMESTAMP(3),
ADD COLUMN "wins" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "draws" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "losses" INTEGER NOT NULL DEFAULT 0;

-- AlterTable: the accounts behind the seats of a rated game
ALTER TABLE "games" ADD COLUMN "black_user_id" TEXT,
ADD COLUMN "white_user_id" TEXT;

-- CreateTable
CREATE TABLE "game_ratings" (
    "game_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "color" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "rating_before" DOUBLE PRECISION NOT NULL,
    "rd_before" DOUBLE PRECISION NOT NULL,
    "volatility_before" DOUBLE PRECISION NOT NULL,
    "rating_after" DOUBLE PRECISION NOT NULL,
    "rd_after" DOUBLE PRECISION NOT NULL,
    "volatility_after" DOUBLE PRECISION NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_ratings_pkey" PRIMARY KEY ("game_id","user_id")
);

-- CreateIndex
CREATE INDEX "game_ratings_user_id_created_at_idx" ON "game_ratings"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "ratings_deviation_rating_idx" ON "ratings"("deviation", "rating");

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_black_user_id_fkey" FOREIGN KEY ("black_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_white_user_id_fkey" FOREIGN KEY ("white_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_ratings" ADD CONSTRAINT "game_ratings_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_ratings" ADD CONSTRAINT "game_ratings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
