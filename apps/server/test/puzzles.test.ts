// Issue 49 §3, the puzzle trainer's server: a puzzle near the player's rating (of a theme if asked),
// the day's puzzle, and attempts judged by the server from the moves alone: right moves get the
// opponent's reply, a wrong one its refutation; an account's first finished attempt rates the player
// and the puzzle against each other and is kept in its history; guests solve unrated.
import { HttpErrorBodySchema, PuzzleAttemptResponseSchema, PuzzleResponseSchema, type PuzzleAttemptResponse, type PuzzleResponse } from '@chu/protocol';
import { readPuzzleSet, type Puzzle } from '@chu/puzzles';
import { Game, unwrap } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { TestClient } from './support/TestClient.ts';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ httpLimits: { ...defaultConfig().httpLimits, devices: 200, registers: 100 } }); });
afterAll(async () => { await server?.stop(); });

const byId = new Map(readPuzzleSet().puzzles.map((p) => [p.id, p]));
let n = 0;
const player = async () => account(server.url, `solver${++n}`);
const guest = async () => TestClient.device(server.url, `Guest${++n}`);

async function next(token: string, query = ''): Promise<PuzzleResponse> {
  const res = await request(server.url, 'GET', `/api/puzzles/next${query}`, undefined, { bearer: token });
  expect(res.status, await res.clone().text()).toBe(200);
  return PuzzleResponseSchema.parse(await res.json());
}
async function attempt(token: string, id: string, moves: string[]): Promise<PuzzleAttemptResponse> {
  const res = await post(server.url, `/api/puzzles/${id}/attempt`, { moves }, { bearer: token });
  expect(res.status, await res.clone().text()).toBe(200);
  return PuzzleAttemptResponseSchema.parse(await res.json());
}
const mine = (p: Puzzle) => p.moves.filter((_, i) => i % 2 === 0);
/** A legal first move that is not the line's (nor one that takes the royal). */
const wrongMove = (p: Puzzle) => unwrap(Game.fromSfen(p.sfen)).legalMoves().find((m) => m !== p.moves[0])!;

/** A move from an empty square of the puzzle's board. */
const fromEmpty = (p: Puzzle) => {
  const game = unwrap(Game.fromSfen(p.sfen));
  const t = game.position.tables;
  const empty = game.board().findIndex((x) => x === undefined);
  const name = (i: number) => t.squareName(t.squares[i]);
  return `${name(empty)}${name(empty === 0 ? 1 : empty - 1)}`;
};

describe('puzzles', () => {
  it('a guest gets a puzzle without its solution, solves it move by move (each reply the line\'s), unrated', async () => {
    const { token } = await guest();
    const got = await next(token);
    expect(got.player).toBeNull();
    expect(JSON.stringify(got)).not.toContain('"moves"');
    const p = byId.get(got.puzzle.id)!;
    expect(got.puzzle).toMatchObject({ sfen: p.sfen, lastMove: p.lastMove, toFind: mine(p).length });
    const moves = mine(p);
    for (let k = 1; k < moves.length; k++) expect(await attempt(token, p.id, moves.slice(0, k))).toEqual({ status: 'continue', reply: p.moves[2 * k - 1] });
    expect(await attempt(token, p.id, moves)).toEqual({ status: 'solved', solution: p.moves, rating: null });
  });

  it("an account's first try is rated: a wrong move fails it, answered by the refutation; the puzzle gains what the player loses; a second try is not rated", async () => {
    const { token } = await player();
    const got = await next(token);
    expect(got.player).toMatchObject({ rating: 1500, provisional: true, attempts: 0 });
    const p = byId.get(got.puzzle.id)!;
    const failed = await attempt(token, p.id, [wrongMove(p)]);
    expect(failed).toMatchObject({ status: 'failed', index: 0, expected: p.moves[0], solution: p.moves });
    if (failed.status !== 'failed') throw new Error('not failed');
    const g = unwrap(Game.fromSfen(p.sfen));
    unwrap(g.play(wrongMove(p)));
    if (!g.outcome()) expect(g.check(failed.refutation!).ok).toBe(true);
    expect(failed.rating!.player.after).toBeLessThan(failed.rating!.player.before);
    expect(failed.rating!.puzzle.after).toBeGreaterThan(failed.rating!.puzzle.before);
    expect(await attempt(token, p.id, mine(p))).toEqual({ status: 'solved', solution: p.moves, rating: null });
    const after = await next(token);
    expect(after.player).toMatchObject({ rating: failed.rating!.player.after, attempts: 1, solved: 0 });
    expect(after.puzzle.id).not.toBe(p.id); // one not tried yet
  });

  it('a solve raises the player and lowers the puzzle', async () => {
    const { token } = await player();
    const p = byId.get((await next(token)).puzzle.id)!;
    const solved = await attempt(token, p.id, mine(p));
    if (solved.status !== 'solved') throw new Error('not solved');
    expect(solved.rating!.player.after).toBeGreaterThan(solved.rating!.player.before);
    expect(solved.rating!.puzzle.after).toBeLessThan(solved.rating!.puzzle.before);
    expect((await next(token)).player).toMatchObject({ attempts: 1, solved: 1 });
  });

  it('a theme picks puzzles with it; the daily puzzle is one for everyone', async () => {
    const { token } = await guest();
    for (const theme of ['fork', 'long', 'royalHunt'] as const) expect((await next(token, `?theme=${theme}`)).puzzle.themes).toContain(theme);
    const a = await request(server.url, 'GET', '/api/puzzles/daily', undefined, { bearer: token });
    const b = await request(server.url, 'GET', '/api/puzzles/daily');
    const daily = PuzzleResponseSchema.parse(await a.json()).puzzle;
    expect(daily).toEqual(PuzzleResponseSchema.parse(await b.json()).puzzle);
    const linked = await request(server.url, 'GET', `/api/puzzles/${daily.id}`, undefined, { bearer: token });
    expect(PuzzleResponseSchema.parse(await linked.json()).puzzle).toEqual(daily);
  });

  it('refuses what is not a move, an illegal move (judging nothing), an unknown puzzle and a theme not known, with clear codes', async () => {
    const { token } = await guest();
    const p = byId.get((await next(token)).puzzle.id)!;
    expect(await attempt(token, p.id, [fromEmpty(p)])).toEqual({ status: 'illegal', index: 0, reason: 'no-piece' });
    const cases: [Response, number, string, RegExp][] = [
      [await post(server.url, `/api/puzzles/${p.id}/attempt`, { moves: ['e2e4'] }, { bearer: token }), 400, 'malformed', /moves\.0/],
      [await post(server.url, `/api/puzzles/${p.id}/attempt`, { moves: [] }, { bearer: token }), 400, 'malformed', /moves/],
      [await post(server.url, `/api/puzzles/${p.id}/attempt`, { moves: ['7i7h'], solved: true }, { bearer: token }), 400, 'malformed', /Unrecognized|solved/],
      [await post(server.url, '/api/puzzles/nope/attempt', { moves: ['7i7h'] }, { bearer: token }), 404, 'no-puzzle', /puzzle/],
      [await request(server.url, 'GET', '/api/puzzles/nope'), 404, 'no-puzzle', /puzzle/],
      [await request(server.url, 'GET', '/api/puzzles/next?theme=easy', undefined, { bearer: token }), 400, 'malformed', /theme/],
      [await post(server.url, `/api/puzzles/${p.id}/attempt`, { moves: ['7i7h'] }), 401, 'unauthenticated', /device/],
    ];
    for (const [res, status, code, message] of cases) {
      expect(res.status).toBe(status);
      const body = HttpErrorBodySchema.parse(await res.json());
      expect(body.code).toBe(code);
      expect(body.message).toMatch(message);
    }
  });
});
