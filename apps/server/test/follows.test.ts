// Issue 37, friends: following (one way), the lists both ways, who of them is online (their sockets,
// wherever they are) and what they are playing, with the room to watch; blocking, which ends the follows
// and hides the blocked player's chat (the room's and the players', live and in the history).
import { FriendsSchema, HttpErrorBodySchema, type Friends } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

interface Player { name: string; token: string; deviceId: string }

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ httpLimits: { ...defaultConfig().httpLimits, devices: 200, registers: 100 } }); });
afterAll(async () => { await server?.stop(); });

let n = 0;
async function player(prefix: string): Promise<Player> {
  const name = `${prefix}${++n}`;
  return { name, ...(await account(server.url, name)) };
}
async function act(who: Player, action: string, username: string): Promise<Friends> {
  const res = await post(server.url, `/api/friends/${action}`, { username }, { bearer: who.token });
  expect(res.status, await res.clone().text()).toBe(200);
  return FriendsSchema.parse(await res.json());
}
const friendsOf = async (who: Player): Promise<Friends> =>
  FriendsSchema.parse(await (await request(server.url, 'GET', '/api/friends', undefined, { bearer: who.token })).json());
const names = (list: Friends['following']) => list.map((f) => f.username);
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('following', () => {
  it('is one way: I follow you, you see me among your followers; unfollowing undoes it; following twice is once', async () => {
    const ana = await player('ana');
    const ben = await player('ben');
    const cleo = await player('cleo');
    expect(names((await act(ana, 'follow', ben.name.toUpperCase())).following)).toEqual([ben.name]);
    await act(ana, 'follow', ben.name);
    await act(ana, 'follow', cleo.name);
    await act(cleo, 'follow', ana.name);
    const mine = await friendsOf(ana);
    expect(names(mine.following)).toEqual([cleo.name, ben.name]); // newest first
    expect(names(mine.followers)).toEqual([cleo.name]);
    expect(names((await friendsOf(ben)).followers)).toEqual([ana.name]);
    expect(names((await friendsOf(ben)).following)).toEqual([]);
    expect(names((await act(ana, 'unfollow', ben.name)).following)).toEqual([cleo.name]);
    expect(names((await friendsOf(ben)).followers)).toEqual([]);
    expect(mine.challengesFrom).toBe('everyone');
  });

  it('refuses nobody, oneself, and guests, with clear codes', async () => {
    const ana = await player('ana');
    const cases: [Response, number, string][] = [
      [await post(server.url, '/api/friends/follow', { username: 'nobody-at-all' }, { bearer: ana.token }), 404, 'no-player'],
      [await post(server.url, '/api/friends/follow', { username: ana.name }, { bearer: ana.token }), 400, 'self-challenge'],
      [await post(server.url, '/api/friends/follow', { username: 'x' }, { bearer: ana.token }), 400, 'malformed'],
      [await post(server.url, '/api/friends/follow', { username: ana.name }, { bearer: (await TestClient.device(server.url, 'G')).token }), 403, 'account-required'],
      [await request(server.url, 'GET', '/api/friends'), 401, 'unauthenticated'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      expect(HttpErrorBodySchema.parse(await res.json()).code).toBe(code);
    }
  });
});

describe('who is online, and what they are playing', () => {
  it('online while a socket of theirs is open, from any of their devices; offline once all are closed', async () => {
    const ana = await player('ana');
    const ben = await player('ben');
    await act(ana, 'follow', ben.name);
    expect((await friendsOf(ana)).following).toEqual([{ username: ben.name, online: false, playing: [] }]);
    const desk = await TestClient.connect(server.url, ben);
    expect((await friendsOf(ana)).following[0].online).toBe(true);
    // a second device of Ben's (a phone he logs in on)
    const phoneDevice = await TestClient.device(server.url, 'Phone');
    const login = await post(server.url, '/api/account/login', { username: ben.name, password: 'correct horse battery' }, { bearer: phoneDevice.token });
    expect(login.status).toBe(200);
    const phone = await TestClient.connect(server.url, { ...phoneDevice, token: ((await login.json()) as { token: string }).token });
    desk.close();
    await settle();
    expect((await friendsOf(ana)).following[0].online).toBe(true);
    phone.close();
    await settle();
    expect((await friendsOf(ana)).following[0].online).toBe(false);
  });

  it('playing: the game, its room to watch, the side and the opponent; not once it is over', async () => {
    const ana = await player('ana');
    const ben = await player('ben');
    const cleo = await player('cleo');
    await act(ana, 'follow', ben.name);
    const { host, guest, code, gameId } = await seatedPair(server.url, {}, { host: ben, guest: cleo });
    const seen = (await friendsOf(ana)).following[0];
    expect(seen).toEqual({ username: ben.name, online: true, playing: [{ roomCode: code, gameId, color: 'black', opponent: cleo.name }] });
    // "watch": the room is one join away for anyone
    const watcher = await TestClient.connect(server.url, ana);
    const room = await watcher.join(seen.playing[0].roomCode);
    expect(room.gameId).toBe(gameId);
    guest.send({ type: 'resign', gameId });
    await host.nextOf('event', (m) => m.event.kind === 'end');
    expect((await friendsOf(ana)).following[0].playing).toEqual([]);
    for (const c of [host, guest, watcher]) c.close();
  });
});

describe('blocking', () => {
  it('ends the follows both ways and refuses new ones; it is listed, and undone by unblocking', async () => {
    const ana = await player('ana');
    const ben = await player('ben');
    await act(ana, 'follow', ben.name);
    await act(ben, 'follow', ana.name);
    const after = await act(ben, 'block', ana.name);
    expect(after).toMatchObject({ following: [], followers: [], blocked: [ana.name] });
    expect((await friendsOf(ana)).following).toEqual([]);
    const refused = await post(server.url, '/api/friends/follow', { username: ben.name }, { bearer: ana.token });
    expect(refused.status).toBe(403);
    expect(HttpErrorBodySchema.parse(await refused.json()).code).toBe('blocked');
    expect((await act(ben, 'unblock', ana.name)).blocked).toEqual([]);
    await act(ana, 'follow', ben.name);
  });

  it('stops chat: the blocker reads nothing the blocked player writes, in either channel, live or in the history; others still do', async () => {
    const ana = await player('ana');
    const ben = await player('ben');
    const { host, guest, code } = await seatedPair(server.url, {}, { host: ana, guest: ben });
    const watcher = await TestClient.connect(server.url, 'Spec');
    await watcher.join(code);
    await watcher.nextOf('chat.history');
    guest.send({ type: 'chat.send', code, channel: 'spectators', text: 'before' });
    await host.nextOf('chat', (m) => m.message.text === 'before');
    await act(ana, 'block', ben.name);

    guest.send({ type: 'chat.send', code, channel: 'spectators', text: 'room, after' });
    guest.send({ type: 'chat.send', code, channel: 'players', text: 'players, after' });
    await watcher.nextOf('chat', (m) => m.message.text === 'room, after');
    await guest.nextOf('chat', (m) => m.message.text === 'players, after');
    // Ana (blocker) still writes, and Ben still reads her
    host.send({ type: 'chat.send', code, channel: 'spectators', text: 'from ana' });
    await guest.nextOf('chat', (m) => m.message.text === 'from ana');
    await host.nextOf('chat', (m) => m.message.text === 'from ana');
    await settle();
    expect(host.silentFor((m) => m.type === 'chat' && m.message.name === ben.name)).toBe(true);

    // coming back to the room: the history leaves Ben's messages out for Ana, not for the watcher
    const again = await TestClient.connect(server.url, ana);
    again.send({ type: 'room.join', code });
    const history = await again.nextOf('chat.history');
    expect(history.messages.map((m) => m.text)).toEqual(['from ana']);
    watcher.send({ type: 'room.leave', code });
    await watcher.nextOf('left');
    watcher.send({ type: 'room.join', code });
    expect((await watcher.nextOf('chat.history')).messages.map((m) => m.text)).toEqual(['before', 'room, after', 'from ana']);
    for (const c of [host, guest, watcher, again]) c.close();
  });
});

describe('who may challenge me', () => {
  it('is a setting of the account, read back with the lists', async () => {
    const ana = await player('ana');
    const res = await post(server.url, '/api/friends/settings', { challengesFrom: 'following' }, { bearer: ana.token });
    expect(FriendsSchema.parse(await res.json()).challengesFrom).toBe('following');
    expect((await friendsOf(ana)).challengesFrom).toBe('following');
  });
});
