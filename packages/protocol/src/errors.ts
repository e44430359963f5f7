// Stable error codes sent in { type: 'error' } messages and HTTP error bodies.
export const ERROR_CODES = [
  'malformed',        // failed schema validation
  'rate-limited',
  'unauthenticated',  // no or unknown device token
  'no-room',
  'no-game',
  'not-host',
  'not-in-room',
  'seat-taken',
  'not-seated',
  'not-your-turn',
  'illegal',          // refused by the rules; `reason` carries the IllegalReason
  'stale-version',    // followed by a full game resync
  'game-over',
  'game-running',
  'seats-not-filled',
  'cannot-abort',
  'no-draw-offer',
  'no-rematch-offer',
  'adjourned',        // nobody seated was present; the game waits for a player to return
  'bad-credentials',
  'username-taken',
  'account-required', // ranked play needs an account
  'no-player',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
