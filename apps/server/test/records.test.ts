import { GameRecordResponseSchema, MyGamesSchema } from '@chu/protocol';
import { Game, kifMoveTime, parseKif, parseKifTimeControl, START_SFEN } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LION_RUSH, seatedPair } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { request } from './support/http.ts';

describe('game records that travel: KIF and SFEN from the server', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('a finished game as lishogi chu KIF reads back to the same moves and result; its SFEN at any ply', async () => {
    const { host, guest, gameId } = await seatedPair(server.url);
    for (const [i, usi] of LION_RUSH.entries()) {
      const mover = i % 2 === 0 ? host : guest;
      await mover.until(() => mover.game!.ply === i);
      expect(await mover.move(usi)).toMatchObject({ type: 'ack' });
    }
    await guest.nextOf('event', (m) => m.event.kind === 'end');

    const res = await fetch(`${server.url}/api/games/${gameId}.kif`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toContain(`chu-${gameId}.kif`);
    const kif = await res.text();
    expect(kif).toContain('先手：Ana');
    expect(kif).toContain('後手：Ben');
    const back = parseKif(kif);
    expect(back.ok && back.value.moves).toEqual(LION_RUSH);
    expect(back.ok && back.value.sfen).toBe(START_SFEN);

    const final = Game.replay(LION_RUSH);
    expect((await (await fetch(`${server.url}/api/games/${gameId}.sfen`)).text()).trim()).toBe(final.ok && final.value.sfen());
    const one = Game.replay(LION_RUSH.slice(0, 1));
    expect((await (await fetch(`${server.url}/api/games/${gameId}.sfen?ply=1`)).text()).trim()).toBe(one.ok && one.value.sfen());
    host.close();
    guest.close();
  });

  it.each([
    ['/api/games/nope.kif', 404, 'no-game'],
    ['/api/games/nope.sfen', 404, 'no-game'],
    ['/api/games/x.sfen?ply=-1', 400, 'malformed'],
    ['/api/games/x.sfen?ply=1&more=2', 400, 'malformed'],
  ])('%s → %i %s', async (path, status, code) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code });
  });

  // RULES.md §7: a clock game's record carries its control, and each move's time as lishogi writes it
  it('a clock game as KIF: 持ち時間 in the header, each move\'s time after it, and our import reads it back', async () => {
    const tc = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 3, incrementSeconds: 0 } as const;
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: tc });
    const plies = LION_RUSH.slice(0, 4);
    for (const [i, usi] of plies.entries()) {
      const mover = i % 2 === 0 ? host : guest;
      await mover.until(() => mover.game!.ply === i);
      expect(await mover.move(usi)).toMatchObject({ type: 'ack' });
    }
    await host.until(() => host.game!.ply === plies.length);
    host.send({ type: 'resign', gameId });
    await guest.nextOf('event', (m) => m.event.kind === 'end');

    // the record: both clocks after every move, as stored
    const stored = await server.db.prisma.move.findMany({ where: { gameId }, orderBy: { ply: 'asc' } });
    const record = GameRecordResponseSchema.parse(await (await fetch(`${server.url}/api/games/${gameId}`)).json()).game;
    expect(record.clocks).toEqual(stored.map((m) => ({
      black: { mainMs: m.blackMs, periods: m.blackPeriods }, white: { mainMs: m.whiteMs, periods: m.whitePeriods }, lagCreditMs: m.lagMs ?? 0,
    })));
    expect(record.clocks.every((c) => c!.black.periods === 3 && c!.white.periods === 3)).toBe(true);

    const kif = await (await fetch(`${server.url}/api/games/${gameId}.kif`)).text();
    expect(kif).toContain('持ち時間：10分|30秒(3)\n');
    // each move's own time (what its clock was charged: measured, less the lag credited), then its side's total
    const totals = [0, 0];
    const expected = stored.map((m) => {
      const spent = Math.max(0, m.timeMs - (m.lagMs ?? 0));
      totals[m.ply % 2] += spent;
      return kifMoveTime(spent, totals[m.ply % 2]);
    });
    const timed = kif.split('\n').filter((l) => /^\s*\d+手目(?!一歩目).*（←/.test(l));
    expect(timed.map((l) => l.slice(l.lastIndexOf('(')))).toEqual(expected);
    const back = parseKif(kif);
    expect(back.ok && back.value.moves).toEqual(plies);
    expect(back.ok && parseKifTimeControl(back.value.header.timeControl!)).toEqual(tc);
    host.close();
    guest.close();
  });

  it.each([
    ['untimed', { kind: 'none' }, null],
    ['correspondence (lishogi writes no times for its days)', { kind: 'correspondence', daysPerMove: 3 }, null],
    ['a turn limit (byoyomi alone)', { kind: 'turn', seconds: 30 }, '0秒|30秒'],
  ] as const)('%s: the header\'s control, and move times only on a real-time clock', async (_, tc, header) => {
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: tc });
    expect(await host.move(LION_RUSH[0])).toMatchObject({ type: 'ack' });
    await guest.until(() => guest.game!.ply === 1);
    host.send({ type: 'resign', gameId });
    await guest.nextOf('event', (m) => m.event.kind === 'end');
    const kif = await (await fetch(`${server.url}/api/games/${gameId}.kif`)).text();
    if (header) expect(kif).toContain(`持ち時間：${header}\n`);
    else expect(kif).not.toContain('持ち時間');
    expect(/（←\S+）\s+\(\s*\d+:\d\d\//.test(kif)).toBe(tc.kind === 'turn');
    expect(parseKif(kif).ok).toBe(true);
    host.close();
    guest.close();
  });

  it('Home\'s list: whose turn it is, and a correspondence move\'s deadline by the calendar', async () => {
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: { kind: 'correspondence', daysPerMove: 2 } });
    expect(await host.move(LION_RUSH[0])).toMatchObject({ type: 'ack' });
    await guest.until(() => guest.game!.ply === 1);
    const mine = async (token: string) => {
      const res = await request(server.url, 'GET', '/api/me/games', undefined, { bearer: token });
      return MyGamesSchema.parse(await res.json()).games.find((g) => g.gameId === gameId)!;
    };
    const stored = await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    const deadline = new Date(stored.turnStartedAt!.getTime() + 2 * 86_400_000).toISOString();
    expect(await mine(host.token)).toMatchObject({ color: 'black', turn: 'white', deadline });
    expect(await mine(guest.token)).toMatchObject({ color: 'white', turn: 'white', deadline });
    expect(guest.game!.clock!.deadline).toBe(Date.parse(deadline)); // the game's own view says the same
    host.close();
    guest.close();
  });
});
