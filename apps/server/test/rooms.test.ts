import type { ClientMessage, Lobby } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// The server runs a room's workflows (issue 35): no browser tab has to stay open for a game to start.

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the server runs a room\'s workflows (issue 35)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it.each([
    [true, 'starts by itself'],
    [false, 'waits for its host'],
  ])('public %s: a room whose last free seat a person takes %s', async (isPublic) => {
    const ana = await TestClient.connect(server.url, 'Ana');
    const room = await ana.createRoom({ public: isPublic });
    ana.send({ type: 'room.sit', code: room.code, color: 'black' });
    await ana.nextOf('room', (m) => m.room.seats.black.kind === 'human');
    const ben = await TestClient.connect(server.url, 'Ben');
    await ben.join(room.code);
    ben.send({ type: 'room.sit', code: room.code });
    await ana.nextOf('room', (m) => m.room.seats.white.kind === 'human');
    if (isPublic) {
      for (const c of [ana, ben]) {
        expect((await c.nextOf('game', (m) => m.reason === 'start')).game.seats).toMatchObject({ black: { name: 'Ana' }, white: { name: 'Ben' } });
      }
    } else {
      await settle();
      expect(ben.silentFor((m) => m.type === 'game')).toBe(true);
      ana.send({ type: 'room.start', code: room.code });
      await ben.nextOf('game', (m) => m.reason === 'start');
    }
    // the next person who takes a free seat after the game starts the next one, the same way
    ben.send({ type: 'resign', gameId: ben.game!.id });
    await ana.nextOf('event', (m) => m.event.kind === 'end');
    ben.send({ type: 'room.stand', code: room.code });
    await ana.nextOf('room', (m) => m.room.seats.white.kind === 'empty');
    const cleo = await TestClient.connect(server.url, 'Cleo');
    await cleo.join(room.code);
    cleo.send({ type: 'room.sit', code: room.code });
    await settle();
    expect(ana.inbox.some((m) => m.type === 'game' && m.reason === 'start' && m.game.seats.white.name === 'Cleo')).toBe(isPublic);
    for (const c of [ana, ben, cleo]) c.close();
  });

  it.each([
    [undefined, 'black', 'white'],
    ['white', 'white', 'black'],
  ] as const)('"play the CPU" is one command (color %s): a new room, the person at %s, the CPU at %s, the game started, then the ack', async (color, person, cpu) => {
    const ana = await TestClient.connect(server.url, 'Ana');
    const ack = await ana.command({ type: 'room.cpuGame', level: 2, ...(color ? { color } : {}), options: { language: 'en', takebacks: false } }, 'cpu-1');
    expect(ack).toMatchObject({ type: 'ack', version: 0 });
    const start = await ana.nextOf('game', (m) => m.reason === 'start');
    expect(start.game.seats[person]).toMatchObject({ kind: 'human', deviceId: ana.deviceId });
    expect(start.game.seats[cpu]).toMatchObject({ kind: 'cpu', level: 2 });
    expect(ana.room).toMatchObject({ hostDeviceId: ana.deviceId, options: { language: 'en', takebacks: false }, gameNumber: 1 });
    expect(ana.room!.present.map((p) => p.deviceId)).toEqual([ana.deviceId]);
    if (cpu === 'black') await ana.nextOf('event', (m) => m.event.kind === 'move' && m.event.byCpu); // its first move, by itself
    ana.close();
  });

  it.each([
    ['a CPU level out of range', { type: 'room.cpuGame', level: 9 }, 'malformed', /level/],
    ['options that do not fit', { type: 'room.cpuGame', level: 3, options: { variant: 'dai', startSfen: 'lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL b - 1' } }, 'malformed', /startSfen/],
  ] as const)('"play the CPU" refuses %s, with its ack, and makes no room', async (_label, m, code, why) => {
    const ana = await TestClient.connect(server.url, 'Ana');
    const refused = await ana.command(m as ClientMessage, 'cpu-bad');
    expect(refused).toMatchObject({ type: 'error', code });
    expect(refused.type === 'error' && refused.message).toMatch(why);
    await settle();
    expect(ana.silentFor((r) => r.type === 'room')).toBe(true);
    ana.close();
  });

  it('the room\'s language is an option its host sets, between games; the lobby shows it', async () => {
    const watcher = await TestClient.connect(server.url, 'Looking');
    watcher.send({ type: 'lobby.watch' });
    const ana = await TestClient.connect(server.url, 'Ana');
    const room = await ana.createRoom({ public: true, language: 'ja' });
    ana.send({ type: 'room.sit', code: room.code, color: 'black' });
    const listed = (m: { lobby: Lobby }, language: string) => m.lobby.rooms.some((r) => r.code === room.code && r.language === language);
    await watcher.nextOf('lobby', (m) => listed(m, 'ja'));
    const ben = await TestClient.connect(server.url, 'Ben');
    await ben.join(room.code);
    expect(await ben.command({ type: 'room.options', code: room.code, options: { language: 'en' } }, 'lang-ben')).toMatchObject({ type: 'error', code: 'not-host' });
    expect(await ana.command({ type: 'room.options', code: room.code, options: { language: 'en' } }, 'lang-ana')).toMatchObject({ type: 'ack' });
    expect((await ana.nextOf('room', (m) => m.room.options.language === 'en')).room.options.language).toBe('en');
    await watcher.nextOf('lobby', (m) => listed(m, 'en'));
    for (const c of [watcher, ana, ben]) c.close();
  });

  it('every command that can be refused answers its ack id: the ack once done, or the refusal carrying it', async () => {
    const ana = await TestClient.connect(server.url, 'Ana');
    const ben = await TestClient.connect(server.url, 'Ben');
    const room = await ana.createRoom();
    const code = room.code;
    const cases: [TestClient, ClientMessage, 'ack' | string][] = [
      [ben, { type: 'room.sit', code }, 'not-in-room'],                     // not joined yet
      [ana, { type: 'room.sit', code, color: 'black' }, 'ack'],
      [ben, { type: 'room.join', code }, 'ack'],
      [ben, { type: 'room.sit', code, color: 'black' }, 'seat-taken'],
      [ben, { type: 'room.start', code }, 'not-host'],
      [ana, { type: 'room.start', code }, 'seats-not-filled'],
      [ana, { type: 'room.cpu', code, color: 'white', level: 1 }, 'ack'],
      [ben, { type: 'chat.mute', code, deviceId: ana.deviceId, muted: true }, 'not-host'],
      [ben, { type: 'resign', gameId: 'nope' }, 'no-game'],
      [ana, { type: 'room.start', code }, 'ack'],
      [ana, { type: 'room.options', code, options: { language: 'en' } }, 'game-running'],
      [ben, { type: 'ranked.join', control: '30m+30f' }, 'account-required'],
      [ben, { type: 'room.leave', code }, 'ack'],
      [ben, { type: 'room.leave', code }, 'not-in-room'],
    ];
    for (const [i, [who, m, expected]] of cases.entries()) {
      const answer = await who.command(m, `k${i}`);
      expect(answer.type === 'ack' ? 'ack' : answer.type === 'error' && answer.code, `${i}: ${m.type}`).toBe(expected);
    }
    ana.close();
    ben.close();
  });
});
