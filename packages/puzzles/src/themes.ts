import { Game, IS_LION, IS_ROYAL, WHITE_BIT, parseUsi, unwrap } from '@chu/rules';
import { VALUE } from '@chu/engine/tables';
import { lead } from './material.ts';
import type { PuzzleKind, Theme } from './puzzle.ts';

/** Pieces worth at least this count as the targets of a fork (a Bishop and up). */
const FORK_TARGET = 500;

/**
 * The themes of a solution, read from what its moves do on the board: what the solver's moves take
 * (two at once: a Lion's double capture; without moving: igui), whether they promote, whether a move
 * attacks two valuable pieces at once (fork), whether the first move gives material before the
 * gain comes (sacrifice), and how many moves there are to find.
 */
export function themesOf(sfen: string, moves: readonly string[], kind: PuzzleKind): Theme[] {
  const game = unwrap(Game.fromSfen(sfen));
  const solver = game.turn;
  const base = lead(game.position, solver);
  const themes = new Set<Theme>([kind === 'hunt' ? 'royalHunt' : 'material']);
  const t = game.position.tables;
  const enemyBit = solver === 'white' ? 0 : WHITE_BIT;
  const enemyAt = (name: string | undefined): number => {
    if (!name) return 0;
    const p = game.position.board[t.parseSquare(name)!];
    return p !== 0 && (p & WHITE_BIT) === enemyBit ? p : 0;
  };
  for (const [i, usi] of moves.entries()) {
    const mine = i % 2 === 0;
    const m = parseUsi(usi)!;
    if (mine) {
      const atMid = enemyAt(m.mid);
      const atTo = m.to === m.from ? 0 : enemyAt(m.to);
      if (atMid && atTo) themes.add('lionDoubleCapture');
      if (m.mid && m.to === m.from && atMid) themes.add('igui');
      if (m.promote) themes.add('promotion');
      if ((atMid && IS_LION[atMid]) || (atTo && IS_LION[atTo])) themes.add('lionCapture');
      if (i === 0 && moves.length === 1 && (atMid || atTo)) themes.add('hangingPiece');
    }
    unwrap(game.play(usi));
    if (mine && !game.outcome() && forks(game, m.to === m.from ? m.from : m.to)) themes.add('fork');
    if (i === 1 && lead(game.position, solver) < base) themes.add('sacrifice');
  }
  const toFind = Math.ceil(moves.length / 2);
  themes.add(toFind === 1 ? 'oneMove' : toFind === 2 ? 'short' : 'long');
  return [...themes];
}

/** Whether the piece on `square` (the side that just moved) attacks two valuable pieces or a royal and one. */
function forks(game: Game, square: string): boolean {
  const fields = game.sfen().split(' ');
  fields[1] = fields[1] === 'b' ? 'w' : 'b'; // the same side again: what could it take next?
  fields[2] = '-';
  const again = Game.fromSfen(fields.join(' '));
  if (!again.ok || again.value.outcome()) return false;
  const pos = again.value.position;
  const t = pos.tables;
  const targets = new Set<string>();
  for (const usi of again.value.legalMoves()) {
    const m = parseUsi(usi)!;
    if (m.from !== square) continue;
    for (const sq of [m.mid, m.to]) {
      if (!sq || sq === square) continue;
      const p = pos.board[t.parseSquare(sq)!];
      if (p !== 0 && (p & WHITE_BIT) !== (pos.turnBit ? WHITE_BIT : 0) && (IS_ROYAL[p] || VALUE[p] >= FORK_TARGET)) targets.add(sq);
    }
  }
  return targets.size >= 2;
}

/** A start rating from how much there is to find: longer lines and hunts rate higher. */
export function startRating(moves: readonly string[], themes: readonly Theme[]): number {
  const toFind = Math.ceil(moves.length / 2);
  return 1100 + 150 * (toFind - 1) + (themes.includes('royalHunt') ? 150 : 0) + (themes.includes('sacrifice') ? 150 : 0) - (themes.includes('hangingPiece') ? 200 : 0);
}

