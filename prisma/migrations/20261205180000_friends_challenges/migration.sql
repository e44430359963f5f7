-- Friends and challenges (issue 37): follows (one way), blocks, who may challenge an account, and
-- challenges by name with their stored expiry (a restart expires them too).
ALTER TABLE "users" ADD COLUMN "challenges_from" TEXT NOT NULL DEFAULT 'everyone';

CREATE TABLE "follows" (
    "follower_id" TEXT NOT NULL,
    "followee_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follows_pkey" PRIMARY KEY ("follower_id", "followee_id")
);
CREATE INDEX "follows_followee_id_idx" ON "follows"("followee_id");
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_fkey" FOREIGN KEY ("follower_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_fkey" FOREIGN KEY ("followee_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "blocks" (
    "blocker_id" TEXT NOT NULL,
    "blocked_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blocks_pkey" PRIMARY KEY ("blocker_id", "blocked_id")
);
CREATE INDEX "blocks_blocked_id_idx" ON "blocks"("blocked_id");
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_fkey" FOREIGN KEY ("blocked_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "challenges" (
    "id" TEXT NOT NULL,
    "challenger_id" TEXT NOT NULL,
    "challenger_device_id" TEXT NOT NULL,
    "challenged_id" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "color" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "room_code" TEXT,
    "game_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "answered_at" TIMESTAMP(3),

    CONSTRAINT "challenges_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "challenges_challenger_id_status_idx" ON "challenges"("challenger_id", "status");
CREATE INDEX "challenges_challenged_id_status_idx" ON "challenges"("challenged_id", "status");
CREATE INDEX "challenges_status_expires_at_idx" ON "challenges"("status", "expires_at");
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenger_id_fkey" FOREIGN KEY ("challenger_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenged_id_fkey" FOREIGN KEY ("challenged_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
