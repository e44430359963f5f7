import { ExerciseIdSchema, LessonSolutionBodySchema, type LessonProgress as Progress, type SolvedExercise } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Identity } from '../identity/Identity.ts';
import type { Learner, LessonProgress } from '../learn/LessonProgress.ts';
import { HttpRefusal } from './errors.ts';
import { parsed, requestDevice } from './requester.ts';

// Every door here also counts against the address's global limit (http/limits.ts); a solved exercise has its own.
const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });
/**
 * Solved exercises a minute from one address: well above the whole catalogue (packages/learn/README.md counts
 * it), so going through every lesson in one sitting, as the lessons' e2e does in under a minute, is never
 * refused; a flood still is.
 */
const SOLVES_PER_MINUTE = 120;

/**
 * Lessons' progress (issue 49): `GET /api/learn/progress` (the exercises solved, with their stars) and
 * `PUT /api/learn/progress/{exercise}` (the moves that solve it, replayed here). An account's progress
 * follows it to any device; a guest's stays with its device.
 */
export function registerLearnRoutes(app: FastifyInstance, identity: Identity, progress: LessonProgress) {
  const learner = async (req: FastifyRequest): Promise<Learner> => {
    const d = await requestDevice(identity, req);
    return d.user ? { userId: d.user.id } : { deviceId: d.id };
  };

  app.get('/api/learn/progress', async (req): Promise<Progress> => progress.of(await learner(req)));

  app.put('/api/learn/progress/:exercise', perMinute(SOLVES_PER_MINUTE), async (req): Promise<SolvedExercise> => {
    const who = await learner(req);
    const exercise = parsed(ExerciseIdSchema, (req.params as { exercise?: unknown }).exercise, 'path');
    const { moves } = parsed(LessonSolutionBodySchema, req.body);
    const r = await progress.solve(who, exercise, moves);
    if (r.ok) return r.value;
    if (r.error.code === 'no-exercise') throw new HttpRefusal(404, 'no-exercise', `No lesson exercise is called ${exercise}.`);
    throw new HttpRefusal(422, 'not-solved', `Move ${r.error.ply + 1} does not solve ${exercise}: ${r.error.why}.`);
  });
}
