// The account form: input checked like the server does, the server's refusals in words, login/logout state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, fireEvent, waitFor } from '@testing-library/svelte';
import AccountForm from '../src/lib/account/AccountForm.svelte';
import { validateCredentials } from '../src/lib/api';
import { logout } from '../src/lib/account/account';
import { client } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const device = (user: { id: string; username: string } | null) => ({ device: { id: 'dev1', name: 'Kirin-ab12', user } });

async function fill(c: HTMLElement, username: string, password: string) {
  await fireEvent.input(c.querySelector('input[name="username"]')!, { target: { value: username } });
  await fireEvent.input(c.querySelector('input[name="password"]')!, { target: { value: password } });
  await fireEvent.submit(c.querySelector('form')!);
}
const errorOf = (c: HTMLElement) => c.querySelector('[role="alert"]');

beforeEach(() => {
  client.user = null;
  client.device = { id: 'dev1', name: 'Kirin-ab12' };
  settings.lang = 'en';
});
afterEach(() => {
  vi.unstubAllGlobals();
  settings.lang = 'en';
});

describe('validateCredentials (mirrors CredentialsBodySchema)', () => {
  it('names the first problem', () => {
    expect(validateCredentials('ab', 'password1')).toBe('username-short');
    expect(validateCredentials('a'.repeat(25), 'password1')).toBe('username-long');
    expect(validateCredentials('ana maría', 'password1')).toBe('username-chars');
    expect(validateCredentials('ana', 'short')).toBe('password-short');
    expect(validateCredentials('ana', 'x'.repeat(201))).toBe('password-long');
    expect(validateCredentials('  Ana_-9 ', 'x'.repeat(8))).toBeNull();
  });
});

describe('AccountForm', () => {
  it('refuses invalid input without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { container } = render(AccountForm, { mode: 'register' });
    await fill(container, 'ab', 'password1');
    expect(errorOf(container)!.textContent).toBe('The username needs at least 3 characters.');
    await fill(container, 'ana!', 'password1');
    expect(errorOf(container)!.textContent).toBe('The username may only use letters without accents (a–z), digits, _ and -.');
    await fill(container, 'ana', '1234567');
    expect(errorOf(container)!.textContent).toBe('The password needs at least 8 characters.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('registers: POST /api/account/register, then shows the account', async () => {
    const fetch = vi.fn(async () => json(200, device({ id: 'u1', username: 'ana' })));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    const { container } = render(AccountForm, { mode: 'register', onDone });
    await fill(container, ' ana ', 'correct horse');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account/register');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ana', password: 'correct horse' });
    expect(client.user).toEqual({ id: 'u1', username: 'ana' });
    expect(errorOf(container)).toBeNull();
  });

  it('a taken username (409) is said in words', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(409, { code: 'username-taken', message: 'That username is taken.' })));
    const { container } = render(AccountForm, { mode: 'register' });
    await fill(container, 'ana', 'correct horse');
    await waitFor(() => expect(errorOf(container)!.textContent).toBe('That username is taken; choose another.'));
    expect(client.user).toBeNull();
  });

  it('bad credentials (401) in English, Spanish and Japanese', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { code: 'bad-credentials', message: 'Wrong username or password.' })));
    const { container } = render(AccountForm, { mode: 'login' });
    await fill(container, 'ana', 'wrong password');
    await waitFor(() => expect(errorOf(container)!.textContent).toBe('Wrong username or password.'));
    settings.lang = 'es';
    await waitFor(() => expect(errorOf(container)!.textContent).toBe('Usuario o contraseña incorrectos.'));
    settings.lang = 'ja';
    await waitFor(() => expect(errorOf(container)!.textContent).toBe('ユーザー名またはパスワードが違います。'));
  });

  it('a malformed body (400), an unknown error and a network failure', async () => {
    const answers = [
      () => json(400, { code: 'malformed', message: 'Malformed body' }),
      () => json(500, { code: 'internal', message: 'boom' }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    let i = 0;
    vi.stubGlobal('fetch', vi.fn(async () => answers[i++]()));
    const { container } = render(AccountForm, { mode: 'login' });
    await fill(container, 'ana', 'password1');
    await waitFor(() => expect(errorOf(container)!.textContent).toBe('The username or password is not valid.'));
    await fill(container, 'ana', 'password1');
    await waitFor(() => expect(errorOf(container)!.textContent).toBe('Something went wrong; try again.'));
    await fill(container, 'ana', 'password1');
    await waitFor(() => expect(errorOf(container)!.textContent).toBe('Could not reach the server.'));
  });

  it('switches between log in and create account', async () => {
    const { container } = render(AccountForm, { mode: 'login' });
    expect(container.querySelector('form')!.getAttribute('data-mode')).toBe('login');
    await fireEvent.click(container.querySelector('[data-action="switch-mode"]')!);
    expect(container.querySelector('form')!.getAttribute('data-mode')).toBe('register');
    expect(container.querySelector('h2')!.textContent).toBe('Create account');
  });

  it('logs in, then logs out', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/login') ? json(200, device({ id: 'u1', username: 'ana' })) : json(200, device(null)),
    );
    vi.stubGlobal('fetch', fetch);
    const { container } = render(AccountForm, { mode: 'login' });
    await fill(container, 'ana', 'password1');
    await waitFor(() => expect(client.user?.username).toBe('ana'));
    expect(await logout()).toBeNull();
    expect(client.user).toBeNull();
    expect(fetch.mock.calls[1][0]).toBe('/api/account/logout');
  });
});
