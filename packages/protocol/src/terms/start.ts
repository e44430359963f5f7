import { Game, START_SFENS, setupOf, type Variant } from '@chu/rules';
import type { RoomOptions, SetupView } from '../options.ts';

// A room's start position: which named setup it is, whether it is the standard one, whether it can start
// a game at all. Each question parses a position with the rules, so these live apart from the room's other
// terms (room.ts), which the web's first page needs without the rules' parser (issue 48).

/**
 * Why `startSfen` cannot start a game of `variant`, in words (the rules' own SFEN error), or null when it
 * can; null startSfen is the variant's standard start. Server and client check room options with it.
 */
export function startSfenProblem(options: { variant: Variant; startSfen: string | null }): string | null {
  if (options.startSfen === null) return null;
  const game = Game.fromSfen(options.startSfen, { variant: options.variant });
  if (!game.ok) return `startSfen is not a ${options.variant} shogi position: ${game.error}`;
  const [black, white] = game.value.position.royals;
  if (black === 0 || white === 0) return `startSfen: each side needs a King (or a Prince), ${black === 0 ? 'Black' : 'White'} has none`;
  if (game.value.outcome()) return `startSfen: the game is already over in this position (${game.value.outcome()!.reason})`;
  return null;
}

/** The room's start position as an SFEN: its startSfen, or the variant's standard start. */
export const roomStartSfen = (room: Pick<RoomOptions, 'startSfen'> & { variant?: Variant }): string =>
  room.startSfen ?? START_SFENS[room.variant ?? 'chu'];

/** The named setup a room's start position is ('even' for the standard chu start), or null for any other position. */
export const setupOfRoom = (room: Pick<RoomOptions, 'startSfen'> & { variant?: Variant }): SetupView | null => {
  const s = setupOf(room.variant ?? 'chu', room.startSfen);
  return s ? { id: s.id, variant: s.variant, grade: s.grade, sfen: s.sfen, names: { ...s.names } } : null;
};

/** Whether a room's games start from the variant's standard position (only those may be rated). */
export const standardStart = (room: Pick<RoomOptions, 'startSfen'> & { variant?: Variant }): boolean =>
  (setupOfRoom(room)?.grade ?? 1) === 0;
