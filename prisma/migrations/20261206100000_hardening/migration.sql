-- Issue 46, defect 12: a push subscription is the account's. It was unique by endpoint alone, so posting
-- another account's endpoint moved that row to the poster (and deleting it stopped the other's pushes);
-- now each account has its own row for an endpoint.
DROP INDEX "push_subscriptions_endpoint_key";
CREATE UNIQUE INDEX "push_subscriptions_user_id_endpoint_key" ON "push_subscriptions"("user_id", "endpoint");

-- Issue 46, defect 7: news that repeats (a challenge sent and cancelled again and again by one sender)
-- collapses into the row already in the bell, found by its collapse key.
ALTER TABLE "notifications" ADD COLUMN "collapse_key" TEXT;
CREATE INDEX "notifications_user_id_collapse_key_idx" ON "notifications"("user_id", "collapse_key");
