// The account's security forms: the recovery form on the login screen, and Settings' password change,
// recovery codes (shown once) and deletion. The server's side is apps/server/test/account-security.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, fireEvent, waitFor } from '@testing-library/svelte';
import AccountForm from '../src/lib/account/AccountForm.svelte';
import AccountSecurity from '../src/lib/account/AccountSecurity.svelte';
import RecoveryCodes from '../src/lib/account/RecoveryCodes.svelte';
import { recovery } from '../src/lib/account/recovery.svelte';
import { client } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { playerName } from '../src/lib/seats';
import { DELETED_PLAYER } from '@chu/protocol';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const device = (user: { id: string; username: string } | null) => ({ device: { id: 'dev1', name: 'Kirin-ab12', user } });
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mn${'234567'[i % 6]}${'abcdefghij'[i]}`);
const input = (c: HTMLElement, name: string, value: string) => fireEvent.input(c.querySelector(`input[name="${name}"]`)!, { target: { value } });
const alertOf = (c: HTMLElement) => c.querySelector('[role="alert"]')?.textContent;
const bodyOf = (fetch: ReturnType<typeof vi.fn>, i: number) => JSON.parse((fetch.mock.calls[i] as unknown as [string, RequestInit])[1].body as string);

beforeEach(() => {
  client.user = { id: 'u1', username: 'ana' };
  client.device = { id: 'dev1', name: 'Kirin-ab12' };
  settings.lang = 'en';
  recovery.codes = null;
});
afterEach(() => vi.unstubAllGlobals());

describe('forgot password: a recovery code and a new password', () => {
  it('checks the code\'s form before sending, then restores the account', async () => {
    client.user = null;
    const fetch = vi.fn(async (_url: string) => json(200, device({ id: 'u1', username: 'ana' })));
    vi.stubGlobal('fetch', fetch);
    const { container } = render(AccountForm, { mode: 'login' });
    await fireEvent.click(container.querySelector('[data-action="forgot"]')!);
    expect(container.querySelector('h2')!.textContent).toBe('Recover your account');
    await input(container, 'username', 'ana');
    await input(container, 'code', 'not a code');
    await input(container, 'password', 'a new password');
    await fireEvent.submit(container.querySelector('form')!);
    expect(alertOf(container)).toMatch(/16 letters and digits/);
    expect(fetch).not.toHaveBeenCalled();

    await input(container, 'code', CODES[0].toUpperCase());
    await fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(client.user?.username).toBe('ana'));
    expect(fetch.mock.calls[0][0]).toBe('/api/account/recover');
    expect(bodyOf(fetch, 0)).toEqual({ username: 'ana', code: CODES[0].toUpperCase(), newPassword: 'a new password' });
  });

  it('a used or wrong code, and too many tries, are said in words', async () => {
    client.user = null;
    const answers = [json(401, { code: 'bad-recovery-code', message: '' }), json(429, { code: 'rate-limited', message: '' })];
    vi.stubGlobal('fetch', vi.fn(async () => answers.shift()!));
    const { container } = render(AccountForm, { mode: 'recover' });
    await input(container, 'username', 'ana');
    await input(container, 'code', CODES[0]);
    await input(container, 'password', 'a new password');
    await fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(alertOf(container)).toBe('Wrong username or recovery code (each code works once).'));
    await fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(alertOf(container)).toBe('Too many attempts; wait a minute and try again.'));
  });
});

describe('Settings: your account', () => {
  it('new recovery codes are shown once, with the note to keep them', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/api/account' ? json(200, { username: 'ana', recoveryCodesLeft: 3 }) : json(200, { recoveryCodes: CODES }));
    vi.stubGlobal('fetch', fetch);
    const { container } = render(AccountSecurity);
    const shown = render(RecoveryCodes);
    await waitFor(() => expect(container.querySelector('[data-codes-left]')!.textContent).toBe('Recovery codes left: 3'));
    await input(container, 'codes-password', 'correct horse');
    await fireEvent.submit(container.querySelector('[data-form="codes"]')!);
    await waitFor(() => expect(shown.container.querySelectorAll('[data-recovery-codes] code')).toHaveLength(10));
    expect(shown.container.textContent).toContain('shown only now');
    await fireEvent.click(shown.container.querySelector('[data-action="codes-kept"]')!);
    expect(recovery.codes).toBeNull();
    expect(shown.container.querySelector('[data-recovery-codes]')).toBeNull();
  });

  it('the codes shown once can be copied in one go or downloaded as a text file', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    recovery.codes = CODES;
    const shown = render(RecoveryCodes);
    await fireEvent.click(shown.container.querySelector('[data-action="codes-copy"]')!);
    await waitFor(() => expect(shown.container.querySelector('[data-action="codes-copy"]')!.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n') + '\n');
    const download = shown.container.querySelector<HTMLAnchorElement>('[data-action="codes-download"]')!;
    expect(download.getAttribute('download')).toBe('chu-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href')!.replace('data:text/plain;charset=utf-8,', ''))).toBe(CODES.join('\n') + '\n');
  });

  it('a wrong current password is refused in words; the account stays', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) =>
      url === '/api/account' ? json(200, { username: 'ana', recoveryCodesLeft: 10 }) : json(401, { code: 'bad-credentials', message: '' })));
    const { container } = render(AccountSecurity);
    await input(container, 'current-password', 'wrong password');
    await input(container, 'new-password', 'a new password');
    await fireEvent.submit(container.querySelector('[data-form="password"]')!);
    await waitFor(() => expect(alertOf(container)).toBe('Wrong username or password.'));
    expect(client.user?.username).toBe('ana');
  });

  it('deleting needs the confirmation box, then leaves this device a guest', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/api/account' ? json(200, { username: 'ana', recoveryCodesLeft: 10 }) : json(200, device(null)));
    vi.stubGlobal('fetch', fetch);
    const { container } = render(AccountSecurity);
    await input(container, 'delete-password', 'correct horse');
    const button = container.querySelector<HTMLButtonElement>('[data-form="delete"] button')!;
    expect(button.disabled).toBe(true);
    await fireEvent.click(container.querySelector('input[name="confirm-delete"]')!);
    expect(button.disabled).toBe(false);
    await fireEvent.submit(container.querySelector('[data-form="delete"]')!);
    await waitFor(() => expect(client.user).toBeNull());
    const call = fetch.mock.calls.findIndex((c) => c[0] === '/api/account/delete');
    expect(bodyOf(fetch, call)).toEqual({ password: 'correct horse' });
  });
});

describe('a deleted account\'s name', () => {
  it('reads as "deleted player" in the reader\'s language', () => {
    expect(playerName(DELETED_PLAYER)).toBe('deleted player');
    settings.lang = 'es';
    expect(playerName(DELETED_PLAYER)).toBe('jugador eliminado');
    settings.lang = 'ja';
    expect(playerName(DELETED_PLAYER)).toBe('削除されたプレイヤー');
    expect(playerName('Ana')).toBe('Ana');
  });
});
