-- AlterTable: devices the host muted in the room's chat
ALTER TABLE "rooms" ADD COLUMN "muted" JSONB NOT NULL DEFAULT '[]';

-- CreateTable: room chat, kept with the room so a reconnect shows the recent messages
CREATE TABLE "chat_messages" (
    "id" SERIAL NOT NULL,
    "room_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "device_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable: moves undone by an accepted takeback, kept so the record stays honest
CREATE TABLE "taken_back_moves" (
    "id" SERIAL NOT NULL,
    "game_id" TEXT NOT NULL,
    "ply" INTEGER NOT NULL,
    "usi" TEXT NOT NULL,
    "time_ms" INTEGER NOT NULL,
    "by_cpu" BOOLEAN NOT NULL DEFAULT false,
    "ack_id" TEXT,
    "device_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "taken_back_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL,

    CONSTRAINT "taken_back_moves_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chat_messages_room_id_channel_id_idx" ON "chat_messages"("room_id", "channel", "id");
CREATE INDEX "taken_back_moves_game_id_idx" ON "taken_back_moves"("game_id");

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "taken_back_moves" ADD CONSTRAINT "taken_back_moves_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
