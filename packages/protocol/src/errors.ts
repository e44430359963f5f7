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
  'ack-reused',       // a move's ack id was already used for another move of this game: nothing was played; send it with a new id
  'game-over',
  'game-running',
  'seats-not-filled',
  'cannot-abort',
  'no-draw-offer',
  'no-rematch-offer',
  'no-takeback-offer',
  'no-give-time',     // giving time: ranked games, untimed or correspondence games, rooms that turned it off
  'no-takebacks',     // ranked games, rooms that turned them off, a CPU seat (unless allowed), nothing to take back
  'muted',            // the host muted this participant in the room's chat
  'adjourned',        // nobody seated was present; the game waits for a player to return
  'bad-credentials',
  'username-taken',
  'account-required', // ranked play needs an account
  'no-player',
  'internal',
  'unavailable',      // storage (or Redis) unreachable: nothing was applied; retry after `retryAfterMs` with the same ack id
  'flooding',         // sent just before the server drops a socket that kept flooding; reconnect after `retryAfterMs`
  'forbidden-origin', // the request or socket handshake came from another site
  'not-found',        // no such HTTP route
  'too-large',        // an HTTP body or a socket message over the size limit (16 KiB)
  'too-many-rooms',   // room.create while the device, or its address, holds its bound of rooms
  'expired',          // the device was idle too long: start a new one (POST /api/device)
  'no-tournament',    // no such tournament
  'tournament-closed', // joining, leaving or withdrawing when the tournament no longer allows it (started, finished)
  'tournament-full',  // a round-robin has its 16 entrants
  'too-many-tournaments', // an account has TOURNAMENTS_PER_ACCOUNT upcoming or running already
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// Codes whose messages carry `retryAfterMs`: the client waits that long and sends the same thing again
// (a move keeps its ack id, so it is applied exactly once).
export const RETRYABLE_CODES = ['rate-limited', 'unavailable', 'flooding'] as const satisfies readonly ErrorCode[];
export type RetryableCode = (typeof RETRYABLE_CODES)[number];
