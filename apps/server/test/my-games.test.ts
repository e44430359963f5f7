// GET /api/me/games: a device's games in progress, and an account's recently finished games from any of
// its devices (a guest's finished games are kept by its browser, so none come from here).
import { MyGamesSchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/TestClient.ts';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const PASSWORD = 'correct horse battery';
const myGames = async (url: string, token: string) => {
  const res = await request(url, 'GET', '/api/me/games', undefined, { bearer: token });
  expect(res.status).toBe(200);
  return MyGamesSchema.parse(await res.json());
};

describe('an account sees its finished games from any device; a guest from none', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('a game lucia played on one device is listed on her other device, with its result; not for the guest she beat', async () => {
    const desk = await account(server.url, 'lucia', PASSWORD);
    const lucia = await TestClient.connect(server.url, desk);
    const guest = await TestClient.connect(server.url, 'Mateo');
    const room = await lucia.createRoom({});
    await guest.join(room.code);
    lucia.send({ type: 'room.sit', code: room.code, color: 'black' });
    await lucia.nextOf('room', (m) => m.room.seats.black.kind === 'human');
    guest.send({ type: 'room.sit', code: room.code, color: 'white' });
    await lucia.nextOf('room', (m) => m.room.seats.white.kind === 'human');
    lucia.send({ type: 'room.start', code: room.code });
    await lucia.nextOf('game', (m) => m.reason === 'start');
    const gameId = lucia.game!.id;

    // in play: on the device that plays it, not yet among the finished
    expect(await myGames(server.url, desk.token)).toMatchObject({ games: [{ gameId, status: 'active' }], finished: [] });

    guest.send({ type: 'resign', gameId });
    await lucia.nextOf('event', (m) => m.event.kind === 'end');

    // her phone: a new device, logged in to the same account
    const made = await post(server.url, '/api/device', { name: 'phone' });
    const phone = (await made.json()) as { token: string };
    const login = await post(server.url, '/api/account/login', { username: 'lucia', password: PASSWORD }, { bearer: phone.token });
    expect(login.status).toBe(200);
    const phoneToken = ((await login.json()) as { token?: string }).token ?? phone.token;
    const seen = await myGames(server.url, phoneToken);
    expect(seen.games).toEqual([]); // a game in progress is played from its own device
    expect(seen.finished).toEqual([
      expect.objectContaining({ gameId, roomCode: room.code, color: 'black', opponent: 'Mateo', status: 'finished', outcome: { winner: 'black', reason: 'resign' } }),
    ]);
    expect((await myGames(server.url, desk.token)).finished.map((g) => g.gameId)).toEqual([gameId]);

    // the guest's browser keeps its own list
    expect((await myGames(server.url, guest.token)).finished).toEqual([]);
    lucia.close();
    guest.close();
  });
});
