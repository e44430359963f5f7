// A device signed out by the server (issue 47 item 15): its token revoked by a password change made on
// another device, the socket's handshake is refused, and a new guest device follows. The tab says why,
// instead of silently going on under a new random name; a guest's new device says nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/svelte';
import { tick } from 'svelte';
import SignedOut from '../src/lib/account/SignedOut.svelte';
import { signedOut } from '../src/lib/account/signedOut.svelte';
import { deviceLost } from '../src/lib/device';
import { client } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  signedOut.username = null;
  client.user = null;
  settings.lang = 'en';
});

describe('a device the server signed out', () => {
  it.each([
    // [who this tab was, what it says afterwards]
    ['the account ana', { id: 'u1', username: 'ana' }, 'ana was signed out on this device: the password was changed'],
    ['a guest', null, null],
  ] as const)('%s, given a new guest device', async (_who, user, says) => {
    client.user = user;
    settings.name = '';
    vi.stubGlobal('fetch', async () => json(200, { device: { id: 'dev2', name: 'Kirin-7301', user: null } }));
    const { container } = render(SignedOut);
    await deviceLost();
    await tick();
    expect(client.user).toBeNull();
    expect(client.device?.name).toBe('Kirin-7301');
    const banner = container.querySelector('[data-signed-out]');
    if (says === null) expect(banner).toBeNull();
    else expect(banner?.textContent).toContain(says);
  });
});
