import type { LessonProgress as Progress, SolvedExercise } from '@chu/protocol';
import type { PrismaClient } from '../db/database.ts';

/** Whose progress: an account's (on any device) or, for a guest, its device's. */
export type Learner = { userId: string } | { deviceId: string };

export type SolveRefusal = { code: 'no-exercise' } | { code: 'not-solved'; ply: number; why: string };

/**
 * Lessons' progress as stored (issue 49). A claim of a solved exercise is the player's moves: they are
 * replayed through @chu/learn here, and the stars are the ones those moves earn, so a client can claim
 * nothing it did not play. The best stars are kept; a worse solution later changes nothing.
 */
export class LessonProgress {
  constructor(private readonly prisma: PrismaClient) {}

  async of(learner: Learner): Promise<Progress> {
    const rows = await this.prisma.lessonProgress.findMany({ where: learner, orderBy: { id: 'asc' }, select: { exercise: true, stars: true, moves: true } });
    return { solved: rows };
  }

  /**
   * A guest logged in (or registered) on this device: what it solved as a guest becomes the account's, the
   * better of the two kept where both solved an exercise. The device's own rows go: the device is the
   * account's now. Answers how many exercises the account gained or improved.
   */
  async claimGuestProgress(deviceId: string, userId: string): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      const guest = await tx.lessonProgress.findMany({ where: { deviceId } });
      let claimed = 0;
      for (const row of guest) {
        const owner = { userId_exercise: { userId, exercise: row.exercise } };
        const mine = await tx.lessonProgress.findUnique({ where: owner });
        if (!mine || better(row, mine)) {
          await tx.lessonProgress.upsert({ where: owner, create: { userId, exercise: row.exercise, stars: row.stars, moves: row.moves }, update: { stars: row.stars, moves: row.moves } });
          claimed++;
        }
      }
      await tx.lessonProgress.deleteMany({ where: { deviceId } });
      return claimed;
    });
  }

  async solve(learner: Learner, exerciseId: string, moves: readonly string[]): Promise<{ ok: true; value: SolvedExercise } | { ok: false; error: SolveRefusal }> {
    // the lessons (every exercise's position and script) load with the first solution sent, not with the server
    const { exerciseById, replay } = await import('@chu/learn');
    const exercise = exerciseById(exerciseId);
    if (!exercise) return { ok: false, error: { code: 'no-exercise' } };
    const r = replay(exercise, moves);
    if (!r.ok) {
      const { ply, refusal } = r.error;
      const why = typeof refusal === 'string' ? refusal : refusal.kind === 'illegal' ? refusal.reason : refusal.kind;
      return { ok: false, error: { code: 'not-solved', ply, why } };
    }
    const solved = { stars: r.value.stars, moves: moves.length };
    const owner = 'userId' in learner ? { userId_exercise: { userId: learner.userId, exercise: exerciseId } } : { deviceId_exercise: { deviceId: learner.deviceId, exercise: exerciseId } };
    const before = await this.prisma.lessonProgress.findUnique({ where: owner });
    if (before && !better(solved, before)) return { ok: true, value: { exercise: exerciseId, stars: before.stars, moves: before.moves } };
    await this.prisma.lessonProgress.upsert({ where: owner, create: { ...learner, exercise: exerciseId, ...solved }, update: solved });
    return { ok: true, value: { exercise: exerciseId, ...solved } };
  }
}

/** Whether a solution beats another: more stars, or as many in fewer moves. */
const better = (a: { stars: number; moves: number }, b: { stars: number; moves: number }): boolean =>
  a.stars > b.stars || (a.stars === b.stars && a.moves < b.moves);
