-- CreateTable: which server process owns a room (several processes on one database, REDIS_URL set).
-- The token grows with every change of owner; writes carry it, so a stale owner's writes are refused.
CREATE TABLE "room_leases" (
    "room_id" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "token" BIGINT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "room_leases_pkey" PRIMARY KEY ("room_id")
);

-- CreateIndex
CREATE INDEX "room_leases_owner_idx" ON "room_leases"("owner");
CREATE INDEX "room_leases_expires_at_idx" ON "room_leases"("expires_at");

-- AddForeignKey
ALTER TABLE "room_leases" ADD CONSTRAINT "room_leases_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;
