// HTTP calls for this device, accounts, this device's games, the leaderboard and profiles; answers are checked with
// the protocol's schemas.
import {
  RECOVERY_CODE_COUNT,
  isRecoveryCode,
  passwordProblem,
  usernameProblem,
  type AccountStatus,
  type ArchivePage,
  type NotificationKind,
  type NotificationPreferences,
  type MarkReadResult,
  type NotificationPage,
  type GameRecord,
  type LessonProgress,
  type SolvedExercise,
  type Leaderboard,
  type MyGames,
  type Profile,
  type RatingPool,
} from '@chu/protocol';
import { answerSchemas, type Reader } from './answers';

export interface Me {
  id: string;
  name: string;
  user: { id: string; username: string } | null;
}

/** Why an account request failed, as an i18n key suffix ('account.err.<code>'). */
export type AccountError =
  | 'username-short'
  | 'username-long'
  | 'username-chars'
  | 'password-short'
  | 'password-long'
  | 'bad-credentials'
  | 'bad-recovery-code'
  | 'username-taken'
  | 'malformed'
  | 'unauthenticated'
  | 'code-format'
  | 'rate-limited'
  | 'network'
  | 'generic';

/** The protocol's rules for a username and a password (terms/accounts.ts), checked before sending, with a precise reason. */
export function validateCredentials(username: string, password: string): AccountError | null {
  const u = usernameProblem(username);
  return u ? `username-${u}` : validatePassword(password);
}

const KNOWN: AccountError[] = ['bad-credentials', 'bad-recovery-code', 'username-taken', 'malformed', 'unauthenticated', 'rate-limited'];

function parseMe(json: unknown): Me | null {
  const d = (json as { device?: Partial<Me> } | null)?.device;
  if (!d || typeof d.id !== 'string') return null;
  const user = d.user && typeof d.user.username === 'string' ? { id: String(d.user.id), username: d.user.username } : null;
  return { id: d.id, name: String(d.name ?? ''), user };
}

type Answer = { ok: true; me: Me; json: unknown } | { ok: false; error: AccountError };

async function post(path: string, body: unknown, method = 'POST'): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: 'network' };
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    /* empty body */
  }
  if (!res.ok) {
    const code = (json as { code?: string } | null)?.code as AccountError | undefined;
    return { ok: false, error: code && KNOWN.includes(code) ? code : 'generic' };
  }
  const me = parseMe(json);
  return me ? { ok: true, me, json } : { ok: false, error: 'generic' };
}

/**
 * POST /api/device: the device of this browser's cookie, or a new one on a first visit (named `name`
 * when one was chosen). A GET /api/me would log a 401 on every first visit.
 */
export function deviceRequest(name: string) {
  return post('/api/device', name ? { name } : {});
}

/** PATCH /api/device: the name shown on seats and in rooms. */
export function renameRequest(name: string) {
  return post('/api/device', { name }, 'PATCH');
}

export function accountRequest(action: 'register' | 'login', username: string, password: string) {
  return post(`/api/account/${action}`, { username: username.trim(), password });
}

export function logoutRequest() {
  return post('/api/account/logout', {});
}

// Account security. A password change and a recovery leave this device signed in (its cookie renewed)
// and every other device of the account signed out; deleting leaves this device a guest.

/** Client-side checks mirroring the protocol's schemas, with a precise reason. */
export function validatePassword(password: string): AccountError | null {
  const p = passwordProblem(password);
  return p ? `password-${p}` : null;
}
export function validateRecovery(username: string, code: string, password: string): AccountError | null {
  return validateCredentials(username, password) ?? (isRecoveryCode(code) ? null : 'code-format');
}

export function changePasswordRequest(currentPassword: string, newPassword: string) {
  return post('/api/account/password', { currentPassword, newPassword });
}
export function recoverRequest(username: string, code: string, newPassword: string) {
  return post('/api/account/recover', { username: username.trim(), code, newPassword });
}
export function deleteAccountRequest(password: string) {
  return post('/api/account/delete', { password });
}

/**
 * The codes a registration's answer shows once (none in a login's): read at once, without waiting for the
 * schemas' chunk, since they are never shown again (RecoveryCodesSchema's shape).
 */
export const recoveryCodesOf = (json: unknown): string[] | null => {
  const codes = (json as { recoveryCodes?: unknown } | null)?.recoveryCodes;
  return Array.isArray(codes) && codes.length === RECOVERY_CODE_COUNT && codes.every((c) => typeof c === 'string') ? codes : null;
};

/** New recovery codes (the old ones stop working), given the password. */
export async function regenerateCodesRequest(password: string): Promise<{ ok: true; codes: string[] } | { ok: false; error: AccountError }> {
  try {
    const res = await fetch('/api/account/recovery-codes', {
      method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }),
    });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const code = (json as { code?: string } | null)?.code as AccountError | undefined;
      return { ok: false, error: code && KNOWN.includes(code) ? code : 'generic' };
    }
    const codes = recoveryCodesOf(json);
    return codes ? { ok: true, codes } : { ok: false, error: 'generic' };
  } catch {
    return { ok: false, error: 'network' };
  }
}

export function fetchAccountStatus(): Promise<Loaded<AccountStatus>> {
  return getJson('/api/account', (j, s) => s.AccountStatusSchema.parse(j));
}

/** Every other device of the account becomes a guest at once; answers how many there were. */
export async function logoutOthersRequest(): Promise<number | null> {
  try {
    const res = await fetch('/api/account/logout-others', {
      method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}',
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { loggedOut?: unknown };
    return typeof body.loggedOut === 'number' ? body.loggedOut : null;
  } catch {
    return null;
  }
}

export type Loaded<T> = { ok: true; data: T } | { ok: false; error: 'not-found' | 'network' | 'invalid' };
/** As Loaded, and an answer that is not what the protocol says tells where (the schema's first issue). */
export type Explained<T> = { ok: true; data: T } | { ok: false; error: 'not-found' | 'network' } | { ok: false; error: 'invalid'; detail: string };

export async function getJson<T>(path: string, parse: Reader<T>): Promise<Loaded<T>> {
  const r = await getExplained(path, parse);
  return r.ok || r.error !== 'invalid' ? r : { ok: false, error: 'invalid' };
}

async function getExplained<T>(path: string, parse: Reader<T>): Promise<Explained<T>> {
  const schemas = answerSchemas(); // on its way with the request
  schemas.catch(() => {}); // (awaited below, when the answer came)
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin' });
  } catch {
    return { ok: false, error: 'network' };
  }
  if (res.status === 404) return { ok: false, error: 'not-found' };
  if (!res.ok) return { ok: false, error: 'network' };
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    return { ok: false, error: 'invalid', detail: 'the answer is not JSON' };
  }
  let s: Awaited<typeof schemas>;
  try {
    s = await schemas;
  } catch {
    return { ok: false, error: 'network' };
  }
  try {
    return { ok: true, data: parse(json, s) };
  } catch (err) {
    // a zod error: name the first field that does not fit, so a bad answer reads as one
    const issue = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
    return { ok: false, error: 'invalid', detail: issue ? `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}` : String(err) };
  }
}

/** GET /api/notifications: a page of this account's notifications, newest first. */
export function fetchNotifications(before: number | null): Promise<Loaded<NotificationPage>> {
  return getJson(`/api/notifications?limit=20${before ? `&before=${before}` : ''}`, (j, s) => s.NotificationPageSchema.parse(j));
}

/** POST /api/notifications/read: these ids (or all) read; the answer's count, or null when it failed. */
export async function markReadRequest(which: number[] | 'all'): Promise<MarkReadResult | null> {
  try {
    const res = await fetch('/api/notifications/read', {
      method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(which === 'all' ? { all: true } : { ids: which }),
    });
    return res.ok ? (await answerSchemas()).MarkReadResultSchema.parse(await res.json()) : null;
  } catch {
    return null;
  }
}

/** GET /api/notifications/preferences: the kinds this account wants pushed. */
export function fetchNotificationPreferences(): Promise<Loaded<NotificationPreferences>> {
  return getJson('/api/notifications/preferences', (j, s) => s.NotificationPreferencesSchema.parse(j));
}

/** PUT /api/notifications/preferences: the kinds as stored, or null when it failed. */
export async function saveNotificationPreferences(push: NotificationKind[]): Promise<NotificationPreferences | null> {
  try {
    const res = await fetch('/api/notifications/preferences', {
      method: 'PUT', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ push }),
    });
    return res.ok ? (await answerSchemas()).NotificationPreferencesSchema.parse(await res.json()) : null;
  } catch {
    return null;
  }
}

/** GET /api/leaderboard?pool=…: one rating pool's ranking. */
export function fetchLeaderboard(pool: RatingPool): Promise<Loaded<Leaderboard>> {
  return getJson(`/api/leaderboard?pool=${pool}`, (j, s) => s.LeaderboardSchema.parse(j));
}

export function fetchProfile(username: string): Promise<Loaded<Profile>> {
  return getJson(`/api/players/${encodeURIComponent(username)}`, (j, s) => s.ProfileSchema.parse(j));
}

/** GET /api/players/:username/games: one page of the player's finished games (`query` from archiveQuery). */
export function fetchArchive(username: string, query: string): Promise<Loaded<ArchivePage>> {
  return getJson(`/api/players/${encodeURIComponent(username)}/games${query}`, (j, s) => s.ArchivePageSchema.parse(j));
}

/** GET /api/me/games: this device's games in progress (active or adjourned), newest first. */
export function fetchMyGames(): Promise<Loaded<MyGames>> {
  return getJson('/api/me/games', (j, s) => s.MyGamesSchema.parse(j));
}

/** GET /api/games/:id: a stored game (finished or not), checked against the protocol's record schema. */
export function fetchGameRecord(id: string): Promise<Explained<GameRecord>> {
  return getExplained(`/api/games/${encodeURIComponent(id)}`, (j, s) => s.GameRecordResponseSchema.parse(j).game);
}

/** GET /api/learn/progress: the lesson exercises this account (or guest device) has solved, with their stars. */
export function fetchLessonProgress(): Promise<Loaded<LessonProgress>> {
  return getJson('/api/learn/progress', (j, s) => s.LessonProgressSchema.parse(j));
}

/** PUT /api/learn/progress/{exercise}: the moves that solved it; the server replays them and answers the stars kept, or null. */
export async function saveLessonSolution(exercise: string, moves: readonly string[]): Promise<SolvedExercise | null> {
  try {
    const res = await fetch(`/api/learn/progress/${encodeURIComponent(exercise)}`, {
      method: 'PUT', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ moves }),
    });
    return res.ok ? (await answerSchemas()).SolvedExerciseSchema.parse(await res.json()) : null;
  } catch {
    return null;
  }
}
