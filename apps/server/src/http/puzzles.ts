import { IdSchema, PUZZLE_LIMITS, PuzzleAttemptBodySchema, PuzzleNextQuerySchema, type PuzzleAttemptResponse, type PuzzleResponse } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Identity } from '../identity/Identity.ts';
import type { PuzzleDesk } from '../puzzles/PuzzleDesk.ts';
import { HttpRefusal } from './errors.ts';
import { parsed, requestDevice, requestViewer } from './requester.ts';

// Each door also counts against the address's global limit (http/limits.ts).
const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

/**
 * Chu puzzles (issue 49 §3): `GET /api/puzzles/next?theme=` (a puzzle near the player's rating),
 * `GET /api/puzzles/daily`, `GET /api/puzzles/:id` (a link to one), `POST /api/puzzles/:id/attempt` (the player's moves so far; the server
 * judges them and, once the attempt is over, rates an account's first try). Anyone with a device may
 * solve; only accounts are rated.
 */
export function registerPuzzleRoutes(app: FastifyInstance, identity: Identity, desk: PuzzleDesk) {
  const noPuzzle = () => new HttpRefusal(404, 'no-puzzle', 'No such puzzle.');
  const userOf = async (req: FastifyRequest) => (await requestViewer(identity, req))?.userId ?? null;

  app.get('/api/puzzles/next', perMinute(PUZZLE_LIMITS.nextPerMinute), async (req): Promise<PuzzleResponse> => {
    const { theme } = parsed(PuzzleNextQuerySchema, req.query, 'query');
    const found = await desk.next(await userOf(req), theme);
    if (!found) throw new HttpRefusal(404, 'no-puzzle', 'No puzzle has this theme.');
    return found;
  });

  app.get('/api/puzzles/daily', perMinute(PUZZLE_LIMITS.nextPerMinute), async (req): Promise<PuzzleResponse> => desk.daily(await userOf(req), new Date()));

  app.get('/api/puzzles/:id', perMinute(PUZZLE_LIMITS.nextPerMinute), async (req): Promise<PuzzleResponse> => {
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    const found = id.success ? await desk.one(await userOf(req), id.data) : null;
    if (!found) throw noPuzzle();
    return found;
  });

  app.post('/api/puzzles/:id/attempt', perMinute(PUZZLE_LIMITS.attemptsPerMinute), async (req): Promise<PuzzleAttemptResponse> => {
    const device = await requestDevice(identity, req);
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    if (!id.success) throw noPuzzle();
    const { moves } = parsed(PuzzleAttemptBodySchema, req.body);
    const verdict = await desk.attempt(device.user?.id ?? null, id.data, moves, new Date());
    if (!verdict) throw noPuzzle();
    return verdict;
  });
}
