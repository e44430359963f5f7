import type { TournamentGameResult } from '@chu/protocol';

/** How a tournament game ended: the winner's colour, or a draw. */
export type GameResult = TournamentGameResult;

/**
 * A pairing of two entrants (by id) and its result once known (null: not played yet, or in play).
 * `inPlay`: its game has started and not ended.
 */
export interface Pairing { black: string; white: string; result: GameResult | null; inPlay?: boolean }

export type Outcome = 'win' | 'draw' | 'loss';

/** The outcome of a finished game for one of its entrants. */
export function outcomeFor(p: Pairing & { result: GameResult }, entrant: string): Outcome {
  if (p.result === 'draw') return 'draw';
  return (p.result === 'black') === (p.black === entrant) ? 'win' : 'loss';
}
