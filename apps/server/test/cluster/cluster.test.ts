import type { ServerMessage } from '@chu/protocol';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { privateRedis, startCluster } from '../support/cluster.ts';
import { firstLegal, LION_RUSH, TestClient } from '../support/TestClient.ts';

// Several server processes serve one site on Postgres and Redis (issue 13). Every client here is a
// real Socket.IO client of one process; the room lives on whichever process owns it.

const moveEvents = (c: TestClient) =>
  c.inbox.flatMap((m: ServerMessage) => (m.type === 'event' && m.event.kind === 'move' ? [m.event] : []));

async function seat(host: TestClient, guest: TestClient, code: string) {
  host.send({ type: 'room.sit', code, color: 'black' });
  await host.nextOf('room', (m) => m.room.seats.black.kind === 'human');
  guest.send({ type: 'room.sit', code, color: 'white' });
  await guest.nextOf('room', (m) => m.room.seats.white.kind === 'human');
  host.send({ type: 'room.start', code });
  await Promise.all([host.nextOf('game', (m) => m.reason === 'start'), guest.nextOf('game', (m) => m.reason === 'start')]);
  await Promise.all([host, guest].map((c) => c.until(() => c.game!.seats.black.status === 'present' && c.game!.seats.white.status === 'present')));
}

async function storedMoves(databaseUrl: string, gameId: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const r = await c.query<{ usi: string }>('SELECT usi FROM moves WHERE game_id = $1 ORDER BY ply', [gameId]);
  await c.end();
  return r.rows.map((x) => x.usi);
}

describe('two processes serve one site', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('players and a spectator on different processes play a whole game; each sees every move once, in order', async () => {
    const site = await startCluster(2);
    try {
      const [a, b] = site.nodes;
      const host = await TestClient.connect(a.url, 'Ana');
      const guest = await TestClient.connect(b.url, 'Ben');
      const watcher = await TestClient.connect(b.url, 'Spec');
      clients.push(host, guest, watcher);
      const room = await host.createRoom();
      await guest.join(room.code);
      await watcher.join(room.code);
      await seat(host, guest, room.code);
      for (const [i, usi] of LION_RUSH.entries()) {
        const mover = i % 2 === 0 ? host : guest;
        await mover.until(() => mover.game!.ply === i);
        expect(await mover.move(usi)).toMatchObject({ type: 'ack' });
      }
      for (const c of [host, guest, watcher]) {
        await c.nextOf('event', (m) => m.event.kind === 'end');
        const seen = moveEvents(c);
        expect(seen.map((e) => e.usi)).toEqual(LION_RUSH);
        expect(seen.map((e) => e.version)).toEqual([...seen.map((e) => e.version)].sort((x, y) => x - y));
        expect(c.game).toMatchObject({ status: 'finished', outcome: { winner: 'black', reason: 'royal-capture' } });
      }
      expect(await storedMoves(site.db.databaseUrl!, host.game!.id)).toEqual(LION_RUSH);
    } finally {
      await site.stop();
    }
  });

  it('a ranked match pairs two players connected to different processes', async () => {
    const site = await startCluster(2);
    try {
      const account = async (url: string, username: string) => {
        const d = await TestClient.device(url, username);
        const res = await fetch(`${url}/api/account/register`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${d.token}` },
          body: JSON.stringify({ username, password: 'correct horse battery' }),
        });
        expect(res.status).toBe(200);
        return TestClient.connect(url, { ...d, token: ((await res.json()) as { token: string }).token }); // a new token
      };
      const ana = await account(site.nodes[0].url, 'ana');
      const ben = await account(site.nodes[1].url, 'ben');
      clients.push(ana, ben);
      ana.send({ type: 'ranked.join', turnTime: null });
      await ana.nextOf('ranked', (m) => m.queue !== null);
      ben.send({ type: 'ranked.join', turnTime: null });
      const [ma, mb] = await Promise.all([ana.nextOf('ranked.match', () => true, 15_000), ben.nextOf('ranked.match', () => true, 15_000)]);
      expect(ma.gameId).toBe(mb.gameId);
      expect(new Set([ma.color, mb.color])).toEqual(new Set(['black', 'white']));
      await ana.join(ma.roomCode);
      await ben.join(mb.roomCode);
      const black = ma.color === 'black' ? ana : ben;
      await black.nextOf('game');
      await black.until(() => black.game!.seats.white.status === 'present');
      expect(black.game).toMatchObject({ rated: true, seats: { black: { account: true }, white: { account: true } } });
    } finally {
      await site.stop();
    }
  });
});

describe('losing a process loses nothing', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('SIGKILL the owner again and again: the other process takes the room over, every acknowledged move is kept once', async () => {
    const site = await startCluster(2);
    try {
      let host = await TestClient.connect(site.nodes[0].url, 'Ana'); // the room's owner is node 0 at first
      let guest = await TestClient.connect(site.nodes[1].url, 'Ben');
      clients.push(host, guest);
      const room = await host.createRoom();
      await guest.join(room.code);
      await seat(host, guest, room.code);
      const gameId = host.game!.id;
      const acked: string[] = [];
      const play = async (n: number) => {
        for (let i = 0; i < n; i++) {
          const mover = acked.length % 2 === 0 ? host : guest; // Black (the host) moves at even plies
          await mover.until(() => mover.game!.ply === acked.length, 15_000);
          const usi = firstLegal(acked);
          const r = await mover.move(usi);
          expect(r, JSON.stringify(r)).toMatchObject({ type: 'ack' });
          acked.push(usi);
        }
      };
      await play(4);
      for (let round = 0; round < 3; round++) {
        // kill whichever process owns the room now; the clients come back on the survivor
        const owner = (await ownerNode(site.db.databaseUrl!, room.code, site.nodes.map((n) => n.child.pid!)));
        const survivor = site.nodes[1 - owner];
        const [h, g] = [host, guest].map((c) => ({ token: c.token, deviceId: c.deviceId, version: c.game!.version }));
        host.close();
        guest.close();
        await site.replace(owner);
        host = await TestClient.connect(survivor.url, h);
        guest = await TestClient.connect(survivor.url, g);
        clients.push(host, guest);
        for (const c of [host, guest]) {
          await c.join(room.code, { id: gameId, version: 0 });
          await c.until(() => c.game?.id === gameId && c.game.ply === acked.length, 15_000);
        }
        expect(host.game!.moves).toEqual(acked);
        await play(2);
      }
      expect(await storedMoves(site.db.databaseUrl!, gameId)).toEqual(acked);
    } finally {
      await site.stop();
    }
  });

  it('Redis stopping mid-game: moves are refused or delayed, never acknowledged and lost', async () => {
    const redis = await privateRedis();
    const site = await startCluster(2, { redisUrl: redis.url });
    try {
      const host = await TestClient.connect(site.nodes[0].url, 'Ana');
      const guest = await TestClient.connect(site.nodes[1].url, 'Ben');
      clients.push(host, guest);
      const room = await host.createRoom();
      await guest.join(room.code);
      await seat(host, guest, room.code);
      const gameId = host.game!.id;
      expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
      await guest.until(() => guest.game!.ply === 1);

      await redis.stop();
      // the guest's process cannot reach the owner without Redis: its move is refused, or it waits
      const during = guest.move('11d11e', { ack: 'during-outage', waitMs: 40_000 });
      await new Promise((r) => setTimeout(r, 3000));
      await redis.start();
      const answer = await during;
      console.log(`move during the Redis outage: ${JSON.stringify(answer)}`);
      expect(['ack', 'error']).toContain(answer.type);
      const stored = await storedMoves(site.db.databaseUrl!, gameId);
      if (answer.type === 'ack') expect(stored).toEqual(['7j5h', '11d11e']); // acknowledged means stored
      // once Redis is back, the same move with the same ack id is applied exactly once
      await guest.until(() => guest.game!.version > 0);
      const retry = await guest.move('11d11e', { ack: 'during-outage', version: 1 });
      expect(retry, JSON.stringify(retry)).toMatchObject({ type: 'ack' });
      expect(await storedMoves(site.db.databaseUrl!, gameId)).toEqual(['7j5h', '11d11e']);
    } finally {
      await site.stop();
      await redis.stop();
    }
  });
});

/** Which of the nodes (by pid) owns the room now, from its lease. */
async function ownerNode(databaseUrl: string, code: string, pids: number[]): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const r = await c.query<{ owner: string }>(
    `SELECT l.owner FROM room_leases l JOIN rooms r ON r.id = l.room_id WHERE r.code = $1 AND l.expires_at > now()`, [code]);
  await c.end();
  const owner = r.rows[0]?.owner ?? '';
  const i = pids.findIndex((pid) => owner.split(':')[1] === String(pid));
  if (i < 0) throw new Error(`no live owner for ${code}: ${owner}`);
  return i;
}
