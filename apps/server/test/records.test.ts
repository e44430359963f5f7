import { Game, parseKif, START_SFEN } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LION_RUSH, seatedPair } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

describe('game records that travel: KIF and SFEN from the server', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('a finished game as lishogi chu KIF reads back to the same moves and result; its SFEN at any ply', async () => {
    const { host, guest, gameId } = await seatedPair(server.url);
    for (const [i, usi] of LION_RUSH.entries()) {
      const mover = i % 2 === 0 ? host : guest;
      await mover.until(() => mover.game!.ply === i);
      expect(await mover.move(usi)).toMatchObject({ type: 'ack' });
    }
    await guest.nextOf('event', (m) => m.event.kind === 'end');

    const res = await fetch(`${server.url}/api/games/${gameId}.kif`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toContain(`chu-${gameId}.kif`);
    const kif = await res.text();
    expect(kif).toContain('先手：Ana');
    expect(kif).toContain('後手：Ben');
    const back = parseKif(kif);
    expect(back.ok && back.value.moves).toEqual(LION_RUSH);
    expect(back.ok && back.value.sfen).toBe(START_SFEN);

    const final = Game.replay(LION_RUSH);
    expect((await (await fetch(`${server.url}/api/games/${gameId}.sfen`)).text()).trim()).toBe(final.ok && final.value.sfen());
    const one = Game.replay(LION_RUSH.slice(0, 1));
    expect((await (await fetch(`${server.url}/api/games/${gameId}.sfen?ply=1`)).text()).trim()).toBe(one.ok && one.value.sfen());
    host.close();
    guest.close();
  });

  it.each([
    ['/api/games/nope.kif', 404, 'no-game'],
    ['/api/games/nope.sfen', 404, 'no-game'],
    ['/api/games/x.sfen?ply=-1', 400, 'malformed'],
    ['/api/games/x.sfen?ply=1&more=2', 400, 'malformed'],
  ])('%s → %i %s', async (path, status, code) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code });
  });
});
