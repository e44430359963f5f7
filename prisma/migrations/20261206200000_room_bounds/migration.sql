-- Issue 46, defect 6: the room bounds are counted from the database every process shares, so a room
-- made through a challenge counts with those made by room.create, on any process. A room keeps the
-- address that asked for it (room.create, or a challenge's accept); the host's rooms are found by device.
ALTER TABLE "rooms" ADD COLUMN "made_from" TEXT;
CREATE INDEX "rooms_host_device_id_idx" ON "rooms"("host_device_id");
CREATE INDEX "rooms_made_from_idx" ON "rooms"("made_from");
