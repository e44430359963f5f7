-- Bot accounts (issue 50): an account upgraded through POST /api/bot/account/upgrade, once and for good.
ALTER TABLE "users" ADD COLUMN "bot" BOOLEAN NOT NULL DEFAULT false;
