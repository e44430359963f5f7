import { EMPTY, IS_ROYAL, OFF, VALUE, WHITE_BIT, type EngineTables } from './tables.ts';

/**
 * The log's room: a make logs a few hundred changes (the pieces re-read, out and back in, each a few
 * to ~60 squares), a search line is at most ~110 makes deep.
 */
const LOG_SIZE = 1 << 19;
/** Frames of the make stack (the search's plies and its quiescence, with room). */
const STACK = 256;

/**
 * Attack maps (issue 51): for each square and each side, how many of that side's pieces attack it
 * (could move to it, as `attackedOn` and Position.attacked read it) and the cheapest of them, kept by
 * make and unmake rather than recomputed.
 *
 * A move changes the board on at most three squares (from, the Lion's mid square, to; a drop one).
 * Whose attacks that can change: the pieces on those squares, the sliders whose rays reach one of them
 * (the first piece out along each of the eight directions), and dai's limited ranges whose halfway
 * square is one of them. Jumps and the Lion's area do not depend on what stands between, so nothing
 * else changes. Those pieces' attacks are taken out before the move and put back after it (a slider
 * cut off by a change nearer to it is still found: the nearest changed square on its ray is empty of
 * pieces between). Every change is logged, and unmake replays the log backwards.
 *
 * Attacks a side's own pieces count (a defended piece is an attacked square of its own side).
 * "Cheapest" orders by the engine's values, royals last: a royal is the last piece to take with.
 */
export class AttackMap {
  /** attackers by side and square: index side * frame + square (side 0 Black, 1 White) */
  readonly count: Uint8Array;
  /** attackers of each rank, index (side * frame + square) * 32 + rank: the cheapest is the first not 0 */
  readonly byRank: Uint8Array;
  /** a piece byte's rank: pieces ordered by value, royals last */
  readonly rankOf: Uint8Array;
  /** what a rank's piece is worth */
  readonly rankValue: Int32Array;
  private readonly t: EngineTables;
  private readonly frame: number;
  private readonly log = new Int32Array(LOG_SIZE);
  private top = 0;
  private readonly frames = new Int32Array(STACK);
  private depth = 0;
  /** squares whose piece is re-read whole in this make, and a stamp against listing one twice */
  private readonly touched = new Int32Array(64);
  private touchedN = 0;
  private readonly touchStamp: Int32Array;
  /** sliders of which one ray is re-read in this make: square, direction pairs; stamped by square and direction */
  private readonly rays = new Int32Array(96);
  private raysN = 0;
  private readonly rayStamp: Int32Array;
  private stamp = 0;

  constructor(t: EngineTables) {
    this.t = t;
    this.frame = t.frame;
    this.count = new Uint8Array(2 * t.frame);
    this.byRank = new Uint8Array(2 * t.frame * 32);
    this.touchStamp = new Int32Array(t.frame);
    this.rayStamp = new Int32Array(8 * t.frame);
    const pieces: number[] = [];
    for (let p = 1; p < OFF; p++) if (VALUE[p] > 0 || IS_ROYAL[p]) pieces.push(p);
    const keyOf = (p: number) => (IS_ROYAL[p] ? 1e9 : 0) + VALUE[p];
    const keys = [...new Set(pieces.map(keyOf))].sort((a, b) => a - b);
    if (keys.length > 32) throw new Error(`attack maps rank pieces in 32 bits, this variant has ${keys.length} values`);
    this.rankOf = new Uint8Array(256);
    this.rankValue = new Int32Array(32);
    for (const p of pieces) {
      const r = keys.indexOf(keyOf(p));
      this.rankOf[p] = r;
      this.rankOf[p | WHITE_BIT] = r;
      this.rankValue[r] = VALUE[p];
    }
  }

  /** The maps of this board from scratch; the log starts empty. */
  load(board: Uint8Array): void {
    this.count.fill(0);
    this.byRank.fill(0);
    this.top = 0;
    this.depth = 0;
    const squares = this.t.squares;
    for (let i = 0; i < squares.length; i++) {
      const sq = squares[i];
      if (board[sq] !== EMPTY) this.piece(board, sq, 1);
    }
    this.top = 0;
  }

  /**
   * Before the board changes on `a`, `b`, `c` (0 for none): the pieces whose attacks may change are
   * listed and their attacks taken out. Then make the move and call `after`.
   */
  before(board: Uint8Array, a: number, b: number, c: number): void {
    this.frames[this.depth++] = this.top;
    this.touchedN = 0;
    this.raysN = 0;
    this.stamp++;
    if (a) this.touch(a);
    if (b) this.touch(b);
    if (c) this.touch(c);
    if (a) this.around(board, a);
    if (b) this.around(board, b);
    if (c) this.around(board, c);
    this.apply(board, -1);
  }

  /** After the move: the listed pieces (as they now stand) and rays put their attacks back. */
  after(board: Uint8Array): void {
    this.apply(board, 1);
  }

  private apply(board: Uint8Array, sign: number): void {
    for (let i = 0; i < this.touchedN; i++) {
      const sq = this.touched[i];
      if (board[sq] !== EMPTY) this.piece(board, sq, sign);
    }
    const touchStamp = this.touchStamp;
    const stamp = this.stamp;
    for (let i = 0; i < this.raysN; i += 2) {
      const sq = this.rays[i];
      // a slider on a changed square (or a limited range beside one) is re-read whole
      if (touchStamp[sq] !== stamp) this.ray(board, sq, board[sq], this.rays[i + 1], sign);
    }
  }

  /** Unmake: the last make's changes undone, newest first. */
  undo(): void {
    const start = this.frames[--this.depth];
    const { log, byRank, count } = this;
    for (let i = this.top - 1; i >= start; i--) {
      // an entry is (index * 32 + rank) * 2 + 1 for an attack added, + 0 for one taken out
      const e = log[i];
      const r = e >> 1;
      const sign = 1 - 2 * (e & 1);
      byRank[r] += sign;
      count[r >> 5] += sign;
    }
    this.top = start;
  }

  /** The cheapest attacker's value of side `c` (0, 1) on `sq`, or 0 when none attacks it. */
  cheapest(c: number, sq: number): number {
    const i = c * this.frame + sq;
    if (this.count[i] === 0) return 0;
    const byRank = this.byRank;
    let r = i * 32;
    while (byRank[r] === 0) r++;
    return this.rankValue[r - i * 32];
  }

  /**
   * Around `sq` (changing): the first piece out along each direction, when it slides back toward
   * `sq` (only that ray of it changes), and dai's limited ranges whose halfway square `sq` is.
   */
  private around(board: Uint8Array, sq: number): void {
    const t = this.t;
    const dirs = t.kingDirs;
    const rays = t.rays;
    for (let k = 0; k < 8; k++) {
      const d = dirs[k];
      let s = sq + d;
      while (board[s] === EMPTY) s += d;
      const q = board[s];
      if (q !== OFF && rays[q * 128 + 64 - d] === 1 && this.rayStamp[s * 8 + k] !== this.stamp) {
        this.rayStamp[s * 8 + k] = this.stamp;
        this.rays[this.raysN++] = s;
        this.rays[this.raysN++] = -d;
      }
      if (t.hasHops) {
        const h = board[sq + d];
        if (h !== EMPTY && h !== OFF && t.hops[h * 128 + 64 - 2 * d] === 1) this.touch(sq + d);
      }
    }
  }

  private touch(sq: number): void {
    if (this.touchStamp[sq] === this.stamp) return;
    this.touchStamp[sq] = this.stamp;
    this.touched[this.touchedN++] = sq;
  }

  /**
   * The piece on `sq` adds (+1) or takes out (−1) its attacks, each target once: its leaps (no two
   * alike), its rays (less the squares a leap of it reaches), its limited ranges (less those).
   */
  private piece(board: Uint8Array, sq: number, sign: number): void {
    const t = this.t;
    const q = board[sq];
    const base = (q & WHITE_BIT ? 1 : 0) * this.frame;
    const rank = this.rankOf[q];
    const up = sign > 0 ? 1 : 0;
    const { log, byRank, count } = this;
    let top = this.top;
    const leap = t.leap;
    for (let k = q * 32, end = k + t.leapN[q]; k < end; k++) {
      const to = sq + leap[k];
      if (board[to] === OFF) continue;
      const r = (base + to) * 32 + rank;
      byRank[r] += sign;
      count[base + to] += sign;
      log[top++] = (r << 1) | up;
    }
    this.top = top;
    const slide = t.slide;
    for (let k = q * 8, end = k + t.slideN[q]; k < end; k++) this.ray(board, sq, q, slide[k], sign);
    if (t.hasHops) {
      const hop = t.hop;
      const hits = t.hits;
      for (let k = q * 8, end = k + t.hopN[q]; k < end; k++) {
        const d = hop[k];
        const to = sq + 2 * d;
        if (board[sq + d] !== EMPTY || board[to] === OFF || hits[q * 128 + 64 + 2 * d] === 1 || t.rays[q * 128 + 64 + d] === 1) continue;
        const r = (base + to) * 32 + rank;
        byRank[r] += sign;
        count[base + to] += sign;
        log[this.top++] = (r << 1) | up;
      }
    }
  }

  /** Piece `q` on `sq` adds or takes out its ray in direction `d`, less the squares a leap of it reaches. */
  private ray(board: Uint8Array, sq: number, q: number, d: number, sign: number): void {
    const base = (q & WHITE_BIT ? 1 : 0) * this.frame;
    const rank = this.rankOf[q];
    const up = sign > 0 ? 1 : 0;
    const { log, byRank, count } = this;
    const hits = this.t.hits;
    let top = this.top;
    let to = sq + d;
    for (let k = 1; ; k++) {
      const p = board[to];
      if (p === OFF) break;
      // a leap reaches at most two squares out
      if (k > 2 || hits[q * 128 + 64 + k * d] === 0) {
        const r = (base + to) * 32 + rank;
        byRank[r] += sign;
        count[base + to] += sign;
        log[top++] = (r << 1) | up;
      }
      if (p !== EMPTY) break;
      to += d;
    }
    this.top = top;
  }
}
