import { bareKingVerdict, material } from './bareKing.ts';
import { ALL_CODES, EMPTY, WHITE_BIT, colorOf, typeOf } from './piece.ts';
import { MAX_MOVES, Position, isRoyalPiece, type PackedMove } from './position.ts';
import { makeSfen, parseSfen, startSfenOf } from './sfen.ts';
import {
  err, ok, opposite, unwrap, withDefaults, type Color, type IllegalReason, type Options, type Outcome, type Result, type Variant,
} from './types.ts';
import { resolveUsi } from './usi.ts';
import { notateAll, type NotationStyle } from './notation/index.ts';

export interface Piece {
  color: Color;
  /** SFEN letter, lowercase, '+' prefix when promoted: 'k', 'n', '+o' */
  code: string;
}

/** Pieces of one kind in a reserve (heisei-chu.md §2): { code: 'l', count: 2 } */
export interface ReservePieces {
  /** SFEN letter, lowercase, unpromoted */
  code: string;
  count: number;
}

export interface PlayedMove {
  usi: string;
  /** Hodges/TSA notation, e.g. 'Lnx!9d' */
  notation: string;
  /** 0-based index of this move in the game */
  ply: number;
  outcome?: Outcome;
}

/**
 * A game: start position, options and the moves played, with everything that needs history —
 * the repetition rule, the bare-king reply window and the outcome.
 */
export class Game {
  readonly options: Options;
  readonly startSfen: string;
  private pos: Position;
  private readonly played: PackedMove[] = [];
  private readonly usis: string[] = [];
  /** human notation of each move played, written as it is played (linear in the game's length) */
  private readonly texts: Record<NotationStyle, string[]> = { hodges: [], kanji: [] };
  /** occurrences of each position (board + side to move) so far, for the repetition rule */
  private readonly seen = new Map<number, number>();
  /** the side that bared its opponent's royals; the opponent has one reply */
  private bareClaim: Color | null = null;
  private result: Outcome | undefined;
  private legalCache: PackedMove[] | undefined;

  private constructor(pos: Position, startSfen: string, fresh = true) {
    this.pos = pos;
    this.options = pos.options;
    this.startSfen = startSfen;
    if (!fresh) return;
    this.seen.set(pos.key, 1);
    this.judgeStart();
  }

  /** The start position of the options' game (chu unless `variant: 'dai'`). */
  static start(options?: Partial<Options>): Game {
    return unwrap(Game.fromSfen(startSfenOf(options), options));
  }

  static fromSfen(sfen: string, options?: Partial<Options>): Result<Game, string> {
    const pos = parseSfen(sfen, withDefaults(options));
    return pos.ok ? ok(new Game(pos.value, makeSfen(pos.value))) : pos;
  }

  static replay(
    usis: readonly string[],
    options?: Partial<Options>,
    sfen: string = startSfenOf(options),
  ): Result<Game, { ply: number; reason: IllegalReason | 'bad-sfen' }> {
    const game = Game.fromSfen(sfen, options);
    if (!game.ok) return err({ ply: -1, reason: 'bad-sfen' });
    for (let i = 0; i < usis.length; i++) {
      const r = game.value.play(usis[i]);
      if (!r.ok) return err({ ply: i, reason: r.error });
    }
    return ok(game.value);
  }

  /** An independent copy (state copied, not replayed). */
  clone(): Game {
    const g = new Game(this.pos.clone(), this.startSfen, false);
    g.played.push(...this.played);
    g.usis.push(...this.usis);
    g.texts.hodges.push(...this.texts.hodges);
    g.texts.kanji.push(...this.texts.kanji);
    for (const [key, count] of this.seen) g.seen.set(key, count);
    g.bareClaim = this.bareClaim;
    g.result = this.result;
    return g;
  }

  get turn(): Color {
    return this.pos.turn;
  }
  /** 'chu', 'dai' or 'heisei' */
  get variant(): Variant {
    return this.pos.tables.variant;
  }
  get ply(): number {
    return this.played.length;
  }
  get moves(): readonly string[] {
    return this.usis;
  }
  /** The current position, for the CPU player and notation; treat it as read-only. */
  get position(): Position {
    return this.pos;
  }

  sfen(): string {
    return makeSfen(this.pos);
  }

  board(): (Piece | undefined)[] {
    return Array.from(this.pos.tables.squares, (sq) => {
      const p = this.pos.board[sq];
      return p === EMPTY ? undefined : { color: colorOf(p), code: ALL_CODES[typeOf(p)] };
    });
  }

  /** A side's reserve, kind by kind in the SFEN's order, kinds it no longer holds left out (heisei-chu.md §2; [] in chu and dai). */
  reserve(color: Color): ReservePieces[] {
    const t = this.pos.tables;
    const bit = color === 'white' ? WHITE_BIT : 0;
    return t.reserveTypes
      .map((type) => ({ code: ALL_CODES[type], count: this.pos.reserve[type + 1 + bit] }))
      .filter((r) => r.count > 0);
  }

  outcome(): Outcome | undefined {
    return this.result;
  }

  legalMoves(): string[] {
    return this.legalPacked().map((m) => this.pos.tables.usiOf(m)).sort();
  }

  /** Legal moves of the current position as packed integers (repetition rule applied). */
  legalPacked(): PackedMove[] {
    if (this.result) return [];
    if (!this.legalCache) {
      const buf = new Int32Array(MAX_MOVES);
      const n = this.pos.generate(buf);
      const out: PackedMove[] = [];
      const exempt = this.inCheck();
      for (let i = 0; i < n; i++) if (exempt || !this.repeats(buf[i])) out.push(buf[i]);
      this.legalCache = out;
    }
    return this.legalCache;
  }

  /** The canonical USI of a legal move, or why it is refused. */
  check(usi: string): Result<string, IllegalReason> {
    const m = this.resolve(usi);
    return m.ok ? ok(this.pos.tables.usiOf(m.value)) : m;
  }

  play(usi: string): Result<PlayedMove, IllegalReason> {
    const m = this.resolve(usi);
    if (!m.ok) return m;
    this.playPacked(m.value);
    const ply = this.played.length - 1;
    const played: PlayedMove = { usi: this.usis[ply], notation: this.texts.hodges[ply], ply };
    if (this.result) played.outcome = this.result;
    return ok(played);
  }

  resign(loser: Color): void {
    this.end({ winner: opposite(loser), reason: 'resign' });
  }
  agreeDraw(): void {
    this.end({ winner: null, reason: 'agreement' });
  }
  timeout(loser: Color): void {
    this.end({ winner: opposite(loser), reason: 'timeout' });
  }
  abort(): void {
    this.end({ winner: null, reason: 'abort' });
  }

  /** Human notation of every move played (Hodges/TSA or Japanese); kept as the moves are played, so no replay. */
  notations(style: NotationStyle = 'hodges'): string[] {
    return [...this.texts[style]];
  }

  notation(ply: number, style: NotationStyle = 'hodges'): string {
    return this.texts[style][ply];
  }

  private end(outcome: Outcome): void {
    if (!this.result) {
      this.result = outcome;
      this.legalCache = undefined;
    }
  }

  private resolve(usi: string): Result<PackedMove, IllegalReason> {
    if (this.result) return err('game-over');
    const buf = new Int32Array(MAX_MOVES);
    const n = this.pos.generate(buf);
    const m = resolveUsi(this.pos, usi, buf, n);
    if (m.ok && !this.inCheck() && this.repeats(m.value)) return err('repetition');
    return m;
  }

  /** Whether a move would make its position occur for the fourth time. */
  private repeats(m: PackedMove): boolean {
    this.pos.make(m);
    const count = this.seen.get(this.pos.key) ?? 0;
    this.pos.unmake();
    return count >= 3;
  }

  /** The side to move is in check: its last royal is attacked (lifts the repetition ban). */
  private inCheck(): boolean {
    const me = this.pos.turnBit;
    if (this.pos.royals[me ? 1 : 0] !== 1) return false;
    for (const sq of this.pos.tables.squares) {
      const p = this.pos.board[sq];
      if (p !== EMPTY && (p & WHITE_BIT) === me && isRoyalPiece(p)) return this.pos.attacked(sq, me ^ WHITE_BIT);
    }
    return false;
  }

  private playPacked(m: PackedMove): void {
    const mover = this.pos.turn;
    const previous = this.played.length ? this.pos.tables.moveTo(this.played[this.played.length - 1]) : 0;
    const text = notateAll(this.pos, m, previous);
    this.texts.hodges.push(text.hodges);
    this.texts.kanji.push(text.kanji);
    this.usis.push(this.pos.tables.usiOf(m));
    this.played.push(m);
    this.pos.make(m);
    this.seen.set(this.pos.key, (this.seen.get(this.pos.key) ?? 0) + 1);
    this.legalCache = undefined;
    this.judge(mover);
  }

  /** Positions loaded from SFEN may already be decided. */
  private judgeStart(): void {
    const [b, w] = this.pos.royals;
    if (b === 0 || w === 0) this.end({ winner: b === 0 && w === 0 ? null : b === 0 ? 'white' : 'black', reason: 'royal-capture' });
    else if (this.options.bareKing && bareKingVerdict(material(this.pos, 0), material(this.pos, WHITE_BIT), false) === 'draw')
      this.end({ winner: null, reason: 'bare-king' });
    else if (this.legalPacked().length === 0) this.end({ winner: opposite(this.pos.turn), reason: 'no-legal-move' });
  }

  /** RULES.md §6, after `mover` has moved. */
  private judge(mover: Color): void {
    const opponent = opposite(mover);
    if (this.pos.royals[opponent === 'white' ? 1 : 0] === 0) return this.end({ winner: mover, reason: 'royal-capture' });
    if (this.options.bareKing) {
      const replied = this.bareClaim === opponent;
      this.bareClaim = null;
      const bit = mover === 'white' ? WHITE_BIT : 0;
      const verdict = bareKingVerdict(material(this.pos, bit), material(this.pos, bit ^ WHITE_BIT), replied);
      if (verdict === 'opponent-wins') return this.end({ winner: opponent, reason: 'bare-king' });
      if (verdict === 'draw') return this.end({ winner: null, reason: 'bare-king' });
      if (verdict === 'claim') this.bareClaim = mover;
    }
    if (this.options.moveLimit !== null && this.played.length >= this.options.moveLimit)
      return this.end({ winner: null, reason: 'move-limit' });
    if (this.legalPacked().length === 0) this.end({ winner: mover, reason: 'no-legal-move' });
  }
}
