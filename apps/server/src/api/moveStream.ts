import { rulesOptions, type GameView } from '@chu/protocol';
import { Game } from '@chu/rules';
import { playerOf, SIDE, speedOf, VARIANT_KEYS, type GamePlayer, type GameStateLine, type LishogiStatus } from './lishogiShapes.ts';

// A spectator's stream of a game (GET /api/stream/game/{id}) in lishogi's MoveStream shape (its OpenAPI
// file gives it as an example only): the game described first, then a line a position, and the game
// described again when it ends. Shapes learnt from the spec; the code is ours.

/** lishogi's status ids (its scalashogi `Status`), with the names its GameStatus uses. */
const STATUS_ID: Record<LishogiStatus, number> = {
  started: 20, aborted: 25, mate: 30, resign: 31, stalemate: 32, draw: 34, outoftime: 35, royalsLost: 42, bareKing: 43,
};

export interface MoveStreamGame {
  id: string;
  variant: { key: string; name: string; short: string };
  speed: string; perf: string; rated: boolean;
  initialSfen: string; sfen: string;
  player: 'sente' | 'gote'; // to move
  turns: number; startedAtTurn: number;
  source: 'pool' | 'lobby' | 'friend';
  status: { id: number; name: LishogiStatus };
  createdAt: number;
  lastMove?: string;
  winner?: 'sente' | 'gote';
  players: { sente: GamePlayer; gote: GamePlayer }; // ours: lishogi's example names no players
}
/** A position: its SFEN, the move that led to it (USI), both clocks' main time in seconds (a timed game's). */
export interface MoveStreamMove { sfen: string; lm?: string; bc?: number; wc?: number }

export class MoveStream {
  private game: Game;
  private moves: string;

  constructor(private readonly view: GameView) {
    this.moves = view.moves.join(' ');
    this.game = this.replay(view.moves);
  }

  /** The game now: first line of the stream, and its last once `state` says it ended. */
  description(state: GameStateLine): MoveStreamGame {
    const v = this.view;
    const speed = speedOf(v.options.timeControl);
    const last = this.game.moves.at(-1);
    return {
      id: v.id,
      variant: VARIANT_KEYS[v.options.variant],
      speed, perf: speed, rated: v.rated,
      initialSfen: v.startSfen,
      sfen: this.game.sfen(),
      player: SIDE[this.game.turn],
      turns: this.game.ply,
      startedAtTurn: 0,
      source: v.rated ? 'pool' : v.options.public ? 'lobby' : 'friend',
      status: { id: STATUS_ID[state.status], name: state.status },
      createdAt: v.clock?.serverNow ?? Date.now(), // our view does not carry the start; the time it was read
      ...(last ? { lastMove: last } : {}),
      ...(state.winner ? { winner: state.winner } : {}),
      players: { sente: playerOf(v.seats.black), gote: playerOf(v.seats.white) },
    };
  }

  /** The position `state` shows, or null when its moves are those of the last line (an offer, a clock given). */
  position(state: GameStateLine, force = false): MoveStreamMove | null {
    if (!force && state.moves === this.moves) return null;
    const moves = state.moves === '' ? [] : state.moves.split(' ');
    const grew = state.moves.startsWith(this.moves) && moves.length === this.game.ply + 1;
    if (!grew || !this.game.play(moves.at(-1)!).ok) this.game = this.replay(moves); // a takeback, or a resync
    this.moves = state.moves;
    const last = moves.at(-1);
    const timed = this.view.clock !== null;
    return {
      sfen: this.game.sfen(),
      ...(last ? { lm: last } : {}),
      ...(timed ? { bc: Math.round(state.btime / 1000), wc: Math.round(state.wtime / 1000) } : {}),
    };
  }

  private replay(moves: readonly string[]): Game {
    const g = Game.replay(moves, rulesOptions(this.view.options), this.view.startSfen);
    if (!g.ok) throw new Error(`game ${this.view.id} does not replay at ply ${g.error.ply}: ${g.error.reason}`); // the server's own moves: a bug
    return g.value;
  }
}
