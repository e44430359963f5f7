// Issue 37, the account: a password change and a recovery rotate every token of the account (its other
// devices' tokens are refused, their sockets closed); recovery codes are shown once, kept hashed, work
// once, and are limited as logins are; a deleted account's games stay, under "deleted player".
import { DELETED_PLAYER, GameRecordResponseSchema, MyGamesSchema, RECOVERY_CODE_COUNT, RecoveryCodesSchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { hashRecoveryCode } from '../src/identity/secrets.ts';
import { rankedPair } from './support/ranked.ts';
import { firstLegal, seatedPair, TestClient } from './support/TestClient.ts';
import { post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple donkey lantern';

interface Holder { token: string; deviceId: string }
const me = (url: string, token: string) => request(url, 'GET', '/api/me', undefined, { bearer: token });
const newDevice = (url: string): Promise<Holder> => TestClient.device(url, 'Guest');
/** A new account on a new device, with the codes its registration showed. */
async function register(url: string, username: string): Promise<Holder & { codes: string[] }> {
  const d = await newDevice(url);
  const res = await post(url, '/api/account/register', { username, password: PASSWORD }, { bearer: d.token });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { token: string; recoveryCodes: string[] };
  return { token: body.token, deviceId: d.deviceId, codes: RecoveryCodesSchema.parse(body).recoveryCodes };
}
async function login(url: string, username: string, password = PASSWORD): Promise<Holder> {
  const d = await newDevice(url);
  const res = await post(url, '/api/account/login', { username, password }, { bearer: d.token });
  expect(res.status).toBe(200);
  return { token: ((await res.json()) as { token: string }).token, deviceId: d.deviceId };
}
const closed = (c: TestClient) => new Promise<void>((resolve) => {
  if (c.socket.disconnected) resolve();
  else c.socket.once('disconnect', () => resolve());
});
const recover = (url: string, token: string, username: string, code: string) =>
  post(url, '/api/account/recover', { username, code, newPassword: NEW_PASSWORD }, { bearer: token });

// one server for all but the limits' scenario (each account here is its own); its one test address makes
// more devices and accounts than one person would
let server: TestServer;
const roomy = { ...defaultConfig().httpLimits, devices: 200, registers: 50, loginsPerAddress: 50 };
beforeAll(async () => { server = await startTestServer({ httpLimits: roomy }); });
afterAll(async () => { await server?.stop(); });

describe('a password change rotates every token of the account', () => {
  it('the wrong current password changes nothing; the right one leaves only this device signed in', async () => {
    const desk = await register(server.url, 'rosa');
    const phone = await login(server.url, 'rosa');
    const socket = await TestClient.connect(server.url, phone);

    const wrong = await post(server.url, '/api/account/password', { currentPassword: 'not the password', newPassword: NEW_PASSWORD }, { bearer: desk.token });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'bad-credentials' });
    expect(await (await me(server.url, phone.token)).json()).toMatchObject({ device: { user: { username: 'rosa' } } });

    const res = await post(server.url, '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, { bearer: desk.token });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(await (await me(server.url, token)).json()).toMatchObject({ device: { id: desk.deviceId, user: { username: 'rosa' } } });
    for (const old of [desk.token, phone.token]) expect((await me(server.url, old)).status).toBe(401); // every old token
    await closed(socket); // the phone's open socket too

    expect((await post(server.url, '/api/account/login', { username: 'rosa', password: PASSWORD }, { bearer: (await newDevice(server.url)).token })).status).toBe(401);
    await login(server.url, 'rosa', NEW_PASSWORD);
  });

  it('a guest has no password to change; a malformed body is named', async () => {
    const guest = await newDevice(server.url);
    const res = await post(server.url, '/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, { bearer: guest.token });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'account-required' });
    const short = await post(server.url, '/api/account/password', { currentPassword: PASSWORD, newPassword: 'short' }, { bearer: guest.token });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'malformed' });
  });
});

describe('recovery codes', () => {
  it('ten are shown at registration and only their hashes are stored', async () => {
    const ines = await register(server.url, 'ines');
    expect(new Set(ines.codes).size).toBe(RECOVERY_CODE_COUNT);
    const rows = await server.db.prisma.recoveryCode.findMany({ where: { user: { username: 'ines' } } });
    expect(rows.map((r) => r.codeHash).sort()).toEqual(ines.codes.map((c) => hashRecoveryCode(c.replace(/-/g, ''))).sort());
    expect(await (await request(server.url, 'GET', '/api/account', undefined, { bearer: ines.token })).json())
      .toEqual({ username: 'ines', recoveryCodesLeft: RECOVERY_CODE_COUNT });
  });

  it('one code and a new password restore the account and sign out every other device; the code never works again', async () => {
    const olga = await register(server.url, 'olga');
    const socket = await TestClient.connect(server.url, olga);
    const lost = await newDevice(server.url); // a new browser: the password is forgotten

    const res = await recover(server.url, lost.token, 'OLGA', olga.codes[3].toUpperCase()); // any case
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(await (await me(server.url, token)).json()).toMatchObject({ device: { id: lost.deviceId, user: { username: 'olga' } } });
    expect((await me(server.url, olga.token)).status).toBe(401);
    await closed(socket);
    await login(server.url, 'olga', NEW_PASSWORD);

    const again = await recover(server.url, (await newDevice(server.url)).token, 'olga', olga.codes[3]);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'bad-recovery-code' });
    expect(await (await request(server.url, 'GET', '/api/account', undefined, { bearer: token })).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('regenerating needs the password and makes the old codes worthless', async () => {
    const pia = await register(server.url, 'pia');
    const wrong = await post(server.url, '/api/account/recovery-codes', { password: 'not the password' }, { bearer: pia.token });
    expect(wrong.status).toBe(401);
    const res = await post(server.url, '/api/account/recovery-codes', { password: PASSWORD }, { bearer: pia.token });
    expect(res.status).toBe(200);
    const fresh = RecoveryCodesSchema.parse(await res.json()).recoveryCodes;
    expect(fresh.filter((c) => pia.codes.includes(c))).toEqual([]);
    expect((await recover(server.url, (await newDevice(server.url)).token, 'pia', pia.codes[0])).status).toBe(401);
    expect((await recover(server.url, (await newDevice(server.url)).token, 'pia', fresh[0])).status).toBe(200);
  });

  it('a code of another account, or a made-up one, is refused; a malformed one is named', async () => {
    const quim = await register(server.url, 'quim');
    const rui = await register(server.url, 'rui');
    expect((await recover(server.url, (await newDevice(server.url)).token, 'rui', quim.codes[0])).status).toBe(401);
    expect((await recover(server.url, (await newDevice(server.url)).token, 'rui', 'aaaa-aaaa-aaaa-aaaa')).status).toBe(401);
    const bad = await recover(server.url, rui.token, 'rui', 'not-a-code');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'malformed', message: expect.stringContaining('recovery code') });
  });

  it('nothing in any response reveals another account\'s codes', async () => {
    const sara = await register(server.url, 'sara');
    const tom = await register(server.url, 'tom');
    const regenerated = RecoveryCodesSchema.parse(await (await post(server.url, '/api/account/recovery-codes', { password: PASSWORD }, { bearer: tom.token })).json()).recoveryCodes;
    const secrets = [...tom.codes, ...regenerated].flatMap((c) => [c, c.replace(/-/g, ''), hashRecoveryCode(c.replace(/-/g, ''))]);
    const seen: string[] = [];
    for (const [method, path, body] of [
      ['GET', '/api/account'], ['GET', '/api/me'], ['GET', '/api/players/tom'], ['GET', '/api/leaderboard'], ['GET', '/api/me/games'],
      ['POST', '/api/account/recovery-codes', { password: PASSWORD }],
    ] as const) seen.push(await (await request(server.url, method, path, body, { bearer: sara.token })).text());
    seen.push(await (await request(server.url, 'GET', '/api/account', undefined, { bearer: tom.token })).text()); // not even its own
    for (const text of seen) for (const s of secrets) expect(text).not.toContain(s);
  });
});

describe('recovery has limits of its own, as logins have', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ trustProxy: true, httpLimits: { ...roomy, loginsPerAccountAddress: 3, loginsPerAccount: 4 } });
  });
  afterAll(async () => { await limited?.stop(); });

  it('after three wrong codes for an account from one address, even a right one waits', async () => {
    const vera = await register(limited.url, 'vera');
    const d = await newDevice(limited.url);
    for (let i = 0; i < 3; i++) expect((await recover(limited.url, d.token, 'vera', `aaaa-aaaa-aaaa-aaa${i + 2}`)).status).toBe(401);
    const held = await recover(limited.url, d.token, 'vera', vera.codes[0]);
    expect(held.status).toBe(429);
    expect(await held.json()).toMatchObject({ code: 'rate-limited' });
    expect(await limited.db.prisma.recoveryCode.count({ where: { user: { username: 'vera' } } })).toBe(RECOVERY_CODE_COUNT); // nothing used
  });

  // issue 47, item 7: a wrong code was answered as a wrong password, and a few wrong passwords from a
  // household's address held back the owner's recovery from it
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  const recoverFrom = async (address: string, username: string, code: string) =>
    post(limited.url, '/api/account/recover', { username, code, newPassword: NEW_PASSWORD },
      { bearer: (await TestClient.device(limited.url, 'Guest')).token, ...from(address) });

  it('a wrong code is answered bad-recovery-code; wrong passwords from the same address do not hold back a recovery', async () => {
    const wren = await register(limited.url, 'wren');
    const wrong = await recoverFrom('198.51.100.20', 'wren', 'aaaa-aaaa-aaaa-aaa2');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'bad-recovery-code', message: expect.stringContaining('recovery code') });
    const d = await newDevice(limited.url);
    const login = () => post(limited.url, '/api/account/login', { username: 'wren', password: 'a wrong password' }, { bearer: d.token, ...from('198.51.100.20') });
    for (let i = 0; i < 3; i++) expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(429); // the login door of this address waits
    const own = await recoverFrom('198.51.100.20', 'wren', wren.codes[0]);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ device: { user: { username: 'wren' } } });
  });

  it('wrong codes from other addresses hold back those addresses only: the owner recovers from its own', async () => {
    const yago = await register(limited.url, 'yago');
    const statuses: number[] = [];
    for (const address of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2']) statuses.push((await recoverFrom(address, 'yago', 'aaaa-aaaa-aaaa-aaa3')).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const held = await recoverFrom('203.0.113.1', 'yago', yago.codes[0]); // the account has failed 4 times: that address waits
    expect(held.status).toBe(429);
    expect(await held.json()).toMatchObject({ code: 'rate-limited', message: expect.stringContaining('recoveries for this account') });
    expect((await recoverFrom('198.51.100.7', 'yago', yago.codes[0])).status).toBe(200);
  });
});

describe('deleting an account', () => {
  it('its games stay, under "deleted player"; its name is free; every device of it is signed out', async () => {
    const uma = await register(server.url, 'uma');
    const umaPhone = await login(server.url, 'uma');
    const vito = await register(server.url, 'vito');
    const { host: a, guest: b, gameId } = await seatedPair(server.url, {}, { host: uma, guest: vito });
    b.send({ type: 'resign', gameId });
    await a.nextOf('event', (m) => m.event.kind === 'end');
    // as a rated game is stored, so vito's profile lists uma as his opponent
    const ids = await server.db.prisma.user.findMany({ where: { username: { in: ['uma', 'vito'] } } });
    const id = (name: string) => ids.find((u) => u.username === name)!.id;
    const change = { ratingBefore: 1500, rdBefore: 350, volatilityBefore: 0.06, ratingAfter: 1500, rdAfter: 300, volatilityAfter: 0.06 };
    await server.db.prisma.gameRating.createMany({ data: [
      { gameId, userId: id('uma'), color: 'black', pool: 'realtime', score: 1, ...change }, { gameId, userId: id('vito'), color: 'white', pool: 'realtime', score: 0, ...change },
    ] });
    await server.db.prisma.rating.updateMany({ where: { userId: { in: [id('uma'), id('vito')] }, pool: 'realtime' }, data: { games: 1 } });

    const wrong = await post(server.url, '/api/account/delete', { password: 'not the password' }, { bearer: uma.token });
    expect(wrong.status).toBe(401);
    const res = await post(server.url, '/api/account/delete', { password: PASSWORD }, { bearer: uma.token });
    expect(res.status).toBe(200);
    const { token, device } = (await res.json()) as { token: string; device: { id: string; user: unknown } };
    expect(device).toMatchObject({ id: uma.deviceId, user: null }); // this browser goes on as a guest
    expect(await (await me(server.url, token)).json()).toMatchObject({ device: { user: null } });
    for (const old of [uma.token, umaPhone.token]) expect((await me(server.url, old)).status).toBe(401);
    await closed(a);

    const record = GameRecordResponseSchema.parse(await (await request(server.url, 'GET', `/api/games/${gameId}`)).json()).game;
    expect(record.seats).toMatchObject({ black: { name: DELETED_PLAYER }, white: { name: 'vito' } });
    const kif = await (await request(server.url, 'GET', `/api/games/${gameId}.kif`)).text();
    expect(kif).toContain('先手：deleted player');
    expect(kif).not.toContain(DELETED_PLAYER);
    expect(record.outcome).toEqual({ winner: 'black', reason: 'resign' });
    const vitoGames = MyGamesSchema.parse(await (await request(server.url, 'GET', '/api/me/games', undefined, { bearer: vito.token })).json());
    expect(vitoGames.finished).toEqual([expect.objectContaining({ gameId, opponent: DELETED_PLAYER })]);
    expect(await (await request(server.url, 'GET', '/api/players/vito')).json()).toMatchObject({ recent: [{ gameId, opponent: DELETED_PLAYER }] });
    const board = (await (await request(server.url, 'GET', '/api/leaderboard')).json()) as { players: { username: string }[]; provisional: { username: string }[] };
    const listed = [...board.players, ...board.provisional].map((p) => p.username);
    expect(listed).toContain('vito');
    expect(listed.filter((n) => n === 'uma' || n.startsWith('~'))).toEqual([]);

    expect((await request(server.url, 'GET', '/api/players/uma')).status).toBe(404);
    expect((await post(server.url, '/api/account/login', { username: 'uma', password: PASSWORD }, { bearer: token })).status).toBe(401);
    await register(server.url, 'uma'); // the name is free again: a new account, none of the old one's games
    b.close();
  });
});

// Issue 46, defect 11: deleting an account left its name in room seats and tournament entries, its
// upcoming tournaments stayed upcoming, and a new account of the same name showed as the old entrant
// (the client finds its entry by name) and could not leave it (409).
describe('a deleted account leaves no trace in rooms or tournaments', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ httpLimits: roomy, rooms: { ...defaultConfig().rooms, emptyForMs: 300 } });
  }, 240_000);
  afterAll(async () => { await server?.stop(); });
  const arena = (name: string) => ({ kind: 'arena', name, startsAt: Date.now() + 3_600_000, minutes: 30, control: '10m+30b' });
  const entrants = async (id: string) =>
    ((await (await request(server.url, 'GET', `/api/tournaments/${id}`)).json()) as { tournament: { entrants: { name: string }[] } }).tournament.entrants.map((e) => e.name);

  it('its room seat, its entries and the tournaments it organised go; a new account of its name is a stranger to them', async () => {
    const wes = await register(server.url, 'wes');
    const xia = await register(server.url, 'xia');
    // Wes sits in a room of his, then leaves it (it leaves memory once empty: stored, his name in its seat)
    const tab = await TestClient.connect(server.url, wes);
    const room = await tab.createRoom();
    tab.send({ type: 'room.sit', code: room.code, color: 'black' });
    await tab.nextOf('room', (m) => m.room.seats.black.kind === 'human');
    tab.close();
    // Wes organises one tournament and enters Xia's
    const own = await post(server.url, '/api/tournaments', arena('Wes cup'), { bearer: wes.token });
    const { id: wesCup } = (await own.json()) as { id: string };
    const { id: xiaCup } = (await (await post(server.url, '/api/tournaments', arena('Xia cup'), { bearer: xia.token })).json()) as { id: string };
    expect((await post(server.url, `/api/tournaments/${xiaCup}/join`, {}, { bearer: wes.token })).status).toBe(200);
    expect(await entrants(xiaCup)).toEqual(['wes']);

    expect((await post(server.url, '/api/account/delete', { password: PASSWORD }, { bearer: wes.token })).status).toBe(200);
    expect((await request(server.url, 'GET', `/api/tournaments/${wesCup}`)).status).toBe(404);
    expect(await entrants(xiaCup)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500)); // the room has left memory (emptyForMs 300): it is read back from the database
    const watcher = await TestClient.connect(server.url, await newDevice(server.url));
    const seat = (await watcher.join(room.code)).seats.black;
    expect(seat).toMatchObject({ kind: 'human', name: DELETED_PLAYER });
    watcher.close();

    const again = await register(server.url, 'wes');
    expect(await entrants(xiaCup)).toEqual([]);
    expect((await post(server.url, `/api/tournaments/${xiaCup}/join`, {}, { bearer: again.token })).status).toBe(200);
    expect((await post(server.url, `/api/tournaments/${xiaCup}/leave`, {}, { bearer: again.token })).status).toBe(200);
    expect(await entrants(xiaCup)).toEqual([]);
  });
});

describe('a device logged out of the account is a stranger to its ranked and tournament seats (issue 46 §5)', () => {
  it('a deleted account\'s seat in a room still in memory, and in its running game, reads "deleted player" at once (its device away)', async () => {
    const zoe = await register(server.url, 'zoe');
    const { host, guest, code } = await seatedPair(server.url, {}, { host: zoe });
    host.close(); // away: the room and its game stay in memory, the grace running
    expect((await post(server.url, '/api/account/delete', { password: PASSWORD }, { bearer: zoe.token })).status).toBe(200);
    const room = await guest.nextOf('room', (m) => m.room.code === code && m.room.seats.black.name === DELETED_PLAYER);
    expect(room.room.seats.black).toMatchObject({ kind: 'human', name: DELETED_PLAYER });
    await guest.until(() => guest.game!.seats.black.name === DELETED_PLAYER);
    const watcher = await TestClient.connect(server.url, await newDevice(server.url));
    expect((await watcher.join(code)).seats.black.name).toBe(DELETED_PLAYER);
    watcher.close();
    guest.close();
  }, 60_000);

  it('its resign and its move are refused and change nothing; the account\'s rating stays', async () => {
    const url = server.url;
    await register(url, 'rina');
    const [a1, a2] = [await login(url, 'rina'), await login(url, 'rina')];
    const sol = await register(url, 'sol');
    const { a: phone, b: other, match: m } = await rankedPair(url, a2, sol);
    const rating = async () => (await server.db.prisma.rating.findMany({ where: { user: { username: 'rina' } } })).map((r) => r.rating);
    const before = await rating();

    // from her first device, rina logs out every other: the phone's socket stays, as a guest
    expect((await post(url, '/api/account/logout-others', {}, { bearer: a1.token })).status).toBe(200);
    await phone.nextOf('welcome', (w) => w.user === null);
    if (m.color === 'black') { // Black moves first
      expect(await phone.move(firstLegal(phone.game!.moves))).toMatchObject({ type: 'error', code: 'not-seated' });
    }
    expect(await phone.command({ type: 'resign', gameId: m.gameId }, 'resign-1')).toMatchObject({ type: 'error', code: 'not-seated' });
    expect(await phone.command({ type: 'draw', gameId: m.gameId, action: 'offer' }, 'draw-1')).toMatchObject({ type: 'error', code: 'not-seated' });
    const stored = await server.db.prisma.game.findUniqueOrThrow({ where: { id: m.gameId }, include: { moves: true } });
    expect([stored.status, stored.moves.length]).toEqual(['active', 0]);
    expect(await rating()).toEqual(before);
    // signed in to the account again, the device plays its seat
    const back = await post(url, '/api/account/login', { username: 'rina', password: PASSWORD }, { bearer: a2.token });
    expect(back.status).toBe(200);
    phone.close();
    other.close();
  }, 60_000);

  it('an arena does not pair an entrant whose device was logged out: no tournament.game reaches it', async () => {
    const url = server.url;
    await register(url, 'tara');
    const [t1, t2] = [await login(url, 'tara'), await login(url, 'tara')];
    const zoe = await register(url, 'zoe_arena');
    const org = await register(url, 'vik');
    const made = await post(url, '/api/tournaments', { name: 'Night arena', kind: 'arena', minutes: 10, control: '10m+30b', startsAt: Date.now() + 3_600_000, cpu: [1] }, { bearer: org.token });
    expect(made.status).toBe(200);
    const { id } = (await made.json()) as { id: string };
    const phone = await TestClient.connect(url, t2);
    const entrantSocket = await TestClient.connect(url, zoe);
    for (const who of [t2, zoe]) expect((await post(url, `/api/tournaments/${id}/join`, {}, { bearer: who.token })).status).toBe(200);
    expect((await post(url, '/api/account/logout-others', {}, { bearer: t1.token })).status).toBe(200);
    await phone.nextOf('welcome', (w) => w.user === null);
    await server.db.prisma.tournament.update({ where: { id }, data: { startsAt: new Date() } });

    // zoe is paired (with the CPU, the one other entrant here); tara's entry waits, paused
    await entrantSocket.nextOf('tournament.game', undefined, 30_000);
    expect(phone.silentFor((msg) => msg.type === 'tournament.game')).toBe(true);
    const view = (await (await request(url, 'GET', `/api/tournaments/${id}`)).json()) as { tournament: { entrants: { name: string; paused?: boolean }[] } };
    expect(view.tournament.entrants.find((e) => e.name === 'tara')?.paused).toBe(true);
    phone.close();
    entrantSocket.close();
  }, 60_000);
});
