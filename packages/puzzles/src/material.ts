import { IS_ROYAL, OFF, WHITE_BIT, type Color, type Position } from '@chu/rules';
import { VALUE } from '@chu/engine/tables';

/** A Lion's worth (the engine's scale, Pawn = 100): what a 'material' puzzle must win. */
export const LION = 2000;

/** The engine's value of one side's pieces on the board, royals left out (chu has no reserves). */
export function material(pos: Position, color: Color): number {
  const bit = color === 'white' ? WHITE_BIT : 0;
  let sum = 0;
  for (const p of pos.board) if (p !== 0 && p < OFF && (p & WHITE_BIT) === bit && !IS_ROYAL[p]) sum += VALUE[p];
  return sum;
}

/** `color`'s material lead. */
export const lead = (pos: Position, color: Color): number => material(pos, color) - material(pos, color === 'white' ? 'black' : 'white');
