import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

describe('hostile or mistaken input is refused and changes nothing', () => {
  let server: TestServer;
  let host: TestClient, guest: TestClient, stranger: TestClient;
  let gameId: string;
  let code: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ host, guest, gameId, code } = await seatedPair(server.url));
    stranger = await TestClient.connect(server.url, 'Eve');
    await stranger.join(code);
    expect((await host.move('7j5h')).type).toBe('ack'); // version 1, white to move
    await guest.reach(1);
  });
  afterAll(async () => {
    for (const c of [host, guest, stranger]) c?.close();
    await server?.stop();
  });

  const storedMoves = async () =>
    (await server.db.prisma.move.findMany({ where: { gameId }, orderBy: { ply: 'asc' } })).map((m) => m.usi);

  it('illegal move → illegal, with the rules reason', async () => {
    const r = await guest.move('6d6f'); // no white piece can reach it
    expect(r).toMatchObject({ type: 'error', code: 'illegal' });
    expect(r.type === 'error' && r.reason).toBeTruthy();
    expect(await storedMoves()).toEqual(['7j5h']);
  });

  it('out of turn → not-your-turn', async () => {
    const r = await host.move('5h3f', { version: 1 });
    expect(r).toMatchObject({ type: 'error', code: 'not-your-turn' });
    expect(await storedMoves()).toEqual(['7j5h']);
  });

  it('stale version → stale-version, then a full resync', async () => {
    const r = await guest.move('11d11e', { version: 0 });
    expect(r).toMatchObject({ type: 'error', code: 'stale-version' });
    const resync = await guest.nextOf('game', (m) => m.reason === 'resync');
    expect(resync.game).toMatchObject({ version: 1, moves: ['7j5h'], turn: 'white' });
    expect(await storedMoves()).toEqual(['7j5h']);
  });

  it('wrong seat: a spectator cannot move, resign, offer a draw or abort', async () => {
    const r = await stranger.move('11d11e', { version: 1 });
    expect(r).toMatchObject({ type: 'error', code: 'not-seated' });
    stranger.send({ type: 'resign', gameId });
    await stranger.error('not-seated');
    stranger.send({ type: 'draw', gameId, action: 'offer' });
    await stranger.error('not-seated');
    stranger.send({ type: 'abort', gameId });
    await stranger.error('not-seated');
    stranger.send({ type: 'room.start', code });
    await stranger.error('not-host');
    expect(await storedMoves()).toEqual(['7j5h']);
    const g = await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(g).toMatchObject({ status: 'active', version: 1 });
  });

  it.each([
    ['not an object', 'hello'],
    ['unknown type', { type: 'teleport' }],
    ['missing ack', { type: 'move', gameId: 'x', usi: '11d11e', version: 1 }],
    ['extra field', { type: 'resign', gameId: 'x', please: true }],
    ['bad usi', { type: 'move', gameId: 'x', usi: 'e2e4', version: 1, ack: 'k' }],
  ])('malformed (%s) → malformed', async (_label, payload) => {
    guest.sendRaw('c', payload);
    const r = await guest.error();
    expect(r.code).toBe('malformed');
    expect(r.message.length).toBeGreaterThan(0);
  });

  it('unknown event names are refused', async () => {
    guest.sendRaw('move', { usi: '11d11e' });
    expect((await guest.error()).code).toBe('malformed');
  });

  it('unknown game → no-game; a move for another game is not applied', async () => {
    guest.send({ type: 'move', gameId: 'nope', usi: '11d11e', version: 1, ack: 'zz' });
    expect((await guest.error()).code).toBe('no-game');
    expect(await storedMoves()).toEqual(['7j5h']);
  });

  it('a repeated ack id is applied once', async () => {
    const first = await guest.move('11d11e', { version: 1, ack: 'retry-1' });
    const again = await guest.move('11d11e', { version: 1, ack: 'retry-1' });
    expect(first).toMatchObject({ type: 'ack', version: 2 });
    expect(again).toMatchObject({ type: 'ack', version: 2 });
    expect(await storedMoves()).toEqual(['7j5h', '11d11e']);
  });

  it('an unknown token cannot connect; HTTP bodies are parsed too', async () => {
    await expect(TestClient.connect(server.url, { token: 'forged', deviceId: 'x' })).rejects.toThrow();
    const res = await fetch(`${server.url}/api/device`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 42 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'malformed' });
  });

  it('an oversized message closes that connection only', async () => {
    const big = await TestClient.connect(server.url, 'Big');
    const closed = new Promise((r) => big.socket.once('disconnect', r));
    big.sendRaw('c', { type: 'room.join', code: 'x'.repeat(64 * 1024) });
    await closed;
    const r = await guest.move('11e11f', { version: 99 }); // the server still answers others
    expect(r.type).toBe('error');
  });

  it('floods are rate limited', async () => {
    const flooder = await TestClient.connect(server.url, 'Flood');
    for (let i = 0; i < 80; i++) flooder.send({ type: 'sync', gameId, version: 0 });
    expect((await flooder.error('rate-limited')).code).toBe('rate-limited');
    flooder.close();
  });
});
