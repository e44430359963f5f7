import { opposite, type Color, type RoomOptionsPatch } from '@chu/protocol';
import type { RatedPlayers, RoomClaim } from '../db/Store.ts';
import type { Lobby } from './Lobby.ts';
import type { Room } from './Room.ts';
import { refuse, type Pairing, type RoomDeps, type RoomStep, type Visitor } from './ports.ts';

/** Who takes a seat: a person (on one of their devices) or the CPU at a level. */
export type Player = { person: Visitor } | { cpu: number };

/** A game for two: who hosts its room, who sits where, whose ratings it moves, and the tournament pairing it plays. */
export interface GameForTwo {
  host: string;
  players: Record<Color, Player>;
  rated: RatedPlayers | null;
  pairing?: Pairing | null;
}

export type Started =
  | { ok: true; room: Room; gameId: string }
  | { ok: false; room: Room; code: string }
  | { ok: false; room: null; code: 'too-many-rooms'; message: string }; // the claim was over a room bound: nothing made

/**
 * The one way a game for two is set up, whoever asks: "play the CPU" (in the room just made for it),
 * a ranked pairing, an accepted challenge, a tournament's pairing. Both seats are taken as any host or
 * player would take them (each stored), then the host starts the game: every rule of the room's start
 * (rated or not, who moves first) is Room's, decided once.
 */
export class GameStarts {
  constructor(private readonly lobby: Pick<Lobby, 'create'>, private readonly deps: Pick<RoomDeps, 'outlet' | 'log'>) {}

  /** In a room on its queue's turn: seat both players, then start. The first refusal is the answer. */
  static async seatAndStart(room: Room, g: GameForTwo): Promise<RoomStep> {
    for (const color of ['black', 'white'] as const) {
      const p = g.players[color];
      const seated = 'cpu' in p ? await room.setCpu(g.host, color, p.cpu) : await room.sit(p.person, color);
      if (!seated.reply.ok) return seated;
    }
    return room.start(g.host, g.rated, g.pairing ?? null);
  }

  /** "Play the CPU" in the room just made for it: `person` at `color`, the CPU at `level` on the other seat. */
  static cpuGame(room: Room, person: Visitor, color: Color, level: number): Promise<RoomStep> {
    if (room.gameNumber > 0) return Promise.resolve(refuse('game-running', 'This room has had its game already.'));
    const players = { [color]: { person }, [opposite(color)]: { cpu: level } } as Record<Color, Player>;
    return GameStarts.seatAndStart(room, { host: person.id, players, rated: null });
  }

  /**
   * A game the server sets up in a new private room (a public one would start by itself on its second
   * seat, before the host's start): started and told to the room. A game that did not start is logged
   * with `about`; the caller tells the players. With a `claim` (a challenge's accept), the room is made
   * only within its room bounds (Lobby.create).
   */
  async inNewRoom(g: GameForTwo, options: RoomOptionsPatch, about: Record<string, unknown> = {}, claim: RoomClaim | null = null): Promise<Started> {
    const made = await this.lobby.create(g.host, { ...options, public: false }, claim);
    if (!made.ok) return { ok: false, room: null, code: made.code, message: made.message };
    const { room } = made;
    const step = await room.queue.run(async () => {
      const s = await GameStarts.seatAndStart(room, g);
      this.deps.outlet.toRoom(room.code, s.out);
      return s;
    });
    if (step.reply.ok && room.session) return { ok: true, room, gameId: room.session.id };
    const code = step.reply.ok ? 'no-session' : step.reply.code;
    this.deps.log.error({ ...about, code, room: room.code }, 'a game set up by the server did not start');
    return { ok: false, room, code };
  }
}
