import { CHAT_MAX_LENGTH } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { testDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// Room chat (issue 16): the room's channel is everyone's; the players' channel is a game's two players' own.

const settle = () => new Promise((r) => setTimeout(r, 200));

describe('room chat', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('players and spectators: the players\' channel reaches only the players; text comes back as written', async () => {
    const { host, guest, code } = await seatedPair(server.url);
    const watcher = await TestClient.connect(server.url, 'Spec');
    await watcher.join(code);
    host.send({ type: 'chat.send', code, channel: 'spectators', text: 'hola a todos <b>' });
    for (const c of [host, guest, watcher]) {
      expect((await c.nextOf('chat')).message).toMatchObject({ channel: 'spectators', name: 'Ana', text: 'hola a todos <b>' });
    }
    guest.send({ type: 'chat.send', code, channel: 'players', text: 'buena partida' });
    expect((await host.nextOf('chat')).message).toMatchObject({ channel: 'players', name: 'Ben', text: 'buena partida' });
    await guest.nextOf('chat');
    await new Promise((r) => setTimeout(r, 200));
    expect(watcher.silentFor((m) => m.type === 'chat')).toBe(true);
    watcher.send({ type: 'chat.send', code, channel: 'players', text: 'me cuelo' });
    expect((await watcher.error('not-seated')).message).toMatch(/players/);
    for (const c of [host, guest, watcher]) c.close();
  });

  it.each([
    ['too long', 'x'.repeat(CHAT_MAX_LENGTH + 1), /at most 300 characters/],
    ['empty', '   ', /empty message/],
    ['a control character', 'bell\u0007', /control characters/],
  ])('refuses a message that is %s, saying why', async (_label, text, why) => {
    const c = await TestClient.connect(server.url, 'Eve');
    const room = await c.createRoom();
    c.send({ type: 'chat.send', code: room.code, channel: 'spectators', text });
    const e = await c.error('malformed');
    expect(e.message).toMatch(why);
    expect(e.message).toMatch(/text/);
    c.close();
  });

  it('the host mutes and unmutes (only the host can); a few messages per window, then a clear refusal', async () => {
    const { host, guest, code } = await seatedPair(server.url);
    guest.send({ type: 'chat.mute', code, deviceId: host.deviceId, muted: true });
    expect((await guest.error('not-host')).code).toBe('not-host');
    host.send({ type: 'chat.mute', code, deviceId: guest.deviceId, muted: true });
    expect((await guest.nextOf('room', (m) => m.room.muted.includes(guest.deviceId))).room.muted).toEqual([guest.deviceId]);
    guest.send({ type: 'chat.send', code, channel: 'spectators', text: 'still here?' });
    expect((await guest.error('muted')).code).toBe('muted');
    host.send({ type: 'chat.mute', code, deviceId: guest.deviceId, muted: false });
    await guest.nextOf('room', (m) => m.room.muted.length === 0);
    guest.send({ type: 'chat.send', code, channel: 'spectators', text: 'back' });
    expect((await host.nextOf('chat', (m) => m.message.text === 'back')).message.name).toBe('Ben');
    for (let i = 0; i < 4; i++) guest.send({ type: 'chat.send', code, channel: 'spectators', text: `m${i}` });
    guest.send({ type: 'chat.send', code, channel: 'spectators', text: 'one too many' });
    expect((await guest.error('rate-limited')).message).toMatch(/At most 5 messages every 10 s/);
    await host.nextOf('chat', (m) => m.message.text === 'm3');
    await new Promise((r) => setTimeout(r, 200));
    expect(host.silentFor((m) => m.type === 'chat' && m.message.text === 'one too many')).toBe(true);
    host.close();
    guest.close();
  });

  it('is kept with the room: a reconnect and a restart show the recent messages (each reader its own channels)', async () => {
    const target = await testDatabase();
    let s = await startTestServer({}, target);
    try {
      const { host, guest, code } = await seatedPair(s.url);
      host.send({ type: 'chat.send', code, channel: 'spectators', text: 'para todos' });
      host.send({ type: 'chat.send', code, channel: 'players', text: 'solo jugadores' });
      await guest.nextOf('chat', (m) => m.message.text === 'solo jugadores');
      host.close();
      guest.close();
      await s.close();
      s = await startTestServer({}, target);
      const back = await TestClient.connect(s.url, { token: guest.token, deviceId: guest.deviceId });
      await back.join(code);
      expect((await back.nextOf('chat.history')).messages.map((m) => m.text)).toEqual(['para todos', 'solo jugadores']);
      const visitor = await TestClient.connect(s.url, 'Visitor');
      await visitor.join(code);
      expect((await visitor.nextOf('chat.history')).messages.map((m) => m.text)).toEqual(['para todos']);
      back.close();
      visitor.close();
    } finally {
      await s.close();
      await target.dispose();
    }
  });
});

describe('a chat message carries an ack id (issue 35)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('answered with the ack once stored, or with the refusal that carries it: the client never guesses which refusal was its message\'s', async () => {
    const { host, guest, code } = await seatedPair(server.url);
    const watcher = await TestClient.connect(server.url, 'Spec');
    await watcher.join(code);
    const say = (c: TestClient, channel: 'players' | 'spectators', text: string, ack: string) => c.command({ type: 'chat.send', code, channel, text }, ack);
    expect(await say(host, 'spectators', 'hola', 'c1')).toMatchObject({ type: 'ack', ack: 'c1' });
    expect(await say(watcher, 'players', 'me cuelo', 'c2')).toMatchObject({ type: 'error', code: 'not-seated', ack: 'c2' });
    expect(await say(guest, 'spectators', '   ', 'c3')).toMatchObject({ type: 'error', code: 'malformed', ack: 'c3' });
    host.send({ type: 'chat.mute', code, deviceId: watcher.deviceId, muted: true });
    await watcher.nextOf('room', (m) => m.room.muted.includes(watcher.deviceId));
    expect(await say(watcher, 'spectators', 'hola', 'c4')).toMatchObject({ type: 'error', code: 'muted', ack: 'c4' });
    for (const c of [host, guest, watcher]) c.close();
  });
});

describe('the players\' channel belongs to a game (issue 34)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('the next game\'s players never read the last one\'s; between games it is the last game\'s players who still sit; a new game starts it afresh', async () => {
    const { host: ana, guest: ben, code, gameId } = await seatedPair(server.url);
    ana.send({ type: 'chat.send', code, channel: 'players', text: 'solo para Ben' });
    await ben.nextOf('chat', (m) => m.message.text === 'solo para Ben');
    ben.send({ type: 'resign', gameId });
    await ana.nextOf('event', (m) => m.event.kind === 'end');
    ben.send({ type: 'room.stand', code });
    await ana.nextOf('room', (m) => m.room.seats.white.kind === 'empty');

    const sol = await TestClient.connect(server.url, 'Sol');
    await sol.join(code);
    sol.send({ type: 'room.sit', code, color: 'white' });
    await ana.nextOf('room', (m) => m.room.seats.white.deviceId === sol.deviceId);
    // Sol's page reloads: the history holds nothing of the game Sol did not play
    const solAgain = await TestClient.connect(server.url, { token: sol.token, deviceId: sol.deviceId });
    await solAgain.join(code);
    expect((await solAgain.nextOf('chat.history')).messages).toEqual([]);

    // between games the channel is the last game's, read by its players who still sit: Ana alone now
    ana.send({ type: 'chat.send', code, channel: 'players', text: 'entre partidas' });
    await ana.nextOf('chat', (m) => m.message.text === 'entre partidas');
    ben.send({ type: 'chat.send', code, channel: 'players', text: 'sigo aquí' });
    expect((await ben.error('not-seated')).message).toMatch(/players/);
    sol.send({ type: 'chat.send', code, channel: 'players', text: 'yo también' });
    expect((await sol.error('not-seated')).message).toMatch(/players/);
    await settle();
    for (const c of [ben, sol, solAgain]) expect(c.silentFor((m) => m.type === 'chat')).toBe(true);

    // the next game: its two players, and only their own messages
    ana.send({ type: 'room.start', code });
    await sol.nextOf('game', (m) => m.reason === 'start');
    sol.send({ type: 'chat.send', code, channel: 'players', text: 'hola Ana' });
    expect((await ana.nextOf('chat', (m) => m.message.text === 'hola Ana')).message).toMatchObject({ channel: 'players', name: 'Sol' });
    await settle();
    expect(ben.silentFor((m) => m.type === 'chat')).toBe(true);
    for (const who of [ana, sol]) {
      const back = await TestClient.connect(server.url, { token: who.token, deviceId: who.deviceId });
      await back.join(code);
      expect((await back.nextOf('chat.history')).messages.map((m) => m.text)).toEqual(['hola Ana']);
      back.close();
    }
    const benBack = await TestClient.connect(server.url, { token: ben.token, deviceId: ben.deviceId });
    await benBack.join(code);
    expect((await benBack.nextOf('chat.history')).messages).toEqual([]);
    for (const c of [ana, ben, sol, solAgain, benBack]) c.close();
  });

  it('before a room\'s first game there is no players\' channel: a clear refusal, the room\'s channel is open', async () => {
    const ana = await TestClient.connect(server.url, 'Ana');
    const room = await ana.createRoom();
    ana.send({ type: 'room.sit', code: room.code, color: 'black' });
    await ana.nextOf('room', (m) => m.room.seats.black.kind === 'human');
    ana.send({ type: 'chat.send', code: room.code, channel: 'players', text: 'hola' });
    expect((await ana.error('no-game')).message).toMatch(/game/);
    ana.send({ type: 'chat.send', code: room.code, channel: 'spectators', text: 'hola' });
    expect((await ana.nextOf('chat')).message).toMatchObject({ channel: 'spectators', text: 'hola' });
    ana.close();
  });
});
