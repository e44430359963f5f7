// The CPU levels a player picks from, each with its estimated Elo from the engine's measured ladder.
// The levels module is imported by path, not as `@chu/engine`: that entry also loads the search and the Node worker pool.
import { LEVEL_ELO, MAX_LEVEL, MIN_LEVEL } from '../../../../packages/engine/src/levels.ts';
import { t } from './i18n.svelte';

export const CPU_LEVELS: readonly number[] = Array.from({ length: MAX_LEVEL - MIN_LEVEL + 1 }, (_, i) => MIN_LEVEL + i); // [1, …, 8]

/** A level's estimated Elo, rounded to 50: the ladder's intervals are wider than that. */
export const levelElo = (level: number): number => Math.round(LEVEL_ELO[level - MIN_LEVEL] / 50) * 50;

/** "Nivel 3 · ~900 Elo" */
export const levelLabel = (level: number): string => t('cpu.level', { level: String(level), elo: String(levelElo(level)) });
