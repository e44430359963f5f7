import { Game, parseKif, START_SFENS, setupById } from '@chu/rules';
import type { GameRecord, Lobby } from '@chu/protocol';
import { EngineCpuPlayer, EnginePool } from '@chu/engine';
import type { CpuPlayer } from '../src/cpu/CpuPlayer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// Rooms of either game, from any start: docs/dai-shogi.md and docs/handicaps.md, played through a real
// server and database. Dai squares: files 15…1, ranks a…o; Black's Lion starts on 8m.
const DAI_GAME = [
  '8m10n', '15e15f', // a Lion jump (Ln-10n)
  '10n11m10n', '14e14f', // a Lion pass (Ln!)
  '10k10j', '13e13f', '11l5f', '12e12f',
  '5f4e+', // the Bishop enters the zone capturing and promotes to a Dragon Horse (Bx4e+)
];
const daiAfter = (plies: number) => {
  const g = Game.replay(DAI_GAME.slice(0, plies), { variant: 'dai' });
  if (!g.ok) throw new Error('DAI_GAME does not replay');
  return g.value;
};
// Heisei chu (docs/heisei-chu.md): Black's Lion walks to White's camp and takes the pawn on 11d; the
// Kirin is dropped beside it, in the zone, and promotes at once (a Lion); it steps to 12b, next to the
// empty 12a, White's far corner. White pushes its edge pawns.
const HEISEI_GAME = ['7j7h', '1d1e', '7h9f', '1e1f', '9f11d', '2d2e', 'O*11c+', '2e2f', '11c12b', '3d3e'];
const heiseiAfter = (plies: number, moves = HEISEI_GAME, heiseiDrops: 'any' | 'once' = 'any') => {
  const g = Game.replay(moves.slice(0, plies), { variant: 'heisei', heiseiDrops });
  if (!g.ok) throw new Error('the Heisei line does not replay');
  return g.value;
};
const firstLegalFrom = (sfen: string, moves: string[], variant: 'chu' | 'dai' = 'chu') => {
  const g = Game.replay(moves, { variant }, sfen);
  if (!g.ok) throw new Error('does not replay');
  return g.value.legalMoves()[0];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The moves of a game from the standard start (Black first), from ply `from` on, each by its side. */
async function play(black: TestClient, white: TestClient, usis: string[], from: number) {
  for (const [i, usi] of usis.entries()) {
    const mover = (from + i) % 2 === 0 ? black : white;
    await mover.until(() => mover.game!.ply === from + i);
    expect(await mover.move(usi)).toMatchObject({ type: 'ack' });
  }
}

async function soloAgainstCpu(url: string, options: Parameters<TestClient['createRoom']>[0], level = 1) {
  const solo = await TestClient.connect(url, 'Solo');
  const room = await solo.createRoom(options);
  solo.send({ type: 'room.sit', code: room.code, color: 'black' });
  await solo.nextOf('room', (m) => m.room.seats.black.kind === 'human');
  solo.send({ type: 'room.cpu', code: room.code, color: 'white', level });
  await solo.nextOf('room', (m) => m.room.seats.white.kind === 'cpu');
  solo.send({ type: 'room.start', code: room.code });
  const { game } = await solo.nextOf('game', (m) => m.reason === 'start');
  return { solo, code: room.code, game };
}

describe('dai shogi rooms (docs/dai-shogi.md)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('a dai game: a Lion jump, a pass and a promotion; a player reconnects and catches up; KIF and SFEN are dai’s', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url, { variant: 'dai' });
    expect(host.game).toMatchObject({ startSfen: START_SFENS.dai, turn: 'black', rated: false, options: { variant: 'dai', startSfen: null } });
    expect(host.game!.setup?.id).toBe('dai-even');
    expect(host.room!.setup?.id).toBe('dai-even');
    // a chu move is no move in dai (the Lion is not on 7j)
    expect(await host.move('7j5h')).toMatchObject({ type: 'error', code: 'illegal' });

    await play(host, guest, DAI_GAME.slice(0, 4), 0); // versions 1–4
    await guest.reach(4);
    guest.close();
    await host.nextOf('event', (m) => m.event.kind === 'seat' && m.event.status === 'away'); // version 5
    expect(await host.move(DAI_GAME[4])).toMatchObject({ type: 'ack', version: 6 }); // missed by the guest

    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    back.game = structuredClone(guest.game);
    await back.join(code, { id: gameId, version: 4 });
    const missed = [await back.nextOf('event'), await back.nextOf('event'), await back.nextOf('event')].map((m) => m.event);
    expect(missed).toMatchObject([
      { kind: 'seat', version: 5, color: 'white', status: 'away' },
      { kind: 'move', version: 6, usi: DAI_GAME[4], notation: 'P-10j' },
      { kind: 'seat', version: 7, color: 'white', status: 'present' },
    ]);
    await play(host, back, DAI_GAME.slice(5), 5);
    await back.until(() => back.game!.ply === DAI_GAME.length);
    const promotion = back.inbox.find((m) => m.type === 'event' && m.event.kind === 'move' && m.event.usi === '5f4e+');
    expect(promotion).toMatchObject({ event: { notation: 'Bx4e+', color: 'black' } });
    back.send({ type: 'resign', gameId });
    await host.nextOf('event', (m) => m.event.kind === 'end');

    const res = await fetch(`${server.url}/api/games/${gameId}.kif`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`dai-${gameId}.kif`);
    const kif = await res.text();
    expect(kif).toContain('手合割：大将棋');
    expect(kif).toContain('variant=dai');
    const read = parseKif(kif);
    expect(read.ok && [read.value.sfen, read.value.moves]).toEqual([START_SFENS.dai, DAI_GAME]);
    const sfen = async (q = '') => (await (await fetch(`${server.url}/api/games/${gameId}.sfen${q}`)).text()).trim();
    expect(await sfen()).toBe(daiAfter(DAI_GAME.length).sfen());
    expect(await sfen('?ply=1')).toBe(daiAfter(1).sfen());
    const { game: record } = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: GameRecord };
    expect(record).toMatchObject({ options: { variant: 'dai' }, startSfen: START_SFENS.dai, setup: { id: 'dai-even' }, moves: DAI_GAME });

    // the replay and a spectator joining later read the same dai game
    const late = await TestClient.connect(server.url, 'Late');
    await late.join(code);
    const seen = await late.nextOf('game');
    expect(seen.game).toMatchObject({ moves: DAI_GAME, options: { variant: 'dai' }, status: 'finished' });
    for (const c of [host, back, late]) c.close();
  });

  it('a dai room takes no chu position, and a chu room no dai one: refused with the rules’ words', async () => {
    const c = await TestClient.connect(server.url, 'Ana');
    c.send({ type: 'room.create', options: { variant: 'dai', startSfen: START_SFENS.chu } });
    expect(await c.error('malformed')).toMatchObject({
      message: 'startSfen is not a dai shogi position: board has 12 ranks: that is a chu shogi position, and this game is dai shogi (15 ranks)',
    });
    c.send({ type: 'room.create', options: { startSfen: START_SFENS.dai } });
    expect((await c.error('malformed')).message).toBe(
      'startSfen is not a chu shogi position: board has 15 ranks: that is a dai shogi position, and this game is chu shogi (12 ranks)',
    );
    // a Heisei position is chu's board with reserves: a chu room refuses one that has them (heisei-chu.md §1)
    c.send({ type: 'room.create', options: { variant: 'heisei', startSfen: START_SFENS.dai } });
    expect((await c.error('malformed')).message).toMatch(/^startSfen is not a heisei shogi position: board has 15 ranks/);
    c.send({ type: 'room.create', options: { startSfen: START_SFENS.heisei } });
    expect((await c.error('malformed')).message).toMatch(/^startSfen is not a chu shogi position: chu shogi has no reserves/);
    c.send({ type: 'room.create', options: { variant: 'heisei', heiseiDrops: 'twice' as 'any' } });
    expect((await c.error('malformed')).message).toMatch(/options\.heiseiDrops/);
    expect(c.silentFor((m) => m.type === 'room')).toBe(true); // no room was made
    c.close();
  });

  it('the lobby shows the variant and the setup of open rooms and of games being played', async () => {
    const watcher = await TestClient.connect(server.url, 'Watcher');
    watcher.send({ type: 'lobby.watch' });
    await watcher.nextOf('lobby');
    const host = await TestClient.connect(server.url, 'Ana');
    const room = await host.createRoom({ public: true, startSfen: setupById('gold')!.sfen });
    host.send({ type: 'room.sit', code: room.code, color: 'black' });
    const open = (await watcher.nextOf('lobby', (m) => m.lobby.rooms.some((r) => r.code === room.code))).lobby as Lobby;
    expect(open.rooms.find((r) => r.code === room.code)).toMatchObject({ options: { variant: 'chu' }, setup: { id: 'gold', grade: 2, names: { en: 'Gold General' } } });

    const pair = await seatedPair(server.url, { public: true, variant: 'dai' });
    const live = (await watcher.nextOf('lobby', (m) => m.lobby.live.some((g) => g.code === pair.code))).lobby as Lobby;
    expect(live.live.find((g) => g.code === pair.code)).toMatchObject({ variant: 'dai', setup: { id: 'dai-even' }, rated: false });
    for (const c of [watcher, host, pair.host, pair.guest]) c.close();
  });
});

describe('Heisei chu rooms (docs/heisei-chu.md)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('a Heisei game: drops from the reserves, one promoting in the zone; refusals name the rule; KIF, SFEN and the replay carry the reserves', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url, { variant: 'heisei', public: true });
    expect(host.game).toMatchObject({ startSfen: START_SFENS.heisei, rated: false, options: { variant: 'heisei', heiseiDrops: 'any' }, setup: { id: 'heisei-even' } });
    expect(host.game!.startSfen).toContain(' b LLCCSSMMVVAAOXllccssmmvvaaox 1'); // the reserves, in the view's start
    await play(host, guest, HEISEI_GAME.slice(0, 6), 0);

    // each drop rule refused in its own words (heisei-chu.md §3); nothing is played
    const refusals: [string, string, RegExp][] = [
      ['L*5e', 'drop-not-adjacent', /next to one of your own pieces/],
      ['L*11a', 'drop-occupied', /on an empty square/],
      ['P*12c', 'not-in-reserve', /not in your reserve/],
    ];
    for (const [usi, reason, words] of refusals) {
      const e = await host.move(usi);
      expect(e, usi).toMatchObject({ type: 'error', code: 'illegal', reason });
      expect((e as { message: string }).message).toMatch(words);
    }
    expect(await host.move('O*11c+')).toMatchObject({ type: 'ack', version: 7 });
    const drop = await guest.nextOf('event', (m) => m.event.kind === 'move' && m.event.usi === 'O*11c+');
    expect(drop.event).toMatchObject({ notation: 'Ky*11c+', color: 'black' });
    expect(await host.move('O*12c')).toMatchObject({ type: 'error', code: 'not-your-turn' });
    await play(host, guest, HEISEI_GAME.slice(7), 7);
    await host.until(() => host.game!.ply === HEISEI_GAME.length);
    // the Kirin was the only one: gone from the reserve; a Lance may not go to 12a, where it could never move
    expect(await host.move('O*12c')).toMatchObject({ type: 'error', code: 'illegal', reason: 'not-in-reserve' });
    const deadEnd = await host.move('L*12a');
    expect(deadEnd).toMatchObject({ type: 'error', code: 'illegal', reason: 'drop-dead-end' });
    expect((deadEnd as { message: string }).message).toBe('Illegal move L*12a: drop-dead-end: a piece may not be dropped where it could never move (a Lance on the last rank).');
    // a malformed drop never reaches the rules
    const ack = 'bad-drop';
    host.send({ type: 'move', gameId, usi: 'l*12b', version: host.game!.version, ack });
    expect(await host.next((m) => m.type === 'error' && m.ack === ack)).toMatchObject({ code: 'malformed' });
    expect(await host.move('L*11b')).toMatchObject({ type: 'ack' });
    const moves = [...HEISEI_GAME, 'L*11b'];
    await guest.until(() => guest.game!.ply === moves.length);

    const sfen = async (q = '') => (await (await fetch(`${server.url}/api/games/${gameId}.sfen${q}`)).text()).trim();
    expect(await sfen()).toBe(heiseiAfter(moves.length, moves).sfen());
    expect(await sfen()).toContain(' w LCCSSMMVVAAXllccssmmvvaaox ');
    expect(await sfen('?ply=7')).toBe(heiseiAfter(7).sfen());
    // a spectator joining now reads the same game, reserves included, from the start and the moves
    const late = await TestClient.connect(server.url, 'Late');
    await late.join(code);
    const seen = (await late.nextOf('game')).game;
    expect(seen).toMatchObject({ moves, options: { variant: 'heisei' }, startSfen: START_SFENS.heisei });
    expect(heiseiAfter(moves.length, seen.moves).reserve('black')).toEqual([
      { code: 'l', count: 1 }, { code: 'c', count: 2 }, { code: 's', count: 2 }, { code: 'm', count: 2 }, { code: 'v', count: 2 }, { code: 'a', count: 2 }, { code: 'x', count: 1 },
    ]);
    guest.send({ type: 'resign', gameId });
    await host.nextOf('event', (m) => m.event.kind === 'end');

    const res = await fetch(`${server.url}/api/games/${gameId}.kif`);
    expect(res.headers.get('content-disposition')).toContain(`heisei-${gameId}.kif`);
    const kif = await res.text();
    expect(kif).toContain('手合割：平成中将棋');
    expect(kif).toContain('heisei-drops=any');
    expect(kif).toMatch(/１１三麒麟打成|11三麒麟打成|麒麟打成/);
    const read = parseKif(kif);
    expect(read.ok && [read.value.sfen, read.value.moves]).toEqual([START_SFENS.heisei, moves]);
    const { game: record } = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: GameRecord };
    expect(record).toMatchObject({ options: { variant: 'heisei', heiseiDrops: 'any' }, startSfen: START_SFENS.heisei, setup: { id: 'heisei-even' }, moves });
    for (const c of [host, guest, late]) c.close();
  });

  it('heiseiDrops once: a player drops a single time, the rest of their reserve leaves play; the other still has theirs (heisei-chu.md §4)', async () => {
    const { host, guest, gameId } = await seatedPair(server.url, { variant: 'heisei', heiseiDrops: 'once' });
    expect(host.game!.options).toMatchObject({ variant: 'heisei', heiseiDrops: 'once' });
    expect(await host.move('O*6h')).toMatchObject({ type: 'ack' });
    await guest.reach(1);
    expect(await guest.move('1d1e')).toMatchObject({ type: 'ack' });
    await host.until(() => host.game!.ply === 2);
    const again = await host.move('X*7h');
    expect(again).toMatchObject({ type: 'error', code: 'illegal', reason: 'not-in-reserve' });
    expect((again as { message: string }).message).toMatch(/your one drop is spent/);
    expect(await host.move('6h6f')).toMatchObject({ type: 'ack' });
    await guest.until(() => guest.game!.ply === 3);
    expect(await guest.move('X*7e')).toMatchObject({ type: 'ack' }); // White's own one drop
    const sfen = (await (await fetch(`${server.url}/api/games/${gameId}.sfen`)).text()).trim();
    expect(sfen).toBe(heiseiAfter(4, ['O*6h', '1d1e', '6h6f', 'X*7e'], 'once').sfen());
    expect(sfen).toContain(' b - '); // both reserves are out of play
    host.close();
    guest.close();
  });

  it('the lobby tags a Heisei game; a CPU seat answers with a legal move, a drop among its choices', async () => {
    const watcher = await TestClient.connect(server.url, 'Watcher');
    watcher.send({ type: 'lobby.watch' });
    await watcher.nextOf('lobby');
    const pair = await seatedPair(server.url, { public: true, variant: 'heisei' });
    const live = (await watcher.nextOf('lobby', (m) => m.lobby.live.some((g) => g.code === pair.code))).lobby as Lobby;
    expect(live.live.find((g) => g.code === pair.code)).toMatchObject({ variant: 'heisei', setup: { id: 'heisei-even' }, rated: false });

    const { solo, game } = await soloAgainstCpu(server.url, { variant: 'heisei' });
    expect(game).toMatchObject({ options: { variant: 'heisei' }, startSfen: START_SFENS.heisei, rated: false });
    expect(await solo.move('O*6h')).toMatchObject({ type: 'ack' });
    const answer = await solo.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white');
    expect(answer.event).toMatchObject({ byCpu: true, ply: 1 });
    expect(heiseiAfter(1, ['O*6h']).legalMoves()).toContain((answer.event as { usi: string }).usi);
    for (const c of [watcher, pair.host, pair.guest, solo]) c.close();
  });
});

describe('handicaps and start positions (docs/handicaps.md)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });
  const twoLions = setupById('two-lions')!;
  const threeLions = setupById('three-lions')!;

  it('a Two Lions room: White (the stronger) moves first from the handicap, unrated; the next game keeps the colours', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url, { startSfen: twoLions.sfen });
    expect(host.game).toMatchObject({ startSfen: twoLions.sfen, turn: 'white', ply: 0, rated: false, setup: { id: 'two-lions', grade: 6 } });
    expect(host.room!.setup).toMatchObject({ id: 'two-lions', names: { es: 'Dos leones', en: 'Two Lions', ja: '二枚獅子' } });
    expect(await host.move('7k7j')).toMatchObject({ type: 'error', code: 'not-your-turn' });
    const first = firstLegalFrom(twoLions.sfen, []);
    expect(await guest.move(first)).toMatchObject({ type: 'ack' });
    await host.reach(1);
    // Black's Kirin started as a Lion: it jumps as one, two squares aside (7k → 9k)
    expect(await host.move('7k9k')).toMatchObject({ type: 'ack' });
    guest.send({ type: 'resign', gameId });
    await host.nextOf('event', (m) => m.event.kind === 'end');
    const { game: record } = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: GameRecord };
    expect(record).toMatchObject({ startSfen: twoLions.sfen, setup: { id: 'two-lions' }, moves: [first, '7k9k'] });
    const kif = parseKif(await (await fetch(`${server.url}/api/games/${gameId}.kif`)).text());
    expect(kif.ok && [kif.value.sfen, kif.value.moves]).toEqual([twoLions.sfen, [first, '7k9k']]);

    // alternateFirst is on, yet the handicap stays with the stronger player: nobody swaps
    host.send({ type: 'room.rematch', code });
    await guest.nextOf('room', (m) => m.room.rematchOfferBy === 'black');
    guest.send({ type: 'room.rematch', code });
    const next = (await host.nextOf('game', (m) => m.reason === 'start' && m.game.id !== gameId)).game;
    expect(next).toMatchObject({ turn: 'white', startSfen: twoLions.sfen, options: { alternateFirst: true } });
    expect([next.seats.black.deviceId, next.seats.white.deviceId]).toEqual([host.deviceId, guest.deviceId]);
    host.close();
    guest.close();
  });

  it('a takeback in a handicap game goes back to the handicap, White to move', async () => {
    const gold = setupById('gold')!;
    const { host, guest, gameId } = await seatedPair(server.url, { startSfen: gold.sfen });
    expect(await guest.move(firstLegalFrom(gold.sfen, []))).toMatchObject({ type: 'ack' });
    guest.send({ type: 'takeback', gameId, action: 'offer' });
    await host.nextOf('event', (m) => m.event.kind === 'takeback-offer');
    host.send({ type: 'takeback', gameId, action: 'accept' });
    expect((await guest.nextOf('event', (m) => m.event.kind === 'takeback')).event).toMatchObject({ plies: 1, ply: 0 });
    const resync = await fetch(`${server.url}/api/games/${gameId}.sfen`);
    expect((await resync.text()).trim()).toBe(gold.sfen);
    host.close();
    guest.close();
  });

  it('a CPU holding White in a Three Lions game moves first', async () => {
    const { solo, game } = await soloAgainstCpu(server.url, { startSfen: threeLions.sfen });
    expect(game).toMatchObject({ turn: 'white', setup: { id: 'three-lions' }, rated: false });
    const cpu = await solo.nextOf('event', (m) => m.event.kind === 'move');
    expect(cpu.event).toMatchObject({ ply: 0, color: 'white', byCpu: true });
    solo.close();
  });

  it('any position of the variant may start a room, unnamed and unrated', async () => {
    const sfen = '6k5/6g5/12/12/12/12/12/12/12/12/5G6/5K6 b - 1';
    const { host, guest } = await seatedPair(server.url, { startSfen: sfen });
    expect(host.game).toMatchObject({ startSfen: sfen, setup: null, rated: false, turn: 'black' });
    expect(host.room!.setup).toBeNull();
    host.close();
    guest.close();
  });

  it.each([
    ['not a SFEN', { startSfen: 'handicap' }, 'startSfen is not a chu shogi position: expected "<board> <b|w> <lion square|-> <move number>", got 1 field(s)'],
    ['a SFEN of too few ranks', { startSfen: 'lfcsgekgscfl/12 b - 1' }, 'startSfen is not a chu shogi position: board has 2 ranks, expected 12'],
    ['no White King', { startSfen: '12/12/12/12/12/12/12/12/12/12/12/5K6 b - 1' }, 'startSfen: each side needs a King (or a Prince), White has none'],
  ])('a room from %s is refused, naming the problem', async (_what, options, message) => {
    const c = await TestClient.connect(server.url, 'Ana');
    c.send({ type: 'room.create', options });
    expect(await c.error('malformed')).toMatchObject({ message });
    c.close();
  });

  it('the host’s change that does not fit is refused with the reason and changes nothing', async () => {
    const host = await TestClient.connect(server.url, 'Ana');
    const room = await host.createRoom({ startSfen: threeLions.sfen });
    const refused = async (options: object, message: string | RegExp) => {
      host.send({ type: 'room.options', code: room.code, options });
      const e = await host.error();
      expect(e.code).toBe('malformed');
      expect(e.message).toMatch(message);
    };
    // a new variant alone, while the chu handicap is set
    await refused({ variant: 'dai' }, /^startSfen is not a dai shogi position: board has 12 ranks: that is a chu shogi position/);
    await refused({ startSfen: START_SFENS.dai }, /^startSfen is not a chu shogi position: board has 15 ranks/);
    await refused({ startSfen: `${START_SFENS.chu.slice(0, -6)}X b - 1` }, /^startSfen is not a chu shogi position: /);
    const spectator = await TestClient.connect(server.url, 'Ben');
    const seen = await spectator.join(room.code);
    expect(seen.options).toMatchObject({ variant: 'chu', startSfen: threeLions.sfen });
    expect(seen.setup?.id).toBe('three-lions');

    // both together fit: a dai room from its standard start
    host.send({ type: 'room.options', code: room.code, options: { variant: 'dai', startSfen: null } });
    const changed = await spectator.nextOf('room', (m) => m.room.options.variant === 'dai');
    expect([changed.room.options.startSfen, changed.room.setup?.id]).toEqual([null, 'dai-even']);
    host.close();
    spectator.close();
  });
});

describe('dai, Heisei and handicap games survive adjournment and a restart', () => {
  let target: TestDatabase;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    await target?.dispose();
  });

  it('the games adjourn, come back from storage after a restart, and go on from where they were', async () => {
    target = await testDatabase();
    server = await startTestServer({ msPerSecond: 50 }, target); // a 2 s grace period lasts 100 ms
    const dai = await seatedPair(server.url, { variant: 'dai', graceSeconds: 2 });
    await play(dai.host, dai.guest, DAI_GAME.slice(0, 3), 0);
    const gold = setupById('gold')!;
    const handicap = await seatedPair(server.url, { startSfen: gold.sfen, graceSeconds: 2 });
    const w1 = firstLegalFrom(gold.sfen, []);
    expect(await handicap.guest.move(w1)).toMatchObject({ type: 'ack' });
    const heisei = await seatedPair(server.url, { variant: 'heisei', heiseiDrops: 'once', graceSeconds: 2 });
    await play(heisei.host, heisei.guest, ['O*6h', 'X*7e', '6h6f'], 0); // each side's one drop
    for (const c of [dai.host, dai.guest, handicap.host, handicap.guest, heisei.host, heisei.guest]) c.close();
    await sleep(600);
    for (const id of [dai.gameId, handicap.gameId, heisei.gameId]) {
      expect((await server.db.prisma.game.findUniqueOrThrow({ where: { id } })).status).toBe('adjourned');
    }

    await server.close();
    server = await startTestServer({ msPerSecond: 50 }, target);
    const daiBack = await TestClient.connect(server.url, { token: dai.guest.token, deviceId: dai.guest.deviceId });
    await daiBack.join(dai.code);
    const daiView = (await daiBack.nextOf('game')).game;
    expect(daiView).toMatchObject({ id: dai.gameId, status: 'active', ply: 3, turn: 'white', options: { variant: 'dai' }, moves: DAI_GAME.slice(0, 3) });
    expect(await daiBack.move(DAI_GAME[3])).toMatchObject({ type: 'ack' });
    // Black is still away: after the grace period the CPU stands in, in dai (RULES.md §8)
    const standIn = await daiBack.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'black');
    expect(standIn.event).toMatchObject({ byCpu: true, ply: 4 });
    expect(daiAfter(4).legalMoves()).toContain((standIn.event as { usi: string }).usi);

    const hBack = await TestClient.connect(server.url, { token: handicap.host.token, deviceId: handicap.host.deviceId });
    await hBack.join(handicap.code);
    const hView = (await hBack.nextOf('game')).game;
    expect(hView).toMatchObject({ id: handicap.gameId, status: 'active', ply: 1, turn: 'black', startSfen: gold.sfen, setup: { id: 'gold' } });
    const b1 = firstLegalFrom(gold.sfen, [w1]);
    expect(await hBack.move(b1)).toMatchObject({ type: 'ack' });
    const hStandIn = await hBack.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white');
    expect(hStandIn.event).toMatchObject({ byCpu: true, ply: 2 });
    const after = Game.replay([w1, b1], {}, gold.sfen);
    expect(after.ok && after.value.legalMoves()).toContain((hStandIn.event as { usi: string }).usi);

    // Heisei with heiseiDrops once: the drops and the spent reserves come back as they were
    const heiseiBack = await TestClient.connect(server.url, { token: heisei.guest.token, deviceId: heisei.guest.deviceId });
    await heiseiBack.join(heisei.code);
    const heiseiView = (await heiseiBack.nextOf('game')).game;
    expect(heiseiView).toMatchObject({ id: heisei.gameId, status: 'active', ply: 3, turn: 'white', options: { variant: 'heisei', heiseiDrops: 'once' }, moves: ['O*6h', 'X*7e', '6h6f'] });
    expect(await heiseiBack.move('X*7d')).toMatchObject({ type: 'error', code: 'illegal', reason: 'not-in-reserve' }); // White's one drop is spent
    expect(await heiseiBack.move('1d1e')).toMatchObject({ type: 'ack' });
    const heiseiStandIn = await heiseiBack.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'black');
    expect(heiseiStandIn.event).toMatchObject({ byCpu: true, ply: 4 });
    expect(heiseiAfter(4, ['O*6h', 'X*7e', '6h6f', '1d1e'], 'once').legalMoves()).toContain((heiseiStandIn.event as { usi: string }).usi);
    daiBack.close();
    hBack.close();
    heiseiBack.close();
  });
});

describe('the CPU plays dai and Heisei (packages/engine)', () => {
  let server: TestServer;
  let pool: EnginePool;
  const asked: string[] = []; // the variant of each position the engine was given
  beforeAll(async () => {
    pool = new EnginePool(1);
    const engine = new EngineCpuPlayer(pool);
    const cpu: CpuPlayer = {
      workers: 1,
      chooseMove: (game, opts) => { asked.push(game.variant); return engine.chooseMove(game, opts); },
    };
    server = await startTestServer({}, undefined, { cpu });
  });
  afterAll(async () => {
    await server?.stop();
    await pool?.close();
  });

  it('a dai game against the engine: it answers with a legal dai move', async () => {
    const { solo, game } = await soloAgainstCpu(server.url, { variant: 'dai' }, 3);
    expect(game).toMatchObject({ options: { variant: 'dai' }, startSfen: START_SFENS.dai });
    expect(await solo.move(DAI_GAME[0])).toMatchObject({ type: 'ack' });
    const answer = await solo.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white', 20_000);
    expect(answer.event).toMatchObject({ byCpu: true, ply: 1 });
    expect(daiAfter(1).legalMoves()).toContain((answer.event as { usi: string }).usi);
    expect(asked).toEqual(['dai']); // the engine itself, given the dai game
    solo.close();
  });

  it('a Heisei game against the engine: it answers a drop with a legal Heisei move', async () => {
    const { solo, game } = await soloAgainstCpu(server.url, { variant: 'heisei', heiseiDrops: 'once' }, 3);
    expect(game).toMatchObject({ options: { variant: 'heisei', heiseiDrops: 'once' }, startSfen: START_SFENS.heisei });
    expect(await solo.move('O*6h')).toMatchObject({ type: 'ack' });
    const answer = await solo.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white', 20_000);
    expect(answer.event).toMatchObject({ byCpu: true, ply: 1 });
    expect(heiseiAfter(1, ['O*6h'], 'once').legalMoves()).toContain((answer.event as { usi: string }).usi);
    expect(asked.at(-1)).toBe('heisei');
    solo.close();
  });
});
