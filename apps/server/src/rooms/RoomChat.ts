import { COLORS, type ChatChannel, type ChatMessage, type Seats, type ServerMessage } from '@chu/protocol';
import type { GameSession } from '../game/GameSession.ts';
import { refuse, type RoomDeps, type RoomStep, type Visitor } from './ports.ts';

const CHAT_PER_WINDOW = 5;
const CHAT_WINDOW_MS = 10_000;

/** What a room's chat reads of its room. */
export interface ChatRoom {
  readonly id: string;
  readonly code: string;
  readonly fence: number | null;
  readonly seats: Seats;
  readonly session: GameSession | null;
  readonly muted: ReadonlySet<string>;
  isHere(deviceId: string): boolean;
  /** Runs a write fenced by the room's lease (LeaseGuard). */
  guarded(work: () => Promise<RoomStep>): Promise<RoomStep>;
}

export const shownName = (d: Visitor) => d.user?.username ?? d.name;
export const humans = (seats: Seats): string[] => COLORS.flatMap((c) => { const s = seats[c]; return s.kind === 'human' ? [s.deviceId] : []; });

/**
 * A room's chat: 'spectators' is everyone's channel, 'players' the players' own (see `playersChannel`).
 * Muted participants cannot write; everyone gets a few messages per window; an account reads nothing
 * written by the players it blocked.
 */
export class RoomChat {
  private readonly times = new Map<string, number[]>(); // device → times of its recent messages

  constructor(private readonly room: ChatRoom, private readonly deps: Pick<RoomDeps, 'store' | 'blocks'>) {}

  async send(device: Visitor, channel: ChatChannel, text: string): Promise<RoomStep> {
    const room = this.room;
    if (!room.isHere(device.id)) return refuse('not-in-room', 'Join the room first.');
    if (room.muted.has(device.id)) return refuse('muted', 'The host muted you in this room\'s chat.');
    const players = channel === 'players' ? this.playersChannel() : null;
    if (channel === 'players' && !players) return refuse('no-game', 'The players\' chat belongs to a game, and none has started here yet.');
    if (players && !players.readers.includes(device.id)) return refuse('not-seated', 'Only the game\'s players who still sit write in the players\' chat.');
    const now = Date.now();
    const recent = (this.times.get(device.id) ?? []).filter((t) => now - t < CHAT_WINDOW_MS);
    if (recent.length >= CHAT_PER_WINDOW) return refuse('rate-limited', `At most ${CHAT_PER_WINDOW} messages every ${CHAT_WINDOW_MS / 1000} s.`);
    this.times.set(device.id, [...recent, now]);
    const hiddenFrom = device.user && this.deps.blocks ? await this.deps.blocks.blockersOf(device.user.id) : [];
    return room.guarded(async () => {
      const message = await this.deps.store.addChat(
        room.id, { channel, gameId: players?.gameId ?? null, deviceId: device.id, name: shownName(device), text }, room.fence,
      );
      const msg: ServerMessage = { type: 'chat', code: room.code, message };
      const reply = { ok: true as const, version: room.session?.version ?? 0 };
      if (players) {
        const blockers = new Set(hiddenFrom);
        const hidden = new Set(COLORS.flatMap((c) => {
          const s = room.session!.seats[c];
          return s.kind === 'human' && s.userId && blockers.has(s.userId) ? [s.deviceId] : [];
        }));
        return { reply, out: [], toDevices: { deviceIds: players.readers.filter((d) => !hidden.has(d)), messages: [msg] } };
      }
      return { reply, out: [msg], hiddenFrom };
    });
  }

  /**
   * The recent messages this device may read: the room's channel, and the players' when it is one of
   * their readers; none written by the players its account blocked.
   */
  async history(device: Visitor): Promise<ChatMessage[]> {
    const players = this.playersChannel();
    const messages = await this.deps.store.recentChat(this.room.id, players?.readers.includes(device.id) ? players.gameId : null);
    if (!device.user || !this.deps.blocks) return messages;
    const hidden = await this.deps.blocks.blockedDevices(device.user.id);
    return messages.filter((m) => !hidden.has(m.deviceId));
  }

  /**
   * The players' channel belongs to one game (issue 34): the game in play, or between games the last
   * one, until the next starts afresh. Its readers are that game's people who still sit at the table:
   * one who stood up reads no more, and one who sat down since reads nothing of a game they did not play.
   */
  private playersChannel(): { gameId: string; readers: string[] } | null {
    const game = this.room.session;
    if (!game) return null;
    const seated = new Set(humans(this.room.seats));
    return { gameId: game.id, readers: humans(game.seats).filter((d) => seated.has(d)) };
  }
}
