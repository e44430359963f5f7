import { CreatedApiTokenSchema, HttpErrorBodySchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../support/cluster.ts';
import { account, post } from '../support/http.ts';

// Issue 50: a personal API token revoked on one process is refused on every other at once (each API
// request reads its token's row: there is no cache to go stale).

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
