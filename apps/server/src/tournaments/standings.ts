import { arenaScore } from './arenaScoring.ts';
import { outcomeFor, type GameResult, type Outcome, type Pairing } from './results.ts';

export interface Entry { id: string; withdrawn: boolean }

export interface RoundRobinRow {
  id: string;
  rank: number; // shared by entrants level on every tie-break
  points: number; // a win 1, a draw ½
  sonnebornBerger: number;
  headToHead: number; // points against the others level on points and Sonneborn–Berger
  played: number;
  wins: number;
  draws: number;
  losses: number; // forfeits of a withdrawal included
  withdrawn: boolean;
}

export interface ArenaRow {
  id: string;
  rank: number;
  score: number;
  points: number[]; // each game's points, in the order the games ended
  wins: number;
  draws: number;
  played: number;
  onFire: boolean;
  withdrawn: boolean;
}

const POINTS: Record<Outcome, number> = { win: 1, draw: 0.5, loss: 0 };

/**
 * The results that count in a round-robin: every finished game, and every game not played that
 * involves someone who withdrew, which that entrant loses (both, when both withdrew). Games they played
 * before withdrawing stand as played, and so does one in play when they withdrew, once it ends.
 */
export function countedResults(pairings: readonly Pairing[], withdrawn: ReadonlySet<string>): { black: string; white: string; outcome: { black: Outcome; white: Outcome } }[] {
  return pairings.flatMap((p) => {
    if (p.result !== null) {
      const played = p as Pairing & { result: GameResult };
      return [{ black: p.black, white: p.white, outcome: { black: outcomeFor(played, p.black), white: outcomeFor(played, p.white) } }];
    }
    if (p.inPlay) return [];
    const b = withdrawn.has(p.black);
    const w = withdrawn.has(p.white);
    if (!b && !w) return [];
    return [{ black: p.black, white: p.white, outcome: { black: b ? 'loss' as const : 'win' as const, white: w ? 'loss' as const : 'win' as const } }];
  });
}

/**
 * Round-robin standings: points, then Sonneborn–Berger (the points of every opponent beaten, and half
 * the points of every opponent drawn with), then head-to-head (points scored in the games between the
 * entrants still level). Entrants level on all three share a rank.
 */
export function roundRobinStandings(entries: readonly Entry[], pairings: readonly Pairing[]): RoundRobinRow[] {
  const withdrawn = new Set(entries.filter((e) => e.withdrawn).map((e) => e.id));
  const results = countedResults(pairings, withdrawn);
  const rows = new Map<string, RoundRobinRow>(entries.map((e) => [e.id, {
    id: e.id, rank: 0, points: 0, sonnebornBerger: 0, headToHead: 0, played: 0, wins: 0, draws: 0, losses: 0, withdrawn: e.withdrawn,
  }]));
  const games = results.flatMap((r) => [
    { me: r.black, them: r.white, outcome: r.outcome.black },
    { me: r.white, them: r.black, outcome: r.outcome.white },
  ]).filter((g) => rows.has(g.me) && rows.has(g.them));
  for (const g of games) {
    const row = rows.get(g.me)!;
    row.points += POINTS[g.outcome];
    row.played++;
    if (g.outcome === 'win') row.wins++;
    else if (g.outcome === 'draw') row.draws++;
    else row.losses++;
  }
  for (const g of games) rows.get(g.me)!.sonnebornBerger += POINTS[g.outcome] * rows.get(g.them)!.points;
  const level = (a: RoundRobinRow, b: RoundRobinRow) => a.points === b.points && a.sonnebornBerger === b.sonnebornBerger;
  for (const row of rows.values()) {
    const group = new Set([...rows.values()].filter((o) => level(o, row)).map((o) => o.id));
    row.headToHead = games.filter((g) => g.me === row.id && group.has(g.them)).reduce((s, g) => s + POINTS[g.outcome], 0);
  }
  return ranked([...rows.values()], (a, b) => b.points - a.points || b.sonnebornBerger - a.sonnebornBerger || b.headToHead - a.headToHead);
}

/**
 * Arena standings: the arena score (arenaScore: streaks doubled), then games won. `finished` are the
 * finished games in the order they ended.
 */
export function arenaStandings(entries: readonly Entry[], finished: readonly (Pairing & { result: GameResult })[]): ArenaRow[] {
  const rows = entries.map((e): ArenaRow => {
    const s = arenaScore(finished.filter((p) => p.black === e.id || p.white === e.id).map((p) => outcomeFor(p, e.id)));
    return { id: e.id, rank: 0, score: s.total, points: s.points, wins: s.wins, draws: s.draws, played: s.points.length, onFire: s.onFire, withdrawn: e.withdrawn };
  });
  return ranked(rows, (a, b) => b.score - a.score || b.wins - a.wins);
}

// Sorted by `order` (stable: entry order among the level); rank = 1 + how many are strictly ahead.
function ranked<T extends { rank: number }>(rows: T[], order: (a: T, b: T) => number): T[] {
  const sorted = [...rows].sort(order);
  for (const row of sorted) row.rank = 1 + sorted.filter((o) => order(o, row) < 0).length;
  return sorted;
}
