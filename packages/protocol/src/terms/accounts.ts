// Accounts and devices: the name and password rules the schemas check, and what the web checks before it sends
// (with the precise reason), from one place.

/** The httpOnly cookie a device's identity travels in. */
export const DEVICE_COOKIE = 'chu_device';

// An account's name: its owner's spelling is kept and shown; it is looked up without regard to case.
export const USERNAME_LENGTH = { min: 3, max: 24 } as const;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;

/** Why a (trimmed) username is not one, or null when it is. */
export function usernameProblem(username: string): 'short' | 'long' | 'chars' | null {
  const u = username.trim();
  if (u.length < USERNAME_LENGTH.min) return 'short';
  if (u.length > USERNAME_LENGTH.max) return 'long';
  return USERNAME_PATTERN.test(u) ? null : 'chars';
}
/** Why a password is not one, or null when it is. */
export const passwordProblem = (password: string): 'short' | 'long' | null =>
  password.length < PASSWORD_LENGTH.min ? 'short' : password.length > PASSWORD_LENGTH.max ? 'long' : null;

/**
 * The name an account is found by: trimmed and case-folded, as the unique index on lower(username) holds
 * it. The login's lookup and its limits both count this, so no spelling of a name escapes either.
 */
export const usernameKey = (username: string): string => username.trim().toLowerCase();

// Account security (issue 37). There is no email: an account's way back is one of its recovery codes.
export const RECOVERY_CODE_COUNT = 10;
/** "abcd-efgh-2345-wxyz" (16 base32 letters and digits); any case, dashes and spaces ignored. */
export const RECOVERY_CODE_MAX_INPUT = 64;
export const recoveryCodeKey = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{16}$/;
export const isRecoveryCode = (code: string): boolean =>
  code.length <= RECOVERY_CODE_MAX_INPUT && RECOVERY_CODE_PATTERN.test(recoveryCodeKey(code));

/**
 * Where a deleted account's name stood (seats of its games, opponents in records): a marker no name can
 * be (a control character starts it), which the client words in its language ("deleted player").
 */
export const DELETED_PLAYER = '\u0018deleted';
