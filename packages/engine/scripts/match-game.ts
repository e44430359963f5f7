import { Game, PIECE_SPECS, opposite, parseSquare, parseUsi, seededRandom, type Color, type Options } from '@chu/rules';
import { IS_ROYAL, VALUE, advance } from '../src/tables.ts';

// Match games: two sides, each an engine loaded from some source tree (this one or an old
// commit's copy) or a simple mover, adjudicated by this tree's rules.

export interface SideSpec {
  kind: 'engine' | 'random' | 'greedy';
  /** for the report: 'L8', 'da76084 L8' */
  name: string;
  /** engine: file URL of its packages/engine/src/engine.ts */
  engine?: string;
  /** engine: file URL of the packages/rules/src/index.ts it imports */
  rules?: string;
  level: number;
  /** engine: bestMove options this side turns on (`8+conversion`: `{ conversion: true }`) */
  options?: Record<string, boolean>;
}

export interface GameJob {
  id: number;
  sfen: string;
  /** the game's rules when not chu's defaults (`--variant heisei`: { variant: 'heisei', heiseiDrops }) */
  options?: Partial<Options>;
  /** the colour side A plays */
  aColor: Color;
  ms: number;
  /** a node budget per move instead of time (then `ms` only caps it): results that do not depend on the machine's load */
  nodes?: number;
  maxPlies: number;
  /** 'never': a move that makes any earlier position recur forfeits the game */
  repetition: 'fourth' | 'never';
  /** at the ply cap, a side this far ahead in material (centipawns) wins; else a draw */
  adjudicate: number;
  seed: number;
}

export interface SideStats {
  moves: number;
  nodes: number;
  depth: number;
  /** wall time of the bestMove calls, ms */
  timeMs: number;
  maxMs: number;
  /** moves over the budget by more than 10 ms */
  late: number;
  /** moves whose last reported PV (as USI would print it) does not start with the move played */
  stale: number;
  /** early raids: a Queen or Lion moved into the enemy half within about the game's first 30 plies */
  raids: number;
}

export interface GameReport {
  id: number;
  winner: 'a' | 'b' | null;
  reason: string;
  plies: number;
  /** A's material minus B's at the end, engine values */
  material: number;
  stats: { a: SideStats; b: SideStats };
  /** a side that stood at THROWN_SCORE or more for THROWN_PLIES plies in a row: who, and the ply its run began */
  stood?: { side: 'a' | 'b'; ply: number };
}

/** A thrown win: a side stood at +1 500 or more (its own search's score) for 30 plies in a row and did not win (issue 40). */
export const THROWN_SCORE = 1500;
export const THROWN_PLIES = 30;

/** Whether the game is a thrown win: a side stood at a won score for long enough and did not win. */
export const thrown = (r: GameReport): boolean => r.stood !== undefined && r.winner !== r.stood.side;

interface SearchResult {
  move: string;
  depth: number;
  nodes: number;
  pv: string[];
  /** centipawns for the mover (engines only); `mate` instead when it saw a decided game */
  score?: number;
  mate?: number;
}

interface GameLike {
  play(usi: string): { ok: boolean };
  legalMoves(): string[];
}

interface Player {
  start(sfen: string, options?: Partial<Options>): void;
  choose(job: GameJob, seed: number, ref: Game): SearchResult;
  /** the move was played (by either side): keep this player's own game in step */
  played(usi: string): boolean;
}

/** Material of a side (engine piece values; royals excluded). */
const MATERIAL = Int32Array.from(VALUE, (v, p) => (IS_ROYAL[p] ? 0 : v));

/** Material of a side (engine piece values; royals excluded), Heisei's reserve at full value. */
export function material(game: Game, color: Color): number {
  let sum = 0;
  for (const { code, count } of game.reserve(color)) sum += count * VALUE[PIECE_SPECS.findIndex((s) => s.code === code) + 1];
  const board = game.position.board;
  for (let sq = 0; sq < board.length; sq++) {
    const p = board[sq];
    if (p === 0 || p >= 128 || (p & 64 ? 'white' : 'black') !== color || IS_ROYAL[p]) continue;
    sum += VALUE[p];
  }
  return sum;
}

/** One-ply greedy: wins on the spot if it can, else the capture (or promotion) that gains most; ties at random. */
function greedyMove(game: Game, random: () => number): string {
  const me = game.turn;
  const them = opposite(me);
  const before = material(game, me) - material(game, them);
  let best: string[] = [];
  let bestGain = -Infinity;
  for (const m of game.legalMoves()) {
    const g = game.clone();
    const played = g.play(m);
    if (!played.ok) continue;
    const gain = played.value.outcome?.winner === me ? Infinity : material(g, me) - material(g, them) - before;
    if (gain > bestGain) (bestGain = gain), (best = [m]);
    else if (gain === bestGain) best.push(m);
  }
  return best[Math.floor(random() * best.length)];
}

class SimplePlayer implements Player {
  private random = seededRandom(1);
  constructor(private readonly greedy: boolean) {}
  start(): void {}
  choose(job: GameJob, seed: number, ref: Game): SearchResult {
    this.random = seededRandom(seed * 1000 + job.id);
    const moves = ref.legalMoves();
    const move = this.greedy ? greedyMove(ref, this.random) : moves[Math.floor(this.random() * moves.length)];
    return { move, depth: 0, nodes: 0, pv: [move] };
  }
  played(): boolean {
    return true;
  }
}

type BestMove = (game: GameLike, opts: Record<string, unknown>) => SearchResult;

class EnginePlayer implements Player {
  private game!: GameLike;
  constructor(
    private readonly bestMove: BestMove,
    private readonly GameClass: { fromSfen(sfen: string, options?: Partial<Options>): { ok: boolean; value: GameLike } },
    private readonly level: number,
    /** the engine's `newGame` (as USI `usinewgame`), where it has one */
    private readonly newGame: (() => void) | undefined,
    private readonly options: Record<string, boolean> = {},
  ) {}
  start(sfen: string, options?: Partial<Options>): void {
    // an empty hash table for every game: a fixed-node game then plays the same moves whichever
    // games its worker thread played before
    this.newGame?.();
    const g = this.GameClass.fromSfen(sfen, options);
    if (!g.ok) throw new Error(`bad opening ${sfen}`);
    this.game = g.value;
  }
  choose(job: GameJob, seed: number): SearchResult {
    // what a USI front end would print last before `bestmove`: the last info, or the result itself
    let last: string[] | undefined;
    const onInfo = (info: { pv: string[] }) => (last = info.pv);
    // options an older engine does not know are ignored by it (`fixedTime`: `--ms` is each move's own
    // time, as USI movetime; an engine from before it stops iterating at 45 % of it)
    const budget = job.nodes ? { nodes: job.nodes, timeMs: 20 * job.ms } : { timeMs: job.ms, fixedTime: true };
    const r = this.bestMove(this.game, { ...this.options, level: this.level, ...budget, seed, repetition: job.repetition, onInfo });
    return { ...r, pv: last ?? r.pv };
  }
  played(usi: string): boolean {
    return this.game.play(usi).ok;
  }
}

export async function load(spec: SideSpec, slot: string): Promise<Player> {
  if (spec.kind !== 'engine') return new SimplePlayer(spec.kind === 'greedy');
  // the query gives each side its own module instance, so its own searcher and hash table
  const engine = await import(`${spec.engine}?side=${slot}`);
  const rules = await import(spec.rules!);
  engine.warmUp?.();
  return new EnginePlayer(engine.bestMove, rules.Game, spec.level, engine.newGame, spec.options);
}

const emptyStats = (): SideStats => ({ moves: 0, nodes: 0, depth: 0, timeMs: 0, maxMs: 0, late: 0, stale: 0, raids: 0 });

/** Whether a move takes a Queen or Lion (or a piece promoted to one) into the enemy half. */
function raids(game: Game, usi: string): boolean {
  const m = parseUsi(usi);
  if (!m) return false;
  const piece = game.position.board[parseSquare(m.from)!];
  return MATERIAL[piece] >= 1200 && advance(parseSquare(m.to)!, game.turn === 'white') >= 6;
}

const MATE_STAND = 100_000;

/** The mover's score as its search reported it; null for a simple mover, which reports none (its plies neither count nor break a run). */
const standing = (r: SearchResult): number | null => (r.mate !== undefined ? Math.sign(r.mate) * MATE_STAND : (r.score ?? null));

export function playGame(job: GameJob, players: { a: Player; b: Player }): GameReport {
  const ref = Game.fromSfen(job.sfen, job.options);
  if (!ref.ok) throw new Error(`bad opening ${job.sfen}`);
  const game = ref.value;
  const stats = { a: emptyStats(), b: emptyStats() };
  const seen = new Set<number>([game.position.key]);
  players.a.start(job.sfen, job.options);
  players.b.start(job.sfen, job.options);
  const sideOf = (c: Color): 'a' | 'b' => (c === job.aColor ? 'a' : 'b');
  // each ply, the mover's own score read for A (a decided game as ±MATE_STAND): a run of THROWN_PLIES at
  // THROWN_SCORE or more for one side is where it stood won
  let stood: GameReport['stood'];
  let run = 0;
  let runStart = 0;
  const report = (winner: 'a' | 'b' | null, reason: string): GameReport => {
    const bColor = opposite(job.aColor);
    const r: GameReport = { id: job.id, winner, reason, plies: game.ply, material: material(game, job.aColor) - material(game, bColor), stats };
    if (stood) r.stood = stood;
    return r;
  };

  while (!game.outcome() && game.ply < job.maxPlies) {
    const side = sideOf(game.turn);
    const other = side === 'a' ? 'b' : 'a';
    const player = players[side];
    const t = performance.now();
    let r: SearchResult;
    try {
      r = player.choose(job, side === 'a' ? job.seed : job.seed * 7 + 1, game);
    } catch (e) {
      return report(other, `error: ${e instanceof Error ? e.message : String(e)}`);
    }
    const ms = performance.now() - t;
    const s = stats[side];
    s.moves++;
    s.nodes += r.nodes;
    s.depth += r.depth;
    s.timeMs += ms;
    s.maxMs = Math.max(s.maxMs, ms);
    if (!job.nodes && ms > job.ms + 10) s.late++;
    if (r.pv.length > 0 && r.pv[0] !== r.move) s.stale++;
    if (game.ply < 24 && raids(game, r.move)) s.raids++; // the openings are 6–10 plies deep
    const own = standing(r);
    if (own !== null) {
      const forA = side === 'a' ? own : -own;
      const sign = forA >= THROWN_SCORE ? 1 : forA <= -THROWN_SCORE ? -1 : 0;
      if (sign === 0 || Math.sign(run) !== sign) (run = sign), (runStart = game.ply);
      else run += sign;
      if (!stood && Math.abs(run) >= THROWN_PLIES) stood = { side: run > 0 ? 'a' : 'b', ply: runStart };
    }
    const played = game.play(r.move);
    if (!played.ok) return report(other, `illegal move ${r.move} (${played.error})`);
    if (job.repetition === 'never') {
      if (seen.has(game.position.key)) return report(other, 'illegal repeat');
      seen.add(game.position.key);
    }
    for (const p of [players.a, players.b])
      if (!p.played(r.move)) return report(null, `error: a side's rules refuse ${r.move}`);
  }
  const outcome = game.outcome();
  if (outcome) return report(outcome.winner === null ? null : sideOf(outcome.winner), outcome.reason);
  const diff = material(game, job.aColor) - material(game, opposite(job.aColor));
  if (Math.abs(diff) >= job.adjudicate) return report(diff > 0 ? 'a' : 'b', 'cap, material');
  return report(null, 'cap, draw');
}

