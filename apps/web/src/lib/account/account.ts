// Logging in and out: the HTTP call, then a fresh socket handshake so `welcome` carries the account.
import { accountRequest, logoutRequest, type AccountError } from '../api';
import { net, reconnect } from '../net.svelte';

export async function submitAccount(
  action: 'register' | 'login',
  username: string,
  password: string,
): Promise<AccountError | null> {
  const r = await accountRequest(action, username, password);
  if (!r.ok) return r.error;
  net.device = { id: r.me.id, name: r.me.name };
  net.user = r.me.user;
  reconnect();
  return null;
}

export async function logout(): Promise<AccountError | null> {
  const r = await logoutRequest();
  if (!r.ok) return r.error;
  net.device = { id: r.me.id, name: r.me.name };
  net.user = null;
  if (net.ranked.state === 'queued' || net.ranked.state === 'joining') net.ranked = { state: 'idle', error: null };
  reconnect();
  return null;
}
