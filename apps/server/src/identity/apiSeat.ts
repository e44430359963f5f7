import { randomUUID } from 'node:crypto';

// A program acting for an account through the API (issue 50) sits at the board as the account's "API
// seat": one device id per account, whichever of its tokens the program uses, so a new token plays on in
// the games the revoked one started. It is nobody's browser: no device row, no cookie opens it.

const PREFIX = 'api-';
export const apiSeatId = (userId: string): string => `${PREFIX}${userId}`;
export const isApiSeat = (deviceId: string): boolean => deviceId.startsWith(PREFIX);

/** The account's API seat as a room sees a visitor (rooms' `Visitor`; `bot`: the account is a bot, shown so beside its name). */
export const apiSeat = (user: { id: string; username: string; bot: boolean }): { id: string; name: string; user: { id: string; username: string; bot: boolean } } => ({
  id: apiSeatId(user.id), name: user.username, user: { id: user.id, username: user.username, bot: user.bot },
});

/** What a socket of the API seat signed in with: the token, so its revocation closes it (never a device's token). */
export const apiCredential = (tokenId: string): string => `api-token:${tokenId}`;
export const API_WATCH_CREDENTIAL = 'api-watch';
export const isApiCredential = (credential: string): boolean => credential.startsWith('api-token:') || credential === API_WATCH_CREDENTIAL;

/** A spectator's stream of a game (no token): a visitor of its own, nobody's device and no account's, gone when the stream ends. */
export const apiWatcher = (): { id: string; name: string; user: null } => ({ id: `watch-${randomUUID()}`, name: 'API spectator', user: null });
