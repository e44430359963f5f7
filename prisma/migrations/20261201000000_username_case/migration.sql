-- Usernames are unique without regard to case: "Alice" cannot be registered beside "alice".
--
-- Existing rows may already hold such pairs. The oldest account of each group keeps its name; every
-- later one is renamed to a free name that still fits the username rules (3-24 of [A-Za-z0-9_-]):
-- at most 17 characters of its own name, "-", and 6 hex digits taken from its id. No account is
-- removed and no game loses its player; a renamed person logs in with the new name shown on their
-- profile. The migrator runs the file in one transaction: should a new name still clash, creating the
-- index fails, nothing is changed and the server does not start, saying which migration failed.
WITH "clashing" AS (
    SELECT "id", row_number() OVER (PARTITION BY lower("username") ORDER BY "created_at", "id") AS "n"
    FROM "users"
)
UPDATE "users" AS u
SET "username" = left(u."username", 17) || '-' || substr(md5(u."id"), 1, 6)
FROM "clashing" AS c
WHERE u."id" = c."id" AND c."n" > 1;

-- CreateIndex: lookups by lower("username") use it too (login, profiles).
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" (lower("username"));
