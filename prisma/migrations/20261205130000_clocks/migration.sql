-- Real clocks (issue 36, RULES.md §7). Each move stores both sides' clocks as the server measured them
-- when it stored the move, so a restart or a takeover carries on from there, and the lag it credited back.
-- NULL: an untimed game's move, or one stored before clocks existed.
ALTER TABLE "moves" ADD COLUMN "black_ms" INTEGER;
ALTER TABLE "moves" ADD COLUMN "black_periods" INTEGER;
ALTER TABLE "moves" ADD COLUMN "white_ms" INTEGER;
ALTER TABLE "moves" ADD COLUMN "white_periods" INTEGER;
ALTER TABLE "moves" ADD COLUMN "lag_ms" INTEGER;

-- The room option turnTime (seconds a move, or null) becomes timeControl: a turn limit, or none.
UPDATE "rooms" SET "options" = ("options" - 'turnTime') || jsonb_build_object('timeControl',
  CASE WHEN jsonb_typeof("options"->'turnTime') = 'number'
    THEN jsonb_build_object('kind', 'turn', 'seconds', ("options"->>'turnTime')::int)
    ELSE '{"kind":"none"}'::jsonb END)
WHERE ("options"->'turnTime') IS NOT NULL;

UPDATE "games" SET "options" = ("options" - 'turnTime') || jsonb_build_object('timeControl',
  CASE WHEN jsonb_typeof("options"->'turnTime') = 'number'
    THEN jsonb_build_object('kind', 'turn', 'seconds', ("options"->>'turnTime')::int)
    ELSE '{"kind":"none"}'::jsonb END)
WHERE ("options"->'turnTime') IS NOT NULL;
