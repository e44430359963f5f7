// Who this tab is to the server: its device (kept in an httpOnly cookie, asked for over HTTP before the
// socket opens) and the name chosen in the settings. A new name or account takes a fresh socket
// handshake, which re-joins every room under it.
import { deviceRequest, renameRequest } from './api';
import { connection, hold, open, restart } from './link/link.svelte';
import { client } from './client/store.svelte';
import { settings } from './settings.svelte';
import { signedOut } from './account/signedOut.svelte';

const chosenName = () => settings.name.trim().slice(0, 24);

async function ensureDevice(): Promise<void> {
  const r = await deviceRequest(chosenName());
  if (!r.ok) return; // offline: the socket will report it
  client.device = { id: r.me.id, name: r.me.name };
  client.user = r.me.user;
  await syncName();
}

/**
 * The server no longer knows this tab's device: its token was revoked (a password change, a recovery or
 * "log out other devices" elsewhere) or it expired. A new device follows; if an account was signed in
 * here, the tab says why it is a guest now.
 */
export async function deviceLost(): Promise<void> {
  const was = client.user;
  await ensureDevice();
  if (was && !client.user) signedOut.username = was.username;
}

let started: Promise<void> | null = null;

/** The device, then the socket (once; later calls wait for the same start). */
export function connect(): Promise<void> {
  started ??= (async () => {
    connection.status = 'connecting';
    await ensureDevice();
    open({ unknownDevice: deviceLost });
  })();
  return started;
}

/**
 * Tell the server the display name chosen in the settings. The socket learnt the old name at its
 * handshake, so a fresh one follows; messages sent meanwhile (the click that blurred the name field)
 * wait for it. Resolves true when the name changed.
 */
export async function syncName(): Promise<boolean> {
  const name = chosenName();
  if (!name || !client.device || name === client.device.name) return false;
  const release = hold();
  try {
    const r = await renameRequest(name);
    if (!r.ok) return false; // keep the old name
    client.device = { id: r.me.id, name: r.me.name };
    restart();
    return true;
  } finally {
    release();
  }
}

/** A fresh handshake (after a login or a logout), so `welcome` carries the account. */
export const reconnect = restart;
