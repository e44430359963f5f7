export * from './types.ts';
export { SQUARE_NAMES, parseSquare, squareName } from './square.ts';
export { CODES, SPECS } from './piece.ts';
export { MAX_MOVES, Position, type PackedMove } from './position.ts';
export { START_SFEN, parseSfen, makeSfen } from './sfen.ts';
export { parseUsi, makeUsi, usiOf, packedToMove, type Move } from './usi.ts';
export { Game, type Piece, type PlayedMove } from './game.ts';
export { perft } from './perft.ts';
export { destinations, secondSteps } from './dests.ts';
export type { NotationStyle } from './notation/index.ts';

/** The fast internal encoding, for the CPU player: mailbox squares, piece bytes, packed moves. */
export { WIDTH, SQUARES, rowOf, colOf } from './square.ts';
export { EMPTY, OFF, WHITE_BIT, TYPE_COUNT, movesOf } from './piece.ts';
export { PROMOTE, IS_LION, IS_ROYAL, PROMOTED_PIECE } from './position.ts';
