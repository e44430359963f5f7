// Ajustes, logged in: "Log out my other devices" asks the server (POST /api/account/logout-others)
// and says how many were logged out, or that it could not; a guest has no such button.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/svelte';
import SettingsScreen from '../src/screens/Settings.svelte';
import { client } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { freshNet } from './fixtures';

// Ajustes connects on mount (for the name field): a socket that never connects
vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, emit() {}, connect() {}, disconnect() {}, io: {} }) }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const lucia = { id: 'u1', username: 'lucia' };

/** The server: this device is lucia's; logging out the others finds `others` of them. */
function server(others: number | 'down') {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/device') return json(200, { device: { id: 'me', name: 'lucia', user: lucia } });
    if (url === '/api/account/logout-others') return others === 'down' ? json(503, { code: 'unavailable', message: 'Try again.' }) : json(200, { loggedOut: others });
    return json(404, { code: 'not-found', message: 'No.' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  freshNet([]);
  settings.lang = 'en';
});
afterEach(() => vi.unstubAllGlobals());

describe('Ajustes: log out my other devices', () => {
  it('lucia, logged in on her phone and two more devices, logs the others out', async () => {
    const fetch = server(2);
    client.user = lucia;
    const { container } = render(SettingsScreen);
    const button = container.querySelector('[data-logout-others]') as HTMLButtonElement;
    expect(button.textContent).toBe('Log out my other devices');
    expect(container.querySelector('[role="status"]')).toBeNull();

    await fireEvent.click(button);
    await waitFor(() => expect(container.querySelector('[role="status"]')!.textContent).toBe('Other devices logged out: 2'));
    const calls = fetch.mock.calls.filter(([url]) => url === '/api/account/logout-others');
    expect(calls).toHaveLength(1);
    expect(calls[0][1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(client.user).toEqual(lucia); // this device stays logged in
  });

  it('in Spanish; when the server cannot do it, the button says so instead of a count', async () => {
    settings.lang = 'es';
    const fetch = server('down');
    client.user = lucia;
    const { container } = render(SettingsScreen);
    const button = container.querySelector('[data-logout-others]') as HTMLButtonElement;
    expect(button.textContent).toBe('Cerrar sesión en mis otros dispositivos');
    await fireEvent.click(button);
    await waitFor(() => expect(container.querySelector('[role="alert"]')!.textContent).toBe('No se pudo cerrar la sesión en los otros dispositivos. Inténtalo de nuevo.'));
    expect(fetch.mock.calls.filter(([url]) => url === '/api/account/logout-others')).toHaveLength(1);
    expect(container.querySelector('[role="status"]')).toBeNull();
  });

  it('a guest has no such button', async () => {
    const fetch = vi.fn(async () => json(200, { device: { id: 'me', name: 'Kirin-ab12', user: null } }));
    vi.stubGlobal('fetch', fetch);
    const { container } = render(SettingsScreen);
    expect(container.querySelector('[data-logout-others]')).toBeNull();
  });
});
