import { ChallengeResponseSchema, CreatedApiTokenSchema, HttpErrorBodySchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMove, BOT_SCOPES, stream, tokenFor } from '../support/botApi.ts';
import { startCluster } from '../support/cluster.ts';
import { account, post } from '../support/http.ts';
import { TestClient } from '../support/TestClient.ts';

// Issue 50 across processes: a personal API token revoked on one process is refused on every other at
// once (each API request reads its token's row: there is no cache to go stale); a bot whose streams and
// moves go to one process plays a game whose room another process owns, every move in order.

describe('a revoked API token', () => {
  let site: Awaited<ReturnType<typeof startCluster>>;
  beforeAll(async () => { site = await startCluster(2); });
  afterAll(async () => { await site?.stop(); });

  it('is refused on the other process at its next request', async () => {
    const [p0, p1] = site.nodes.map((n) => n.url);
    const owner = await account(p0, 'revoker');
    const made = CreatedApiTokenSchema.parse(await (await post(p0, '/api/account/tokens', { description: 'bot', scopes: ['challenge:read'] }, { bearer: owner.token })).json());
    const upgrade = () => post(p1, '/api/bot/account/upgrade', {}, { bearer: made.secret });
    const before = await upgrade();
    expect(before.status).toBe(403); // P1 knows the token: it lacks bot:play
    expect((await post(p0, `/api/account/tokens/${made.token.id}/revoke`, {}, { bearer: owner.token })).status).toBe(200);
    const after = await upgrade();
    expect(after.status).toBe(401);
    expect(HttpErrorBodySchema.parse(await after.json()).code).toBe('unauthenticated');
  });
});

describe('a bot on one process, its game\'s room on another', () => {
  let site: Awaited<ReturnType<typeof startCluster>>;
  const open: { close(): void }[] = [];
  beforeAll(async () => { site = await startCluster(2); });
  afterAll(async () => {
    open.forEach((o) => o.close());
    await site?.stop();
  });

  it('its streams carry every move in order and its moves reach the room\'s owner', async () => {
    const [p0, p1] = site.nodes.map((n) => n.url);
    const bot = await account(p1, 'far_bot');
    const secret = await tokenFor(p1, bot.token, BOT_SCOPES);
    expect((await post(p1, '/api/bot/account/upgrade', {}, { bearer: secret })).status).toBe(200);
    const events = await stream(p1, '/api/stream/event', secret);
    open.push(events);
    const ana = await account(p0, 'near_ana');
    const socket = await TestClient.connect(p0, ana);
    open.push(socket);
    const sent = await post(p0, '/api/challenges', { to: 'far_bot', color: 'black' }, { bearer: ana.token });
    const challenge = ChallengeResponseSchema.parse(await sent.json()).challenge;
    await events.next((l) => l.type === 'challenge');
    // accepted on P0: the room is made, and owned, there
    expect((await post(p0, `/api/challenge/${challenge.id}/accept`, {}, { bearer: secret })).status).toBe(200);
    const gameId = ((await events.next((l) => l.type === 'gameStart')).game as { id: string }).id;
    const accepted = (await socket.nextOf('challenge', (m) => m.challenge.status === 'accepted')).challenge;
    await socket.join(accepted.roomCode!);
    await socket.until(() => socket.game?.id === gameId);
    const game = await stream(p1, `/api/bot/game/stream/${gameId}`, secret);
    open.push(game);
    await game.next((l) => l.type === 'gameFull');

    const played: string[] = [];
    for (let ply = 0; ply < 8; ply++) {
      const usi = aMove(socket.game!, played, ply);
      if (ply % 2 === 0) expect(await socket.move(usi)).toMatchObject({ type: 'ack' });
      else expect((await post(p1, `/api/bot/game/${gameId}/move/${usi}`, undefined, { bearer: secret })).status).toBe(200);
      played.push(usi);
      await game.next((l) => l.type === 'gameState' && l.moves === played.join(' '));
      await socket.until(() => socket.game!.moves.length === ply + 1); // versions count presence events too: wait for the move itself
    }
    expect(game.lines.filter((l) => l.type === 'gameState').map((l) => l.moves)).toEqual(played.map((_, i) => played.slice(0, i + 1).join(' ')));
    expect(socket.game!.moves).toEqual(played);
  });
});
