-- Account security (issue 37): recovery codes, and accounts deleted by their owner.
-- A deleted account's row stays (its games and rating history keep their ids); deleted_at marks it.
ALTER TABLE "users" ADD COLUMN "deleted_at" TIMESTAMP(3);

-- CreateTable: one row per unused recovery code; a code is deleted as it is used.
CREATE TABLE "recovery_codes" (
    "code_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("code_hash")
);

-- CreateIndex
CREATE INDEX "recovery_codes_user_id_idx" ON "recovery_codes"("user_id");

-- AddForeignKey
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
