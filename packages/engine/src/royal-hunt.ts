import { MAX_MOVES, type Position } from '@chu/rules';
import { AttackMap } from './attack-map.ts';
import { attackedOn } from './attacks.ts';
import { EMPTY, IS_ROYAL, OFF, WHITE_BIT, engineTables, type EngineTables } from './tables.ts';

// The royal hunt: a depth-first proof-number search (df-pn) that proves the side to move takes the
// other side's last royal by force. Chu has no check rule, so "forcing" is read from attacks: the
// hunter plays only moves after which that royal stands attacked (a capture that keeps the attack
// among them); the hunted side may answer with every legal move, and an answer that leaves its royal
// attacked loses at once. Whatever the proof leans on is the rules' own move generator; what it leaves
// out (a repetition on its own path, a side made bare, the depth cap) counts against the hunter, so a
// proof is a proof, and the hunt may miss wins but never claims one that is not there.

/** 'win': a forced royal capture, `line` one forced line to it; 'none': none by forcing moves within the cap; 'unknown': the budget ran out. */
export type HuntVerdict = 'win' | 'none' | 'unknown';

export interface HuntResult {
  verdict: HuntVerdict;
  /** with 'win': the hunter's moves and the longest-holding answers, ending with the royal capture (packed moves) */
  line: number[];
  /** with 'win': plies to the capture along the proof (not always the shortest there is) */
  plies: number;
  /** moves made, as the search counts its nodes */
  nodes: number;
}

export interface HuntLimits {
  maxNodes: number;
  /** deepest ply of the proof (default 21): deeper hunter nodes count as not proven */
  maxPlies?: number;
  /** performance.now() past which the hunt gives up */
  deadline?: number;
  shouldStop?: () => boolean;
  /**
   * Issue 51: keep attack maps through the hunt's moves and read "the last royal stands attacked" from
   * them instead of scanning out from the royal. The same proofs either way (test/royal-hunt.test.ts);
   * off by default, as keeping the maps costs more a move than the one scan it saves
   * (bench/royal-hunt-maps.ts).
   */
  attackMaps?: boolean;
}

const INF = 100_000_000;
const DEFAULT_PLIES = 21;
const MAX_PLIES = 40;
/** what expand() returns when one move decides the node */
const PROVEN_AT_ONCE = -1;
const DISPROVEN_AT_ONCE = -2;

export class RoyalHunt {
  private readonly tables: EngineTables;
  private readonly frame: number;
  private readonly squares: Uint16Array;
  private readonly defends: Uint8Array;
  private readonly row: Int16Array;
  private readonly col: Int16Array;
  /** per square: the stamp of the AND node whose attack on the royal it takes part in (an attacker, or a square a slide crosses) */
  private readonly inAttack: Int32Array;
  /** below this a packed move's origin is a drop's (Heisei chu); 0 without drops */
  private readonly dropLimit: number;
  private stamp = 0;

  private readonly ttMask: number;
  private readonly ttLo: Int32Array;
  private readonly ttHi: Int32Array;
  private readonly ttPn: Int32Array;
  private readonly ttDn: Int32Array;
  private readonly ttLen: Uint8Array;
  private readonly ttGen: Int32Array;
  private gen = 0;

  // per ply: the generated moves, then the children left to search (move, key) and what the node is
  private readonly moves: Int32Array[] = [];
  private readonly kidMove: Int32Array[] = [];
  private readonly kidLo: Int32Array[] = [];
  private readonly kidHi: Int32Array[] = [];
  /** per ply: the node has children decided at once (an answer that leaves the royal attacked) */
  private readonly quickWin = new Uint8Array(MAX_PLIES + 2);
  private readonly pathLo = new Int32Array(MAX_PLIES + 2);
  private readonly pathHi = new Int32Array(MAX_PLIES + 2);

  private pos!: Position;
  /** the hunter's colour (0 Black, 1 White) */
  private hunter = 0;
  private bareKing = true;
  private readonly def = new Int32Array(2);
  private readonly defStack = new Int32Array(2 * (MAX_PLIES + 4));
  private sp = 0;
  private readonly royalSq = new Int32Array(2);
  private maxPlies = DEFAULT_PLIES;
  private maxNodes = Infinity;
  private deadline = Infinity;
  private shouldStop: (() => boolean) | undefined;
  private stopped = false;
  /** HuntLimits.attackMaps: the maps, kept by play and unplay */
  private maps: AttackMap | undefined;
  private useMaps = false;
  nodes = 0;

  /** `tables`: the variant's (default chu's); 2^ttBits entries of proof and disproof numbers. */
  constructor(tables: EngineTables = engineTables('chu'), ttBits = 19) {
    this.tables = tables;
    this.frame = tables.frame;
    this.squares = tables.squares;
    this.defends = tables.defends;
    this.row = Int16Array.from({ length: tables.frame }, (_, sq) => tables.rules.rowOf(sq));
    this.col = Int16Array.from({ length: tables.frame }, (_, sq) => tables.rules.colOf(sq));
    this.inAttack = new Int32Array(tables.frame);
    this.dropLimit = tables.rules.drops ? tables.rules.dropLimit : 0;
    const size = 1 << ttBits;
    this.ttMask = size - 1;
    this.ttLo = new Int32Array(size);
    this.ttHi = new Int32Array(size);
    this.ttPn = new Int32Array(size);
    this.ttDn = new Int32Array(size);
    this.ttLen = new Uint8Array(size);
    this.ttGen = new Int32Array(size);
    for (let i = 0; i <= MAX_PLIES; i++) {
      this.moves.push(new Int32Array(MAX_MOVES));
      this.kidMove.push(new Int32Array(MAX_MOVES));
      this.kidLo.push(new Int32Array(MAX_MOVES));
      this.kidHi.push(new Int32Array(MAX_MOVES));
    }
  }

  /** Whether the side to move of `pos` (restored after) takes the other's last royal by force. */
  prove(pos: Position, limits: HuntLimits): HuntResult {
    this.pos = pos;
    this.hunter = pos.turnBit ? 1 : 0;
    this.bareKing = pos.options.bareKing;
    this.maxPlies = Math.min(MAX_PLIES - 1, limits.maxPlies ?? DEFAULT_PLIES);
    this.maxNodes = limits.maxNodes;
    this.deadline = limits.deadline ?? Infinity;
    this.shouldStop = limits.shouldStop;
    this.stopped = false;
    this.nodes = 0;
    this.sp = 0;
    this.useMaps = limits.attackMaps === true;
    if (this.useMaps) (this.maps ??= new AttackMap(this.tables)).load(pos.board);
    this.gen = (this.gen + 1) | 0;
    this.countDefenders();
    const none: HuntResult = { verdict: 'none', line: [], plies: 0, nodes: 0 };
    // a bare side is the bare-king rule's business, not the hunt's
    if (this.bareKing && (this.def[0] === 0 || this.def[1] === 0)) return none;
    this.pathLo[0] = this.keyLo();
    this.pathHi[0] = this.keyHi();
    this.mid(0, INF, INF);
    const slot = this.probe(this.keyLo(), this.keyHi());
    const pn = slot >= 0 ? this.ttPn[slot] : 1;
    const dn = slot >= 0 ? this.ttDn[slot] : 1;
    if (pn === 0) {
      const nodes = this.nodes;
      const plies = this.ttLen[slot];
      // reading the line back is not the hunt: no budget
      this.maxNodes = Infinity;
      this.deadline = Infinity;
      this.shouldStop = undefined;
      this.stopped = false;
      return { verdict: 'win', line: this.line(), plies, nodes };
    }
    return { verdict: dn === 0 && !this.stopped ? 'none' : 'unknown', line: [], plies: 0, nodes: this.nodes };
  }

  /**
   * The df-pn loop at one node: its children's numbers from the table (1 and 1 when unseen), the
   * most proving child searched with thresholds from its siblings, until the node's own numbers
   * reach the thresholds it was given. A hunter's node is an OR node, the hunted side's an AND node.
   */
  private mid(ply: number, thpn: number, thdn: number): void {
    const lo = this.keyLo();
    const hi = this.keyHi();
    const or = ply % 2 === 0;
    if (or && ply >= this.maxPlies) return this.store(lo, hi, INF, 0, 0);
    const n = this.expand(ply);
    if (n === PROVEN_AT_ONCE) return this.store(lo, hi, 0, INF, or ? 1 : 0);
    if (n === DISPROVEN_AT_ONCE) return this.store(lo, hi, INF, 0, 0);
    const moves = this.kidMove[ply];
    const kLo = this.kidLo[ply];
    const kHi = this.kidHi[ply];
    if (n === 0) {
      // a hunter with no forcing move fails; a hunted side whose every answer leaves its royal attacked loses
      if (or) return this.store(lo, hi, INF, 0, 0);
      return this.store(lo, hi, 0, INF, 2);
    }
    for (;;) {
      let pn = or ? INF : 0;
      let dn = or ? 0 : INF;
      let best = 0;
      let bestPn = INF;
      let bestDn = INF;
      let second = INF;
      let len = or ? 255 : this.quickWin[ply] ? 1 : 0;
      for (let i = 0; i < n; i++) {
        const slot = this.probe(kLo[i], kHi[i]);
        const cpn = slot >= 0 ? this.ttPn[slot] : 1;
        const cdn = slot >= 0 ? this.ttDn[slot] : 1;
        if (or) {
          if (cpn < pn) pn = cpn;
          dn = Math.min(INF - 1, dn + cdn);
          if (cpn === 0 && this.ttLen[slot] < len) len = this.ttLen[slot];
          if (cpn < bestPn) (second = bestPn), (bestPn = cpn), (bestDn = cdn), (best = i);
          else if (cpn < second) second = cpn;
        } else {
          pn = Math.min(INF - 1, pn + cpn);
          if (cdn < dn) dn = cdn;
          if (cpn === 0 && this.ttLen[slot] > len) len = this.ttLen[slot];
          if (cdn < bestDn) (second = bestDn), (bestDn = cdn), (bestPn = cpn), (best = i);
          else if (cdn < second) second = cdn;
        }
      }
      if (or && bestPn === 0) (pn = 0), (dn = INF);
      if (!or && dn === 0) (pn = INF), (dn = 0);
      if (!or && pn === 0) dn = INF;
      if (or && dn === 0) pn = INF;
      if (pn === 0 || dn === 0 || pn >= thpn || dn >= thdn || this.stopped) {
        this.store(lo, hi, pn, dn, pn === 0 ? len + 1 : 0);
        return;
      }
      let cthpn: number;
      let cthdn: number;
      if (or) {
        cthpn = Math.min(thpn, second + 1);
        cthdn = Math.min(INF, thdn - dn + bestDn);
      } else {
        cthdn = Math.min(thdn, second + 1);
        cthpn = Math.min(INF, thpn - pn + bestPn);
      }
      this.play(moves[best]);
      this.pathLo[ply + 1] = kLo[best];
      this.pathHi[ply + 1] = kHi[best];
      this.mid(ply + 1, cthpn, cthdn);
      this.unplay();
      if (this.stopped) {
        this.store(lo, hi, pn, dn, 0);
        return;
      }
    }
  }

  /**
   * Generates the node's children into the ply's arrays and returns their count, or PROVEN_AT_ONCE /
   * DISPROVEN_AT_ONCE when one move decides it: the hunter takes the royal, or the hunted side takes
   * the hunter's last royal, makes it bare or repeats a position of the path. The hunter's children are
   * its forcing moves; the hunted side's, its answers that leave its royal unattacked.
   */
  private expand(ply: number): number {
    const pos = this.pos;
    const or = ply % 2 === 0;
    const moves = this.moves[ply];
    const kidMove = this.kidMove[ply];
    const kidLo = this.kidLo[ply];
    const kidHi = this.kidHi[ply];
    const hunted = this.hunter ^ 1;
    const huntedBit = hunted ? WHITE_BIT : 0;
    const n = pos.generate(moves);
    let k = 0;
    this.quickWin[ply] = 0;
    if (!or && n === 0) return PROVEN_AT_ONCE; // no legal move loses
    const t = this.tables;
    // the hunter's move can only attack a royal it does not attack yet from a square it lands on near
    // or in line with it, or by opening a line through a square it leaves
    const royal = pos.royals[hunted] === 1 ? this.royalSquare(hunted, huntedBit) : -1;
    // the hunted side's answer leaves its royal attacked unless it moves the royal, takes or blocks
    // an attacker, promotes (an Elephant's Prince is a second royal) or takes a royal of the hunter's;
    // answers that may bare the hunter (captures, when it has two bare-king pieces or fewer: a Lion
    // takes two) are all played out
    const stamp = !or && royal >= 0 ? this.markAttack(royal, huntedBit ^ WHITE_BIT) : 0;
    const captures = this.def[this.hunter] <= 2;
    const board = pos.board;
    const inAttack = this.inAttack;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      const to = (m >> t.bits) & t.mask;
      const mid = (m >> (t.bits + t.bits)) & t.mask;
      // (a drop leaves no square: only where it lands counts)
      if (or && royal >= 0 && !this.near(to, royal) && ((m & t.mask) < this.dropLimit || !this.inLine(m & t.mask, royal)) && !(mid && this.inLine(mid, royal))) continue;
      if (
        stamp !== 0 &&
        (m & t.mask) !== royal &&
        inAttack[to] !== stamp &&
        (mid === 0 || inAttack[mid] !== stamp) &&
        (m & t.promote) === 0 &&
        !IS_ROYAL[board[to]] &&
        !IS_ROYAL[board[mid]] &&
        !(captures && ((to !== (m & t.mask) && board[to] !== EMPTY) || (mid !== 0 && board[mid] !== EMPTY)))
      ) {
        this.quickWin[ply] = 1;
        continue;
      }
      this.play(m);
      const royals = pos.royals[hunted];
      let kid = false;
      if (or) {
        if (royals === 0) {
          this.unplay();
          kidMove[0] = m;
          return PROVEN_AT_ONCE;
        }
        kid = this.royalAttacked(hunted, huntedBit) && !(this.bareKing && this.def[hunted] === 0) && !this.onPath(ply);
      } else {
        if (pos.royals[this.hunter] === 0 || (this.bareKing && this.def[this.hunter] === 0) || this.onPath(ply)) {
          this.unplay();
          return DISPROVEN_AT_ONCE;
        }
        if (this.royalAttacked(hunted, huntedBit)) this.quickWin[ply] = 1;
        else kid = true;
      }
      if (kid) {
        kidMove[k] = m;
        kidLo[k] = this.keyLo();
        kidHi[k] = this.keyHi();
        k++;
      }
      this.unplay();
      if (this.stopped) break;
    }
    return k;
  }

  /** The forced line of a proven root, read back from the table. */
  private line(): number[] {
    const out: number[] = [];
    for (let ply = 0; ply < this.maxPlies + 1; ply++) {
      const or = ply % 2 === 0;
      const n = this.expand(ply);
      let move = 0;
      if (n === PROVEN_AT_ONCE && or) move = this.kidMove[ply][0];
      else if (n < 0) break;
      else {
        let pick = -1;
        let pickLen = or ? 256 : -1;
        for (let i = 0; i < n; i++) {
          const slot = this.probe(this.kidLo[ply][i], this.kidHi[ply][i]);
          if (slot < 0 || this.ttPn[slot] !== 0) continue;
          const len = this.ttLen[slot];
          if (or ? len < pickLen : len > pickLen) (pick = i), (pickLen = len);
        }
        if (pick >= 0) move = this.kidMove[ply][pick];
        else if (!or && this.quickWin[ply]) move = this.moves[ply][0]; // every answer leaves the royal attacked
        else break;
      }
      out.push(move);
      this.play(move);
      this.pathLo[ply + 1] = this.keyLo();
      this.pathHi[ply + 1] = this.keyHi();
      if (this.pos.royals[this.hunter ^ 1] === 0) break;
    }
    for (let i = 0; i < out.length; i++) this.unplay();
    return out;
  }

  /** Colour c's last royal stands attacked by the other side (a second royal means none is the last). */
  private royalAttacked(c: number, bit: number): boolean {
    if (this.pos.royals[c] !== 1) return false;
    const sq = this.royalSquare(c, bit);
    return this.useMaps ? this.maps!.count[(c ^ 1) * this.frame + sq] !== 0 : attackedOn(this.pos.board, this.tables, sq, bit ^ WHITE_BIT);
  }

  /**
   * Marks the squares of the pieces of colour `by` that attack `royal`, and the squares their slides
   * (and dai's limited ranges) cross to it, with a new stamp; 0 when none attacks it.
   */
  private markAttack(royal: number, by: number): number {
    const board = this.pos.board;
    const t = this.tables;
    const inAttack = this.inAttack;
    const stamp = (this.stamp = (this.stamp + 1) & 0x3fffffff || 1);
    let found = false;
    for (let k = 0; k < 24; k++) {
      const d = t.lionReach[k];
      const q = board[royal - d];
      if (q !== EMPTY && (q & (OFF | WHITE_BIT)) === by && t.hits[q * 128 + 64 + d] === 1) (inAttack[royal - d] = stamp), (found = true);
    }
    for (let k = 0; k < 8; k++) {
      const d = t.kingDirs[k];
      let s = royal + d;
      while (board[s] === EMPTY) s += d;
      const q = board[s];
      if ((q & (OFF | WHITE_BIT)) === by && t.rays[q * 128 + 64 - d] === 1) {
        for (let x = royal + d; x !== s + d; x += d) inAttack[x] = stamp;
        found = true;
      }
      if (t.hasHops) {
        const h = board[royal + 2 * d];
        if (h !== EMPTY && (h & (OFF | WHITE_BIT)) === by && t.hops[h * 128 + 64 - 2 * d] === 1 && board[royal + d] === EMPTY)
          (inAttack[royal + d] = stamp), (inAttack[royal + 2 * d] = stamp), (found = true);
      }
    }
    return found ? stamp : 0;
  }

  /** Whether a piece on `sq` could attack `royal`: within the Lion's 5×5 of it, or in line with it. */
  private near(sq: number, royal: number): boolean {
    const dr = this.row[sq] - this.row[royal];
    const dc = this.col[sq] - this.col[royal];
    return (dr <= 2 && dr >= -2 && dc <= 2 && dc >= -2) || dr === 0 || dc === 0 || dr === dc || dr === -dc;
  }

  /** Whether `sq` is in line with `royal` (a rank, file or diagonal through it): emptied, it may open a slide. */
  private inLine(sq: number, royal: number): boolean {
    const dr = this.row[sq] - this.row[royal];
    const dc = this.col[sq] - this.col[royal];
    return dr === 0 || dc === 0 || dr === dc || dr === -dc;
  }

  /** Whether the position just reached stands on the path (the hunt's own repetition: no progress). */
  private onPath(ply: number): boolean {
    const lo = this.keyLo();
    const hi = this.keyHi();
    for (let i = ply - 1; i >= 0; i -= 2) if (this.pathLo[i] === lo && this.pathHi[i] === hi) return true;
    return false;
  }

  private royalSquare(c: number, bit: number): number {
    const board = this.pos.board;
    let sq = this.royalSq[c];
    let p = board[sq];
    if (p === EMPTY || (p & (OFF | WHITE_BIT)) !== bit || !IS_ROYAL[p]) {
      for (let i = 0; i < this.squares.length; i++) {
        sq = this.squares[i];
        p = board[sq];
        if (p !== EMPTY && (p & (OFF | WHITE_BIT)) === bit && IS_ROYAL[p]) break;
      }
      this.royalSq[c] = sq;
    }
    return sq;
  }

  /** The bare-king counts (RULES.md §6) of both sides, from the board and Heisei's reserves (heisei-chu.md §6). */
  private countDefenders(): void {
    const board = this.pos.board;
    this.def.fill(0);
    for (let i = 0; i < this.squares.length; i++) {
      const sq = this.squares[i];
      const p = board[sq];
      if (p !== EMPTY) this.def[p & WHITE_BIT ? 1 : 0] += this.defends[p * this.frame + sq];
    }
    this.def[0] += this.held(0);
    this.def[1] += this.held(WHITE_BIT);
  }

  /** How many pieces colour `bit` holds in reserve. */
  private held(bit: number): number {
    let n = 0;
    for (const type of this.tables.reserveTypes) n += this.pos.reserve[type + 1 + bit];
    return n;
  }

  private play(m: number): void {
    const pos = this.pos;
    const board = pos.board;
    const t = this.tables;
    const from = m & t.mask;
    const to = (m >> t.bits) & t.mask;
    const mid = (m >> (t.bits + t.bits)) & t.mask;
    const piece = board[from];
    const c1 = mid ? board[mid] : 0;
    const c2 = to !== from ? board[to] : 0;
    const s = this.sp++ * 2;
    this.defStack[s] = this.def[0];
    this.defStack[s + 1] = this.def[1];
    const frame = this.frame;
    const defends = this.defends;
    if (piece === OFF) {
      // a drop (heisei-chu.md §3): from the reserve to the board; with 'once' the rest of the reserve goes
      const me = pos.turnBit;
      const before = this.held(me);
      if (this.useMaps) this.maps!.before(board, to, 0, 0);
      pos.make(m);
      if (this.useMaps) this.maps!.after(board);
      this.def[me ? 1 : 0] += defends[board[to] * frame + to] + this.held(me) - before;
    } else {
      if (this.useMaps) this.maps!.before(board, from, mid, to);
      pos.make(m);
      if (this.useMaps) this.maps!.after(board);
      if (c1) this.def[c1 & WHITE_BIT ? 1 : 0] -= defends[c1 * frame + mid];
      if (c2) this.def[c2 & WHITE_BIT ? 1 : 0] -= defends[c2 * frame + to];
      this.def[piece & WHITE_BIT ? 1 : 0] += defends[board[to] * frame + to] - defends[piece * frame + from];
    }
    if ((++this.nodes & 1023) === 0 && this.nodes > 0) this.checkStop();
    if (this.nodes >= this.maxNodes) this.stopped = true;
  }

  private unplay(): void {
    this.pos.unmake();
    if (this.useMaps) this.maps!.undo();
    const s = --this.sp * 2;
    this.def[0] = this.defStack[s];
    this.def[1] = this.defStack[s + 1];
  }

  private checkStop(): void {
    if (performance.now() >= this.deadline || (this.shouldStop !== undefined && this.shouldStop())) this.stopped = true;
  }

  // the counter-strike square changes what is legal, so it is part of the key (as in the search's table)
  private keyLo(): number {
    return this.pos.hashLo ^ Math.imul(this.pos.lionSq, 0x2545f491);
  }

  private keyHi(): number {
    return this.pos.hashHi ^ Math.imul(this.pos.lionSq, 0x2545f491);
  }

  private probe(lo: number, hi: number): number {
    const slot = (lo ^ (hi >>> 13)) & this.ttMask & ~1;
    if (this.ttGen[slot] === this.gen && this.ttLo[slot] === lo && this.ttHi[slot] === hi) return slot;
    if (this.ttGen[slot + 1] === this.gen && this.ttLo[slot + 1] === lo && this.ttHi[slot + 1] === hi) return slot + 1;
    return -1;
  }

  /** Two slots a bucket: the entry's own, else one not yet decided, else the second. */
  private store(lo: number, hi: number, pn: number, dn: number, len: number): void {
    let slot = (lo ^ (hi >>> 13)) & this.ttMask & ~1;
    const mine = (s: number) => this.ttGen[s] === this.gen && this.ttLo[s] === lo && this.ttHi[s] === hi;
    const open = (s: number) => this.ttGen[s] !== this.gen || (this.ttPn[s] !== 0 && this.ttDn[s] !== 0);
    if (!mine(slot) && (mine(slot + 1) || !open(slot))) slot++;
    this.ttGen[slot] = this.gen;
    this.ttLo[slot] = lo;
    this.ttHi[slot] = hi;
    this.ttPn[slot] = pn;
    this.ttDn[slot] = dn;
    this.ttLen[slot] = Math.min(255, len);
  }
}

