import { MAX_MOVES, bareKingVerdict, type Position } from '@chu/rules';
import { AttackMap } from './attack-map.ts';
import { attackedOn } from './attacks.ts';
import { EMPTY, IS_LION, IS_ROYAL, OFF, PROMOTED, PROMOTES_UP, VALUE, WHITE_BIT, engineTables, type EngineTables } from './tables.ts';

export const MATE = 100_000;
/** Scores beyond this are won or lost games (royal capture, no move, bare king), not evaluations. */
export const MATE_BOUND = MATE - 1_000;
export const MAX_PLY = 100;
const INF = 1_000_000;
const QS_MAX = 8;
const TEMPO = 10;
const FUTILITY = [0, 250, 600];
/** on a clock's share of time, no iteration starts past this share of it (SearchLimits.softMs) */
const SOFT_SHARE = 0.45;
/** quiet moves searched at depth 1, 2, 3 before the rest are skipped (non-PV nodes) */
const LMP = [0, 12, 24, 48];
const LMP_DEPTH = LMP.length - 1;
/**
 * Heisei chu's drops (heisei-chu.md §3) are ordered after every move of a piece on the board (their
 * scores below 0, DROP_BASE up by their own history), and a non-PV node not in check searches at most
 * DROPS_SEARCHED[depth] of them (the last entry for deeper nodes): a reserve of fourteen pieces beside
 * a whole army makes hundreds of drops a position, which would otherwise swamp the search.
 */
const DROP_BASE = -100_000_000;
const DROPS_SEARCHED = [0, 4, 8, 12, 16, 24, 32];
/** entries per ply in the make/unmake stack */
const SAVED = 7;
/** the most a repeat costs the side ahead (centipawns); it grows with the lead, from +1 Pawn */
const CONTEMPT_MAX = 50;
/** a lead (centipawns, piece-square sums) from which trading down pays, fully from LEAD_FROM + LEAD_SPAN */
const LEAD_FROM = 600;
const LEAD_SPAN = 1000;
/** what each piece the side behind has lost adds, at a full lead */
const STRIP = 20;
/**
 * A search whose root side leads by this much presses the other's last royal: PRESSURE times the
 * squares of it and its eight neighbours that the side ahead attacks (its own square counting 2),
 * squared, growing over LEAD_SPAN more of lead. Gated at the root, so that a search from a closer
 * position pays nothing for it and plays as before.
 */
const PRESS_FROM = 1000;
const PRESSURE = 30;
/**
 * With `conversion` (issue 40) the pressure bonus never reaches the value of a royal (the cheapest,
 * the King's 400): with a second royal on the board, pressing must not pay for giving one up.
 * Without it the bonus is uncapped, as before issue 40, until a strength match shows the cap costs nothing.
 */
const PRESS_CAP = Math.min(...VALUE.filter((v, p) => IS_ROYAL[p] === 1 && v > 0)) - 1;
const PRESS_UNCAPPED = 1 << 30;
/**
 * With `royalMobility` (issue 51) the pressing side also counts how boxed in the hunted royal is:
 * RESTRICT times the square of its neighbours it cannot step to (off the board, its own side's, or
 * attacked), on top of PRESSURE's count and under the same cap and the same growth with the lead.
 */
const RESTRICT = 10;
/**
 * Royal safety (issue 51, `royalSafety`), for both sides whatever the score: a last royal pays
 * SAFETY_NEAR times the square of the enemy attacks on its eight neighbours (at most two counted a
 * square), and SAFETY_BOXED by how few escape squares it has left (neighbours neither its own side's
 * nor attacked) while anything attacks near it, at most SAFETY_CAP in all: the side ahead lost a King
 * at +2,500 to a hunt its evaluation never saw coming (issue 51).
 */
const SAFETY_NEAR = 6;
const SAFETY_BOXED = [80, 40, 15];
const SAFETY_CAP = 400;

const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

const LMR = new Uint8Array(64 * 256);
for (let d = 1; d < 64; d++)
  for (let i = 1; i < 256; i++) LMR[d * 256 + i] = Math.floor(0.5 + (Math.log(d) * Math.log(i)) / 2.2);

export interface SearchLimits {
  /** deepest iteration */
  maxDepth: number;
  /** wall-clock budget; the search stops itself in time */
  timeMs: number;
  /**
   * no iteration starts after this many ms (default 45 % of timeMs: an iteration costs several times
   * the last one, and a clock keeps what a move doesn't use). A move's own time (USI movetime, a
   * per-turn clock) sets it to timeMs: an unfinished iteration's best move is still searched deeper.
   */
  softMs?: number;
  /** node budget (USI `go nodes`) */
  maxNodes: number;
  /** ± centipawns of seeded evaluation noise (weaker levels) */
  noise: number;
  seed: number;
  /**
   * 'fourth' (RULES.md §5): a move that makes a position's fourth occurrence is illegal unless the
   * mover's last royal is attacked; 'never': no position may recur. Default 'fourth'.
   */
  repetition?: 'fourth' | 'never';
  /** polled every few thousand nodes: cancellation from outside */
  shouldStop?: () => boolean;
  onInfo?: (info: IterationInfo) => void;
  /**
   * Lines to search exactly (MultiPV), default 1: each iteration searches the best root move, then
   * the best of the others with it left out, and so on; `lines` reports them.
   */
  multiPv?: number;
  /** issue 40's conversion terms, off by default until a strength match keeps them: the pressure bonus is capped (PRESS_CAP) */
  conversion?: boolean;
  /**
   * Issue 51's exchange test, off until a sequential test accepts it: the capture search skips a
   * capture that loses material by the attack maps (`losingCapture`).
   */
  see?: boolean;
  /**
   * Issue 51's royal safety, off until a sequential test accepts it: attacks near each last royal and
   * its escape squares, read from the attack maps (`royalDanger`).
   */
  royalSafety?: boolean;
  /**
   * Issue 51's mobility term for the hunted royal, off until a sequential test accepts it: far ahead,
   * the search also scores the squares the other's last royal cannot step to (RESTRICT).
   */
  royalMobility?: boolean;
  /** keep the attack maps even when no term reads them (to measure what keeping them costs) */
  attackMaps?: boolean;
}

/** One root move's line: its score is exact (searched with the full window among the moves left). */
export interface RootLine {
  move: number;
  score: number;
  pv: number[];
}

export interface IterationInfo {
  depth: number;
  /** centipawns from the side to move's point of view; beyond ±MATE_BOUND a decided game */
  score: number;
  nodes: number;
  timeMs: number;
  pv: number[];
  /** with multiPv: the best lines, best first (the first is move, score and pv) */
  lines?: RootLine[];
}

export interface SearchResult extends IterationInfo {
  move: number;
  /** the root moves, best first by the last iteration that scored them (the royal hunt's fallbacks) */
  ranked?: number[];
}

/**
 * Alpha-beta searcher over a Position, with make/unmake. One per thread: it keeps its
 * transposition table and history between searches.
 */
export class Searcher {
  // The variant's tables as fields of their own, read into locals by the hot loops: chu and dai run
  // the same code on the same array types, so neither makes the other's call sites polymorphic.
  readonly tables: EngineTables;
  private readonly frame: number;
  private readonly bits: number;
  private readonly mask: number;
  private readonly promoteBit: number;
  private readonly squares: Uint16Array;
  private readonly kingDirs: readonly number[];
  private readonly zone: Uint8Array;
  private readonly defends: Uint8Array;
  private readonly claimsT: Uint8Array;
  private readonly psq: Int32Array;
  private readonly earlyT: Int32Array;
  private readonly earlyFull: number;
  private readonly earlyGone: number;
  private readonly sidePieces: number;
  private readonly leap: Int16Array;
  private readonly leapN: Uint8Array;
  private readonly slide: Int16Array;
  private readonly slideN: Uint8Array;
  private readonly ldir: Int16Array;
  private readonly ldirN: Uint8Array;
  private readonly hop: Int16Array;
  private readonly hopN: Uint8Array;
  private readonly fullLion: Uint8Array;
  private readonly hasHops: boolean;
  private readonly reserveTypes: readonly number[];
  private readonly reserveValue: Int32Array;
  /** below this a packed move's origin is a drop's (the dropped type + 1), as the rules pack it */
  private readonly dropLimit: number;
  /** per square: the node stamp where a drop would block a slide at the side to move's royal (drops in check) */
  private readonly blocks: Int32Array;
  /** per square: the stamp of the scoreMoves call that found it on an empty line out of the enemy's last royal, and that line's direction */
  private readonly lineAt: Int32Array;
  private readonly lineDir: Int16Array;
  private lineStamp = 0;

  private readonly ttMask: number;
  private readonly ttLo: Int32Array;
  private readonly ttHi: Int32Array;
  private readonly ttMove: Int32Array;
  private readonly ttScore: Int32Array;
  private readonly ttDepth: Int8Array;
  private readonly ttFlag: Uint8Array;
  private optionsKey = '';

  private readonly history: Int32Array;
  /** per square: the node stamp (shifted left one) and whether the piece there was found attacked */
  private readonly threats: Int32Array;
  private stamp = 0;
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly moves: Int32Array[] = [];
  private readonly scores: Int32Array[] = [];
  private readonly legal: Int32Array[] = [];
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLen = new Int32Array(MAX_PLY + 1);

  // incremental state, saved per make in the stacks below
  private pos!: Position;
  private score = 0; // piece-square sum, Black's point of view
  private early = 0; // EARLY sum, Black's point of view
  private readonly def = new Int32Array(2);
  private readonly claims = new Int32Array(2);
  private sp = 0;
  private readonly saved = new Int32Array((MAX_PLY + 8) * SAVED);
  private keysLo = new Int32Array(1024);
  private keysHi = new Int32Array(1024);
  private keyTop = 0;
  /** first index of keysLo that a repetition may match (after the last capture or promotion) */
  private revStart = 0;
  /** per ply: earlier occurrences (game and search path) of the position the last move made */
  private readonly repAt = new Int8Array(MAX_PLY + 8);
  /** per ply: the contempt shift of a repeated position is being applied (see alphaBeta) */
  private readonly shifted = new Uint8Array(MAX_PLY + 8);
  private never = false;
  /** what a repeat costs the side to move at the root (it is ahead: a repeat gets it nowhere) */
  private contempt = 0;
  private rootBit = 0;
  /** the root side leads by PRESS_FROM or more: its search presses the other's last royal */
  private pressing = false;
  /** the most the pressure bonus adds: PRESS_CAP with `conversion`, else PRESS_UNCAPPED */
  private pressCap = PRESS_UNCAPPED;
  /** SearchLimits.see */
  private see = false;
  /** SearchLimits.royalSafety */
  private royalSafety = false;
  /** SearchLimits.royalMobility */
  private royalMobility = false;
  /** the squares the royal last read by `pressure` could step to */
  private escapes = 0;
  private readonly royalSq = new Int32Array(2);
  /** attackers of every square by side, kept by make and unmake (issue 51) */
  readonly maps: AttackMap;
  /** the debug check: after every make and unmake the maps are recomputed and compared (tests only) */
  verifyMaps = false;
  /**
   * Whether make and unmake keep the maps: only for a search with a term that reads them (or the
   * debug check), since keeping them costs instructions a node (README, "Attack maps").
   */
  private useMaps = false;
  private scratchMaps: AttackMap | undefined;
  /** the iteration's depth: check extensions stop at twice it */
  private rootDepth = 0;

  private bareKing = true;
  private plyLimit = Infinity;
  private noise = 0;
  private seed = 0;
  private trading = false;
  /** heiseiDrops 'once': a reserve is worth its best piece (reserveOf) */
  private once = false;

  nodes = 0;
  private stopped = false;
  private deadline = 0;
  private maxNodes = Infinity;
  private shouldStop: (() => boolean) | undefined;

  /** `tables`: the variant's (engineTables('dai') for dai shogi), default chu's. */
  constructor(ttBits = 20, tables: EngineTables = engineTables('chu')) {
    this.tables = tables;
    this.frame = tables.frame;
    this.bits = tables.bits;
    this.mask = tables.mask;
    this.promoteBit = tables.promote;
    this.squares = tables.squares;
    this.kingDirs = tables.kingDirs;
    this.zone = tables.zone;
    this.defends = tables.defends;
    this.claimsT = tables.claims;
    this.psq = tables.psq;
    this.earlyT = tables.early;
    this.earlyFull = tables.earlyFull;
    this.earlyGone = tables.earlyGone;
    this.sidePieces = tables.sidePieces;
    this.leap = tables.leap;
    this.leapN = tables.leapN;
    this.slide = tables.slide;
    this.slideN = tables.slideN;
    this.ldir = tables.ldir;
    this.ldirN = tables.ldirN;
    this.hop = tables.hop;
    this.hopN = tables.hopN;
    this.fullLion = tables.fullLion;
    this.hasHops = tables.hasHops;
    this.reserveTypes = tables.reserveTypes;
    this.reserveValue = tables.reserveValue;
    this.dropLimit = tables.rules.drops ? tables.rules.dropLimit : 0;
    this.blocks = new Int32Array(tables.frame);
    this.lineAt = new Int32Array(tables.frame);
    this.lineDir = new Int16Array(tables.frame);
    this.history = new Int32Array(256 * tables.frame);
    this.threats = new Int32Array(tables.frame);
    this.maps = new AttackMap(tables);
    const size = 1 << ttBits;
    this.ttMask = size - 1;
    this.ttLo = new Int32Array(size);
    this.ttHi = new Int32Array(size);
    this.ttMove = new Int32Array(size);
    this.ttScore = new Int32Array(size);
    this.ttDepth = new Int8Array(size);
    this.ttFlag = new Uint8Array(size);
    for (let i = 0; i <= MAX_PLY; i++) {
      this.moves.push(new Int32Array(MAX_MOVES));
      this.scores.push(new Int32Array(MAX_MOVES));
      this.legal.push(new Int32Array(MAX_MOVES));
    }
  }

  clearHash(): void {
    this.ttLo.fill(0);
    this.ttHi.fill(0);
    this.ttMove.fill(0);
    this.ttFlag.fill(0);
    this.history.fill(0);
  }

  /**
   * Searches `pos` (mutated during the search, restored after) among `rootMoves` (already
   * legal, repetition included). `history` = keys (lo, hi pairs) of earlier positions of the game,
   * oldest first, back to the last capture or promotion. `pliesLeft` = moves until the move limit.
   */
  search(pos: Position, rootMoves: readonly number[], history: Int32Array, pliesLeft: number, limits: SearchLimits): SearchResult {
    const start = performance.now();
    this.setup(pos, history, pliesLeft, limits, start);
    const roots = Int32Array.from(rootMoves);
    const rootScores = new Int32Array(roots.length);
    this.orderRoot(roots, rootScores);

    let result: SearchResult = { move: roots[0], depth: 0, score: this.evaluate(), nodes: 0, timeMs: 0, pv: [roots[0]] };
    const multiPv = Math.max(1, Math.min(limits.multiPv ?? 1, roots.length));
    let lines: RootLine[] | undefined = limits.multiPv === undefined ? undefined : Array.from(roots.subarray(0, multiPv), (m) => ({ move: m, score: result.score, pv: [m] }));
    let told: IterationInfo | undefined;
    if (roots.length > 1 && limits.maxDepth >= 1)
      for (let depth = 1; depth <= limits.maxDepth && depth < MAX_PLY - QS_MAX - 2; depth++) {
        this.rootDepth = depth;
        const it = this.searchRoot(roots, rootScores, depth, true);
        let fresh: RootLine[] | undefined;
        if (lines && it.move) {
          // lines 2…: the best of the root moves left once the lines before are taken out
          fresh = [{ move: it.move, score: it.score, pv: it.pv }];
          for (let k = 1; k < multiPv && !this.stopped; k++) {
            const rest = this.searchRoot(roots.subarray(k), rootScores.subarray(k), depth, false);
            if (rest.complete) fresh.push({ move: rest.move, score: rest.score, pv: rest.pv });
          }
        }
        const timeMs = performance.now() - start;
        // an unfinished iteration still scored its best move at this depth (root moves are
        // searched with the full window once they beat alpha); nothing searched, nothing changes
        if (it.move) result = { move: it.move, depth, score: it.score, nodes: this.nodes, timeMs, pv: it.pv };
        if (lines && fresh) {
          lines = [...fresh, ...lines.filter((l) => !fresh.some((f) => f.move === l.move))].slice(0, multiPv);
          result.lines = lines;
        }
        if (this.stopped) break;
        limits.onInfo?.((told = { ...result }));
        if (Math.abs(it.score) >= MATE_BOUND && MATE - Math.abs(it.score) <= depth) break;
        if (timeMs > (limits.softMs ?? limits.timeMs * SOFT_SHARE)) break;
      }
    if (lines) result.lines = lines;
    result.ranked = Array.from(roots);
    result.nodes = this.nodes;
    result.timeMs = performance.now() - start;
    // the last line a front end prints is the move played: its depth, score and PV
    if (!told || told.pv[0] !== result.move || told.depth !== result.depth || told.score !== result.score)
      limits.onInfo?.({ ...result });
    return result;
  }

  private setup(pos: Position, history: Int32Array, pliesLeft: number, limits: SearchLimits, start: number): void {
    this.once = pos.options.heiseiDrops === 'once';
    this.useMaps = limits.see === true || limits.royalSafety === true || limits.attackMaps === true || this.verifyMaps;
    this.load(pos);
    // the hash's scores hold for one set of rules and one evaluation: conversion's capped pressure is another
    const key = `${pos.options.promotion}/${pos.options.lionTrading}/${pos.options.knightSecondChance}/${pos.options.heiseiDrops}/${limits.conversion ? 'c' : ''}${limits.see ? 's' : ''}${limits.royalSafety ? 'r' : ''}${limits.royalMobility ? 'm' : ''}`;
    if (key !== this.optionsKey) {
      this.clearHash();
      this.optionsKey = key;
    }
    for (let i = 0; i < this.history.length; i++) this.history[i] >>= 3;
    this.killers.fill(0);
    this.bareKing = pos.options.bareKing;
    this.trading = pos.options.lionTrading !== 'off';
    this.plyLimit = pliesLeft;
    this.noise = limits.noise;
    this.seed = limits.seed | 0;
    this.nodes = 0;
    this.stopped = false;
    this.deadline = start + limits.timeMs;
    this.maxNodes = limits.maxNodes;
    this.shouldStop = limits.shouldStop;
    this.sp = 0;
    const need = history.length / 2 + MAX_PLY + 8;
    if (this.keysLo.length < need) {
      this.keysLo = new Int32Array(need * 2);
      this.keysHi = new Int32Array(need * 2);
    }
    for (let i = 0; i < history.length / 2; i++) {
      this.keysLo[i] = history[2 * i];
      this.keysHi[i] = history[2 * i + 1];
    }
    this.keyTop = history.length / 2;
    this.revStart = 0;
    this.keysLo[this.keyTop] = pos.hashLo;
    this.keysHi[this.keyTop] = pos.hashHi;
    this.keyTop++;
    this.repAt.fill(0);
    this.shifted.fill(0);
    this.never = limits.repetition === 'never';
    this.rootBit = pos.turnBit;
    this.pressing = (this.rootBit ? -this.score : this.score) >= PRESS_FROM;
    this.pressCap = limits.conversion ? PRESS_CAP : PRESS_UNCAPPED;
    this.see = limits.see === true;
    this.royalSafety = limits.royalSafety === true;
    this.royalMobility = limits.royalMobility === true;
    this.contempt = Math.min(CONTEMPT_MAX, Math.max(0, Math.round((this.evaluate() - 100) / 10)));
  }

  /** Takes `pos` as the position to search: the incremental sums from its board. */
  private load(pos: Position): void {
    this.pos = pos;
    if (this.useMaps || this.verifyMaps) this.maps.load(pos.board);
    let score = 0;
    let early = 0;
    this.def.fill(0);
    this.claims.fill(0);
    const frame = this.frame;
    for (let i = 0; i < this.squares.length; i++) {
      const sq = this.squares[i];
      const p = pos.board[sq];
      if (p === EMPTY) continue;
      score += this.psq[p * frame + sq];
      early += this.earlyT[p * frame + sq];
      const c = p & WHITE_BIT ? 1 : 0;
      this.def[c] += this.defends[p * frame + sq];
      this.claims[c] += this.claimsT[p * frame + sq];
    }
    // Heisei's reserves: material, and pieces for the bare-king rule (heisei-chu.md §6)
    for (const c of [0, 1]) {
      const held = this.reserveOf(c ? WHITE_BIT : 0);
      score += held.value;
      this.def[c] += held.count;
      this.claims[c] += held.count;
    }
    this.score = score;
    this.early = early;
  }

  /**
   * Colour `bit`'s reserve: how many pieces, and what they are worth (Black's point of view): their
   * reserveValue sum, or with heiseiDrops 'once' the best one's, as only one of them will ever play.
   */
  private reserveOf(bit: number): { count: number; value: number } {
    let count = 0;
    let value = 0;
    let best = 0;
    const reserve = this.pos.reserve;
    const types = this.reserveTypes;
    for (let k = 0; k < types.length; k++) {
      const p = types[k] + 1 + bit;
      const v = this.reserveValue[p];
      count += reserve[p];
      value += reserve[p] * v;
      if (reserve[p] && (v > 0 ? v : -v) > (best > 0 ? best : -best)) best = v;
    }
    return { count, value: this.once ? best : value };
  }

  private orderRoot(roots: Int32Array, scores: Int32Array): void {
    const probe = this.probe();
    this.scoreMoves(roots, scores, roots.length, 0, probe >= 0 ? this.ttMove[probe] : 0);
    sortByScore(roots, scores, roots.length);
  }

  /** One iteration over `roots` (best first after it); `first`: these are all the root moves, so the result goes to the table. */
  private searchRoot(roots: Int32Array, rootScores: Int32Array, depth: number, first: boolean): { move: number; score: number; pv: number[]; complete: boolean } {
    let alpha = -INF;
    const beta = INF;
    let bestMove = 0;
    let bestScore = -INF;
    let pv: number[] = [];
    for (let i = 0; i < roots.length; i++) {
      const m = roots[i];
      this.doMove(m);
      let v: number;
      if (i === 0) v = -this.alphaBeta(depth - 1, -beta, -alpha, 1, true, true);
      else {
        v = -this.alphaBeta(depth - 1, -alpha - 1, -alpha, 1, false, true);
        if (v > alpha && !this.stopped) v = -this.alphaBeta(depth - 1, -beta, -alpha, 1, true, true);
      }
      this.undoMove();
      if (this.stopped) break;
      rootScores[i] = v;
      if (v > bestScore) {
        bestScore = v;
        bestMove = m;
        if (v > alpha) alpha = v;
        pv = [m];
        for (let k = 1; k < this.pvLen[1]; k++) pv.push(this.pvTable[MAX_PLY + k]);
      }
    }
    const complete = !this.stopped;
    if (bestMove) {
      // best first, the rest by this iteration's scores (unsearched ones keep their order)
      const idx = roots.indexOf(bestMove);
      for (let k = idx; k > 0; k--) {
        roots[k] = roots[k - 1];
        rootScores[k] = rootScores[k - 1];
      }
      roots[0] = bestMove;
      rootScores[0] = INF;
      if (complete) {
        sortByScore(roots, rootScores, roots.length);
        if (first) this.store(depth, bestScore, EXACT, bestMove, 0);
      }
    }
    return { move: bestMove, score: bestScore, pv, complete };
  }

  private checkStop(): void {
    if (
      performance.now() >= this.deadline ||
      this.nodes >= this.maxNodes ||
      (this.shouldStop !== undefined && this.shouldStop())
    )
      this.stopped = true;
  }

  /** The score of a node the rules already decide (royal lost; with history: repetition, ply cap, bare king), else null. */
  private decided(ply: number, withHistory: boolean): number | null {
    const me = this.pos.turnBit ? 1 : 0;
    if (this.pos.royals[me] === 0) return -MATE + ply;
    if (!withHistory) return null;
    if (ply >= this.plyLimit) return 0;
    if (this.bareKing && this.def[me] === 0) {
      // the side to move is bare: the move that got here claimed the win, or bared both sides
      const verdict = this.verdict(me ^ 1, false);
      if (verdict === 'draw') return 0;
      if (verdict === 'claim') return this.bareReply(ply);
    }
    return null;
  }

  private alphaBeta(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean, allowNull: boolean): number {
    if (this.repAt[ply] !== 0 && this.contempt !== 0 && this.shifted[ply] === 0) {
      // a repeat is no draw (RULES.md §5): the position is searched as it is, but the side ahead
      // at the root counts it as a little worse, so it makes progress instead of going round
      const bonus = this.pos.turnBit === this.rootBit ? -this.contempt : this.contempt;
      this.shifted[ply] = 1;
      const v = this.alphaBeta(depth, alpha - bonus, beta - bonus, ply, pvNode, allowNull);
      this.shifted[ply] = 0;
      return Math.abs(v) >= MATE_BOUND ? v : v + bonus;
    }
    this.pvLen[ply] = ply;
    if ((this.nodes & 255) === 0) this.checkStop();
    if (this.stopped) return 0;
    const pos = this.pos;
    const me = pos.turnBit ? 1 : 0;
    const decided = this.decided(ply, true);
    if (decided !== null) return decided;
    // check extension: a royal that can be taken next move must be looked after, not stood pat on
    const check = ply < 2 * this.rootDepth && this.inCheck();
    if (check) depth++;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, 0);
    if (ply >= MAX_PLY - QS_MAX - 2) return this.evaluate();

    // transposition table
    const slot = this.probe();
    let ttMove = 0;
    if (slot >= 0) {
      ttMove = this.ttMove[slot];
      if (!pvNode && this.ttDepth[slot] >= depth) {
        const s = fromTT(this.ttScore[slot], ply);
        const flag = this.ttFlag[slot];
        if (flag === EXACT || (flag === LOWER && s >= beta) || (flag === UPPER && s <= alpha)) return s;
      }
    }
    const staticEval = this.evaluate();

    // null move: if passing still fails high, a real move will too (no zugzwang to speak of)
    if (!pvNode && allowNull && !check && depth >= 3 && staticEval >= beta && this.def[me] > 2 && beta < MATE_BOUND && beta > -MATE_BOUND) {
      const r = depth >= 7 ? 4 : 3;
      this.doNull();
      const v = -this.alphaBeta(depth - r, -beta, -beta + 1, ply + 1, false, false);
      this.undoNull();
      if (this.stopped) return 0;
      if (v >= beta) return v >= MATE_BOUND ? beta : v;
    }

    const origAlpha = alpha;
    let best = -INF;
    let bestMove = 0;
    let count = 0;

    if (ttMove) {
      this.doMove(ttMove);
      if (this.repAt[ply + 1] !== 0 && this.repeatIllegal(ttMove)) {
        this.undoMove();
      } else {
        const v = -this.alphaBeta(depth - 1, -beta, -alpha, ply + 1, pvNode, true);
        this.undoMove();
        if (this.stopped) return 0;
        count++;
        best = v;
        bestMove = ttMove;
        if (v > alpha) {
          alpha = v;
          if (pvNode) this.updatePv(ply, ttMove);
          if (v >= beta) {
            this.onCutoff(ttMove, depth, ply);
            this.store(depth, v, LOWER, ttMove, ply);
            return v;
          }
        }
      }
    }

    const futile = !pvNode && depth <= 2 && alpha > -MATE_BOUND && alpha < MATE_BOUND && staticEval + FUTILITY[depth] <= alpha;
    let pruned = false;
    let drops = 0;
    const dropCap = pvNode || check ? Infinity : DROPS_SEARCHED[depth < DROPS_SEARCHED.length ? depth : DROPS_SEARCHED.length - 1];
    const stamp = (this.stamp = (this.stamp + 1) & 0x3fffffff);
    const blockStamp = check && this.dropLimit ? this.markBlocks(stamp) : 0;
    const moves = this.moves[ply];
    const scores = this.scores[ply];
    const n = pos.generate(moves);
    this.scoreMoves(moves, scores, n, ply, ttMove);
    for (let i = 0; i < n; i++) {
      pickBest(moves, scores, i, n);
      const m = moves[i];
      if (m === ttMove) continue;
      const quiet = scores[i] < 95_000_000;
      if (scores[i] < 0 && (m & this.mask) < this.dropLimit) {
        // drops, all of them from here on (ordered last): in check only those that block a slide at the
        // royal can save it; otherwise a few, the best by history, unless the node is a PV node
        if (blockStamp !== 0 && this.blocks[(m >> this.bits) & this.mask] !== blockStamp) continue;
        if ((futile && count > 0) || drops >= dropCap || (!pvNode && !check && depth <= LMP_DEPTH && count >= LMP[depth] && best > -MATE_BOUND)) {
          pruned = true;
          break;
        }
        drops++;
      } else if (futile && quiet && count > 0) {
        // futility: a quiet move this close to the horizon won't lift a position this far below alpha
        pruned = true;
        continue;
      } else if (quiet && !pvNode && !check && depth <= LMP_DEPTH && count >= LMP[depth] && best > -MATE_BOUND && ((m & this.mask) < this.dropLimit || !this.threatened(m & this.mask, stamp))) {
        // late quiet moves near the horizon: with chu's hundred-odd moves, ordering has put what matters
        // first, except a threatened piece's way out, which history knows nothing of
        pruned = true;
        continue;
      }
      this.doMove(m);
      if (this.repAt[ply + 1] !== 0 && this.repeatIllegal(m)) {
        this.undoMove();
        continue;
      }
      count++;
      let v: number;
      if (count === 1) v = -this.alphaBeta(depth - 1, -beta, -alpha, ply + 1, pvNode, true);
      else {
        let r = 0;
        if (quiet && depth >= 3 && count > 3) {
          r = LMR[Math.min(depth, 63) * 256 + Math.min(count, 255)];
          if (pvNode && r > 0) r--;
          if (r > depth - 2) r = depth - 2;
        }
        v = -this.alphaBeta(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false, true);
        if (r > 0 && v > alpha && !this.stopped) v = -this.alphaBeta(depth - 1, -alpha - 1, -alpha, ply + 1, false, true);
        if (pvNode && v > alpha && v < beta && !this.stopped) v = -this.alphaBeta(depth - 1, -beta, -alpha, ply + 1, true, true);
      }
      this.undoMove();
      if (this.stopped) return 0;
      if (v > best) {
        best = v;
        bestMove = m;
        if (v > alpha) {
          alpha = v;
          if (pvNode) this.updatePv(ply, m);
          if (v >= beta) {
            if (quiet) this.onCutoff(m, depth, ply);
            break;
          }
        }
      }
    }
    if (count === 0) return -MATE + ply; // no legal move loses
    if (best === -INF && pruned) return alpha;
    this.store(depth, best, best >= beta ? LOWER : best > origAlpha ? EXACT : UPPER, bestMove, ply);
    return best;
  }

  /** Captures only, on top of the static evaluation (stand pat). */
  private quiesce(alpha: number, beta: number, ply: number, qd: number): number {
    this.pvLen[ply] = ply;
    if ((this.nodes & 255) === 0) this.checkStop();
    if (this.stopped) return 0;
    const pos = this.pos;
    const me = pos.turnBit ? 1 : 0;
    // history (repetition, bare king) was judged by the caller at qd 0
    const decided = this.decided(ply, qd > 0);
    if (decided !== null) return decided;
    const stand = this.evaluate();
    if (stand >= beta) return stand;
    if (qd >= QS_MAX || ply >= MAX_PLY - 1) return stand;
    if (stand > alpha) alpha = stand;
    let best = stand;

    const moves = this.moves[ply];
    const scores = this.scores[ply];
    const n = this.generateCaptures(moves, scores);
    const board = pos.board;
    const lastRoyal = pos.royals[me ^ 1] === 1;
    const mask = this.mask;
    const bits = this.bits;
    let legalN = -1;
    for (let i = 0; i < n; i++) {
      pickBest(moves, scores, i, n);
      const m = moves[i];
      const from = m & mask;
      const to = (m >> bits) & mask;
      const mid = (m >> (bits + bits)) & mask;
      const c1 = mid ? board[mid] : 0;
      const c2 = to !== from ? board[to] : 0;
      const royalWin = lastRoyal && (IS_ROYAL[c1] | IS_ROYAL[c2]) === 1;
      if (!royalWin && stand + VALUE[c1] + VALUE[c2] + 200 < alpha) continue;
      if (this.see && !royalWin && mid === 0 && this.losingCapture(board[from], to, c2, me)) continue;
      if (this.trading && (IS_LION[c1] | IS_LION[c2]) === 1) {
        if (legalN < 0) legalN = pos.generate(this.legal[ply]);
        if (!contains(this.legal[ply], legalN, m, board, bits, mask)) continue;
      }
      this.doMove(m);
      const v = -this.quiesce(-beta, -alpha, ply + 1, qd + 1);
      this.undoMove();
      if (this.stopped) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (v >= beta) break;
        }
      }
    }
    return best;
  }

  /**
   * The side to move was just bared (RULES.md §6, judged by the rules' bareKingVerdict): its one
   * reply wins by taking the last royal, draws by baring the claimer too, and loses otherwise —
   * unless it leaves the claimer only unpromoted Pawns or Go-Betweens: then the game goes on, and
   * that reply is scored by the evaluation (the search does not continue past a bared king's reply).
   */
  private bareReply(ply: number): number {
    const pos = this.pos;
    const me = pos.turnBit ? 1 : 0;
    const moves = this.legal[ply];
    const n = pos.generate(moves);
    let best = -MATE + ply + 2;
    for (let i = 0; i < n; i++) {
      this.doMove(moves[i]);
      const won = pos.royals[me ^ 1] === 0;
      const verdict = won ? null : this.verdict(me, true);
      const v = won ? MATE - ply - 1 : verdict === 'draw' ? 0 : verdict === null ? -this.evaluate() : best;
      this.undoMove();
      if (v > best) best = v;
      if (won) break;
    }
    return best;
  }

  /** bareKingVerdict for `mover` (0 Black, 1 White) from the incremental counts. */
  private verdict(mover: number, replied: boolean): ReturnType<typeof bareKingVerdict> {
    const moverCounts = { defends: this.def[mover], claims: this.claims[mover] };
    return bareKingVerdict(moverCounts, { defends: this.def[mover ^ 1], claims: this.claims[mover ^ 1] }, replied);
  }

  private evaluate(): number {
    let v = this.score;
    // opening sense fades as pieces come off: full with 80 or more pieces, gone at 50 (chu; dai: 114, 71)
    const pieces = this.def[0] + this.def[1];
    const gone = this.earlyGone;
    if (pieces > gone) v += pieces >= this.earlyFull ? this.early : ((this.early * (pieces - gone)) / (this.earlyFull - gone)) | 0;
    // far ahead, every piece the side behind has lost counts extra: the side ahead trades down and
    // strips it toward a bare king (RULES.md §6) instead of going round with its lead
    const lead = this.score;
    if (lead > LEAD_FROM || lead < -LEAD_FROM) {
      const ahead = lead > 0 ? lead : -lead;
      const t = ahead >= LEAD_FROM + LEAD_SPAN ? LEAD_SPAN : ahead - LEAD_FROM;
      const bonus = ((this.sidePieces - this.def[lead > 0 ? 1 : 0]) * STRIP * t / LEAD_SPAN) | 0;
      v += lead > 0 ? bonus : -bonus;
    }
    // and it closes in on the last royal, but only in its own search: seen by both sides, the same
    // term made the side behind crowd its royal into a fortress
    if (this.pressing) {
      const behind = this.rootBit ? 0 : 1;
      const ahead = (this.rootBit ? -lead : lead) - PRESS_FROM;
      if (ahead > 0 && this.pos.royals[behind] === 1) {
        const n = this.pressure(behind);
        let full = PRESSURE * n * n;
        if (this.royalMobility) full += RESTRICT * (8 - this.escapes) * (8 - this.escapes);
        const bonus = (((full > this.pressCap ? this.pressCap : full) * (ahead > LEAD_SPAN ? LEAD_SPAN : ahead)) / LEAD_SPAN) | 0;
        v += behind ? bonus : -bonus;
      }
    }
    if (this.royalSafety) {
      if (this.pos.royals[0] === 1) v -= this.royalDanger(0);
      if (this.pos.royals[1] === 1) v += this.royalDanger(1);
    }
    if (this.noise) {
      let h = Math.imul(this.pos.hashLo ^ this.seed, 0x9e3779b1) ^ this.pos.hashHi;
      h ^= h >>> 15;
      h = Math.imul(h, 0x85ebca77);
      h ^= h >>> 13;
      v += ((h >>> 0) % (2 * this.noise + 1)) - this.noise;
    }
    return (this.pos.turnBit ? -v : v) + TEMPO;
  }

  /**
   * What colour c's last royal stands to lose by the attack maps (centipawns, never negative): enemy
   * attacks on its neighbours, and how few of them it could flee to.
   */
  private royalDanger(c: number): number {
    const sq = this.royalSquare(c);
    const board = this.pos.board;
    const count = this.maps.count;
    const enemy = c ? 0 : this.frame;
    const bit = c ? WHITE_BIT : 0;
    const kingDirs = this.kingDirs;
    let near = 0;
    let escapes = 0;
    for (let k = 0; k < 8; k++) {
      const s = sq + kingDirs[k];
      const q = board[s];
      if (q === OFF) continue;
      const a = count[enemy + s];
      near += a > 2 ? 2 : a;
      if (a === 0 && (q === EMPTY || (q & WHITE_BIT) !== bit)) escapes++;
    }
    if (near === 0) return 0;
    const danger = SAFETY_NEAR * near * near + (escapes < SAFETY_BOXED.length ? SAFETY_BOXED[escapes] : 0);
    return danger > SAFETY_CAP ? SAFETY_CAP : danger;
  }

  /** Whether the piece on `sq` (the side to move's) is attacked, worked out once per square and node (`stamp`). */
  private threatened(sq: number, stamp: number): boolean {
    const known = this.threats[sq];
    if (known >>> 1 === stamp) return (known & 1) === 1;
    const hit = this.attacked(sq, this.pos.turnBit ^ WHITE_BIT);
    this.threats[sq] = (stamp << 1) | (hit ? 1 : 0);
    return hit;
  }

  /**
   * Marks with `stamp` the empty squares between the side to move's last royal and the enemy pieces
   * that slide at it: in check, a drop anywhere else leaves the royal to be taken.
   */
  private markBlocks(stamp: number): number {
    const me = this.pos.turnBit;
    const sq = this.royalSquare(me ? 1 : 0);
    const board = this.pos.board;
    const rays = this.tables.rays;
    const them = me ^ WHITE_BIT;
    for (let k = 0; k < 8; k++) {
      const d = this.kingDirs[k];
      let s = sq + d;
      while (board[s] === EMPTY) s += d;
      const q = board[s];
      if ((q & (OFF | WHITE_BIT)) === them && rays[q * 128 + 64 - d] === 1) for (let x = sq + d; x !== s; x += d) this.blocks[x] = stamp;
    }
    return stamp;
  }

  /**
   * Whether the move just made (`m`, a repeat) is illegal: under 'never' any repeat; under 'fourth'
   * (RULES.md §5) a fourth occurrence, unless the mover's last royal stood attacked.
   */
  private repeatIllegal(m: number): boolean {
    if (this.never) return true;
    if (this.repAt[this.sp] < 3) return false;
    this.undoMove();
    const exempt = this.inCheck();
    this.doMove(m);
    return !exempt;
  }

  /**
   * The side to move's last royal is attacked ("check", as Game judges it for the repetition rule):
   * the one threat that ends the game next move.
   */
  inCheck(): boolean {
    const me = this.pos.turnBit;
    const c = me ? 1 : 0;
    if (this.pos.royals[c] !== 1) return false;
    return this.attacked(this.royalSquare(c), me ^ WHITE_BIT);
  }

  /**
   * How many of the squares of colour c's last royal and its eight neighbours the other side attacks,
   * the royal's own counting 2; and (in `escapes`) how many neighbours the royal could step to.
   */
  private pressure(c: number): number {
    const sq = this.royalSquare(c);
    const by = c ? 0 : WHITE_BIT;
    const board = this.pos.board;
    const kingDirs = this.kingDirs;
    let n = this.attacked(sq, by) ? 2 : 0;
    let escapes = 0;
    for (let k = 0; k < 8; k++) {
      const s = sq + kingDirs[k];
      const q = board[s];
      if (q === OFF) continue;
      if (this.attacked(s, by)) n++;
      else if (q === EMPTY || (q & WHITE_BIT) === by) escapes++;
    }
    this.escapes = escapes;
    return n;
  }

  /** The square of colour c's royal (its last one, where pressure and inCheck ask), cached between calls. */
  private royalSquare(c: number): number {
    const board = this.pos.board;
    const bit = c ? WHITE_BIT : 0;
    let sq = this.royalSq[c];
    let p = board[sq];
    if (p === EMPTY || (p & (OFF | WHITE_BIT)) !== bit || !IS_ROYAL[p]) {
      const squares = this.squares;
      for (let i = 0; i < squares.length; i++) {
        sq = squares[i];
        p = board[sq];
        if (p !== EMPTY && (p & (OFF | WHITE_BIT)) === bit && IS_ROYAL[p]) break;
      }
      this.royalSq[c] = sq;
    }
    return sq;
  }

  /** Whether a piece of colour `by` could move to `target` (Position.attacked, read from the target). */
  attacked(target: number, by: number): boolean {
    return attackedOn(this.pos.board, this.tables, target, by);
  }

  private doMove(m: number): void {
    const pos = this.pos;
    const board = pos.board;
    const mask = this.mask;
    const bits = this.bits;
    const from = m & mask;
    const to = (m >> bits) & mask;
    if (from < this.dropLimit) return this.doDrop(m, to);
    const mid = (m >> (bits + bits)) & mask;
    const piece = board[from];
    const c1 = mid ? board[mid] : 0;
    const c2 = to !== from ? board[to] : 0;
    const s = this.sp++ * SAVED;
    const saved = this.saved;
    saved[s] = this.score;
    saved[s + 1] = this.def[0];
    saved[s + 2] = this.def[1];
    saved[s + 3] = this.claims[0];
    saved[s + 4] = this.claims[1];
    saved[s + 5] = this.revStart;
    saved[s + 6] = this.early;
    if (this.useMaps) this.maps.before(board, from, mid, to);
    pos.make(m);
    if (this.useMaps) {
      this.maps.after(board);
      if (this.verifyMaps) this.checkMaps('make');
    }
    const placed = board[to];
    const frame = this.frame;
    const psq = this.psq;
    const early = this.earlyT;
    const defends = this.defends;
    const claims = this.claimsT;
    this.score += psq[placed * frame + to] - psq[piece * frame + from] - psq[c1 * frame + mid] - psq[c2 * frame + to];
    this.early += early[placed * frame + to] - early[piece * frame + from] - early[c1 * frame + mid] - early[c2 * frame + to];
    if ((c1 | c2) !== 0 || placed !== piece) {
      if (c1) {
        const c = c1 & WHITE_BIT ? 1 : 0;
        this.def[c] -= defends[c1 * frame + mid];
        this.claims[c] -= claims[c1 * frame + mid];
      }
      if (c2) {
        const c = c2 & WHITE_BIT ? 1 : 0;
        this.def[c] -= defends[c2 * frame + to];
        this.claims[c] -= claims[c2 * frame + to];
      }
      this.revStart = this.keyTop;
    }
    // promoting (a Pawn to a Gold, an Elephant to a Prince) or dying on the last rank changes what the mover counts
    const mc = piece & WHITE_BIT ? 1 : 0;
    this.def[mc] += defends[placed * frame + to] - defends[piece * frame + from];
    this.claims[mc] += claims[placed * frame + to] - claims[piece * frame + from];
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    this.keysLo[this.keyTop] = lo;
    this.keysHi[this.keyTop] = hi;
    this.keyTop++;
    let reps = 0;
    for (let i = this.keyTop - 3; i >= this.revStart; i -= 2) if (this.keysLo[i] === lo && this.keysHi[i] === hi) reps++;
    this.repAt[this.sp] = reps;
    this.nodes++;
  }

  /**
   * A drop (heisei-chu.md §3): the piece leaves the mover's reserve for `to`; with 'once' the rest of
   * the reserve goes too (§4), so the reserve is counted before and after. No position before it can
   * recur: the reserve only shrinks.
   */
  private doDrop(m: number, to: number): void {
    const pos = this.pos;
    const me = pos.turnBit;
    const mc = me ? 1 : 0;
    const s = this.sp++ * SAVED;
    const saved = this.saved;
    saved[s] = this.score;
    saved[s + 1] = this.def[0];
    saved[s + 2] = this.def[1];
    saved[s + 3] = this.claims[0];
    saved[s + 4] = this.claims[1];
    saved[s + 5] = this.revStart;
    saved[s + 6] = this.early;
    const before = this.reserveOf(me);
    if (this.useMaps) this.maps.before(pos.board, to, 0, 0);
    pos.make(m);
    if (this.useMaps) {
      this.maps.after(pos.board);
      if (this.verifyMaps) this.checkMaps('drop');
    }
    const after = this.reserveOf(me);
    const idx = pos.board[to] * this.frame + to;
    this.score += this.psq[idx] + after.value - before.value;
    this.early += this.earlyT[idx];
    this.def[mc] += this.defends[idx] + after.count - before.count;
    this.claims[mc] += this.claimsT[idx] + after.count - before.count;
    this.revStart = this.keyTop;
    this.keysLo[this.keyTop] = pos.hashLo;
    this.keysHi[this.keyTop] = pos.hashHi;
    this.keyTop++;
    this.repAt[this.sp] = 0;
    this.nodes++;
  }

  private undoMove(): void {
    this.pos.unmake();
    if (this.useMaps) {
      this.maps.undo();
      if (this.verifyMaps) this.checkMaps('unmake');
    }
    const s = --this.sp * SAVED;
    const saved = this.saved;
    this.score = saved[s];
    this.def[0] = saved[s + 1];
    this.def[1] = saved[s + 2];
    this.claims[0] = saved[s + 3];
    this.claims[1] = saved[s + 4];
    this.revStart = saved[s + 5];
    this.early = saved[s + 6];
    this.keyTop--;
  }

  /**
   * A capture that loses material by the static exchange as the attack maps read it: the piece taken
   * is worth less than the piece that takes, and the other side attacks the square (so it takes
   * back). Read before the move, so an attacker the move uncovers is not seen; a Lion's double move is
   * never judged.
   */
  private losingCapture(piece: number, to: number, victim: number, me: number): boolean {
    const gain = VALUE[victim] - VALUE[piece];
    return gain < 0 && this.maps.count[(me ^ 1) * this.frame + to] > 0;
  }

  /** The debug check: the kept maps equal the maps of the board from scratch. */
  private checkMaps(when: string): void {
    const fresh = (this.scratchMaps ??= new AttackMap(this.tables));
    fresh.load(this.pos.board);
    for (let i = 0; i < fresh.byRank.length; i++)
      if (fresh.byRank[i] !== this.maps.byRank[i] || fresh.count[i >> 5] !== this.maps.count[i >> 5]) {
        const sq = (i >> 5) % this.frame;
        throw new Error(`attack maps differ after ${when} on side ${(i >> 5) >= this.frame ? 1 : 0} square ${sq} rank ${i & 31}: kept ${this.maps.byRank[i]} of ${this.maps.count[i >> 5]}, fresh ${fresh.byRank[i]} of ${fresh.count[i >> 5]}`);
      }
  }

  private doNull(): void {
    const pos = this.pos;
    const s = this.sp++ * SAVED;
    this.saved[s] = pos.lionSq;
    this.saved[s + 5] = this.revStart;
    pos.lionSq = 0;
    pos.setTurn(pos.turnBit ? 'black' : 'white');
    this.revStart = this.keyTop;
    this.keysLo[this.keyTop] = pos.hashLo;
    this.keysHi[this.keyTop] = pos.hashHi;
    this.keyTop++;
    this.repAt[this.sp] = 0;
  }

  private undoNull(): void {
    const pos = this.pos;
    const s = --this.sp * SAVED;
    pos.setTurn(pos.turnBit ? 'black' : 'white');
    pos.lionSq = this.saved[s];
    this.revStart = this.saved[s + 5];
    this.keyTop--;
  }

  private updatePv(ply: number, m: number): void {
    const t = this.pvTable;
    const row = ply * MAX_PLY;
    t[row + ply] = m;
    const childLen = this.pvLen[ply + 1];
    const child = (ply + 1) * MAX_PLY;
    for (let k = ply + 1; k < childLen; k++) t[row + k] = t[child + k];
    this.pvLen[ply] = Math.max(childLen, ply + 1);
  }

  private onCutoff(m: number, depth: number, ply: number): void {
    const k = ply * 2;
    if (this.killers[k] !== m) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = m;
    }
    const from = m & this.mask;
    // a drop's history is its piece's, in the upper half of the table (no board byte reaches 128)
    const piece = from < this.dropLimit ? (from + this.pos.turnBit) | 128 : this.pos.board[from];
    const idx = piece * this.frame + ((m >> this.bits) & this.mask);
    this.history[idx] = Math.min(this.history[idx] + depth * depth, 50_000_000);
  }

  /** Ordering keys: captures by MVV-LVA (both victims of a double capture), promotions, killers, history. */
  private scoreMoves(moves: Int32Array, scores: Int32Array, n: number, ply: number, ttMove: number): void {
    const board = this.pos.board;
    const lastRoyal = this.pos.royals[this.pos.turnBit ? 0 : 1] === 1;
    const k1 = this.killers[ply * 2];
    const k2 = this.killers[ply * 2 + 1];
    const mask = this.mask;
    const bits = this.bits;
    const promote = this.promoteBit;
    const frame = this.frame;
    const royal = this.dropLimit ? this.markLines() : -1;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      const from = m & mask;
      const to = (m >> bits) & mask;
      if (from < this.dropLimit) {
        scores[i] = m === ttMove ? 1 << 30 : this.dropScore(m, from, to, royal, k1, k2);
        continue;
      }
      const mid = (m >> (bits + bits)) & mask;
      const piece = board[from];
      const c1 = mid ? board[mid] : 0;
      const c2 = to !== from ? board[to] : 0;
      let s: number;
      if (m === ttMove) s = 1 << 30;
      else if ((c1 | c2) !== 0) {
        s = 100_000_000 + (VALUE[c1] + VALUE[c2]) * 32 - (VALUE[piece] >> 3);
        if (m & promote) s += VALUE[PROMOTED[piece]] - VALUE[piece];
        if (lastRoyal && (IS_ROYAL[c1] | IS_ROYAL[c2]) === 1) s += 200_000_000;
      } else if (m & promote) s = 95_000_000 + VALUE[PROMOTED[piece]] - VALUE[piece];
      else if (m === k1) s = 90_000_000;
      else if (m === k2) s = 89_000_000;
      else s = this.history[piece * frame + to];
      scores[i] = s;
    }
  }

  /**
   * Marks the empty squares on the eight lines out of the enemy's last royal (with their direction) for
   * dropScore; returns that royal's square, or -1 when the enemy has two royals or none.
   */
  private markLines(): number {
    const pos = this.pos;
    const c = pos.turnBit ? 0 : 1;
    if (pos.royals[c] !== 1) return -1;
    const sq = this.royalSquare(c);
    const board = pos.board;
    const stamp = (this.lineStamp = (this.lineStamp + 1) & 0x3fffffff || 1);
    for (let k = 0; k < 8; k++) {
      const d = this.kingDirs[k];
      for (let s = sq + d; board[s] === EMPTY; s += d) {
        this.lineAt[s] = stamp;
        this.lineDir[s] = d;
      }
    }
    return sq;
  }

  /**
   * A drop's ordering key. A drop that attacks the enemy's last royal comes with the captures (a threat
   * that ends the game, never pruned); the others below every move of a board piece but the killers,
   * by their history, then what the evaluation gains by them (the piece's square value, promotion at
   * once included, over its value in reserve).
   */
  private dropScore(m: number, from: number, to: number, royal: number, k1: number, k2: number): number {
    const me = this.pos.turnBit;
    const piece = from + me;
    const placed = m & this.promoteBit ? PROMOTED[piece] : piece;
    if (royal >= 0) {
      const t = this.tables;
      const d = royal - to;
      // the 5×5 around the royal: its steps and leaps; farther out: a slide along the line to it
      if ((d > -64 && d < 64 && t.hits[placed * 128 + 64 + d] === 1) || (this.lineAt[to] === this.lineStamp && t.rays[placed * 128 + 64 - this.lineDir[to]] === 1))
        return 96_000_000 + VALUE[placed];
    }
    if (m === k1) return 90_000_000;
    if (m === k2) return 89_000_000;
    const gain = this.psq[placed * this.frame + to] - this.reserveValue[piece];
    const h = this.history[(piece | 128) * this.frame + to];
    return DROP_BASE + (h < 50_000_000 ? h : 50_000_000) + (me ? -gain : gain);
  }

  /**
   * Captures of the side to move (pseudo-legal: lion-trading legality is checked by the caller).
   * Promotes whenever a capture may.
   */
  private generateCaptures(out: Int32Array, scores: Int32Array): number {
    const pos = this.pos;
    const board = pos.board;
    const me = pos.turnBit;
    const them = me ^ WHITE_BIT;
    const ZONE = this.zone;
    const zone = me ? this.frame : 0;
    const b1 = this.bits;
    const b2 = b1 + b1;
    const PROMOTE = this.promoteBit;
    const squares = this.squares;
    const LEAP = this.leap;
    const LEAP_N = this.leapN;
    const SLIDE = this.slide;
    const SLIDE_N = this.slideN;
    const LDIR = this.ldir;
    const LDIR_N = this.ldirN;
    const HOP = this.hop;
    const HOP_N = this.hopN;
    const FULL_LION = this.fullLion;
    const KING_DIRS = this.kingDirs;
    const royalBonus = pos.royals[me ? 0 : 1] === 1 ? 1_000_000 : 0;
    let n = 0;
    // q is an enemy piece when q !== 0 and (q & (OFF | WHITE_BIT)) === them
    for (let i = 0; i < squares.length; i++) {
      const from = squares[i];
      const piece = board[from];
      if (piece === EMPTY || (piece & WHITE_BIT) !== me) continue;
      const promoFrom = PROMOTES_UP[piece];
      const attacker = VALUE[piece] >> 3;
      const base = piece * 32;
      for (let k = base, end = base + LEAP_N[piece]; k < end; k++) {
        const to = from + LEAP[k];
        const q = board[to];
        if (q !== EMPTY && (q & (OFF | WHITE_BIT)) === them) {
          scores[n] = VALUE[q] * 32 - attacker + IS_ROYAL[q] * royalBonus;
          out[n++] = from | (to << b1) | (promoFrom & (ZONE[zone + from] | ZONE[zone + to]) ? PROMOTE : 0);
        }
      }
      const sbase = piece * 8;
      for (let k = sbase, end = sbase + SLIDE_N[piece]; k < end; k++) {
        const d = SLIDE[k];
        let to = from + d;
        while (board[to] === EMPTY) to += d;
        const q = board[to];
        if ((q & (OFF | WHITE_BIT)) === them) {
          scores[n] = VALUE[q] * 32 - attacker + IS_ROYAL[q] * royalBonus;
          out[n++] = from | (to << b1) | (promoFrom & (ZONE[zone + from] | ZONE[zone + to]) ? PROMOTE : 0);
        }
      }
      const full = FULL_LION[piece];
      for (let k = sbase, end = sbase + LDIR_N[piece]; k < end; k++) {
        // double moves that capture on the first step: a Lion on to any square around it, a Falcon
        // or Eagle straight on; both may return (igui)
        const d = LDIR[k];
        const mid = from + d;
        const q = board[mid];
        if (q === EMPTY || (q & (OFF | WHITE_BIT)) !== them) continue;
        const s = VALUE[q] * 32 - attacker + IS_ROYAL[q] * royalBonus;
        if (full) {
          for (let j = 0; j < 8; j++) {
            const to = mid + KING_DIRS[j];
            const r = to === from ? 0 : board[to];
            if (r !== EMPTY && (r & (OFF | WHITE_BIT)) !== them) continue;
            scores[n] = s + VALUE[r] * 32 + IS_ROYAL[r] * royalBonus;
            out[n++] = from | (to << b1) | (mid << b2);
          }
        } else {
          scores[n] = s;
          out[n++] = from | (from << b1) | (mid << b2);
          const to = mid + d;
          const r = board[to];
          if (r === EMPTY || (r & (OFF | WHITE_BIT)) === them) {
            scores[n] = s + VALUE[r] * 32 + IS_ROYAL[r] * royalBonus;
            out[n++] = from | (to << b1) | (mid << b2);
          }
        }
      }
    }
    // dai's limited ranges: the second square, through an empty first one (a pass of its own, so chu pays nothing)
    if (this.hasHops)
      for (let i = 0; i < squares.length; i++) {
        const from = squares[i];
        const piece = board[from];
        if (piece === EMPTY || (piece & WHITE_BIT) !== me) continue;
        for (let k = piece * 8, end = piece * 8 + HOP_N[piece]; k < end; k++) {
          const d = HOP[k];
          if (board[from + d] !== EMPTY) continue;
          const to = from + 2 * d;
          const q = board[to];
          if (q !== EMPTY && (q & (OFF | WHITE_BIT)) === them) {
            scores[n] = VALUE[q] * 32 - (VALUE[piece] >> 3) + IS_ROYAL[q] * royalBonus;
            out[n++] = from | (to << b1) | (PROMOTES_UP[piece] & (ZONE[zone + from] | ZONE[zone + to]) ? PROMOTE : 0);
          }
        }
      }
    return n;
  }

  private ttKey(): number {
    return this.pos.lionSq * 0x2545f491;
  }

  /** Slot of the current position in the table, or -1. Buckets of two: depth-preferred, then always-replace. */
  private probe(): number {
    const mix = this.ttKey();
    const lo = this.pos.hashLo ^ mix;
    const hi = this.pos.hashHi ^ mix;
    const slot = (lo ^ (hi >>> 12)) & this.ttMask & ~1;
    if (this.ttLo[slot] === lo && this.ttHi[slot] === hi && this.ttFlag[slot] !== 0) return slot;
    if (this.ttLo[slot + 1] === lo && this.ttHi[slot + 1] === hi && this.ttFlag[slot + 1] !== 0) return slot + 1;
    return -1;
  }

  private store(depth: number, score: number, flag: number, move: number, ply: number): void {
    const mix = this.ttKey();
    const lo = this.pos.hashLo ^ mix;
    const hi = this.pos.hashHi ^ mix;
    let slot = (lo ^ (hi >>> 12)) & this.ttMask & ~1;
    const same = this.ttLo[slot] === lo && this.ttHi[slot] === hi;
    if (!same && this.ttDepth[slot] > depth && this.ttFlag[slot] !== 0) slot++;
    else if (same && this.ttDepth[slot] > depth && flag !== EXACT) return;
    const keep = this.ttLo[slot] === lo && this.ttHi[slot] === hi ? this.ttMove[slot] : 0;
    this.ttLo[slot] = lo;
    this.ttHi[slot] = hi;
    this.ttMove[slot] = move || keep;
    this.ttScore[slot] = toTT(score, ply);
    this.ttDepth[slot] = depth;
    this.ttFlag[slot] = flag;
  }
}

const toTT = (s: number, ply: number): number => (s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s);
const fromTT = (s: number, ply: number): number => (s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s);

function pickBest(moves: Int32Array, scores: Int32Array, i: number, n: number): void {
  let b = i;
  let bs = scores[i];
  for (let j = i + 1; j < n; j++)
    if (scores[j] > bs) {
      bs = scores[j];
      b = j;
    }
  if (b !== i) {
    const m = moves[i];
    moves[i] = moves[b];
    moves[b] = m;
    scores[b] = scores[i];
    scores[i] = bs;
  }
}

function sortByScore(moves: Int32Array, scores: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) pickBest(moves, scores, i, n);
}

/**
 * Whether a (pseudo-legal) capture is in the generated legal list. Igui counts as one move per
 * captured square, except that a Lion's igui and a non-Lion's igui of a Lion are different moves.
 */
function contains(legal: Int32Array, n: number, m: number, board: Uint8Array, bits: number, mask: number): boolean {
  const from = m & mask;
  const to = (m >> bits) & mask;
  if (from === to) {
    const mid = (m >> (bits + bits)) & mask;
    const lion = IS_LION[board[from]];
    for (let i = 0; i < n; i++) {
      const l = legal[i];
      if ((l & mask) === ((l >> bits) & mask) && ((l >> (bits + bits)) & mask) === mid && IS_LION[board[l & mask]] === lion) return true;
    }
    return false;
  }
  for (let i = 0; i < n; i++) if (legal[i] === m) return true;
  return false;
}
