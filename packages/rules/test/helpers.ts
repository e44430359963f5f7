import { expect } from 'vitest';
import { Game, VARIANT_INFO, boardFeed, movementOf, parseUsi, sparseSfen, unwrap, variantOf, type Options, type Square } from '../src/index.ts';

const RANKS = 'abcdefghijklmno';

/**
 * An SFEN from a sparse board: `{ '6f': 'N', '1a': 'k' }` (uppercase Black, lowercase White,
 * '+' prefix for promoted pieces) on a 12×12 board, or `size` 15 for dai.
 */
export const sfenOf = (pieces: Record<Square, string>, turn: 'b' | 'w' = 'b', lionSq = '-', moveNumber = 1, size = 12): string =>
  sparseSfen(pieces, { turn, lionSquare: lionSq, moveNumber, size });

/**
 * Kings tucked away where no line through 6f or 7g reaches them, each with a Pawn so that the
 * bare-king rule stays out of the way.
 */
export const KINGS = { '11l': 'K', '12k': 'P', '2a': 'k', '1b': 'p' } as const;

/** A game from a sparse board, of the options' variant (`{ variant: 'dai' }`: 15×15). */
export function gameOf(pieces: Record<Square, string>, options?: Partial<Options>, turn: 'b' | 'w' = 'b', lionSq = '-'): Game {
  return unwrap(Game.fromSfen(sfenOf(pieces, turn, lionSq, 1, VARIANT_INFO[variantOf(options)].size), options));
}

export const sorted = (xs: Iterable<string>): string[] => [...xs].sort();

/** First-click targets of the piece on `from`, sorted. */
export const destsOf = (game: Game, from: Square): string[] => sorted(boardFeed(game).dests.get(from) ?? []);

/** The error code of a refused move, or 'ok:<canonical usi>'. */
export function verdict(game: Game, usi: string): string {
  const r = game.check(usi);
  return r.ok ? `ok:${r.value}` : r.error;
}

export const legal = (game: Game, usi: string): boolean => game.check(usi).ok;

/** Plays moves that must be legal; returns the game. */
export function playAll(game: Game, ...usis: string[]): Game {
  for (const u of usis) {
    const r = game.play(u);
    if (!r.ok) throw new Error(`${u}: ${r.error} in ${game.sfen()}`);
  }
  return game;
}

/** Board field of the current SFEN's square contents: the piece on `sq` as SFEN text, or ''. */
export function at(game: Game, sq: Square): string {
  const m = /^(\d+)([a-o])$/.exec(sq)!;
  const size = game.position.tables.size;
  const p = game.board()[RANKS.indexOf(m[2]) * size + size - Number(m[1])];
  if (!p) return '';
  return p.color === 'black' ? p.code.toUpperCase() : p.code;
}


/**
 * The board feed offers exactly what Game.check accepts (the board never re-declares a rule): every
 * legal move by its squares, and for each lion-power piece of the side to move every one-step and
 * two-step gesture, stopping or not — on either variant's board, its edges included.
 */
export function expectFeedAgreesWithCheck(game: Game): void {
  const { squareNames: names, size } = VARIANT_INFO[game.variant];
  const near = (sq: string) => {
    const i = names.indexOf(sq);
    return names.filter((_, j) => Math.max(Math.abs((i % size) - (j % size)), Math.abs(Math.floor(i / size) - Math.floor(j / size))) === 1);
  };
  const feed = boardFeed(game);
  const accepted = (usi: string) => {
    const r = game.check(usi);
    return r.ok ? r.value : undefined;
  };
  for (const usi of game.legalMoves()) {
    const m = parseUsi(usi, game.variant)!;
    expect(feed.find(m.from, m.to, m.mid, m.promote), usi).toBe(usi);
  }
  const board = game.board();
  names.forEach((from, i) => {
    const piece = board[i];
    if (!piece || piece.color !== game.turn || !movementOf(piece.code)?.lion.length) return;
    const firsts = new Set<string>();
    for (const to of names) {
      const usi = accepted(from + to);
      expect(feed.find(from, to), from + to).toBe(usi);
      expect(feed.canStop(from, to), from + to).toBe(usi !== undefined);
      if (usi) firsts.add(to);
    }
    for (const mid of near(from)) {
      const seconds = new Set<string>();
      for (const to of near(mid)) {
        const usi = accepted(from + mid + to);
        expect(feed.find(from, to, mid), from + mid + to).toBe(usi);
        if (usi) seconds.add(to);
      }
      expect(sorted(feed.secondSteps(from, mid)), from + mid).toEqual(sorted(seconds));
      if (seconds.size) firsts.add(mid);
    }
    expect(sorted(feed.dests.get(from) ?? []), from).toEqual(sorted(firsts));
  });
}
