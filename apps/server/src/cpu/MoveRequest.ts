import type { Options } from '@chu/rules';

/**
 * Who waits on a CPU move, most urgent first: a stand-in for an absent person whose clock runs (RULES.md
 * §8 promises they never lose on time), a CPU seat on a clock, then games with no clock to lose on.
 */
export const MOVE_PRIORITIES = ['stand-in-on-clock', 'cpu-on-clock', 'untimed'] as const;
export type MovePriority = (typeof MOVE_PRIORITIES)[number];

/** One CPU move to find: plain data, so it can wait in the site's queue and be searched in another process. */
export interface MoveRequest {
  gameId: string;
  ply: number;                // the position the move is for: plies played…
  positionVersion: number;    // …and the game's version when that position was reached (a takeback makes a new one)
  position: { sfen: string; moves: string[]; options: Options };
  level: number;              // 1…8
  timeMs: number;             // think time granted
  deadline: number;           // Date.now() ms the move must be back by, to be stored within the turn
  priority: MovePriority;
}

/**
 * The seed of a game's CPU moves: the weaker levels' evaluation noise and careless turns read it (the
 * ladder's randomness), so two games from the same start differ while one game searched again plays
 * the same moves. FNV-1a of the game's id.
 */
export function gameSeed(gameId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < gameId.length; i++) h = Math.imul(h ^ gameId.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** `onClock`: the seat's clock runs (a correspondence turn, days long, counts as untimed). */
export function priorityOf(turn: { standIn: boolean; onClock: boolean }): MovePriority {
  if (!turn.onClock) return 'untimed';
  return turn.standIn ? 'stand-in-on-clock' : 'cpu-on-clock';
}

// BullMQ runs the lowest number first (1 is the highest priority; at most 2^21). Each class has its own
// band, and within a band the earlier deadline goes first, in steps of 10 ms.
const BAND = 2 ** 19;
const STEP_MS = 10;

/** The queue's priority number for a request enqueued at `now`: its class first, then its deadline. */
export function queueRank(req: Pick<MoveRequest, 'priority' | 'deadline'>, now: number): number {
  const band = MOVE_PRIORITIES.indexOf(req.priority);
  const urgency = Math.min(BAND - 1, Math.max(0, Math.floor((req.deadline - now) / STEP_MS)));
  return 1 + band * BAND + urgency;
}

/** Time the owner keeps back to search on its own pool when no engine process answered. */
export const FALLBACK_MS = 500;
/** An engine process's answer travels back (Redis, the owner's event stream) within this. */
export const TRANSIT_MS = 100;

export type QueuePlan =
  | { kind: 'queue'; giveUpAt: number; engineDeadline: number } // Date.now() ms
  | { kind: 'local' };

/**
 * How the owner gets a move when the site has a queue: enqueue it, wait for an engine process until
 * `giveUpAt`, then search locally with what is left. The engine must answer by `engineDeadline`, which
 * leaves the answer time to travel. A request with too little time for both goes to the local pool at once.
 */
export function planQueued(req: Pick<MoveRequest, 'deadline'>, now: number, minThinkMs: number): QueuePlan {
  const giveUpAt = req.deadline - FALLBACK_MS;
  const engineDeadline = giveUpAt - TRANSIT_MS;
  if (engineDeadline - now < minThinkMs) return { kind: 'local' };
  return { kind: 'queue', giveUpAt, engineDeadline };
}

/** Whether an engine process taking a job at `now` can still answer before its deadline. */
export const stillWorthSearching = (engineDeadline: number, now: number, minThinkMs: number): boolean =>
  engineDeadline - now >= minThinkMs;
