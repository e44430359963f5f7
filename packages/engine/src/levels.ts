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
  { depth: 64, nodes: 12_000, noise: 10, careless: 0.01 }, // 1: a careless move in 100 (the reply unlooked-at): it leaves pieces hanging
  { depth: 64, nodes: 12_000, noise: 10, careless: 0 }, // 2: the same search without them
  { depth: 64, nodes: 19_000, noise: 6, careless: 0 },
  { depth: 64, nodes: 28_000, noise: 3, careless: 0 },
  { depth: 64, nodes: 36_000, noise: 2, careless: 0 },
  { depth: 64, nodes: 58_000, noise: 0, careless: 0 },
  { depth: 64, nodes: 90_000, noise: 0, careless: 0 }, // 7: about half of what level 8 searches at 200 ms a move
  { depth: 64, nodes: Infinity, noise: 0, careless: 0 }, // 8: full strength for the time given
];

/**
 * Each level's estimated Elo: level 1 at 1000, and above it the Elo step the ladder measured against
 * the level below, chained as `pnpm match --ladder` chains them. These are differences between
 * levels, not a human rating scale, and they do not compare with the figures of earlier ladders
 * (each anchors its own level 1 at 1000). Measured on 2026-12-03 with `pnpm match --a N --b N-1
 * --games 40 --ms 1000 --threads 1` for rungs 2–7 (so that only the node caps stop them; rungs 2
 * and 3 over 100 games) and `--ms 200 --threads 2` for rung 8. The table is in the README. Level
 * 8's figure is at the harness's 200 ms a move. The server gives it more, so it plays stronger there.
 */
export const LEVEL_ELO: readonly number[] = [1000, 1182, 1317, 1496, 1643, 1770, 1897, 2055];
