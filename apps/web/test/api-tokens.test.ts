// Settings' personal API tokens (issue 50): listed, made with the scopes ticked (the secret shown once),
// revoked; a refusal in words. The server's side is apps/server/test/api-tokens.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, fireEvent, waitFor } from '@testing-library/svelte';
import ApiTokens from '../src/lib/account/ApiTokens.svelte';
import { settings } from '../src/lib/settings.svelte';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const token = (id: string, description: string, scopes: string[]) => ({ id, description, scopes, createdAt: '2026-12-07T00:00:00.000Z', lastUsedAt: null });
const SECRET = `chu_${'a'.repeat(43)}`;

beforeEach(() => { settings.lang = 'en'; });
afterEach(() => vi.unstubAllGlobals());

describe('personal API tokens on the settings page', () => {
  it('lists the tokens, makes one with the ticked scopes and shows its secret, revokes one', async () => {
    const answers = [
      json(200, { tokens: [token('t1', 'old bot', ['bot:play'])] }),
      json(200, { token: token('t2', 'board app', ['board:play', 'challenge:read']), secret: SECRET }),
      json(200, { ok: true }),
    ];
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    const { container } = render(ApiTokens);
    await waitFor(() => expect(container.querySelector('[data-token="t1"]')?.textContent).toMatch(/old bot.*bot:play/s));

    await fireEvent.input(container.querySelector('input[name="token-description"]')!, { target: { value: ' board app ' } });
    for (const s of ['board:play', 'challenge:read']) await fireEvent.click(container.querySelector(`input[value="${s}"]`)!);
    await fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(container.querySelector('[data-token-secret] code')?.textContent).toBe(SECRET));
    expect(fetch.mock.calls[1][0]).toBe('/api/account/tokens');
    expect(JSON.parse(fetch.mock.calls[1][1]!.body as string)).toEqual({ description: 'board app', scopes: ['board:play', 'challenge:read'] });
    expect(container.querySelector('[data-token-secret]')!.textContent).toMatch(/will not be shown again/);
    expect([...container.querySelectorAll('[data-token]')].map((e) => e.getAttribute('data-token'))).toEqual(['t2', 't1']);

    await fireEvent.click(container.querySelector('[data-token="t1"] button')!);
    await waitFor(() => expect(container.querySelector('[data-token="t1"]')).toBeNull());
    expect(fetch.mock.calls[2][0]).toBe('/api/account/tokens/t1/revoke');
  });

  it('a refusal is said in words', async () => {
    const answers = [json(200, { tokens: [] }), json(409, { code: 'too-many-tokens', message: '' })];
    vi.stubGlobal('fetch', vi.fn(async () => answers.shift()!));
    const { container } = render(ApiTokens);
    await waitFor(() => expect(container.textContent).toMatch(/No tokens yet/));
    await fireEvent.input(container.querySelector('input[name="token-description"]')!, { target: { value: 'one more' } });
    await fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('you hold as many tokens as allowed: revoke one first'));
  });
});
