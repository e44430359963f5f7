-- The archive (issue 37): an account's finished games, newest first, from either seat. The seats are JSON,
-- so these are indexes on expressions, which Prisma's schema cannot state (schema.prisma says where they are).
-- One index per seat: the archive reads both in order (a merge of two index scans) and stops at a page.
CREATE INDEX "games_archive_black_idx" ON "games" (("seats"->'black'->>'userId'), "finished_at" DESC, "id" DESC) WHERE "status" = 'finished';
CREATE INDEX "games_archive_white_idx" ON "games" (("seats"->'white'->>'userId'), "finished_at" DESC, "id" DESC) WHERE "status" = 'finished';

-- A device's games, either seat: a guest's games found when its device registers (and a device's games in play).
CREATE INDEX "games_black_device_idx" ON "games" (("seats"->'black'->>'deviceId'));
CREATE INDEX "games_white_device_idx" ON "games" (("seats"->'white'->>'deviceId'));
