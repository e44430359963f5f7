import { DELETED_PLAYER, type Challenge, type ChatMessage, type Color, type GameEvent, type GameRecord, type GameView, type Outcome, type SeatView } from '@chu/protocol';
import { isProvisional } from '@chu/ratings';
import type { TimeControl, Variant } from '@chu/rules';
import type { AccountFacts, GameFacts } from '../db/PublicFacts.ts';

// The objects of lishogi's Bot and Board APIs (doc/specs/lishogi-api.yaml in lishogi-org/api), made from
// ours, so a lishogi client reads them. Shapes learnt from the spec; the code is ours. Where we differ
// (variant names for dai and Heisei, the status of an adjourned game) docs/api.md says so.

/** lishogi's colours: Black (moves first) is sente, White gote. */
export const SIDE: Record<Color, 'sente' | 'gote'> = { black: 'sente', white: 'gote' };

/** Our variants under lishogi's key (chushogi is lishogi's own; the other two are names of ours). */
export const VARIANT_KEYS: Record<Variant, { key: string; name: string; short: string }> = {
  chu: { key: 'chushogi', name: 'Chushogi', short: 'Chu' },
  dai: { key: 'daishogi', name: 'Daishogi', short: 'Dai' },
  heisei: { key: 'heiseichushogi', name: 'Heisei Chushogi', short: 'Heisei' },
};

/** lishogi's GameStatus for a game of ours. */
export type LishogiStatus = 'started' | 'aborted' | 'mate' | 'resign' | 'stalemate' | 'outoftime' | 'draw' | 'royalsLost' | 'bareKing';
export const STATUS: Record<Outcome['reason'], LishogiStatus> = {
  'royal-capture': 'royalsLost', 'bare-king': 'bareKing', 'no-legal-move': 'stalemate', 'move-limit': 'draw',
  resign: 'resign', agreement: 'draw', timeout: 'outoftime', abort: 'aborted',
};

/** A clock's time when there is none to count (untimed, per-move games' banked time): as lishogi sends correspondence's. */
const NO_CLOCK_MS = 2_147_483_647;

export interface LishogiClock { limit: number; increment: number; byoyomi: number; periods: number }
export interface GameStateLine {
  type: 'gameState';
  moves: string; // USI, space-separated
  btime: number; wtime: number; // ms of main time left, at sending
  binc: number; winc: number; byo: number; // ms
  status: LishogiStatus;
  winner?: 'sente' | 'gote';
  bdraw?: true; wdraw?: true; // offers open now (as lichess names them; lishogi's spec names takebacks only)
  btakeback?: true; wtakeback?: true;
}
export interface GamePlayer { id?: string; name?: string; title?: string | null; aiLevel?: number; rating?: number; provisional?: boolean }
export interface GameFullLine {
  type: 'gameFull';
  id: string;
  variant: { key: string; name: string; short: string };
  clock: LishogiClock | null;
  speed: string;
  perf: { name: string };
  rated: boolean;
  createdAt: number;
  sente: GamePlayer;
  gote: GamePlayer;
  initialSfen: string;
  state: GameStateLine;
}
export interface ChatLine { type: 'chatLine'; room: 'player' | 'spectator'; username: string; text: string }

export const lishogiClock = (tc: TimeControl): LishogiClock | null =>
  tc.kind === 'clock'
    ? { limit: tc.initialSeconds, increment: tc.incrementSeconds, byoyomi: tc.byoyomiSeconds, periods: tc.periods }
    : tc.kind === 'turn' ? { limit: 0, increment: 0, byoyomi: tc.seconds, periods: 1 } : null;

/** A real-time game's estimated length in seconds, as lishogi estimates it (its `totalTime`); null for none. */
function estimatedSeconds(tc: TimeControl): number | null {
  if (tc.kind === 'none' || tc.kind === 'correspondence') return null;
  return tc.kind === 'turn' ? 40 * tc.seconds : tc.initialSeconds + 40 * tc.incrementSeconds + 25 * tc.byoyomiSeconds * tc.periods;
}

/** lishogi's speed of a control, from its estimated length (lishogi's bands). */
export function speedOf(tc: TimeControl): string {
  const s = estimatedSeconds(tc);
  if (s === null) return 'correspondence';
  return s < 60 ? 'ultraBullet' : s < 180 ? 'bullet' : s < 480 ? 'blitz' : s < 1500 ? 'rapid' : 'classical';
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function playerOf(seat: SeatView): GamePlayer {
  if (seat.kind === 'cpu') return { aiLevel: seat.level ?? 1, name: seat.name ?? undefined };
  if (seat.kind === 'empty' || !seat.name) return {};
  const rating = seat.rating ? { rating: Math.round(seat.rating.rating), provisional: seat.rating.provisional } : {};
  return seat.account
    ? { id: seat.name.toLowerCase(), name: seat.name, title: seat.bot ? 'BOT' : null, ...rating }
    : { name: seat.name, ...rating };
}

/** A game as the stream follows it: its moves, clocks, offers and end, from our game view and events. */
export class GameFeed {
  private moves: string[];
  private clock: GameView['clock'];
  private outcome: Outcome | null;
  private drawOfferBy: Color | null;
  private takebackOfferBy: Color | null;
  version: number;

  constructor(readonly view: GameView) {
    this.moves = [...view.moves];
    this.clock = view.clock;
    this.outcome = view.outcome;
    this.drawOfferBy = view.drawOfferBy;
    this.takebackOfferBy = view.takebackOfferBy;
    this.version = view.version;
  }

  get id(): string { return this.view.id; }
  /** Who offers a draw now (null: nobody). */
  get drawOffer(): Color | null { return this.drawOfferBy; }
  get finished(): boolean { return this.outcome !== null; }

  full(now = Date.now()): GameFullLine {
    const v = this.view;
    const speed = speedOf(v.options.timeControl);
    return {
      type: 'gameFull',
      id: v.id,
      variant: VARIANT_KEYS[v.options.variant],
      clock: lishogiClock(v.options.timeControl),
      speed,
      perf: { name: capitalised(speed) },
      rated: v.rated,
      createdAt: v.clock?.serverNow ?? now, // our view does not carry the start; the time it was read
      sente: playerOf(v.seats.black),
      gote: playerOf(v.seats.white),
      initialSfen: v.options.startSfen === null ? 'startpos' : v.startSfen,
      state: this.state(now),
    };
  }

  state(now = Date.now()): GameStateLine {
    const c = this.clock;
    const left = (color: Color): number => {
      if (!c) return NO_CLOCK_MS;
      const ms = c[color].mainMs - (c.running === color && c.turnStartedAt !== null ? Math.max(0, now - c.turnStartedAt) : 0);
      return Math.max(0, ms);
    };
    const tc = this.view.options.timeControl;
    const incMs = tc.kind === 'clock' ? tc.incrementSeconds * 1000 : 0;
    const o = this.outcome;
    return {
      type: 'gameState',
      moves: this.moves.join(' '),
      btime: left('black'), wtime: left('white'),
      binc: incMs, winc: incMs, byo: c?.byoyomiMs ?? 0,
      status: o ? STATUS[o.reason] : 'started',
      ...(o?.winner ? { winner: SIDE[o.winner] } : {}),
      ...(!o && this.drawOfferBy === 'black' ? { bdraw: true as const } : {}),
      ...(!o && this.drawOfferBy === 'white' ? { wdraw: true as const } : {}),
      ...(!o && this.takebackOfferBy === 'black' ? { btakeback: true as const } : {}),
      ...(!o && this.takebackOfferBy === 'white' ? { wtakeback: true as const } : {}),
    };
  }

  /**
   * One of the game's events, in version order: whether it changed what gameState shows (then a line is
   * sent). An event out of order is the caller's to catch up on first (`version` says where it stands).
   */
  apply(e: GameEvent): boolean {
    this.version = e.version;
    switch (e.kind) {
      case 'move':
        this.moves.push(e.usi);
        this.clock = e.clock;
        this.drawOfferBy = this.takebackOfferBy = null;
        return true;
      case 'draw-offer': this.drawOfferBy = e.by; return true;
      case 'draw-decline': this.drawOfferBy = null; return true;
      case 'takeback-offer': this.takebackOfferBy = e.by; return true;
      case 'takeback-decline': this.takebackOfferBy = null; return true;
      case 'takeback':
        this.moves.splice(this.moves.length - e.plies, e.plies);
        this.clock = e.clock;
        this.takebackOfferBy = null;
        return true;
      case 'end':
        this.outcome = e.outcome;
        if (this.clock) this.clock = { ...this.clock, running: null };
        return true;
      case 'adjourn': case 'resume': case 'time-given':
        this.clock = e.clock ?? this.clock;
        return true;
      default:
        return false; // seats' presence, adjournment offers: not in lishogi's gameState
    }
  }
}

export const chatLineOf = (m: ChatMessage): ChatLine => ({ type: 'chatLine', room: m.channel === 'players' ? 'player' : 'spectator', username: m.name, text: m.text });

// ---- challenges ----------------------------------------------------------------------------------

export interface ChallengeJson {
  id: string; url: string; status: 'created' | 'offline' | 'declined' | 'accepted' | 'canceled';
  challenger: { id: string; name: string }; destUser: { id: string; name: string } | null;
  variant: { key: string; name: string; short: string }; rated: boolean; speed: string;
  timeControl: { type: 'clock'; limit: number; increment: number; byoyomi: number; periods: number; show: string }
    | { type: 'correspondence'; daysPerTurn: number } | { type: 'unlimited' };
  color: 'sente' | 'gote' | 'random';
  perf: { name: string };
  direction?: 'in' | 'out';
  initialSfen?: string;
}

const CHALLENGE_STATUS: Record<Challenge['status'], ChallengeJson['status']> = {
  open: 'created', accepted: 'accepted', declined: 'declined', cancelled: 'canceled', expired: 'canceled',
};

/** A challenge of ours as lishogi's ChallengeJson, seen by `me` (its direction). */
export function challengeJson(c: Challenge, origin: string, me: string): ChallengeJson {
  const tc = c.options.timeControl;
  const speed = speedOf(tc);
  const user = (name: string) => ({ id: name.toLowerCase(), name });
  const timeControl: ChallengeJson['timeControl'] =
    tc.kind === 'clock' ? { type: 'clock', limit: tc.initialSeconds, increment: tc.incrementSeconds, byoyomi: tc.byoyomiSeconds, periods: tc.periods, show: `${tc.initialSeconds / 60}+${tc.incrementSeconds}|${tc.byoyomiSeconds}` }
      : tc.kind === 'turn' ? { type: 'clock', limit: 0, increment: 0, byoyomi: tc.seconds, periods: 1, show: `0|${tc.seconds}` }
        : tc.kind === 'correspondence' ? { type: 'correspondence', daysPerTurn: tc.daysPerMove } : { type: 'unlimited' };
  return {
    id: c.id,
    url: `${origin}/challenge/${c.id}`,
    status: CHALLENGE_STATUS[c.status],
    challenger: user(c.from),
    destUser: user(c.to),
    variant: VARIANT_KEYS[c.options.variant],
    rated: c.rated, // only a bot's challenge may be rated (Challenges)
    speed,
    timeControl,
    color: c.color === 'random' ? 'random' : SIDE[c.color],
    perf: { name: capitalised(speed) },
    direction: c.from.toLowerCase() === me.toLowerCase() ? 'out' : 'in',
    ...(c.options.startSfen ? { initialSfen: c.options.startSfen } : {}),
  };
}

// ---- game export and users (GET /api/games/user/{username}, /api/game/export/{id}, /api/user/{username}) --

/** lishogi's GameUser: an account's name and title, its rating in a rated game and the change; a guest's name; the CPU's level. */
export interface GameUserJson {
  user?: { id: string; name: string; title?: 'BOT' };
  name?: string; rating?: number; ratingDiff?: number; provisional?: boolean; aiLevel?: number;
}
/** lishogi's GameJson (the fields we have). */
export interface GameJson {
  id: string; rated: boolean; variant: string; speed: string; perf: string;
  createdAt: number; lastMoveAt: number; status: LishogiStatus;
  players: { sente: GameUserJson; gote: GameUserJson };
  initialSfen?: string; winner?: 'sente' | 'gote'; moves: string;
  clock?: { initial: number; increment: number; byoyomi: number; periods: number; totalTime: number };
  daysPerTurn?: number;
  tournament?: string;
}

function gameUser(seat: GameRecord['seats']['black'], account: GameFacts['accounts']['black'], rating: GameFacts['ratings']['black']): GameUserJson {
  if (seat.kind === 'cpu') return { aiLevel: seat.level ?? 1 };
  if (!seat.name) return {};
  const rated = rating ? { rating: Math.round(rating.before), ratingDiff: Math.round(rating.after) - Math.round(rating.before), ...(rating.provisional ? { provisional: true } : {}) } : {};
  return account
    ? { user: { id: seat.name.toLowerCase(), name: seat.name, ...(account.bot ? { title: 'BOT' as const } : {}) }, ...rated }
    : { name: seat.name === DELETED_PLAYER ? 'deleted player' : seat.name, ...rated };
}

/** A stored game as lishogi's GameJson; `facts` (PublicFacts) gives what its record does not hold. */
export function gameJson(r: GameRecord, facts: GameFacts): GameJson {
  const tc = r.options.timeControl;
  const speed = speedOf(tc);
  const createdAt = Date.parse(r.createdAt);
  const clock = lishogiClock(tc);
  return {
    id: r.id,
    rated: facts.rated,
    variant: VARIANT_KEYS[r.options.variant].key,
    speed,
    perf: speed,
    createdAt,
    lastMoveAt: facts.lastMoveAt?.getTime() ?? (r.finishedAt ? Date.parse(r.finishedAt) : createdAt),
    status: r.outcome ? STATUS[r.outcome.reason] : 'started',
    players: {
      sente: gameUser(r.seats.black, facts.accounts.black, facts.ratings.black),
      gote: gameUser(r.seats.white, facts.accounts.white, facts.ratings.white),
    },
    ...(r.options.startSfen !== null ? { initialSfen: r.startSfen } : {}),
    ...(r.outcome?.winner ? { winner: SIDE[r.outcome.winner] } : {}),
    moves: r.moves.join(' '),
    ...(clock ? { clock: { initial: clock.limit, increment: clock.increment, byoyomi: clock.byoyomi, periods: clock.periods, totalTime: estimatedSeconds(tc) ?? 0 } } : {}),
    ...(tc.kind === 'correspondence' ? { daysPerTurn: tc.daysPerMove } : {}),
    ...(r.tournament ? { tournament: r.tournament.id } : {}),
  };
}

/** lishogi's Perf: a pool's standing. */
export interface PerfJson { games: number; rating: number; rd: number; prog: number; prov?: true }
/** lishogi's User (the fields we have). */
export interface UserJson {
  id: string; username: string; title?: 'BOT'; createdAt: number; seenAt?: number; url: string;
  perfs: Partial<Record<'ultraBullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence', PerfJson>>;
}

/**
 * An account as lishogi's User. A person's ratings are two pools, not one per speed: the real-time pool
 * stands under each of lishogi's real-time speeds, the correspondence pool under correspondence; a bot's
 * own pool under every speed (docs/api.md).
 */
export function userJson(a: AccountFacts, origin: string): UserJson {
  const perf = (p: AccountFacts['pools']['realtime']): PerfJson | undefined =>
    p && { games: p.games, rating: Math.round(p.rating), rd: Math.round(p.deviation), prog: 0, ...(isProvisional({ rd: p.deviation }) ? { prov: true as const } : {}) };
  // a bot's one pool (issue 50) stands under every speed, as a person's real-time pool stands under the real-time ones
  const realtime = perf(a.bot ? a.pools.bot : a.pools.realtime);
  const correspondence = perf(a.bot ? a.pools.bot : a.pools.correspondence);
  return {
    id: a.username.toLowerCase(),
    username: a.username,
    ...(a.bot ? { title: 'BOT' as const } : {}),
    createdAt: a.createdAt.getTime(),
    ...(a.seenAt ? { seenAt: a.seenAt.getTime() } : {}),
    url: `${origin}/#/player/${encodeURIComponent(a.username)}`, // the web client's profile route
    perfs: {
      ...(realtime ? { ultraBullet: realtime, bullet: realtime, blitz: realtime, rapid: realtime, classical: realtime } : {}),
      ...(correspondence ? { correspondence } : {}),
    },
  };
}
