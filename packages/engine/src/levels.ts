// The CPU's levels: what each may search, and how strong the ladder measured it. No search code
// here, so the web client can show the levels without loading the engine.

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 8;

/**
 * Strength per level: iteration cap, node cap, ± centipawns of (seeded) evaluation noise, and the
 * share of careless moves (chosen by what the move itself does, the reply unlooked-at: they leave
 * pieces hanging; which turns are careless is seeded by the position, like the noise). Node
 * caps rather than time make a level as strong on a busy server as on an idle one; only level 8
 * uses all the time it is given. Spaced by the ladder (`pnpm match`, each level against the one
 * below): LEVEL_ELO and the README's table.
 */
export const LEVELS: readonly { depth: number; nodes: number; noise: number; careless: number }[] = [
  { depth: 1, nodes: Infinity, noise: 250, careless: 0.03 }, // 1: a careless move in 33 (the reply unlooked-at): it leaves pieces hanging
  { depth: 1, nodes: Infinity, noise: 200, careless: 0.006 },
  { depth: 2, nodes: 4_000, noise: 110, careless: 0 },
  { depth: 64, nodes: 4_000, noise: 60, careless: 0 },
  { depth: 64, nodes: 8_000, noise: 25, careless: 0 },
  { depth: 64, nodes: 11_000, noise: 16, careless: 0 },
  { depth: 64, nodes: 20_000, noise: 5, careless: 0 },
  { depth: 64, nodes: Infinity, noise: 0, careless: 0 }, // 8: full strength for the time given
];

/**
 * Each level's estimated Elo: level 1 at 1000, and above it the Elo step the ladder measured against
 * the level below, chained as `pnpm match --ladder` chains them. These are differences between
 * levels, not a human rating scale. Measured on 2026-12-01 with `nice -n 10 pnpm match --a N --b N-1
 * --games 40 --threads 1` for each rung (levels 6 and 7 with `--ms 1000`, so that only their node
 * caps stop them).
 * The table is in the README. Level 8's figure is at the harness's 200 ms a move. The server gives
 * it more, so it plays stronger there.
 */
export const LEVEL_ELO: readonly number[] = [1000, 1301, 1639, 1830, 2149, 2317, 2676, 2813];
