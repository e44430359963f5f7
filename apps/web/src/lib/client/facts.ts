// A game's view as the site's rules read it: the web asks @chu/protocol's policy what a game allows
// (give time, take back, adjourn) instead of deciding it again. The one place a view becomes facts.
import type { GameFacts, GameView } from '@chu/protocol';

/** The facts of a game as its view has them. */
export const factsOf = (g: GameView): GameFacts => ({
  status: g.status,
  rated: g.rated,
  options: g.options,
  ply: g.ply,
  turn: g.turn,
  seats: g.seats,
  sealer: g.adjournment.sealer,
});

/**
 * The same game in full swing: in play, long under way, nothing agreed. What a rule allows it is what
 * the game's kind allows (rated or not, its room's options, who sits) whatever the moment: a control
 * shows when the kind allows it, and is enabled when the moment does too.
 */
export const inFullSwing = (f: GameFacts): GameFacts => ({ ...f, status: 'active', ply: Number.MAX_SAFE_INTEGER, sealer: null });
