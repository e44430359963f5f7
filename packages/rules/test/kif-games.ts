import { CODES, EMPTY, Game, PROMOTE, START_SFEN, kifDate, seededRandom, unwrap, usiOf, type KifHeader, type Options } from '../src/index.ts';
import { moveFrom, moveMid, moveTo, type PackedMove } from '../src/position.ts';
import { SQUARE_NAMES } from '../src/square.ts';
import { sfenOf } from './helpers.ts';


export type Start = 'standard' | 'handicap' | 'scattered' | 'midgame';

export interface Playout {
  game: Game;
  header: KifHeader;
  start: Start;
}

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

/**
 * A random legal move, leaning towards what a game record must get right: a Lion's double move,
 * igui, pass, promotion taken or declined (15%), captures (35%), else any move.
 */
function randomMove(game: Game, rand: () => number): PackedMove {
  const legal = game.legalPacked();
  const board = game.position.board;
  const kinds: PackedMove[][] = [
    legal.filter((m) => moveMid(m) && moveTo(m) === moveFrom(m) && board[moveMid(m)] === EMPTY), // pass
    legal.filter((m) => moveMid(m) && moveTo(m) === moveFrom(m) && board[moveMid(m)] !== EMPTY), // igui
    legal.filter((m) => moveMid(m) && moveTo(m) !== moveFrom(m)), // double move
    legal.filter((m) => m & PROMOTE),
    legal.filter((m) => !(m & PROMOTE) && legal.includes(m | PROMOTE)), // promotion declined
  ].filter((k) => k.length);
  const r = rand();
  if (r < 0.15 && kinds.length) return pick(rand, pick(rand, kinds));
  const captures = legal.filter((m) => moveTo(m) !== moveFrom(m) && board[moveTo(m)] !== EMPTY);
  return pick(rand, r < 0.5 && captures.length ? captures : legal);
}

/** The standard setup less a few pieces of one side, as handicap games are. */
function handicap(rand: () => number): string {
  const [board, turn] = START_SFEN.split(' ');
  const grid = board.split('/').map((rank) => rank.replace(/\d+/g, (n) => '.'.repeat(Number(n))).split(''));
  const upper = rand() < 0.5;
  for (let k = 1 + Math.floor(rand() * 4); k > 0; ) {
    const row = upper ? 9 + Math.floor(rand() * 3) : Math.floor(rand() * 3);
    const col = Math.floor(rand() * 12);
    if ('.Kk'.includes(grid[row][col])) continue;
    grid[row][col] = '.';
    k--;
  }
  const ranks = grid.map((r) => r.join('').replace(/\.+/g, (dots) => String(dots.length)));
  return `${ranks.join('/')} ${rand() < 0.3 ? 'w' : turn} - 1`;
}

/** Kings and a random sample of every kind of piece, promoted ones too, on random squares. */
function scattered(rand: () => number): string {
  const pieces: Record<string, string> = {};
  const free = () => {
    for (;;) {
      const sq = pick(rand, SQUARE_NAMES);
      if (!pieces[sq]) return sq;
    }
  };
  pieces[free()] = 'K';
  pieces[free()] = 'k';
  for (let k = 0; k < 24; k++) {
    const code = pick(rand, CODES.filter((c) => c !== 'k'));
    const white = rand() < 0.5;
    const sq = free();
    // an unpromoted Pawn or Lance on its last rank is a dead piece: legal, but no test of notation
    if ((code === 'p' || code === 'l') && sq.endsWith(white ? 'l' : 'a')) continue;
    pieces[sq] = white ? code : code.replace(/[a-z]/, (c) => c.toUpperCase());
  }
  return sfenOf(pieces, rand() < 0.5 ? 'b' : 'w');
}

/** The position after some random opening moves, as a start of its own. */
function midgame(rand: () => number): string {
  const game = Game.start();
  for (let k = 10 + Math.floor(rand() * 50); k > 0 && !game.outcome(); k--) game.play(usiOf(randomMove(game, rand)));
  const [board, turn] = game.sfen().split(' ');
  return `${board} ${turn} - 1`;
}

/** Rule options of the set, by game; `promotion: 'shogi'` games are their own set (lishogi has no such rule). */
const OPTION_SETS: Partial<Options>[] = [{}, {}, {}, { lionTrading: 'off' }, { lionTrading: 'always' }, { bareKing: false }, { moveLimit: 40 }];

/**
 * `count` seeded random games: most from the standard start, some from handicaps, scattered
 * positions or a midgame; lengths from 0 to about 350 plies; some end by resignation, time,
 * agreement or abort, the rest by the rules or not at all.
 */
export function playouts(count: number, seed: number, options?: Partial<Options>): Playout[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const start: Start = i % 8 === 1 ? 'handicap' : i % 8 === 3 ? 'scattered' : i % 8 === 5 ? 'midgame' : 'standard';
    const sfen = { standard: () => START_SFEN, handicap, scattered, midgame }[start](rand);
    const game = unwrap(Game.fromSfen(sfen, options ?? OPTION_SETS[i % OPTION_SETS.length]));
    const plies = i % 40 === 0 ? 0 : 1 + Math.floor(rand() ** 1.5 * 350);
    for (let k = 0; k < plies && !game.outcome(); k++) game.play(usiOf(randomMove(game, rand)));
    if (!game.outcome()) {
      const r = rand();
      if (r < 0.1) game.resign(game.turn);
      else if (r < 0.15) game.resign(game.turn === 'black' ? 'white' : 'black'); // out of turn: only まで names the winner
      else if (r < 0.2) game.timeout(game.turn);
      else if (r < 0.25) game.agreeDraw();
      else if (r < 0.3) game.abort();
    }
    const header: KifHeader = i % 3 ? {} : { black: `Sente ${i}`, white: `Gote ${i}`, start: kifDate(new Date(Date.UTC(2024, 0, 1) + i * 3_600_000)) };
    return { game, header, start };
  });
}
