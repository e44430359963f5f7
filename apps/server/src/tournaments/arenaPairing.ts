import type { Color } from '@chu/protocol';

/** A free arena entrant, as pairing sees them. */
export interface FreeEntrant {
  id: string;
  score: number;
  rating: number;
  /** Who they met last (null: no game yet): never met again straight away. */
  lastOpponent: string | null;
  /** Blacks minus Whites so far. */
  balance: number;
  lastColor: Color | null;
  /** A CPU entrant: two CPUs are never paired (their game would teach nobody anything and rate no one). */
  cpu: boolean;
}

export interface ArenaPair { black: string; white: string }

/**
 * Pairs the free entrants of an arena. They are ranked by score (then rating), and each in turn, from
 * the top, meets the nearest one below who fits: not the opponent either of them just met, and not
 * someone whose colours lean the same way (both with more Blacks, or both with more Whites), so every
 * entrant's Blacks and Whites stay within one of each other. Whoever has played Black more (or, level,
 * played Black last) takes White. Someone nobody fits waits for the next pairing.
 */
export function pairArena(free: readonly FreeEntrant[]): ArenaPair[] {
  const ranked = [...free].sort((a, b) => b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : 1));
  const taken = new Set<string>();
  const pairs: ArenaPair[] = [];
  for (const [i, a] of ranked.entries()) {
    if (taken.has(a.id)) continue;
    const b = ranked.slice(i + 1).find((c) => !taken.has(c.id) && fits(a, c));
    if (!b) continue;
    taken.add(a.id);
    taken.add(b.id);
    pairs.push(aTakesBlack(a, b) ? { black: a.id, white: b.id } : { black: b.id, white: a.id });
  }
  return pairs;
}

function fits(a: FreeEntrant, b: FreeEntrant): boolean {
  if (a.lastOpponent === b.id || b.lastOpponent === a.id) return false;
  if (Math.sign(a.balance) !== 0 && Math.sign(a.balance) === Math.sign(b.balance)) return false;
  return !(a.cpu && b.cpu);
}

function aTakesBlack(a: FreeEntrant, b: FreeEntrant): boolean {
  if (a.balance !== b.balance) return a.balance < b.balance;
  if (a.lastColor !== b.lastColor) return a.lastColor !== 'black';
  return true;
}
