// Finished games made the way people make them (sockets, a room, the ranked queue): for the tests that
// read games back (the archive, the API's export).
import type { Color } from '@chu/protocol';
import { rankedPair } from './ranked.ts';
import { TestClient, type Who } from './TestClient.ts';


/**
 * Black (the host) and White seated in one room, each on a socket of its own (no message of another
 * room in the way); each `play` starts the room's next game and ends it.
 */
export async function table(url: string, black: Who, white: Who, options: Parameters<TestClient['createRoom']>[0] = {}) {
  const host = await TestClient.connect(url, black);
  const guest = await TestClient.connect(url, white);
  const room = await host.createRoom(options);
  await guest.join(room.code);
  host.send({ type: 'room.sit', code: room.code, color: 'black' });
  await host.nextOf('room', (m) => m.room.code === room.code && m.room.seats.black.kind === 'human');
  guest.send({ type: 'room.sit', code: room.code, color: 'white' });
  await host.nextOf('room', (m) => m.room.code === room.code && m.room.seats.white.kind === 'human');
  return {
    host, guest, code: room.code,
    async play(winner: Color | 'draw'): Promise<string> {
      host.send({ type: 'room.start', code: room.code });
      await Promise.all([host, guest].map((c) => c.nextOf('game', (m) => m.reason === 'start')));
      const gameId = host.game!.id;
      if (winner === 'draw') {
        host.send({ type: 'draw', gameId, action: 'offer' });
        await guest.nextOf('event', (m) => m.event.kind === 'draw-offer');
        guest.send({ type: 'draw', gameId, action: 'accept' });
      } else {
        (winner === 'black' ? guest : host).send({ type: 'resign', gameId });
      }
      await Promise.all([host, guest].map((c) => c.nextOf('event', (m) => m.event.kind === 'end')));
      return gameId;
    },
    close() {
      host.close();
      guest.close();
    },
  };
}

/** One game at a new table. */
export async function played(url: string, black: Who, white: Who, winner: Color | 'draw', options: Parameters<TestClient['createRoom']>[0] = {}) {
  const t = await table(url, black, white, options);
  const gameId = await t.play(winner);
  t.close();
  return gameId;
}

/** A game against the CPU that the person loses by resigning. */
export async function lostToCpu(url: string, who: Who): Promise<string> {
  const person = await TestClient.connect(url, who);
  await person.command({ type: 'room.cpuGame', level: 1, color: 'black' }, `cpu-${Math.random()}`);
  const start = await person.nextOf('game', (m) => m.reason === 'start');
  person.send({ type: 'resign', gameId: start.game.id });
  await person.nextOf('event', (m) => m.event.kind === 'end');
  person.close();
  return start.game.id;
}

/** Two accounts matched by the ranked queue; the first one resigns. */
export async function ratedLoss(url: string, first: Who, second: Who): Promise<string> {
  const { a, b, match: m } = await rankedPair(url, first, second);
  a.send({ type: 'resign', gameId: m.gameId });
  await Promise.all([a, b].map((c) => c.nextOf('event', (e) => e.event.kind === 'end')));
  a.close();
  b.close();
  return m.gameId;
}
