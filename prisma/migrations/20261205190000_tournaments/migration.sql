-- Tournaments (issue 38): arenas and round-robins, their entrants, and their pairings (each pairing's
-- game, once started, links the game back to its tournament). The standings are computed from the
-- pairings' results, which are copied from the games as they finish.
CREATE TABLE "tournaments" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,              -- arena | round-robin
    "name" TEXT NOT NULL,
    "organiser_id" TEXT NOT NULL,
    "options" JSONB NOT NULL,          -- the creation's settings: time control, minutes, cycles, roundDays
    "status" TEXT NOT NULL DEFAULT 'upcoming', -- upcoming | running | finished
    "starts_at" TIMESTAMP(3) NOT NULL,
    "ends_at" TIMESTAMP(3),            -- arena: when pairing stops (set at the start)
    "round" INTEGER NOT NULL DEFAULT 0, -- round-robin: the round being played
    "rounds" INTEGER,                  -- round-robin: how many (set at the start)
    "round_ends_at" TIMESTAMP(3),      -- correspondence round-robin: the current round's deadline
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tournaments_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "tournaments_status_starts_at_idx" ON "tournaments"("status", "starts_at");
CREATE INDEX "tournaments_organiser_id_idx" ON "tournaments"("organiser_id");
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_organiser_id_fkey" FOREIGN KEY ("organiser_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "tournament_entrants" (
    "id" TEXT NOT NULL,
    "tournament_id" TEXT NOT NULL,
    "user_id" TEXT,                    -- a person's account; null for a CPU entrant
    "device_id" TEXT,                  -- the device a person's games are seated for (the one they joined from)
    "cpu_level" INTEGER,
    "name" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,           -- entry order: the round-robin schedule's places
    "withdrawn_at" TIMESTAMP(3),       -- round-robin: withdrew; arena: left (not paired until back)
    "joined_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tournament_entrants_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "tournament_entrants_tournament_id_user_id_key" ON "tournament_entrants"("tournament_id", "user_id");
CREATE UNIQUE INDEX "tournament_entrants_tournament_id_seed_key" ON "tournament_entrants"("tournament_id", "seed");
ALTER TABLE "tournament_entrants" ADD CONSTRAINT "tournament_entrants_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tournament_entrants" ADD CONSTRAINT "tournament_entrants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "tournament_pairings" (
    "id" TEXT NOT NULL,
    "tournament_id" TEXT NOT NULL,
    "round" INTEGER NOT NULL,          -- round-robin: its round; arena: the n-th pairing
    "black_id" TEXT NOT NULL,
    "white_id" TEXT NOT NULL,
    "game_id" TEXT,                    -- the game, once started
    "result" TEXT,                     -- black | white | draw, copied from the game when it finishes
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tournament_pairings_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "tournament_pairings_game_id_key" ON "tournament_pairings"("game_id");
CREATE UNIQUE INDEX "tournament_pairings_tournament_id_round_black_id_key" ON "tournament_pairings"("tournament_id", "round", "black_id");
CREATE INDEX "tournament_pairings_tournament_id_round_idx" ON "tournament_pairings"("tournament_id", "round");
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_black_id_fkey" FOREIGN KEY ("black_id") REFERENCES "tournament_entrants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_white_id_fkey" FOREIGN KEY ("white_id") REFERENCES "tournament_entrants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Which process runs a tournament (pairing, rounds) when several share the database: as room_leases.
CREATE TABLE "tournament_leases" (
    "tournament_id" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "token" BIGINT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "tournament_leases_pkey" PRIMARY KEY ("tournament_id")
);
CREATE INDEX "tournament_leases_expires_at_idx" ON "tournament_leases"("expires_at");
ALTER TABLE "tournament_leases" ADD CONSTRAINT "tournament_leases_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
