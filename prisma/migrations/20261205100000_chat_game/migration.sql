-- AlterTable: a players' message belongs to one game (issue 34): the next game's players never read it.
-- Messages stored before have none and are read by nobody in the players' channel.
ALTER TABLE "chat_messages" ADD COLUMN "game_id" TEXT;
