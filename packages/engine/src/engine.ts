import { Game, PIECE_SPECS, parseSfen, parseUsi, unwrap, type Position, type Variant, type VariantTables } from '@chu/rules';
import { MATE, MATE_BOUND, Searcher, type IterationInfo, type SearchResult } from './search.ts';
import { RoyalHunt } from './royal-hunt.ts';
import { EMPTY, engineTables, IS_ROYAL, OFF, VALUE, WHITE_BIT } from './tables.ts';
import { LEVELS, MAX_LEVEL, MIN_LEVEL } from './levels.ts';

export { LEVEL_ELO, LEVELS, MAX_LEVEL, MIN_LEVEL } from './levels.ts';

export interface BestMoveOptions {
  /** 1 (beginner) … 8 (full strength); default 8 */
  level?: number;
  /** time budget in ms; default 1000. The search returns within it (plus a few ms) */
  timeMs?: number;
  /**
   * `timeMs` is this move's own (USI movetime, a per-turn clock without a main time): nothing saved
   * is kept for later, so the search uses all of it. Otherwise no iteration starts past 45 % of it.
   */
  fixedTime?: boolean;
  /** stop after this depth (USI `go depth`), on top of the level's own cap */
  depth?: number;
  /** stop after about this many nodes (USI `go nodes`) */
  nodes?: number;
  /** cancels the search: the best move found so far is returned */
  signal?: AbortSignal;
  /** seeds the weaker levels' noise; same seed, same game → same move (for a depth- or node-limited search) */
  seed?: number;
  /** cross-thread cancellation: the search stops once stopFlag[0] !== 0 (used by the worker pool) */
  stopFlag?: Int32Array;
  /**
   * 'fourth' (RULES.md §5, default): a move that makes a position occur for the fourth time is
   * illegal unless the mover's last royal is attacked. 'never': no earlier position may recur
   * (as some engines and GUIs play); if every legal move repeats, the engine picks among them.
   */
  repetition?: Repetition;
  /** called after every completed iteration, and last with the result (depth, score, PV of `move`) */
  onInfo?: (info: SearchInfo) => void;
  /**
   * Exact MultiPV: search this many lines (default 1) and report them in `lines`. Each iteration
   * searches the best root move, then the best of the others with it left out, and so on.
   */
  multiPv?: number;
  /** root moves (USI) not to search, as if they were illegal; ignored if it would leave none */
  exclude?: readonly string[];
  /**
   * Level 8 with a node or time budget (no `depth`, no `multiPv`): the royal hunt runs before the
   * search on a share of the budget and a forced royal capture it proves is played; after the
   * search it checks the move chosen, and a move after which the other side proves one is avoided.
   * Default true; false plays the search alone.
   */
  hunt?: boolean;
  /**
   * Issue 40's conversion terms, default false until a 200-game strength match keeps them (README,
   * "The royal hunt"): the search's pressure bonus stops below a royal's value, and the hunt takes
   * HUNT_SHARE_FAR of the budget from a lead of HUNT_FAR.
   */
  conversion?: boolean;
  /**
   * Issue 51's exchange test in the capture search (SearchLimits.see), default false until a
   * sequential test (`pnpm match --sprt`) accepts it.
   */
  see?: boolean;
  /** Issue 51's royal safety (SearchLimits.royalSafety), default false until a sequential test accepts it. */
  royalSafety?: boolean;
  /** Issue 51's mobility term for the hunted royal (SearchLimits.royalMobility), default false until a sequential test accepts it. */
  royalMobility?: boolean;
  /** keep the attack maps though no term reads them (SearchLimits.attackMaps; for bench/fixed-nodes.ts) */
  attackMaps?: boolean;
}

export type Repetition = 'fourth' | 'never';

export interface SearchInfo {
  depth: number;
  /** centipawns for the side to move; `mate` set instead when the search saw a decided game */
  score: number;
  /** plies to the end of a decided game: > 0 the side to move wins, < 0 it loses */
  mate?: number;
  nodes: number;
  timeMs: number;
  /** canonical USI */
  pv: string[];
  /** with `multiPv`: the best lines, best first (the first is `pv` with its score) */
  lines?: PvLine[];
}

/** One line of a MultiPV search: score (and mate) for the side to move, its first move and PV. */
export interface PvLine {
  move: string;
  score: number;
  mate?: number;
  pv: string[];
}

export interface BestMoveResult extends SearchInfo {
  /** canonical USI of a legal move */
  move: string;
}

/** One searcher per variant and thread: its hash table and history carry over between searches. */
const searchers: Partial<Record<Variant, Searcher>> = {};
/** One royal hunt per variant and thread (its table is cleared by each hunt). */
const hunts: Partial<Record<Variant, RoyalHunt>> = {};

/**
 * Shares of the move's budget (nodes, and time) for the royal hunt: to prove a win, more when the
 * side to move leads by HUNT_LEAD in material, more again from HUNT_FAR (a Lion; with `conversion`
 * only: what it leaves unused goes to the search); to check the move chosen against a forced loss.
 */
const HUNT_SHARE = 0.1;
const HUNT_SHARE_AHEAD = 0.25;
const HUNT_LEAD = 600;
const HUNT_SHARE_FAR = 0.4;
const HUNT_FAR = 2000;
const GUARD_SHARE = 0.1;
/** root moves the guard checks, best first, before it gives up and plays the search's move */
const GUARD_TRIES = 4;

/** Forgets what earlier searches learnt (hash table, history): a new game, or a search to be repeated exactly. */
export function newGame(): void {
  for (const s of Object.values(searchers)) s?.clearHash();
}

/**
 * The engine's move in the game's current position. Synchronous: it blocks the thread for up to
 * `timeMs` (use EnginePool off the main thread). Throws if the game has no legal move.
 */
export function bestMove(game: Game, opts: BestMoveOptions = {}): BestMoveResult {
  const legal = game.legalPacked();
  if (legal.length === 0) throw new Error(game.outcome() ? 'the game is over' : 'no legal move');
  const history = historyKeys(game);
  const fresh = opts.repetition === 'never' ? freshMoves(game, history) : legal;
  let roots = fresh.length ? fresh : legal;
  if (opts.exclude?.length) {
    const tables = game.position.tables;
    const out = new Set(opts.exclude.map((usi) => game.check(usi)).flatMap((r) => (r.ok ? [r.value] : [])));
    const kept = roots.filter((m) => !out.has(tables.usiOf(m)));
    if (kept.length) roots = kept;
  }
  const level = clampLevel(opts.level ?? MAX_LEVEL);
  const spec = LEVELS[level - 1];
  const timeMs = Math.max(1, opts.timeMs ?? 1000);
  const pos = game.position.clone();
  const limit = game.options.moveLimit;
  const { signal, stopFlag } = opts;
  const shouldStop = signal || stopFlag ? () => !!signal?.aborted || (!!stopFlag && Atomics.load(stopFlag, 0) !== 0) : undefined;
  const started = performance.now();
  const variant = game.variant;
  const tables = pos.tables;
  const searcher = (searchers[variant] ??= new Searcher(20, engineTables(variant)));
  const seed = opts.seed ?? 0;
  if (spec.careless > 0 && !opts.multiPv && roots.length > 1 && carelessTurn(pos, seed) < spec.careless) {
    const r = carelessMove(searcher, pos, roots, spec.noise, seed);
    const info = toInfo({ ...r, timeMs: performance.now() - started }, tables);
    opts.onInfo?.(info);
    return { move: tables.usiOf(r.move), ...info };
  }
  const hunting = level === MAX_LEVEL && opts.hunt !== false && !opts.multiPv && opts.depth === undefined;
  const maxNodes = Math.min(spec.nodes, opts.nodes ?? Infinity);
  let huntNodes = 0;
  const hunt = hunting ? (hunts[variant] ??= new RoyalHunt(searcher.tables)) : undefined;
  if (hunt) {
    const lead = materialLead(pos);
    const share = opts.conversion && lead >= HUNT_FAR ? HUNT_SHARE_FAR : lead >= HUNT_LEAD ? HUNT_SHARE_AHEAD : HUNT_SHARE;
    const proof = hunt.prove(pos, { maxNodes: Math.max(1, Math.floor(maxNodes * share)), deadline: started + timeMs * share, shouldStop });
    huntNodes += proof.nodes;
    if (proof.verdict === 'win' && roots.includes(proof.line[0])) {
      const info = toInfo({ depth: proof.plies, score: MATE - proof.plies, nodes: huntNodes, timeMs: performance.now() - started, pv: proof.line }, tables);
      opts.onInfo?.(info);
      return { move: tables.usiOf(proof.line[0]), ...info };
    }
  }
  const guardMs = hunt ? timeMs * GUARD_SHARE : 0;
  const spent = performance.now() - started;
  const r = searcher.search(pos, roots, history, limit === null ? Infinity : limit - game.ply, {
    maxDepth: Math.min(spec.depth, opts.depth ?? Infinity),
    timeMs: Math.max(1, timeMs - 3 - spent - guardMs),
    softMs: opts.fixedTime ? Math.max(1, timeMs - spent - guardMs) : undefined,
    maxNodes: Math.max(1, maxNodes - huntNodes - (hunt ? Math.floor(maxNodes * GUARD_SHARE) : 0)),
    noise: spec.noise,
    seed,
    repetition: opts.repetition ?? 'fourth',
    shouldStop,
    onInfo: opts.onInfo ? (info) => opts.onInfo!(toInfo(info, tables)) : undefined,
    multiPv: opts.multiPv,
    conversion: opts.conversion,
    see: opts.see,
    royalSafety: opts.royalSafety,
    royalMobility: opts.royalMobility,
    attackMaps: opts.attackMaps,
  });
  r.nodes += huntNodes;
  if (hunt && r.score > -MATE_BOUND && r.score < MATE_BOUND && r.ranked) {
    const guarded = guard(hunt, pos, r.ranked, Math.max(1, Math.floor(maxNodes * GUARD_SHARE)), started + timeMs, shouldStop);
    r.nodes += guarded.nodes;
    if (guarded.move !== r.move) {
      const info = toInfo({ depth: r.depth, score: r.score, nodes: r.nodes, timeMs: performance.now() - started, pv: [guarded.move] }, tables);
      opts.onInfo?.(info);
      return { move: tables.usiOf(guarded.move), ...info };
    }
  }
  return { move: tables.usiOf(r.move), ...toInfo({ ...r, timeMs: performance.now() - started }, tables) };
}

/**
 * The first of the ranked root moves after which the other side cannot prove a forced royal capture
 * within what is left of the guard's budget (each try gets all of it): the search's own move unless the
 * hunt proves it loses. If every move tried is proven lost, the search's move stands.
 */
function guard(hunt: RoyalHunt, pos: Position, ranked: readonly number[], maxNodes: number, deadline: number, shouldStop?: () => boolean): { move: number; nodes: number } {
  let nodes = 0;
  for (let i = 0; i < Math.min(GUARD_TRIES, ranked.length) && nodes < maxNodes; i++) {
    pos.make(ranked[i]);
    const threat = pos.royals[pos.turnBit ? 1 : 0] === 0 ? null : hunt.prove(pos, { maxNodes: maxNodes - nodes, deadline, shouldStop });
    pos.unmake();
    nodes += threat?.nodes ?? 0;
    if (threat?.verdict !== 'win') return { move: ranked[i], nodes };
  }
  return { move: ranked[0], nodes };
}

/** The side to move's material minus the other's (engine values, royals left out; Heisei's reserves in). */
function materialLead(pos: Position): number {
  let lead = 0;
  const board = pos.board;
  for (const sq of pos.tables.squares) {
    const p = board[sq];
    if (p === EMPTY || IS_ROYAL[p]) continue;
    lead += (p & WHITE_BIT) === pos.turnBit ? VALUE[p] : -VALUE[p];
  }
  for (const type of pos.tables.reserveTypes)
    for (const bit of [0, WHITE_BIT]) lead += pos.reserve[type + 1 + bit] * (bit === pos.turnBit ? VALUE[type + 1] : -VALUE[type + 1]);
  return lead;
}

/** 0…1, the same for the same position and seed: whether this turn is one of a careless level's careless moves. */
function carelessTurn(pos: Position, seed: number): number {
  let h = Math.imul(pos.hashLo ^ Math.imul(seed | 0, 0x27d4eb2f), 0x165667b1) ^ pos.hashHi;
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca77);
  h ^= h >>> 13;
  return (h >>> 0) / 2 ** 32;
}

const NO_HISTORY = new Int32Array(0);

/**
 * A careless move: the best by what the move itself does (what it takes, where the piece lands, as
 * the level's noisy evaluation sees it), the reply never looked at, so it leaves pieces hanging as a
 * beginner does. It still takes the last royal when it can, and does not leave its own last royal
 * where it can be taken at once (unless every move does).
 */
function carelessMove(searcher: Searcher, pos: Position, roots: readonly number[], noise: number, seed: number): SearchResult {
  const me = pos.turnBit ? 1 : 0;
  let move = roots[0];
  let score = -Infinity;
  for (const m of roots) {
    pos.make(m);
    const won = pos.royals[me ^ 1] === 0;
    // a search of depth 0 is the evaluation of the position the move leaves, for the side to move there
    let v = won ? MATE - 1 : -searcher.search(pos, [], NO_HISTORY, Infinity, { maxDepth: 0, timeMs: 1, maxNodes: 1, noise, seed }).score;
    if (!won && pos.royals[me] === 1 && lastRoyalAttacked(pos, me)) v -= MATE;
    pos.unmake();
    if (v > score) (move = m), (score = v);
    if (won) break;
  }
  return { move, depth: 0, score: score <= -MATE_BOUND ? -MATE + 2 : score, nodes: roots.length, timeMs: 0, pv: [move] };
}

/** Whether colour `side`'s (0 Black, 1 White) only royal can be taken by the side to move. */
function lastRoyalAttacked(pos: Position, side: number): boolean {
  const board = pos.board;
  for (let sq = 0; sq < board.length; sq++) {
    const p = board[sq];
    if (p !== EMPTY && p !== OFF && IS_ROYAL[p] && (p & WHITE_BIT ? 1 : 0) === side) return pos.attacked(sq, pos.turnBit);
  }
  return false;
}

const WARM_UP_SFEN =
  'lfcsgekg1cfl/a1b1txothsva/m1r1dq1d1rb1/pvp1ppnNpppm/1p4p1i2p/3i8/8I3/P2IP7/1PPPBPPP1PPP/MVR1D1Q+hHRVM/A2GTOXETB1A/LFCSK2GSCFL b - 31';
let warm = false;

/**
 * Runs a short throwaway search so the JIT has compiled the search before the first real one
 * (a cold search reaches a depth or two less). Done once per thread; later calls return at once.
 */
export function warmUp(ms = 300): void {
  if (warm) return;
  warm = true;
  bestMove(unwrap(Game.fromSfen(WARM_UP_SFEN)), { timeMs: ms });
  bestMove(Game.start(), { timeMs: ms / 3 });
}

export const clampLevel = (level: number): number =>
  Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.round(Number.isFinite(level) ? level : MAX_LEVEL)));

/** Plies to the end of a decided game (> 0 winning), or undefined for an evaluation. */
const mateOf = (score: number): number | undefined =>
  Math.abs(score) >= MATE_BOUND ? (score > 0 ? MATE - score : -(MATE + score)) : undefined;

function toInfo(i: IterationInfo, tables: VariantTables): SearchInfo {
  const info: SearchInfo = { depth: i.depth, score: i.score, nodes: i.nodes, timeMs: Math.round(i.timeMs), pv: i.pv.map((m) => tables.usiOf(m)) };
  const mate = mateOf(i.score);
  if (mate !== undefined) info.mate = mate;
  if (i.lines)
    info.lines = i.lines.map((l) => {
      const line: PvLine = { move: tables.usiOf(l.move), score: l.score, pv: l.pv.map((m) => tables.usiOf(m)) };
      const mate = mateOf(l.score);
      if (mate !== undefined) line.mate = mate;
      return line;
    });
  return info;
}

/**
 * The legal moves that make no earlier position of the game recur (`repetition: 'never'`), given
 * the game's `historyKeys`: possibly none.
 */
export function freshMoves(game: Game, history: Int32Array = historyKeys(game)): number[] {
  const pos = game.position.clone();
  return game.legalPacked().filter((m) => {
    pos.make(m);
    let seen = false;
    for (let i = 0; i < history.length && !seen; i += 2) seen = history[i] === pos.hashLo && history[i + 1] === pos.hashHi;
    pos.unmake();
    return !seen;
  });
}

/**
 * Keys (lo, hi) of the game's earlier positions since its last capture or promotion (none before
 * can recur), oldest first, the current one excluded: the search counts repetitions from them.
 */
export function historyKeys(game: Game): Int32Array {
  const start = parseSfen(game.startSfen, game.options);
  if (!start.ok) return new Int32Array(0);
  const pos = start.value;
  const t = pos.tables;
  const keys: number[] = [pos.hashLo, pos.hashHi];
  for (const usi of game.moves) {
    const m = parseUsi(usi, t.variant)!;
    if (m.drop) {
      // a drop shrinks a reserve for good (heisei-chu.md §5): nothing before it can recur
      pos.make(t.packDrop(PIECE_SPECS.findIndex((s) => s.code === m.drop), t.parseSquare(m.to)!, m.promote));
      keys.length = 0;
      keys.push(pos.hashLo, pos.hashHi);
      continue;
    }
    const from = t.parseSquare(m.from)!;
    const to = t.parseSquare(m.to)!;
    const mid = m.mid ? t.parseSquare(m.mid)! : 0;
    const capture = (mid && pos.board[mid] !== 0) || (to !== from && pos.board[to] !== 0);
    pos.make(t.pack(from, to, mid, !!m.promote));
    if (capture || m.promote) keys.length = 0;
    keys.push(pos.hashLo, pos.hashHi);
  }
  keys.length -= 2; // the current position is the search's root
  return Int32Array.from(keys);
}
