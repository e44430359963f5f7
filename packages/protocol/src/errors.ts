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
  'no-rematch',       // a tournament's room: its game is the tournament's pairing, and the tournament pairs the next one
  'no-takeback-offer',
  'no-give-time',     // giving time: ranked games, untimed or correspondence games, rooms that turned it off
  'no-takebacks',     // ranked games, rooms that turned them off, a CPU seat (unless allowed), nothing to take back
  'muted',            // the host muted this participant in the room's chat
  'adjourned',        // the game is adjourned (nobody seated was present, or by agreement): nothing is played until it resumes
  'cannot-adjourn',   // adjourning by agreement: only clock games between two people, from ply 20 on, while in play
  'no-adjourn-offer', // there is no offer to adjourn to answer
  'must-seal',        // the adjournment was agreed: the player to move seals a move (no move, no takeback until it resumes)
  'no-seal',          // there is no move to seal: no adjournment was agreed, or it is already sealed
  'no-resume-offer',  // there is no offer to resume to answer, or the game is not adjourned by agreement
  'opponent-away',    // resuming needs both players present
  'bad-credentials',
  'bad-recovery-code', // a recovery code that is not one of the account's unused codes (or no such account)
  'username-taken',
  'account-required', // ranked play needs an account
  'no-player',
  'no-puzzle',        // a puzzle id the server does not hold
  'no-games',         // a player's archive export whose filters match no game: nothing to download
  'internal',
  'unavailable',      // storage (or Redis) unreachable: nothing was applied; retry after `retryAfterMs` with the same ack id
  'flooding',         // sent just before the server drops a socket that kept flooding; reconnect after `retryAfterMs`
  'forbidden-origin', // the request or socket handshake came from another site
  'not-found',        // no such HTTP route
  'too-large',        // an HTTP body or a socket message over the size limit (16 KiB)
  'too-many-rooms',   // room.create or a challenge's accept while a device, or the address, holds its bound of rooms
  'expired',          // the device was idle too long: start a new one (POST /api/device)
  'no-tournament',    // no such tournament
  'tournament-closed', // joining, leaving or withdrawing when the tournament no longer allows it (started, finished)
  'tournament-full',  // a round-robin has its 16 entrants
  'too-many-tournaments', // an account has TOURNAMENTS_PER_ACCOUNT upcoming or running already
  'blocked',          // a challenge (or a follow) between two accounts one of which blocked the other
  'friends-only',     // the player takes challenges only from people they follow
  'no-bots',          // a bot's challenge to a person who takes none from bots (issue 50)
  'too-many-challenges', // the sender has its bound of open challenges: cancel one, or wait for answers
  'no-challenge',     // no such open challenge for this account (answered, cancelled or expired meanwhile)
  'self-challenge',   // a player cannot challenge (or follow, or block) themselves
  'no-exercise',      // no lesson exercise has that id (@chu/learn)
  'not-solved',       // the moves sent for a lesson exercise do not solve it: the message names the move and why
  'api-token',        // a personal API token where a device's session belongs (it never opens the web session)
  'api-token-required', // an API route called without a personal API token (a device's token or cookie never works there)
  'missing-scope',    // the token lacks the scope the route needs; the message names it
  'no-token',         // no such API token of this account (revoked meanwhile)
  'too-many-tokens',  // the account holds API_TOKENS_PER_ACCOUNT tokens: revoke one first
  'already-bot',      // the bot upgrade of an account that is a bot already
  'has-games',        // the bot upgrade of an account that has played a game: a bot starts from a new account
  'bot-not-ranked',   // a bot account asked for the human ranked queue: bots play challenges
  'not-bot',          // the Bot API called for an account that is not a bot (upgrade it, or use the Board API)
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// Codes whose messages carry `retryAfterMs`: the client waits that long and sends the same thing again
// (a move keeps its ack id, so it is applied exactly once).
export const RETRYABLE_CODES = ['rate-limited', 'unavailable', 'flooding'] as const satisfies readonly ErrorCode[];
export type RetryableCode = (typeof RETRYABLE_CODES)[number];
