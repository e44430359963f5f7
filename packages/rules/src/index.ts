export * from './types.ts';
export { SQUARE_NAMES, parseSquare, squareName } from './square.ts';
export { CODES, DIRECTIONS, DIRS, SPECS, promotedCode, type Direction } from './piece.ts';
export { BASE_CODES, MOVEMENTS, movementOf, reachOf, type PieceMovement, type Reach, type ReachKind } from './movement.ts';
export { ZONE_DEPTH, inPromotionZone } from './zone.ts';
export { MAX_MOVES, Position, type PackedMove } from './position.ts';
export { START_SFEN, parseSfen, makeSfen, makeReserveSfen, sparseSfen, startSfenOf, turnAfter } from './sfen.ts';
/** The variants: name, size, zone, start SFEN, codes, squares and reserve of chu, dai (docs/dai-shogi.md) and Heisei chu (docs/heisei-chu.md). */
export { START_SFENS, VARIANT_INFO, type VariantInfo } from './variant.ts';
export { parseUsi, makeUsi, usiOf, packedToMove, type Move } from './usi.ts';
export { Game, type Piece, type PlayedMove, type ReservePieces } from './game.ts';
/** Named start positions: the standard starts and chu's handicaps (docs/handicaps.md). */
export { SETUPS, setupById, setupOf, type Setup } from './setups.ts';
export { boardFeed, lastMoveSquares, type BoardFeed, type Gesture, type PieceGestures, type PromotionChoice } from './feed.ts';
export { perft } from './perft.ts';
export { seededRandom } from './random.ts';
export { NOTATION_STYLES, kanjiPiece, type NotationStyle } from './notation/index.ts';
/** How people write each piece: Hodges abbreviation, kanji, KIF names (one table for notation, KIF and the client). */
export { PIECE_NAMES, WHITE_KING, type PieceNames } from './notation/names.ts';

/** The fast internal encoding, for the CPU player: mailbox squares, piece bytes, packed moves. */
export { WIDTH, FRAME, SQUARES, KING_DIRS, rowOf, colOf } from './square.ts';
export { EMPTY, OFF, WHITE_BIT, TYPE_COUNT, movesOf } from './piece.ts';
export { PROMOTE, IS_LION, IS_ROYAL, PROMOTED_PIECE, LION_REACH } from './position.ts';
export { PROMOTION_ZONE, LAST_RANK } from './zone.ts';
/** The same tables for either variant (frame, squares, moves, zone, bare-king counts, packed-move layout): chu's above are VARIANT_TABLES.chu's. */
export { TABLES as VARIANT_TABLES, type VariantTables } from './variant.ts';
export { PIECE_SPECS } from './piece.ts';
/** RULES.md §6 as the Game judges it, per piece byte and square, for a search that counts material as it goes. */
export { DEFENDS, CLAIMS, bareKingVerdict, type Material } from './bareKing.ts';
export { toKif } from './notation/kif-export.ts';
export { parseKif } from './notation/kif-import.ts';
export { KIF_ERRORS, kifDate, type KifError, type KifErrorCode, type KifGame, type KifHeader } from './notation/kif.ts';
/** RULES.md §7's time controls and the clock that decides them (server), and how KIF writes them. */
export {
  CLOCK_RANGES, CORRESPONDENCE_DAYS, MAX_FLAG_GRACE_MS, MAX_LAG_CREDIT_MS, TURN_SECONDS, UNTIMED, allowanceMs, checkClock, clockAt, clockConfig, estimatedSeconds,
  flagGraceMs, flagsAfterMs, spend, startClock, type ClockConfig, type ClockError, type ClockState, type SideClock, type Spent, type TimeControl,
} from './clock.ts';
export { kifMoveTime, kifTimeControl, parseKifTimeControl } from './notation/kif-clock.ts';
