// Turns a list of legal USI moves into what the rules-agnostic board is fed.
// USI: `from to`, `+` to promote, lion double move `from mid to`, igui/pass `from mid from`.
import type { Square } from './squares';
import type { PromotionNeed } from './board/types';

export interface UsiMove {
  from: Square;
  mid?: Square;
  to: Square;
  promote: boolean;
}

const SQ = '(1[0-2]|[1-9])([a-l])';
const USI_RE = new RegExp(`^${SQ}${SQ}(?:${SQ})?(\\+)?$`);

export function parseUsi(usi: string): UsiMove | undefined {
  const m = USI_RE.exec(usi);
  if (!m) return undefined;
  const a = m[1] + m[2];
  const b = m[3] + m[4];
  const promote = m[7] === '+';
  if (m[5]) return { from: a, mid: b, to: m[5] + m[6], promote };
  return { from: a, to: b, promote };
}

export function makeUsi(m: UsiMove): string {
  return `${m.from}${m.mid ?? ''}${m.to}${m.promote ? '+' : ''}`;
}

/** Everything the board needs for one position, computed once from its legal moves. */
export class MoveIndex {
  readonly dests = new Map<Square, Square[]>();
  private readonly set: Set<string>;
  private readonly seconds = new Map<string, Square[]>();

  constructor(readonly moves: readonly string[]) {
    this.set = new Set(moves);
    const d = new Map<Square, Set<Square>>();
    for (const usi of moves) {
      const m = parseUsi(usi);
      if (!m) continue;
      if (!d.has(m.from)) d.set(m.from, new Set());
      d.get(m.from)!.add(m.mid ?? m.to);
      if (m.mid) {
        const k = m.from + m.mid;
        const list = this.seconds.get(k) ?? [];
        if (!list.includes(m.to)) list.push(m.to);
        this.seconds.set(k, list);
      }
    }
    for (const [from, tos] of d) this.dests.set(from, [...tos]);
  }

  secondSteps = (from: Square, mid: Square): Square[] => this.seconds.get(from + mid) ?? [];

  canStop = (from: Square, to: Square): boolean => this.set.has(from + to) || this.set.has(`${from}${to}+`);

  promotion = (from: Square, to: Square, mid?: Square): PromotionNeed => {
    const base = `${from}${mid ?? ''}${to}`;
    const plain = this.set.has(base);
    const promo = this.set.has(base + '+');
    if (plain && promo) return 'optional';
    return promo ? 'forced' : 'none';
  };

  /** The USI of the user's gesture, if it is one of the legal moves. */
  find(from: Square, to: Square, mid?: Square, promote?: boolean): string | undefined {
    const usi = makeUsi({ from, to, mid, promote: !!promote });
    return this.set.has(usi) ? usi : undefined;
  }
}

/** Squares to highlight for the last move: ['6f','6e','5d']. */
export function lastMoveSquares(usi: string | undefined): Square[] {
  const m = usi ? parseUsi(usi) : undefined;
  if (!m) return [];
  return m.mid ? [m.from, m.mid, m.to] : [m.from, m.to];
}
