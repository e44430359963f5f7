import { Game, type TimeControl } from '@chu/rules';
import { ADJOURN_FROM_PLY, type ServerMessage } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ackId, adjourn, agreeToAdjourn, eventOf, playTo, resume, seal } from './support/adjourning.ts';
import { request } from './support/http.ts';
import { firstLegal, seatedPair, TestClient } from './support/TestClient.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// RULES.md §7: adjournment by agreement. In a clock game, from ply 20 on, one player offers and the other
// accepts; the player to move seals a move, which nobody else sees until both agree to resume; no clock
// runs meanwhile. Clock seconds are shortened with msPerSecond.

const SLOW = 240_000; // a server restart or a fresh database, on a loaded machine
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// byoyomi alone: every move within 30 clock seconds (3 s here), and one period, so a clock that ran
// through an adjournment longer than that would have flagged someone
const BYOYOMI: TimeControl = { kind: 'clock', initialSeconds: 0, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 };
const MS_PER_SECOND = 100;

const gameOf = (c: TestClient) => c.game!;

async function spectator(url: string, code: string, game?: { id: string; version: number }): Promise<TestClient> {
  const s = await TestClient.connect(url, 'Spec');
  await s.join(code, game);
  if (!game) await s.nextOf('game');
  return s;
}

/** A legal move for the side to move whose USI no message so far has carried: its secrecy can be looked for. */
function unseenMove(moves: string[], seen: string): string {
  const g = Game.replay(moves);
  if (!g.ok) throw new Error('moves do not replay');
  const usi = g.value.legalMoves().find((m) => !seen.includes(`"${m}"`));
  if (!usi) throw new Error('every legal move was seen already');
  return usi;
}

const refusal = (code: string) => ({ type: 'error', code });

// one server for the scenarios that need no restart
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ msPerSecond: MS_PER_SECOND }); }, SLOW);
afterAll(async () => { await server?.stop(); });

describe('adjournment by agreement: who may, and when (RULES.md §7)', () => {

  it.each([
    ['untimed', { kind: 'none' }],
    ['a per-move limit', { kind: 'turn', seconds: 30 }],
    ['correspondence', { kind: 'correspondence', daysPerMove: 3 }],
  ] as const)('%s games do not adjourn by agreement, even after ply 20', async (_name, timeControl) => {
    const pair = await seatedPair(server.url, { timeControl });
    await playTo(pair, ADJOURN_FROM_PLY);
    expect(await adjourn(pair.guest, 'offer')).toMatchObject(refusal('cannot-adjourn'));
    pair.host.close(); pair.guest.close();
  }, SLOW);

  it('a clock game may adjourn from ply 20 on, not before; a spectator may not offer, nor seal', async () => {
    const pair = await seatedPair(server.url, { timeControl: BYOYOMI });
    const watcher = await spectator(server.url, pair.code);
    await playTo(pair, ADJOURN_FROM_PLY - 1);
    expect(await adjourn(pair.guest, 'offer')).toMatchObject({ ...refusal('cannot-adjourn'), message: expect.stringContaining('ply 20') });
    await playTo(pair, ADJOURN_FROM_PLY);
    expect(await adjourn(watcher, 'offer')).toMatchObject(refusal('not-seated'));
    expect(await seal(pair.host, firstLegal(gameOf(pair.host).moves))).toMatchObject(refusal('no-seal')); // nothing agreed
    expect(await resume(pair.host, 'offer')).toMatchObject(refusal('no-resume-offer')); // not adjourned
    expect(await adjourn(pair.host, 'offer')).toMatchObject({ type: 'ack' });
    expect(await eventOf(watcher, 'adjourn-offer')).toMatchObject({ by: 'black' });
    for (const c of [pair.host, pair.guest, watcher]) c.close();
  }, SLOW);

  it('offer, decline, lapse with a move, accept; then only the player to move seals, and only a legal move', async () => {
    const pair = await seatedPair(server.url, { timeControl: BYOYOMI });
    const { host, guest } = pair;
    await playTo(pair, ADJOURN_FROM_PLY); // Black to move
    expect(await adjourn(host, 'offer')).toMatchObject({ type: 'ack' });
    expect(await eventOf(guest, 'adjourn-offer')).toMatchObject({ by: 'black' });
    expect(await adjourn(host, 'accept')).toMatchObject(refusal('no-adjourn-offer')); // not one's own offer
    expect(await adjourn(guest, 'decline')).toMatchObject({ type: 'ack' });
    expect(await eventOf(host, 'adjourn-decline')).toMatchObject({ by: 'white' });
    // White offers; Black moves instead of answering: the offer lapses, like a draw offer
    expect(await adjourn(guest, 'offer')).toMatchObject({ type: 'ack' });
    await host.reach(gameOf(guest).version);
    expect(await host.move(firstLegal(gameOf(host).moves))).toMatchObject({ type: 'ack' });
    expect(await adjourn(host, 'accept')).toMatchObject(refusal('no-adjourn-offer'));
    // Black offers now (White to move) and White accepts: White seals
    expect(await adjourn(host, 'offer')).toMatchObject({ type: 'ack' });
    await guest.reach(gameOf(host).version);
    expect(await adjourn(guest, 'accept')).toMatchObject({ type: 'ack' });
    expect(await eventOf(host, 'adjourn-accept')).toMatchObject({ by: 'white', sealer: 'white' });
    await guest.reach(gameOf(host).version);
    expect(gameOf(guest)).toMatchObject({ status: 'active', adjournment: { sealer: 'white', sealed: false } });
    const usi = firstLegal(gameOf(guest).moves);
    expect(await seal(host, firstLegal(gameOf(host).moves))).toMatchObject(refusal('not-your-turn')); // not the sealer
    expect(await guest.move(usi)).toMatchObject(refusal('must-seal')); // the sealer's move is sealed, not played
    expect(await adjourn(guest, 'offer')).toMatchObject(refusal('must-seal'));
    expect(await seal(guest, '1a1b')).toMatchObject(refusal('illegal'));
    const sealAck = ackId();
    expect(await seal(guest, usi, sealAck)).toMatchObject({ type: 'ack' });
    expect(await eventOf(host, 'adjourn')).toMatchObject({ why: 'agreement', clock: { running: null } });
    expect(await seal(guest, usi, sealAck)).toMatchObject({ type: 'ack' }); // a retry is acknowledged again
    expect(await seal(guest, usi)).toMatchObject(refusal('no-seal')); // a second seal is not
    expect(await guest.move(usi)).toMatchObject(refusal('adjourned'));
    expect(await host.move(firstLegal(gameOf(host).moves))).toMatchObject(refusal('adjourned'));
    const stored = await server.db.prisma.game.findUniqueOrThrow({ where: { id: pair.gameId }, include: { sealedMove: true, moves: true } });
    expect(stored).toMatchObject({ status: 'adjourned', sealer: 'white', sealedMove: { ply: ADJOURN_FROM_PLY + 1, usi } });
    expect(stored.moves).toHaveLength(ADJOURN_FROM_PLY + 1);
    host.close(); guest.close();
  }, SLOW);
});

describe('the sealer goes away while sealing (RULES.md §8 on a clock)', () => {

  it('the CPU standing in seals in time, unseen; back, the player resumes by agreement and the CPU\'s sealed move is played', async () => {
    const pair = await seatedPair(server.url, { timeControl: BYOYOMI });
    await playTo(pair, ADJOURN_FROM_PLY);
    await agreeToAdjourn(pair.guest, pair.host); // Black seals
    const { guest, code } = pair;
    pair.host.close();
    const adjourned = await eventOf(guest, 'adjourn', 15_000);
    expect(adjourned).toMatchObject({ why: 'agreement' });
    expect(guest.inbox.some((m) => m.type === 'event' && m.event.kind === 'move' && m.event.ply === ADJOURN_FROM_PLY)).toBe(false);
    const row = await server.db.prisma.sealedMove.findUniqueOrThrow({ where: { gameId: pair.gameId } });
    expect(row).toMatchObject({ ply: ADJOURN_FROM_PLY, byCpu: true });
    expect(JSON.stringify(guest.inbox)).not.toContain(`"${row.usi}"`);

    const host = await TestClient.connect(server.url, { token: pair.host.token, deviceId: pair.host.deviceId });
    await host.join(code);
    await host.nextOf('game');
    expect(gameOf(host)).toMatchObject({ status: 'adjourned', adjourned: 'agreement' }); // coming back does not resume it
    expect(await resume(host, 'offer')).toMatchObject({ type: 'ack' });
    await guest.reach(gameOf(host).version);
    expect(await resume(guest, 'accept')).toMatchObject({ type: 'ack' });
    const played = await guest.nextOf('event', (m) => m.event.kind === 'move' && m.event.ply === ADJOURN_FROM_PLY);
    expect(played.event).toMatchObject({ usi: row.usi, byCpu: true, color: 'black' });
    host.close(); guest.close();
  }, SLOW);
});

describe('the sealed move is secret until the game resumes; no clock runs meanwhile', () => {

  it('neither the opponent\'s socket, a spectator\'s, a catching-up one, nor any HTTP record shows it; resumption plays it first', async () => {
    const pair = await seatedPair(server.url, { timeControl: BYOYOMI });
    const { host, guest, code, gameId } = pair;
    const watcher = await spectator(server.url, code);
    await playTo(pair, ADJOURN_FROM_PLY); // Black to move: Black will seal
    const http = async () => {
      const paths = [`/api/games/${gameId}`, `/api/games/${gameId}.kif`, `/api/games/${gameId}.sfen`, `/api/rooms/${code}`];
      const bodies = await Promise.all(paths.map(async (p) => (await fetch(`${server.url}${p}`)).text()));
      const mine = await request(server.url, 'GET', '/api/me/games', undefined, { bearer: guest.token });
      return { record: bodies[0], kif: bodies[1], sfen: bodies[2], room: bodies[3], myGames: await mine.text() };
    };
    const before = await http();

    await agreeToAdjourn(guest, host);
    await host.reach(gameOf(host).version);
    await sleep(500); // Black thinks over its sealed move: that time is charged as a move's
    const everything = (clients: TestClient[]) => JSON.stringify(clients.map((c) => c.inbox));
    const usi = unseenMove(gameOf(host).moves, everything([host, guest, watcher]) + JSON.stringify(before));
    expect(await seal(host, usi)).toMatchObject({ type: 'ack' });
    // issue 47, item 14: the sealer, and only the sealer, is told its sealed move
    expect(await host.nextOf('sealed')).toEqual({ type: 'sealed', gameId, usi });
    const adjourned = await eventOf(watcher, 'adjourn');
    expect(adjourned).toMatchObject({ why: 'agreement', clock: { running: null } });
    await guest.reach(adjourned.version);

    // Clients that come now: one catching up from the start through the event history, one fresh
    const catching = await spectator(server.url, code, { id: gameId, version: 0 });
    await catching.until(() => catching.inbox.some((m) => m.type === 'event' && m.event.version === adjourned.version));
    const fresh = await spectator(server.url, code);
    expect((fresh.game!)).toMatchObject({ status: 'adjourned', adjourned: 'agreement', ply: ADJOURN_FROM_PLY, adjournment: { sealer: 'black', sealed: true } });
    expect(fresh.game!.moves).toHaveLength(ADJOURN_FROM_PLY);
    const during = await http();
    expect(JSON.parse(during.myGames).games).toEqual([expect.objectContaining({ gameId, status: 'adjourned', adjourned: 'agreement' })]);

    // Longer than a whole byoyomi period: a clock that ran would have flagged someone
    await sleep(3500);
    const later = await spectator(server.url, code);
    expect(later.game!.clock).toEqual({ ...fresh.game!.clock, serverNow: later.game!.clock!.serverNow });
    expect(later.game!.status).toBe('adjourned');
    // the sealer's device back after a reload sees it again; the opponent's back after one does not
    const reloaded = await TestClient.connect(server.url, host);
    await reloaded.join(code);
    expect(await reloaded.nextOf('sealed')).toEqual({ type: 'sealed', gameId, usi });
    const opponentReloaded = await TestClient.connect(server.url, guest);
    await opponentReloaded.join(code);
    await opponentReloaded.nextOf('chat.history');
    const sinceAgreed = everything([guest, watcher, catching, fresh, later, opponentReloaded]);
    expect(sinceAgreed).not.toContain(`"${usi}"`);
    // nothing a record shows of the moves changed (the record says 'adjourned' now)
    for (const key of ['kif', 'sfen'] as const) expect(during[key]).toBe(before[key]);
    const movesOf = (record: string) => { const { moves, times, byCpu } = JSON.parse(record).game; return { moves, times, byCpu }; };
    expect(movesOf(during.record)).toEqual(movesOf(before.record));
    expect(JSON.parse(during.record).game.status).toBe('adjourned');
    expect(JSON.stringify(during)).not.toContain(`"${usi}"`);

    // Both present, both agree: the sealed move is played first, then White's clock runs
    expect(await resume(guest, 'offer')).toMatchObject({ type: 'ack' });
    await Promise.all([host, watcher].map((c) => c.reach(gameOf(guest).version)));
    const watched = watcher.inbox.length;
    expect(await resume(host, 'accept')).toMatchObject({ type: 'ack' });
    const played = await watcher.nextOf('event', (m) => m.event.kind === 'move' && m.event.ply === ADJOURN_FROM_PLY);
    const order = watcher.inbox.slice(watched).flatMap((m: ServerMessage) => (m.type === 'event' ? [m.event.kind] : []));
    expect(order.slice(0, 2)).toEqual(['resume', 'move']);
    expect(played.event).toMatchObject({ usi, color: 'black', ply: ADJOURN_FROM_PLY, turn: 'white', clock: { running: 'white' } });
    expect(JSON.stringify(watcher.inbox.slice(0, watched))).not.toContain(`"${usi}"`);
    await guest.reach(played.event.version);
    expect(await guest.move(firstLegal(gameOf(guest).moves))).toMatchObject({ type: 'ack' }); // White did not flag
    const row = await server.db.prisma.move.findUniqueOrThrow({ where: { gameId_ply: { gameId, ply: ADJOURN_FROM_PLY } } });
    expect(row.usi).toBe(usi);
    expect(row.timeMs).toBeGreaterThanOrEqual(500); // the sealer's thinking, charged
    expect(row.timeMs).toBeLessThan(3500);          // not the adjournment
    expect(await server.db.prisma.sealedMove.count({ where: { gameId } })).toBe(0);
    const after = await http();
    expect(after.record).toContain(`"${usi}"`);
    expect(JSON.parse(after.myGames).games).toEqual([expect.objectContaining({ gameId, status: 'active', adjourned: null })]);
    for (const c of [host, guest, watcher, catching, fresh, later, reloaded, opponentReloaded]) c.close();
  }, SLOW);
});

describe('adjourned games survive restarts (RULES.md §7)', () => {
  let target: TestDatabase;
  let restarted: TestServer | undefined;
  beforeAll(async () => { target = await testDatabase(); }, SLOW);
  afterAll(async () => { await restarted?.stop(); await target?.dispose(); });

  const restart = async () => {
    await restarted!.stop();
    restarted = await startTestServer({ msPerSecond: MS_PER_SECOND }, target);
  };
  const back = async (c: TestClient, code: string) => {
    const again = await TestClient.connect(restarted!.url, { token: c.token, deviceId: c.deviceId });
    await again.join(code);
    await again.nextOf('game');
    return again;
  };

  it('a restart while the sealed move is pending, then while adjourned; resuming needs both present and agreeing', async () => {
    restarted = await startTestServer({ msPerSecond: MS_PER_SECOND }, target);
    const pair = await seatedPair(restarted.url, { timeControl: BYOYOMI });
    const { code, gameId } = pair;
    await playTo(pair, ADJOURN_FROM_PLY);
    await agreeToAdjourn(pair.guest, pair.host);
    pair.host.close(); pair.guest.close();

    // Agreed, not sealed yet: after a restart Black still seals
    await restart();
    let host = await back(pair.host, code);
    expect(gameOf(host)).toMatchObject({ status: 'active', adjourned: null, adjournment: { sealer: 'black', sealed: false } });
    const usi = firstLegal(gameOf(host).moves);
    expect(await host.move(usi)).toMatchObject(refusal('must-seal'));
    const sealAck = ackId();
    expect(await seal(host, usi, sealAck)).toMatchObject({ type: 'ack' });
    host.close();

    // Sealed: the acknowledged seal survives a restart, and still nobody sees it
    await restart();
    host = await back(pair.host, code);
    let guest = await back(pair.guest, code);
    expect(await seal(host, usi, sealAck)).toMatchObject({ type: 'ack' }); // the same seal, acknowledged again
    for (const c of [host, guest]) {
      expect(gameOf(c)).toMatchObject({ status: 'adjourned', adjourned: 'agreement', ply: ADJOURN_FROM_PLY, adjournment: { sealer: 'black', sealed: true } });
    }
    expect(JSON.stringify(guest.inbox)).not.toContain(`"${usi}"`);
    // Both came back, and it stays adjourned until they agree; one who is away cannot be asked
    guest.close();
    await host.until(() => gameOf(host).seats.white.status === 'away');
    expect(await resume(host, 'offer')).toMatchObject(refusal('opponent-away'));
    guest = await back(pair.guest, code);
    await host.until(() => gameOf(host).seats.white.status === 'present');
    expect(gameOf(host).status).toBe('adjourned');
    expect(await resume(host, 'offer')).toMatchObject({ type: 'ack' });
    await guest.reach(gameOf(host).version);
    expect(await resume(guest, 'decline')).toMatchObject({ type: 'ack' });
    expect(await resume(guest, 'accept')).toMatchObject(refusal('no-resume-offer'));
    expect(await resume(host, 'offer')).toMatchObject({ type: 'ack' });
    await guest.reach(gameOf(host).version);
    expect(await resume(guest, 'accept')).toMatchObject({ type: 'ack' });
    const played = await guest.nextOf('event', (m) => m.event.kind === 'move' && m.event.ply === ADJOURN_FROM_PLY);
    expect(played.event).toMatchObject({ usi, ply: ADJOURN_FROM_PLY, color: 'black', clock: { running: 'white' } });
    expect(await restarted!.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'active', sealer: null });
    host.close(); guest.close();
  }, SLOW);
});
