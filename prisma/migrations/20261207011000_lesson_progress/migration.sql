-- Issue 49: lessons' progress, per account (any device) or per guest device, one row per exercise solved.
CREATE TABLE "lesson_progress" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT,
    "device_id" TEXT,
    "exercise" TEXT NOT NULL,
    "stars" INTEGER NOT NULL,
    "moves" INTEGER NOT NULL,
    "solved_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lesson_progress_pkey" PRIMARY KEY ("id"),
    -- an account's or a device's, never both nor neither
    CONSTRAINT "lesson_progress_owner_check" CHECK (("user_id" IS NULL) <> ("device_id" IS NULL)),
    CONSTRAINT "lesson_progress_stars_check" CHECK ("stars" BETWEEN 1 AND 3)
);

CREATE UNIQUE INDEX "lesson_progress_user_id_exercise_key" ON "lesson_progress"("user_id", "exercise");
CREATE UNIQUE INDEX "lesson_progress_device_id_exercise_key" ON "lesson_progress"("device_id", "exercise");

ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
