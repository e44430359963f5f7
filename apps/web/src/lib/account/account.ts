// Logging in and out: the HTTP call, then a fresh socket handshake so `welcome` carries the account.
import { accountRequest, logoutRequest, type AccountError } from '../api';
import { client } from '../client/store.svelte';
import { resetRanked } from '../ranked/seeking';
import { reconnect } from '../device';

export async function submitAccount(
  action: 'register' | 'login',
  username: string,
  password: string,
): Promise<AccountError | null> {
  const r = await accountRequest(action, username, password);
  if (!r.ok) return r.error;
  client.device = { id: r.me.id, name: r.me.name };
  client.user = r.me.user;
  reconnect();
  return null;
}

export async function logout(): Promise<AccountError | null> {
  const r = await logoutRequest();
  if (!r.ok) return r.error;
  client.device = { id: r.me.id, name: r.me.name };
  client.user = null;
  if (client.ranked.state === 'queued' || client.ranked.state === 'joining') resetRanked();
  reconnect();
  return null;
}
