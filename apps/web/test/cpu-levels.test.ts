// The CPU level as a player picks it: the level and its estimated Elo from the engine's ladder.
import { afterEach, describe, expect, it } from 'vitest';
import { LEVEL_ELO } from '../../../packages/engine/src/levels.ts';
import { CPU_LEVELS, levelElo, levelLabel } from '../src/lib/cpu-levels';
import { settings } from '../src/lib/settings.svelte';

describe('levelLabel', () => {
  afterEach(() => {
    settings.lang = 'en';
  });

  it('names every level with its Elo, rounded to 50, in each language', () => {
    expect(CPU_LEVELS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const elo = levelElo(3);
    expect(elo % 50).toBe(0);
    expect(Math.abs(elo - LEVEL_ELO[2])).toBeLessThanOrEqual(25);
    settings.lang = 'es';
    expect(levelLabel(3)).toBe(`Nivel 3 · ~${elo} Elo`);
    settings.lang = 'en';
    expect(levelLabel(3)).toBe(`Level 3 · ~${elo} Elo`);
    settings.lang = 'ja';
    expect(levelLabel(3)).toBe(`レベル3 · 約${elo} Elo`);
  });

  it('climbs with the level: each level is stronger than the one below', () => {
    const elos = CPU_LEVELS.map(levelElo);
    for (let i = 1; i < elos.length; i++) expect(elos[i]).toBeGreaterThan(elos[i - 1]);
    expect(levelLabel(1)).toBe(`Level 1 · ~${elos[0]} Elo`);
  });
});
