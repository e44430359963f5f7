import { DEFAULT_OPTIONS, variantOf, type Color, type IllegalReason, type Options } from './types.ts';
import { CHU_GEOMETRY } from './square.ts';
import {
  DIRECT, EMPTY, OFF, PROMOTES_TO, TYPE_COUNT, WHITE_BIT, isLionType, isRoyalType, isWeakType, trappedRanks, type Moves,
} from './piece.ts';
import { TABLES, type VariantTables } from './variant.ts';

/**
 * A move packed in one integer: from | to << 8 | mid << 16 | promote << 24 (mailbox squares) in
 * chu; dai's squares take 9 bits (VariantTables.pack, moveFrom …). mid = 0 for a single step, slide
 * or leap. Igui and pass have to === from. These helpers are chu's.
 */
export type PackedMove = number;
export const PROMOTE = 1 << 24;
export const moveFrom = (m: PackedMove): number => m & 255;
export const moveTo = (m: PackedMove): number => (m >> 8) & 255;
export const moveMid = (m: PackedMove): number => (m >> 16) & 255;
export const isPromotion = (m: PackedMove): boolean => (m & PROMOTE) !== 0;
export const packMove = (from: number, to: number, mid = 0, promote = false): PackedMove =>
  from | (to << 8) | (mid << 16) | (promote ? PROMOTE : 0);

// Per-piece-byte lookups, so the generator's inner loops do no arithmetic on types.
export const IS_LION = new Uint8Array(256);
export const IS_ROYAL = new Uint8Array(256);
/** Piece byte after promotion, or 0. */
export const PROMOTED_PIECE = new Uint8Array(256);
/** Unpromoted Pawn or Go-Between: a first-step capture of one doesn't open the bridge exception. */
const IS_WEAK = new Uint8Array(256);
for (let t = 0; t < TYPE_COUNT; t++)
  for (const bit of [0, WHITE_BIT]) {
    const p = t + 1 + bit;
    IS_LION[p] = isLionType(t) ? 1 : 0;
    IS_ROYAL[p] = isRoyalType(t) ? 1 : 0;
    PROMOTED_PIECE[p] = PROMOTES_TO[t] >= 0 ? PROMOTES_TO[t] + 1 + bit : 0;
    IS_WEAK[p] = isWeakType(t) ? 1 : 0;
  }
export const isLionPiece = (p: number): boolean => IS_LION[p] === 1;
const NO_STRIKES = new Uint8Array(256);
/** Int32 slots of one move on the undo stack. */
const UNDO = 9;
export const isRoyalPiece = (p: number): boolean => IS_ROYAL[p] === 1;

/** Mailbox offsets of the 24 squares of the Lion's 5×5 on chu's board (RULES.md §2). */
export const LION_REACH: number[] = [...CHU_GEOMETRY.lionReach];

/** Why a lion-capturing move breaks the trading rules (0 = it doesn't). */
const TRADE_OK = 0;
const TRADE_PROTECTED = 1;
const TRADE_COUNTER = 2;

export const MAX_MOVES = 2048;
const NO_MOVES: number[] = [];

/**
 * The board, side to move, counter-strike square and (Heisei chu) reserves: everything the legal
 * moves depend on except history (repetition and bare king live in Game). Mutable, with make/unmake for speed.
 */
export class Position {
  readonly board: Uint8Array;
  /** 0 = Black to move, WHITE_BIT = White */
  turnBit = 0;
  /** square where a non-Lion captured a Lion on the last ply (counter-strike), 0 = none */
  lionSq = 0;
  /** plies played before this position (SFEN move number - 1) */
  ply = 0;
  hashLo = 0;
  hashHi = 0;
  readonly royals = new Int8Array(2);
  /** heisei-chu.md §2: pieces in reserve, by piece byte (Black's unpromoted byte, White's); all 0 in chu and dai */
  readonly reserve = new Uint8Array(128);
  options: Options;
  /** the board frame, pieces and zone of the position's variant (from `options.variant`) */
  readonly tables: VariantTables;

  // undo stack, 9 a move: from, to, mid, promote, capture at mid, capture at to, lionSq, hashLo, hashHi
  // (the move's squares as make() decoded them, so unmake() reads rather than decodes again); a drop
  // captures nothing, so its 'capture at mid' slot keeps the reserve a 'once' drop cleared
  // (2 bits a kind, heisei-chu.md §4)
  private undo = new Int32Array(UNDO * 1024);
  private undoTop = 0;

  // The variant's tables as fields of their own, read into locals by the hot loops: both variants run
  // the same code on the same array types, so neither makes the other's call sites polymorphic.
  private readonly squares: Uint16Array;
  private readonly moves: readonly Moves[];
  private readonly zone: Uint8Array;
  private readonly far: Uint8Array;
  private readonly secondChance: Uint8Array;
  private readonly frame: number;
  private readonly bits: number;
  private readonly mask: number;
  private readonly promoteBit: number;
  private readonly kingDirs: readonly number[];
  private readonly lionReach: readonly number[];
  private readonly nameOrder: Uint16Array;
  private readonly reach: Int16Array;
  private readonly reachBase: Int32Array;
  private readonly zLo: Int32Array;
  private readonly zHi: Int32Array;
  private readonly zTurnLo: number;
  private readonly zTurnHi: number;
  private readonly iguiSeen: Int32Array;
  private readonly iguiAt: Int32Array;
  /** IS_LION where a Lion's capture sets the counter-strike square (chu); no piece in dai, which has no such rule */
  private readonly strikes: Uint8Array;
  /** heisei-chu.md §3–4: whether the game has drops, and whether a drop clears the dropper's reserve */
  private readonly dropping: boolean;
  private readonly once: boolean;
  private readonly reserveTypes: readonly number[];
  private readonly dropLimit: number;
  /** per square: stamp of the last generate() that found it next to a piece of the side to move */
  private readonly nearSeen: Int32Array;
  /** per type: a rank count from the far edge it may not be dropped within (the Lance: its last rank) */
  private readonly deadRanks: Uint8Array;

  constructor(options: Options = DEFAULT_OPTIONS) {
    this.options = options;
    const t = (this.tables = TABLES[variantOf(options)]);
    this.board = new Uint8Array(t.frame).fill(OFF);
    for (const sq of t.squares) this.board[sq] = EMPTY;
    this.squares = t.squares;
    this.moves = t.movesByPiece;
    this.zone = t.zone;
    this.far = t.far;
    this.secondChance = options.knightSecondChance === false ? t.secondChanceNoKnight : t.secondChance;
    this.frame = t.frame;
    this.bits = t.bits;
    this.mask = t.mask;
    this.promoteBit = t.promote;
    this.kingDirs = t.kingDirs;
    this.lionReach = t.lionReach;
    this.nameOrder = t.nameOrder;
    this.reach = t.reach;
    this.reachBase = t.reachBase;
    this.zLo = t.zobristLo;
    this.zHi = t.zobristHi;
    this.zTurnLo = t.zobristTurnLo;
    this.zTurnHi = t.zobristTurnHi;
    this.iguiSeen = new Int32Array(2 * t.frame);
    this.iguiAt = new Int32Array(2 * t.frame);
    this.strikes = t.lionTrading ? IS_LION : NO_STRIKES;
    this.dropping = t.drops;
    this.once = t.drops && options.heiseiDrops === 'once';
    this.reserveTypes = t.reserveTypes;
    this.dropLimit = t.dropLimit;
    this.nearSeen = new Int32Array(t.drops ? t.frame : 0);
    this.deadRanks = new Uint8Array(64);
    for (const type of t.reserveTypes) this.deadRanks[type] = trappedRanks(type);
  }

  get turn(): Color {
    return this.turnBit ? 'white' : 'black';
  }

  clone(): Position {
    const p = new Position(this.options);
    p.board.set(this.board);
    p.turnBit = this.turnBit;
    p.lionSq = this.lionSq;
    p.ply = this.ply;
    p.hashLo = this.hashLo;
    p.hashHi = this.hashHi;
    p.royals.set(this.royals);
    p.reserve.set(this.reserve);
    return p;
  }

  /** Sets a square's content and keeps hash and royal counts in step. */
  put(sq: number, piece: number): void {
    const old = this.board[sq];
    if (old) {
      this.hashLo ^= this.zLo[(sq << 8) | old];
      this.hashHi ^= this.zHi[(sq << 8) | old];
      if (IS_ROYAL[old]) this.royals[old & WHITE_BIT ? 1 : 0]--;
    }
    this.board[sq] = piece;
    if (piece) {
      this.hashLo ^= this.zLo[(sq << 8) | piece];
      this.hashHi ^= this.zHi[(sq << 8) | piece];
      if (IS_ROYAL[piece]) this.royals[piece & WHITE_BIT ? 1 : 0]++;
    }
  }

  /** Sets how many of a piece (unpromoted byte of its owner) are in reserve, keeping the hash in step. */
  setReserve(piece: number, count: number): void {
    this.reserveHash(piece, this.reserve[piece], count);
    this.reserve[piece] = count;
  }

  /** Hash of a reserve: one key per piece held, the k-th on guard square k (no board piece hashes there). */
  private reserveHash(piece: number, from: number, to: number): void {
    for (let k = Math.min(from, to) + 1; k <= Math.max(from, to); k++) {
      this.hashLo ^= this.zLo[(k << 8) | piece];
      this.hashHi ^= this.zHi[(k << 8) | piece];
    }
  }

  setTurn(c: Color): void {
    const bit = c === 'white' ? WHITE_BIT : 0;
    if (bit !== this.turnBit) {
      this.hashLo ^= this.zTurnLo;
      this.hashHi ^= this.zTurnHi;
      this.turnBit = bit;
    }
  }

  /** 53-bit key of board + side to move, for repetition counting. */
  get key(): number {
    return (this.hashHi & 0x1fffff) * 4294967296 + (this.hashLo >>> 0);
  }

  private canPromote(piece: number, from: number, to: number, capture: boolean): boolean {
    const z = this.turnBit ? this.frame : 0;
    // a trapped piece's second chance: onto its last rank(s) it may promote without a capture
    const chance = this.secondChance[piece];
    if (chance && this.far[z + to] < chance) return true;
    const zone = this.zone;
    const inFrom = zone[z + from];
    const inTo = zone[z + to];
    if (this.options.promotion === 'shogi') return (inFrom | inTo) === 1;
    return (!inFrom && inTo === 1) || (capture && (inFrom | inTo) === 1);
  }

  /**
   * Writes the legal moves (without the repetition rule, which needs history) into `out`
   * and returns their count. One move per distinct resulting position.
   */
  generate(out: Int32Array | number[]): number {
    const board = this.board;
    const me = this.turnBit;
    const squares = this.squares;
    const count = squares.length;
    const moves = this.moves;
    const kingDirs = this.kingDirs;
    const lionReach = this.lionReach;
    const nameOrder = this.nameOrder;
    const b1 = this.bits;
    const b2 = b1 + b1;
    this.out = out;
    this.n = 0;
    this.trading = this.tables.lionTrading && this.options.lionTrading !== 'off';
    this.iguiStamp++;
    let passKey = Infinity;
    let pass = 0;

    for (let i = 0; i < count; i++) {
      const from = squares[i];
      const piece = board[from];
      if (piece === EMPTY || (piece & WHITE_BIT) !== me) continue;
      const mv = moves[piece];
      const steps = mv.steps;
      for (let k = 0; k < steps.length; k++) {
        const to = from + steps[k];
        const q = board[to];
        if (q === EMPTY || (q < OFF && (q & WHITE_BIT) !== me)) this.emit(from, to, q, piece);
      }
      const jumps = mv.jumps;
      for (let k = 0; k < jumps.length; k++) {
        const to = from + 2 * jumps[k];
        const q = board[to];
        if (q === EMPTY || (q < OFF && (q & WHITE_BIT) !== me)) this.emit(from, to, q, piece);
      }
      const slides = mv.slides;
      for (let k = 0; k < slides.length; k++) {
        const d = slides[k];
        let to = from + d;
        let q = board[to];
        while (q === EMPTY) {
          this.emit(from, to, 0, piece);
          to += d;
          q = board[to];
        }
        if (q < OFF && (q & WHITE_BIT) !== me) this.emit(from, to, q, piece);
      }
      // dai's limited ranges: the second square, through an empty first one (the first is a step)
      const hops = mv.hops;
      for (let k = 0; k < hops.length; k++) {
        const d = hops[k];
        const to = from + 2 * d;
        const q = board[to];
        if (board[from + d] === EMPTY && (q === EMPTY || (q < OFF && (q & WHITE_BIT) !== me))) this.emit(from, to, q, piece);
      }
      if (mv.fullLion) {
        for (let k = 0; k < 24; k++) {
          const to = from + lionReach[k];
          const q = board[to];
          if (q === EMPTY || (q < OFF && (q & WHITE_BIT) !== me)) this.emitLion(from, to, 0, q);
        }
        for (let k = 0; k < 8; k++) {
          const mid = from + kingDirs[k];
          const q = board[mid];
          if (q === EMPTY) {
            const key = nameOrder[from] * 1024 + nameOrder[mid];
            if (key < passKey) (passKey = key), (pass = from | (from << b1) | (mid << b2));
          } else if (q < OFF && (q & WHITE_BIT) !== me) {
            for (let j = 0; j < 8; j++) {
              const to = mid + kingDirs[j];
              if (to === from) this.emitIgui(from, mid);
              else {
                const r = board[to];
                if (r === EMPTY || (r < OFF && (r & WHITE_BIT) !== me)) this.emitLion(from, to, mid, r);
              }
            }
          }
        }
      } else {
        const dirs = mv.lionDirs;
        for (let k = 0; k < dirs.length; k++) {
          const mid = from + dirs[k];
          const to = mid + dirs[k];
          const q = board[mid];
          const r = board[to];
          const rOk = r === EMPTY || (r < OFF && (r & WHITE_BIT) !== me);
          if (q === EMPTY) {
            this.emitLion(from, mid, 0, 0);
            const key = nameOrder[from] * 1024 + nameOrder[mid];
            if (key < passKey) (passKey = key), (pass = from | (from << b1) | (mid << b2));
            if (rOk) this.emitLion(from, to, 0, r);
          } else if (q < OFF && (q & WHITE_BIT) !== me) {
            this.emitLion(from, mid, 0, q);
            this.emitIgui(from, mid);
            if (rOk) {
              this.emitLion(from, to, 0, r);
              this.emitLion(from, to, mid, r);
            }
          } else if (rOk) this.emitLion(from, to, 0, r);
        }
      }
    }
    if (this.dropping) this.emitDrops();
    if (pass) out[this.n++] = pass;
    this.out = NO_MOVES;
    return this.n;
  }

  private dropStamp = 0;

  /**
   * heisei-chu.md §3: each reserve kind on every empty square next to one of the mover's pieces, but not
   * where it could never move; into the zone with and without promotion.
   */
  private emitDrops(): void {
    const me = this.turnBit;
    const reserve = this.reserve;
    const types = this.reserveTypes;
    let any = false;
    for (let k = 0; k < types.length; k++) if (reserve[types[k] + 1 + me]) any = true;
    if (!any) return;
    const board = this.board;
    const squares = this.squares;
    const kingDirs = this.kingDirs;
    const seen = this.nearSeen;
    const stamp = ++this.dropStamp;
    const targets: number[] = [];
    for (let i = 0; i < squares.length; i++) {
      const from = squares[i];
      const piece = board[from];
      if (piece === EMPTY || (piece & WHITE_BIT) !== me) continue;
      for (let k = 0; k < 8; k++) {
        const to = from + kingDirs[k];
        if (board[to] === EMPTY && seen[to] !== stamp) {
          seen[to] = stamp;
          targets.push(to);
        }
      }
    }
    // board order, so the list reads like the board's (the tests sort anyway)
    targets.sort((a, b) => a - b);
    const z = me ? this.frame : 0;
    const zone = this.zone;
    const far = this.far;
    const b = this.bits;
    for (let k = 0; k < types.length; k++) {
      const type = types[k];
      if (!reserve[type + 1 + me]) continue;
      const dead = this.deadRanks[type];
      const promotes = PROMOTED_PIECE[type + 1] !== 0;
      for (let i = 0; i < targets.length; i++) {
        const to = targets[i];
        if (far[z + to] < dead) continue;
        const m = type + 1 + (to << b);
        if (promotes && zone[z + to]) this.out[this.n++] = m | this.promoteBit;
        this.out[this.n++] = m;
      }
    }
  }

  // generator state, fields rather than closures so the emitters stay monomorphic and inlinable
  private out: Int32Array | number[] = NO_MOVES;
  private n = 0;
  private trading = false;
  private iguiStamp = 0;

  /** A step, slide or leap of an ordinary piece, with its promotion when allowed. */
  private emit(from: number, to: number, captured: number, piece: number): void {
    if (this.trading && IS_LION[captured] && this.tradeCheck(from, to, 0) !== TRADE_OK) return;
    const m = from | (to << this.bits);
    if (PROMOTED_PIECE[piece] && this.canPromote(piece, from, to, captured !== 0)) this.out[this.n++] = m | this.promoteBit;
    this.out[this.n++] = m;
  }

  /** A move of a lion-power piece (these never promote). */
  private emitLion(from: number, to: number, mid: number, captured: number): void {
    if (this.trading && (IS_LION[captured] || (mid && IS_LION[this.board[mid]])) && this.tradeCheck(from, to, mid) !== TRADE_OK)
      return;
    const b = this.bits;
    this.out[this.n++] = from | (to << b) | (mid << (b + b));
  }

  /**
   * Igui: whichever piece captures on `mid` without moving, the board ends the same — one move,
   * unless the victim is a Lion: then a non-Lion's igui also sets the counter-strike square.
   */
  private emitIgui(from: number, mid: number): void {
    const lionVictim = IS_LION[this.board[mid]];
    if (this.trading && lionVictim && this.tradeCheck(from, from, mid) !== TRADE_OK) return;
    const b = this.bits;
    const m = from | (from << b) | (mid << (b + b));
    const strikes = this.strikes;
    const slot = strikes[this.board[mid]] && !strikes[this.board[from]] ? mid + this.frame : mid;
    if (this.iguiSeen[slot] === this.iguiStamp) {
      const i = this.iguiAt[slot];
      if (this.nameOrder[from] < this.nameOrder[this.out[i] & this.mask]) this.out[i] = m;
      return;
    }
    this.iguiSeen[slot] = this.iguiStamp;
    this.iguiAt[slot] = this.n;
    this.out[this.n++] = m;
  }

  /** The lion-trading rules (RULES.md §4) for a move that captures a Lion. */
  private tradeCheck(from: number, to: number, mid: number): number {
    const board = this.board;
    const mover = board[from];
    const c1 = mid ? board[mid] : 0;
    const c2 = to === from ? 0 : board[to];
    const enemy = this.turnBit ^ WHITE_BIT;
    if (IS_LION[mover]) {
      // Rule 1: adjacent Lions may always be taken. Rule 2: a non-adjacent one only when
      // nothing could take back, judged after the whole move, or over a worthy first capture.
      if (!IS_LION[c2] || this.tables.distance(from, to) < 2) return TRADE_OK;
      if (c1 && !IS_WEAK[c1]) return TRADE_OK;
      return this.attackedAfter(from, to, mid, to, enemy) ? TRADE_PROTECTED : TRADE_OK;
    }
    // Rule 3: right after a Lion was taken by a non-Lion, a non-Lion may take a Lion only on
    // that same square (with 'protected', also an unprotected Lion).
    if (!this.lionSq) return TRADE_OK;
    for (const [sq, c] of [[mid, c1], [to, c2]])
      if (IS_LION[c] && sq !== this.lionSq) {
        if (this.options.lionTrading === 'always') return TRADE_COUNTER;
        if (this.attackedAfter(from, to, mid, sq, enemy)) return TRADE_COUNTER;
      }
    return TRADE_OK;
  }

  /** Whether `target` is attacked by colour `byBit` once the move (from, to, mid) is on the board. */
  private attackedAfter(from: number, to: number, mid: number, target: number, byBit: number): boolean {
    const board = this.board;
    const piece = board[from];
    const c1 = mid ? board[mid] : 0;
    const c2 = board[to];
    if (mid) board[mid] = EMPTY;
    board[from] = EMPTY;
    board[to] = piece;
    const result = this.attacked(target, byBit);
    board[to] = c2;
    board[from] = piece;
    if (mid) board[mid] = c1;
    return result;
  }

  /** Whether a piece of colour `byBit` could move to `target` (no legality of that move considered). */
  attacked(target: number, byBit: number): boolean {
    const board = this.board;
    const squares = this.squares;
    const reach = this.reach;
    const reachBase = this.reachBase;
    for (let i = 0; i < squares.length; i++) {
      const sq = squares[i];
      const p = board[sq];
      if (p === EMPTY || (p & WHITE_BIT) !== byBit || sq === target) continue;
      const r = reach[reachBase[p] + target - sq];
      if (r === 0) continue;
      if (r === DIRECT) return true;
      let s = sq + r;
      while (s !== target && board[s] === EMPTY) s += r;
      if (s === target) return true;
    }
    return false;
  }

  /** Classifies why a move (pass already in its canonical spelling) is not in the generated list. */
  explain(from: number, to: number, mid: number, promote: boolean): IllegalReason {
    const saved = this.options;
    this.options = { ...saved, lionTrading: 'off' };
    const pseudo: number[] = [];
    this.generate(pseudo);
    this.options = saved;
    const base = this.tables.pack(from, to, mid);
    const plain = pseudo.includes(base);
    if (!plain && !pseudo.includes(base | this.promoteBit)) {
      const own = (sq: number) => this.board[sq] !== EMPTY && (this.board[sq] & WHITE_BIT) === this.turnBit;
      return (to !== from && own(to)) || (mid && own(mid)) ? 'occupied-by-own-piece' : 'unreachable';
    }
    if (promote && !pseudo.includes(base | this.promoteBit)) return 'no-promotion-here';
    const t = this.tradeCheck(from, to, mid);
    if (t === TRADE_PROTECTED) return 'lion-protected';
    if (t === TRADE_COUNTER) return 'counter-strike';
    throw new Error(`explain: ${from}-${to}-${mid} is legal`);
  }

  /** The next undo record's index, the stack grown when full. */
  private undoSlot(): number {
    const u = this.undoTop;
    if (u + UNDO > this.undo.length) {
      const bigger = new Int32Array(this.undo.length * 2);
      bigger.set(this.undo);
      this.undo = bigger;
    }
    return u;
  }

  /** Plays a generated move; unmake() takes it back. */
  make(m: PackedMove): void {
    const board = this.board;
    const mask = this.mask;
    const b = this.bits;
    const from = m & mask;
    const to = (m >> b) & mask;
    const mid = (m >> (b + b)) & mask;
    const promote = m & this.promoteBit;
    const zLo = this.zLo;
    const zHi = this.zHi;
    const piece = board[from];
    if (piece === OFF) return this.makeDrop(from, (m >> b) & mask, promote);
    const c1 = mid ? board[mid] : 0;
    const u = this.undoSlot();
    const undo = this.undo;
    undo[u] = from;
    undo[u + 1] = to;
    undo[u + 2] = mid;
    undo[u + 3] = promote;
    undo[u + 4] = c1;
    undo[u + 6] = this.lionSq;
    undo[u + 7] = this.hashLo;
    undo[u + 8] = this.hashHi;
    let lo = this.hashLo ^ this.zTurnLo;
    let hi = this.hashHi ^ this.zTurnHi;
    if (c1) {
      lo ^= zLo[(mid << 8) | c1];
      hi ^= zHi[(mid << 8) | c1];
      if (IS_ROYAL[c1]) this.royals[c1 & WHITE_BIT ? 1 : 0]--;
      board[mid] = EMPTY;
    }
    lo ^= zLo[(from << 8) | piece];
    hi ^= zHi[(from << 8) | piece];
    board[from] = EMPTY;
    const c2 = board[to];
    undo[u + 5] = c2;
    if (c2) {
      lo ^= zLo[(to << 8) | c2];
      hi ^= zHi[(to << 8) | c2];
      if (IS_ROYAL[c2]) this.royals[c2 & WHITE_BIT ? 1 : 0]--;
    }
    const placed = promote ? PROMOTED_PIECE[piece] : piece;
    // a Drunk Elephant promoting becomes a Prince: one more royal
    if (promote && IS_ROYAL[placed]) this.royals[placed & WHITE_BIT ? 1 : 0]++;
    board[to] = placed;
    lo ^= zLo[(to << 8) | placed];
    hi ^= zHi[(to << 8) | placed];
    this.undoTop = u + UNDO;
    this.hashLo = lo;
    this.hashHi = hi;
    // counter-strike square: set when a non-Lion (a Kirin promoting now included) takes a Lion
    const strikes = this.strikes;
    this.lionSq = strikes[piece] ? 0 : strikes[c2] ? to : strikes[c1] ? mid : 0;
    this.turnBit ^= WHITE_BIT;
    this.ply++;
  }

  /** A drop (heisei-chu.md §3): the reserve's piece onto `to`; with 'once', the rest of the reserve goes (§4). */
  private makeDrop(from: number, to: number, promote: number): void {
    const u = this.undoSlot();
    const undo = this.undo;
    const piece = from + this.turnBit;
    undo[u] = from;
    undo[u + 1] = to;
    undo[u + 2] = 0;
    undo[u + 3] = promote;
    undo[u + 5] = 0;
    undo[u + 6] = this.lionSq;
    undo[u + 7] = this.hashLo;
    undo[u + 8] = this.hashHi;
    this.setReserve(piece, this.reserve[piece] - 1);
    let cleared = 0;
    if (this.once) {
      const types = this.reserveTypes;
      for (let k = 0; k < types.length; k++) {
        const p = types[k] + 1 + this.turnBit;
        cleared |= this.reserve[p] << (2 * k);
        if (this.reserve[p]) this.setReserve(p, 0);
      }
    }
    undo[u + 4] = cleared;
    this.put(to, promote ? PROMOTED_PIECE[piece] : piece);
    this.hashLo ^= this.zTurnLo;
    this.hashHi ^= this.zTurnHi;
    this.undoTop = u + UNDO;
    this.lionSq = 0;
    this.turnBit ^= WHITE_BIT;
    this.ply++;
  }

  unmake(): void {
    const undo = this.undo;
    const u = (this.undoTop -= UNDO);
    const from = undo[u];
    const to = undo[u + 1];
    const board = this.board;
    if (from < this.dropLimit) return this.unmakeDrop(u, from, to);
    const mid = undo[u + 2];
    const promote = undo[u + 3];
    const c1 = undo[u + 4];
    const c2 = undo[u + 5];
    const placed = board[to];
    // to before from: for igui and pass they are the same square
    board[to] = c2;
    board[from] = promote ? UNPROMOTED_PIECE[placed] : placed;
    if (mid) board[mid] = c1;
    if (c1 && IS_ROYAL[c1]) this.royals[c1 & WHITE_BIT ? 1 : 0]++;
    if (c2 && IS_ROYAL[c2]) this.royals[c2 & WHITE_BIT ? 1 : 0]++;
    if (promote && IS_ROYAL[placed]) this.royals[placed & WHITE_BIT ? 1 : 0]--;
    this.lionSq = undo[u + 6];
    this.hashLo = undo[u + 7];
    this.hashHi = undo[u + 8];
    this.turnBit ^= WHITE_BIT;
    this.ply--;
  }

  private unmakeDrop(u: number, from: number, to: number): void {
    const undo = this.undo;
    this.turnBit ^= WHITE_BIT;
    this.ply--;
    this.board[to] = EMPTY;
    const me = this.turnBit;
    this.reserve[from + me]++;
    const cleared = undo[u + 4];
    const types = this.reserveTypes;
    if (cleared) for (let k = 0; k < types.length; k++) this.reserve[types[k] + 1 + me] += (cleared >> (2 * k)) & 3;
    this.lionSq = undo[u + 6];
    this.hashLo = undo[u + 7];
    this.hashHi = undo[u + 8];
  }
}

const UNPROMOTED_PIECE = new Uint8Array(256);
for (let p = 0; p < 256; p++) if (PROMOTED_PIECE[p]) UNPROMOTED_PIECE[PROMOTED_PIECE[p]] = p;

