import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Puzzle, PuzzleSet, Theme } from './puzzle.ts';

/** The shipped set, data/puzzles.json (made by scripts/generate.ts; see data/README.md). */
export const PUZZLE_FILE = join(dirname(fileURLToPath(import.meta.url)), '../data/puzzles.json');

export function readPuzzleSet(file = PUZZLE_FILE): PuzzleSet {
  return JSON.parse(readFileSync(file, 'utf8')) as PuzzleSet;
}

/** The set by id, and by theme, as the server serves them. */
export class PuzzleBook {
  readonly byId = new Map<string, Puzzle>();
  readonly all: readonly Puzzle[];

  constructor(puzzles: readonly Puzzle[]) {
    this.all = puzzles;
    for (const p of puzzles) this.byId.set(p.id, p);
  }

  /** The shipped set, imported (not read from a path) so that a bundled server carries it. */
  static async shipped(): Promise<PuzzleBook> {
    const set = (await import('../data/puzzles.json', { with: { type: 'json' } })).default as unknown as PuzzleSet;
    return new PuzzleBook(set.puzzles);
  }

  withTheme(theme: Theme | undefined): readonly Puzzle[] {
    return theme ? this.all.filter((p) => p.themes.includes(theme)) : this.all;
  }

  /** One puzzle a day, the same for everyone: the day's number picks it. */
  daily(date: Date): Puzzle {
    const day = Math.floor(date.getTime() / 86_400_000);
    return this.all[day % this.all.length];
  }
}
