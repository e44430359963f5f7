-- Adjournment by agreement (issue 36, RULES.md §7). Once both players agree, the side to move then is the
-- game's sealer: it seals a move, which is stored apart from the game's moves, so that nothing that reads
-- "moves" (views, replays, records, KIF, the archive) can show it before the game resumes. On resumption
-- the sealed move joins "moves" and its row goes, in one transaction. A game whose status is 'adjourned'
-- with a sealed move is adjourned by agreement; without one, by absence (RULES.md §8).
ALTER TABLE "games" ADD COLUMN "sealer" TEXT; -- 'black' | 'white' from the agreement until the sealed move is played

CREATE TABLE "sealed_moves" (
    "game_id" TEXT NOT NULL,
    "ply" INTEGER NOT NULL,
    "usi" TEXT NOT NULL,
    "time_ms" INTEGER NOT NULL,
    "by_cpu" BOOLEAN NOT NULL DEFAULT false,
    "ack_id" TEXT,
    "device_id" TEXT,
    "black_ms" INTEGER,
    "black_periods" INTEGER,
    "white_ms" INTEGER,
    "white_periods" INTEGER,
    "lag_ms" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sealed_moves_pkey" PRIMARY KEY ("game_id")
);

ALTER TABLE "sealed_moves" ADD CONSTRAINT "sealed_moves_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
