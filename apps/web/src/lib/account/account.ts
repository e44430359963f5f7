// Logging in and out: the HTTP call, then a fresh socket handshake so `welcome` carries the account.
import {
  accountRequest, changePasswordRequest, deleteAccountRequest, logoutRequest, recoverRequest, recoveryCodesOf,
  type AccountError, type Me,
} from '../api';
import { recovery } from './recovery.svelte';
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
  recovery.codes = recoveryCodesOf(r.json); // a registration's, shown once
  signedIn(r.me);
  return null;
}

/** A forgotten password: a recovery code and a new one; this device holds the account, the others are out. */
export async function recoverAccount(username: string, code: string, newPassword: string): Promise<AccountError | null> {
  const r = await recoverRequest(username, code, newPassword);
  if (!r.ok) return r.error;
  signedIn(r.me);
  return null;
}

/** This device stays signed in with a new cookie; its socket (signed in with the old one) is renewed. */
export async function changePassword(current: string, next: string): Promise<AccountError | null> {
  const r = await changePasswordRequest(current, next);
  if (!r.ok) return r.error;
  signedIn(r.me);
  return null;
}

/** The account is gone (its games stay, under "deleted player"); this device goes on as a guest. */
export async function deleteAccount(password: string): Promise<AccountError | null> {
  const r = await deleteAccountRequest(password);
  if (!r.ok) return r.error;
  signedIn(r.me);
  if (client.ranked.state === 'queued' || client.ranked.state === 'joining') resetRanked();
  return null;
}

function signedIn(me: Me): void {
  client.device = { id: me.id, name: me.name };
  client.user = me.user;
  reconnect();
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
