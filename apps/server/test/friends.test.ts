import { type Lobby } from '@chu/protocol';
import { parseKif } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kill9, spawnServer } from './support/childServer.ts';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { testDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// Rooms for friends (issue 16): takebacks, the lobby (the chat: chat.test.ts).

async function account(url: string, username: string) {
  const d = await TestClient.device(url, `Guest-${username}`);
  const res = await fetch(`${url}/api/account/register`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${d.token}` },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  });
  expect(res.status).toBe(200);
  return { ...d, token: ((await res.json()) as { token: string }).token }; // registering rotates the token
}

describe('takebacks in casual games', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('asked, declined, asked again and accepted: one ply back, or two once the opponent replied; every step a version; the replay and KIF show the game as it ended', async () => {
    const { host, guest, gameId } = await seatedPair(server.url);
    await host.move('7j5h');
    guest.send({ type: 'takeback', gameId, action: 'accept' });
    expect((await guest.error('no-takeback-offer')).code).toBe('no-takeback-offer');
    host.send({ type: 'takeback', gameId, action: 'offer' });
    expect((await guest.nextOf('event', (m) => m.event.kind === 'takeback-offer')).event).toMatchObject({ by: 'black', version: 2 });
    guest.send({ type: 'takeback', gameId, action: 'decline' });
    expect((await host.nextOf('event', (m) => m.event.kind === 'takeback-decline')).event).toMatchObject({ by: 'white', version: 3 });
    host.send({ type: 'takeback', gameId, action: 'offer' });
    await guest.nextOf('event', (m) => m.event.kind === 'takeback-offer' && m.event.version === 4);
    guest.send({ type: 'takeback', gameId, action: 'accept' });
    const back = await host.nextOf('event', (m) => m.event.kind === 'takeback');
    expect(back.event).toMatchObject({ version: 5, plies: 1, ply: 0 });
    await guest.reach(5);
    expect(guest.game).toMatchObject({ moves: [], ply: 0, turn: 'black' });

    // Black moves, White replies: Black's takeback now undoes both
    await host.move('7j5h');
    await guest.reach(6);
    await guest.move('11d11e');
    await host.reach(7);
    host.send({ type: 'takeback', gameId, action: 'offer' });
    await guest.nextOf('event', (m) => m.event.kind === 'takeback-offer' && m.event.version === 8);
    guest.send({ type: 'takeback', gameId, action: 'offer' }); // answering an offer with an offer accepts it
    expect((await host.nextOf('event', (m) => m.event.kind === 'takeback' && m.event.version === 9)).event).toMatchObject({ plies: 2, ply: 0 });
    const stored = await server.db.prisma.move.findMany({ where: { gameId } });
    expect(stored).toEqual([]);
    const kept = await server.db.prisma.takenBackMove.findMany({ where: { gameId }, orderBy: { id: 'asc' } });
    expect(kept.map((m) => [m.usi, m.version])).toEqual([['7j5h', 5], ['7j5h', 9], ['11d11e', 9]]);
    // and the game goes on from there; the replay shows it as it is
    expect(await host.move('7j5h')).toMatchObject({ type: 'ack', version: 10 });
    let replay = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: { moves: string[] } };
    expect(replay.game.moves).toEqual(['7j5h']);
    // White resigns: the record is the game as it ended, without the moves taken back
    await guest.reach(10);
    guest.send({ type: 'resign', gameId });
    await host.nextOf('event', (m) => m.event.kind === 'end');
    replay = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: { moves: string[] } };
    expect(replay.game.moves).toEqual(['7j5h']);
    const kif = await (await fetch(`${server.url}/api/games/${gameId}.kif`)).text();
    const read = parseKif(kif);
    expect(read.ok && read.value.moves).toEqual(['7j5h']);
    expect(kif).toContain('まで1手で先手の勝ち');
    host.close();
    guest.close();
  });

  it('never in ranked games; against a CPU seat only when the room allows it (the CPU says yes at once)', async () => {
    for (const cpuTakebacks of [false, true]) {
      const solo = await TestClient.connect(server.url, 'Solo');
      const room = await solo.createRoom({ cpuTakebacks });
      solo.send({ type: 'room.sit', code: room.code, color: 'black' });
      await solo.nextOf('room', (m) => m.room.code === room.code && m.room.seats.black.kind === 'human');
      solo.send({ type: 'room.cpu', code: room.code, color: 'white', level: 1 });
      await solo.nextOf('room', (m) => m.room.code === room.code && m.room.seats.white.kind === 'cpu');
      solo.send({ type: 'room.start', code: room.code });
      const { game } = await solo.nextOf('game', (m) => m.reason === 'start' && m.game.roomCode === room.code);
      await solo.move('7j5h');
      await solo.nextOf('event', (m) => m.event.gameId === game.id && m.event.kind === 'move' && m.event.color === 'white');
      solo.send({ type: 'takeback', gameId: game.id, action: 'offer' });
      if (!cpuTakebacks) expect((await solo.error('no-takebacks')).message).toMatch(/CPU/);
      else expect((await solo.nextOf('event', (m) => m.event.kind === 'takeback')).event).toMatchObject({ plies: 2, ply: 0 });
      solo.close();
    }

    const ana = await TestClient.connect(server.url, await account(server.url, 'ana'));
    const ben = await TestClient.connect(server.url, await account(server.url, 'ben'));
    ana.send({ type: 'ranked.join', control: '30m+30f' });
    await ana.nextOf('ranked', (m) => m.queue !== null);
    ben.send({ type: 'ranked.join', control: '30m+30f' });
    const match = await ana.nextOf('ranked.match');
    await ana.join(match.roomCode);
    await ana.nextOf('game');
    ana.send({ type: 'takeback', gameId: match.gameId, action: 'offer' });
    expect((await ana.error('no-takebacks')).message).toMatch(/Ranked/);
    for (const c of [ana, ben]) c.close();
  });
});

describe('a takeback and a SIGKILL', () => {
  it('is applied exactly once: the undone move stays undone and is kept aside, after a restart', async () => {
    const target = await testDatabase();
    const env = { DATA_DIR: target.dataDir, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}), CHU_CPU: 'random' };
    let node = await spawnServer(env);
    try {
      const { host, guest, gameId, code } = await seatedPair(node.url);
      await host.move('7j5h');
      await guest.reach(1);
      host.send({ type: 'takeback', gameId, action: 'offer' });
      await guest.nextOf('event', (m) => m.event.kind === 'takeback-offer');
      guest.send({ type: 'takeback', gameId, action: 'accept' });
      await host.nextOf('event', (m) => m.event.kind === 'takeback');
      await kill9(node.child); // at once, right after everyone was told
      host.close();
      guest.close();
      node = await spawnServer({ ...env, PORT: new URL(node.url).port });
      const back = await TestClient.connect(node.url, { token: host.token, deviceId: host.deviceId });
      await back.join(code);
      const { game } = await back.nextOf('game');
      expect(game).toMatchObject({ id: gameId, moves: [], ply: 0, turn: 'black' });
      const record = (await (await fetch(`${node.url}/api/games/${gameId}`)).json()) as { game: { moves: string[] } };
      expect(record.game.moves).toEqual([]);
      back.close();
    } finally {
      await kill9(node.child);
      await target.dispose();
    }
  });
});

describe('a SIGKILL during a takeback', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('after a restart the game is as before the takeback or as after it, never a mix; a takeback anyone was told of is kept', async () => {
    const target = await testDatabase();
    const env = { DATA_DIR: target.dataDir, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}), CHU_CPU: 'random' };
    // a long grace period: nobody's seat is taken by the CPU, nor the game adjourned, while the rounds run
    const options = { graceSeconds: 600 };
    let node = await spawnServer(env);
    const rounds: { gameId: string; offerVersion: number; undone: boolean }[] = [];
    try {
      // how long an accepted takeback takes to come back here: the kills below land before, during and after it
      const calibration = await seatedPair(node.url, options);
      await calibration.host.move('7j5h');
      await calibration.guest.reach(1);
      calibration.host.send({ type: 'takeback', gameId: calibration.gameId, action: 'offer' });
      await calibration.guest.nextOf('event', (m) => m.event.kind === 'takeback-offer');
      const sent = performance.now();
      calibration.guest.send({ type: 'takeback', gameId: calibration.gameId, action: 'accept' });
      await calibration.guest.nextOf('event', (m) => m.event.kind === 'takeback');
      const took = performance.now() - sent;
      calibration.host.close();
      calibration.guest.close();

      for (const share of [0, 0.6, 0.9, 1.1, 1.4, 2]) {
        const { host, guest, gameId, code } = await seatedPair(node.url, options);
        await host.move('7j5h');
        await guest.reach(1);
        host.send({ type: 'takeback', gameId, action: 'offer' });
        const offer = (await guest.nextOf('event', (m) => m.event.kind === 'takeback-offer')).event;
        guest.send({ type: 'takeback', gameId, action: 'accept' });
        if (share > 0) await sleep(took * share);
        await kill9(node.child);
        const told = [host, guest].some((c) => c.inbox.some((m) => m.type === 'event' && m.event.gameId === gameId && m.event.kind === 'takeback'));
        host.close();
        guest.close();

        node = await spawnServer(env);
        const record = (await (await fetch(`${node.url}/api/games/${gameId}`)).json()) as { game: { moves: string[] } };
        // one of the two honest states: the move there (before), or gone (after)
        expect([[], ['7j5h']]).toContainEqual(record.game.moves);
        const undone = record.game.moves.length === 0;
        if (told) expect(undone).toBe(true); // a takeback anyone was told of was stored first
        // a returning player sees that same state
        const back = await TestClient.connect(node.url, { token: host.token, deviceId: host.deviceId });
        await back.join(code);
        const { game } = await back.nextOf('game');
        expect(game).toMatchObject({ id: gameId, status: 'active', moves: record.game.moves, turn: undone ? 'black' : 'white' });
        back.close();
        rounds.push({ gameId, offerVersion: offer.version, undone });
      }
    } finally {
      await kill9(node.child);
    }

    // the tables agree with what was served: an undone move is kept aside exactly once, at the
    // takeback's version; a move still in play was kept aside nowhere
    const tables = await startTestServer({}, target);
    try {
      for (const r of rounds) {
        const moves = await tables.db.prisma.move.findMany({ where: { gameId: r.gameId } });
        const kept = await tables.db.prisma.takenBackMove.findMany({ where: { gameId: r.gameId } });
        if (r.undone) {
          expect(moves).toEqual([]);
          expect(kept.map((m) => ({ ply: m.ply, usi: m.usi, version: m.version }))).toEqual([{ ply: 0, usi: '7j5h', version: r.offerVersion + 1 }]);
        } else {
          expect(moves.map((m) => m.usi)).toEqual(['7j5h']);
          expect(kept).toEqual([]);
        }
      }
    } finally {
      await tables.close();
      await target.dispose();
    }
  }, 240_000);
});

describe('the lobby', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('lists public rooms with someone waiting, then their game as being played, live; private rooms never', async () => {
    const watcher = await TestClient.connect(server.url, 'Looking');
    watcher.send({ type: 'lobby.watch' });
    expect((await watcher.nextOf('lobby')).lobby).toEqual({ rooms: [], live: [] });
    // issue 47, item 9: each name says whether it is an account's, so the lobby links it to a profile
    const host = await TestClient.connect(server.url, await account(server.url, 'ana'));
    const hidden = await host.createRoom();
    const room = await host.createRoom({ public: true, language: 'ja' });
    host.send({ type: 'room.sit', code: room.code, color: 'black' });
    const listed = (await watcher.nextOf('lobby', (m) => m.lobby.rooms.length > 0, 8000)).lobby as Lobby;
    expect(listed.rooms).toEqual([expect.objectContaining({ code: room.code, language: 'ja', waiting: [{ color: 'black', name: 'ana', account: true }] })]);
    expect(JSON.stringify(listed)).not.toContain(hidden.code);

    // one click: join and sit; taking the last free seat starts the game (rooms.test.ts)
    const guest = await TestClient.connect(server.url, 'Ben');
    await guest.join(room.code);
    guest.send({ type: 'room.sit', code: room.code });
    const playing = (await watcher.nextOf('lobby', (m) => m.lobby.live.length > 0, 8000)).lobby as Lobby;
    expect(playing.rooms).toEqual([]);
    expect(playing.live).toEqual([expect.objectContaining({
      code: room.code, black: 'ana', white: 'Ben', accounts: { black: true, white: false }, rated: false, language: 'ja',
    })]);
    for (const c of [watcher, host, guest]) c.close();
  });
});

describe('a friend renames', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('from the room: the seat and the presence list show the new name at once, on every screen', async () => {
    const host = await TestClient.connect(server.url, 'Ana');
    const guest = await TestClient.connect(server.url, 'Kirin-x1');
    const room = await host.createRoom();
    await guest.join(room.code);
    guest.send({ type: 'room.sit', code: room.code, color: 'white' });
    await host.nextOf('room', (m) => m.room.seats.white.kind === 'human');
    const res = await fetch(`${server.url}/api/device`, {
      method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.token}` },
      body: JSON.stringify({ name: 'Lucía' }),
    });
    expect(res.status).toBe(200);
    const seen = await host.nextOf('room', (m) => m.room.seats.white.name === 'Lucía');
    expect(seen.room.present.map((p) => p.name).sort()).toEqual(['Ana', 'Lucía']);
    expect((await guest.nextOf('welcome')).device.name).toBe('Lucía');
    host.close();
    guest.close();
  });
});
