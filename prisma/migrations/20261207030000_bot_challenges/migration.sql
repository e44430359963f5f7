-- A person's preference (issue 50): whether bot accounts may challenge them. Yes unless they say no.
ALTER TABLE "users" ADD COLUMN "bot_challenges" BOOLEAN NOT NULL DEFAULT true;
