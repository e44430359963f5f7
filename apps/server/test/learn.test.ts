// Issue 49, lessons' progress: a solved exercise is the moves that solve it, replayed by the server through
// @chu/learn, which gives the stars; kept per account (any device) or per guest device; bad claims change nothing.
import { LessonProgressSchema, SolvedExerciseSchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const SLOW = 240_000;
const roomy = { ...defaultConfig().httpLimits, devices: 200, registers: 100 };
type Holder = { token: string };

const guest = async (url: string): Promise<Holder> => {
  const made = await post(url, '/api/device', { name: 'Guest' });
  return { token: ((await made.json()) as { token: string }).token };
};
const solve = async (url: string, who: Holder, exercise: string, body: unknown) => {
  const res = await request(url, 'PUT', `/api/learn/progress/${exercise}`, body, { bearer: who.token });
  return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
};
const progress = async (url: string, who: Holder) =>
  LessonProgressSchema.parse(await (await request(url, 'GET', '/api/learn/progress', undefined, { bearer: who.token })).json());

describe('lessons progress (issue 49)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ httpLimits: roomy }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  it('a guest solves an exercise: the stars are the ones its moves earn, and the best stays', async () => {
    const ana = await guest(server.url);
    expect(await progress(server.url, ana)).toEqual({ solved: [] });
    // the Gold's way to 5e in four moves instead of two: two stars
    const long = await solve(server.url, ana, 'gold', { moves: ['6g6f', '6f6g', '6g5f', '5f5e'] });
    expect(SolvedExerciseSchema.parse(long.body)).toEqual({ exercise: 'gold', stars: 2, moves: 4 });
    const short = await solve(server.url, ana, 'gold', { moves: ['6g5f', '5f5e'] });
    expect(short.body).toEqual({ exercise: 'gold', stars: 3, moves: 2 });
    const again = await solve(server.url, ana, 'gold', { moves: ['6g6f', '6f6g', '6g5f', '5f5e'] });
    expect(again.body).toEqual({ exercise: 'gold', stars: 3, moves: 2 });
    expect(await progress(server.url, ana)).toEqual({ solved: [{ exercise: 'gold', stars: 3, moves: 2 }] });
  });

  it.each([
    ['a move the rules refuse', 'gold', { moves: ['6g5h'] }, 422, 'not-solved', /Move 1 .*unreachable/],
    ['a move an answer exercise does not take', 'lion-igui', { moves: ['6f6e'] }, 422, 'not-solved', /Move 1 .*wrong/],
    ['moves that stop short of the goal', 'pawn', { moves: ['6h6g'] }, 422, 'not-solved', /Move 2 .*unsolved/],
    ['moves past the solution', 'rook', { moves: ['6f2f', '2f2g'] }, 422, 'not-solved', /Move 2 .*solved/],
    ['stars claimed by the client', 'rook', { moves: ['6f2f'], stars: 3 }, 400, 'malformed', /stars|Unrecognized/i],
    ['no moves', 'rook', { moves: [] }, 400, 'malformed', /moves/],
    ['an exercise that does not exist', 'no-such-lesson', { moves: ['6f2f'] }, 404, 'no-exercise', /no-such-lesson/],
    ['an id that is no id', 'Rook!', { moves: ['6f2f'] }, 400, 'malformed', /exercise id/],
  ] as const)('%s is refused with its reason, and nothing is stored', async (_what, exercise, body, status, code, message) => {
    const ben = await guest(server.url);
    const r = await solve(server.url, ben, exercise, body);
    expect([r.status, r.body.code]).toEqual([status, code]);
    expect(r.body.message).toMatch(message);
    expect(await progress(server.url, ben)).toEqual({ solved: [] });
  });

  it("an account's progress follows it to another device; a guest's stays on its own", async () => {
    const cleo = await account(server.url, 'cleo_learns');
    expect((await solve(server.url, cleo, 'lion-double', { moves: ['6f6e5d'] })).status).toBe(200);
    const phone = await guest(server.url);
    expect(await progress(server.url, phone)).toEqual({ solved: [] });
    const login = await post(server.url, '/api/account/login', { username: 'cleo_learns', password: 'correct horse battery' }, { bearer: phone.token });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect(await progress(server.url, { token })).toEqual({ solved: [{ exercise: 'lion-double', stars: 3, moves: 1 }] });
  });

  it("a guest's lessons become the account's when it registers or logs in on that device, the better kept", async () => {
    // registering: everything solved as a guest comes along
    const eva = await guest(server.url);
    await solve(server.url, eva, 'rook', { moves: ['6f2f'] });
    const reg = await post(server.url, '/api/account/register', { username: 'eva_learns', password: 'correct horse battery' }, { bearer: eva.token });
    const evaAccount = { token: ((await reg.json()) as { token: string }).token };
    expect(await progress(server.url, evaAccount)).toEqual({ solved: [{ exercise: 'rook', stars: 3, moves: 1 }] });

    // logging in on another device that solved things as a guest: the better solution of each exercise stays
    await solve(server.url, evaAccount, 'gold', { moves: ['6g5f', '5f5e'] });
    const tablet = await guest(server.url);
    await solve(server.url, tablet, 'gold', { moves: ['6g6f', '6f6g', '6g5f', '5f5e'] }); // 2 stars: the account's 3 stay
    await solve(server.url, tablet, 'bishop', { moves: ['6f3c'] });
    const login = await post(server.url, '/api/account/login', { username: 'eva_learns', password: 'correct horse battery' }, { bearer: tablet.token });
    const tabletAccount = { token: ((await login.json()) as { token: string }).token };
    const solved = (await progress(server.url, tabletAccount)).solved.sort((a, b) => a.exercise.localeCompare(b.exercise));
    expect(solved).toEqual([
      { exercise: 'bishop', stars: 3, moves: 1 },
      { exercise: 'gold', stars: 3, moves: 2 },
      { exercise: 'rook', stars: 3, moves: 1 },
    ]);
    // logged out again, the tablet is a guest with nothing of its own: its guest rows went to the account
    const out = await post(server.url, '/api/account/logout', {}, { bearer: tabletAccount.token });
    expect(await progress(server.url, { token: ((await out.json()) as { token: string }).token })).toEqual({ solved: [] });
  });

  it('needs a device', async () => {
    const res = await request(server.url, 'GET', '/api/learn/progress');
    expect(res.status).toBe(401);
  });

  it('solving is rate limited', async () => {
    const dan = await guest(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await solve(server.url, dan, 'rook', { moves: ['6f2f'] })).status);
    // 120 a minute from one address, this file's other tests' included: the first refusal comes within these 121
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(statuses.slice(0, first).every((s) => s === 200)).toBe(true);
  });
}, SLOW);
