// A move's sound, read from the move itself: apart from sound.ts because it parses the move with the
// rules, which the first page leaves out (issue 48); the screens that play moves have them anyway.
import { parseUsi } from '@chu/rules';
import { playSound, takeNotedMove, type Sound } from './sound';

/**
 * The sound of a move as the server tells it: a promotion ('+' in its USI), a Lion's double move
 * (a USI with a midpoint), a capture (an 'x' in its Hodges notation: 'Px7d', 'Lnx!9d'), or a move.
 */
export function moveSound(usi: string, notation: string | null): Sound {
  if (usi.endsWith('+')) return 'promotion';
  if (parseUsi(usi)?.mid) return 'lion';
  return notation?.includes('x') ? 'capture' : 'move';
}

/** A move was played: the sound of the move noted for it (if fresh), else a capture's or a plain move's. */
export function playMoveSound(capture = false): void {
  const noted = takeNotedMove();
  playSound(noted ? moveSound(noted.usi, noted.notation) : capture ? 'capture' : 'move');
}
