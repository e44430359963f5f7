import type { Color, ErrorCode, GameView, ServerMessage } from '@chu/protocol';
import { COLORS } from '@chu/protocol';
import { chatLineOf, GameFeed, type ChatLine, type GameFullLine, type GameStateLine } from './lishogiShapes.ts';
import type { CommandAnswer, Loopback, LoopSocket } from './Loopback.ts';

/** A line of a game stream, or null: the stream ends (the game ended, or the link closed). */
export type GameLine = GameFullLine | GameStateLine | ChatLine | null;
type Listener = (line: GameLine) => void;

export type LinkOpened = { ok: true; link: GameLink } | { ok: false; code: ErrorCode; message: string };

/**
 * One program's seat in one game, on this process (issue 50): its own socket in the game's room (the
 * seat is present while it is open, as a browser's tab makes it), following the game's events in order
 * (a gap is caught up with a sync, as a browser does) and sending the program's commands with the version
 * it has seen. Every stream of the game for this token, and every command, goes through it.
 */
export class GameLink {
  private readonly listeners = new Set<Listener>();
  private feed: GameFeed | null = null;
  private ended = false;
  color: Color | null = null;

  private constructor(private readonly socket: LoopSocket, readonly gameId: string, readonly code: string) {
    socket.listen((m) => this.heard(m));
    void socket.closed.then(() => this.end());
  }

  /** Joins the game's room as `seatId`: refused unless the room's current game is `gameId` and the seat is one of its players'. */
  static async open(loopback: Loopback, secret: string, code: string, gameId: string, seatId: string): Promise<LinkOpened> {
    let socket: LoopSocket;
    try {
      socket = await loopback.open(secret);
    } catch (err) {
      const code = (err as { code?: string }).code === 'unauthenticated' ? 'unauthenticated' : 'internal';
      return { ok: false, code, message: code === 'unauthenticated' ? 'No such API token: it was revoked.' : 'The game could not be reached; try again.' };
    }
    const link = new GameLink(socket, gameId, code);
    const joined = await socket.command({ type: 'room.join', code });
    const view = link.feed?.view;
    const color = view ? COLORS.find((c) => view.seats[c].deviceId === seatId) ?? null : null;
    if (!joined.ok || !view || !color) {
      socket.close();
      return joined.ok || joined.code === 'no-room'
        ? { ok: false, code: 'no-game', message: 'No such game of yours in play.' }
        : { ok: false, code: joined.code, message: joined.message };
    }
    link.color = color;
    return { ok: true, link };
  }

  /**
   * Joins the game's room as a spectator with no account (a game's public stream): whoever may see the
   * game was asked before (GameRecords' room code). Refused unless the room's game is `gameId`.
   */
  static async watch(loopback: Loopback, code: string, gameId: string): Promise<LinkOpened> {
    let socket: LoopSocket;
    try {
      socket = await loopback.watch();
    } catch {
      return { ok: false, code: 'internal', message: 'The game could not be reached; try again.' };
    }
    const link = new GameLink(socket, gameId, code);
    const joined = await socket.command({ type: 'room.join', code });
    if (!joined.ok || !link.feed) {
      socket.close();
      return { ok: false, code: 'no-game', message: 'No such game to watch: it is not in play (its record: GET /api/game/export/{id}).' };
    }
    return { ok: true, link };
  }

  get open(): boolean { return !this.ended; }
  /** The game as the room showed it at the last full view (its moves then; `follow` gives them now). */
  get view(): GameView | null { return this.feed?.view ?? null; }
  get finished(): boolean { return this.feed?.finished ?? false; }
  /** The other side offers a draw now: "yes" accepts it rather than offering one. */
  get drawOfferedByOpponent(): boolean {
    const by = this.feed?.drawOffer ?? null;
    return by !== null && by !== this.color;
  }

  /** The game now, as gameFull; then every change as the listener's lines. Returns the way to stop listening. */
  follow(listener: Listener): { full: GameFullLine | null; stop: () => void } {
    this.listeners.add(listener);
    return { full: this.feed?.full() ?? null, stop: () => this.listeners.delete(listener) };
  }

  get listening(): number { return this.listeners.size; }

  move(usi: string): Promise<CommandAnswer> {
    return this.socket.command({ type: 'move', gameId: this.gameId, usi, version: this.feed?.version ?? 0 });
  }

  command(m: { type: 'resign' | 'abort' } | { type: 'draw' | 'takeback'; action: 'offer' | 'accept' | 'decline' }): Promise<CommandAnswer> {
    return this.socket.command({ ...m, gameId: this.gameId });
  }

  chat(channel: 'players' | 'spectators', text: string): Promise<CommandAnswer> {
    return this.socket.command({ type: 'chat.send', code: this.code, channel, text });
  }

  close(): void {
    this.socket.close();
    this.end();
  }

  private heard(m: ServerMessage): void {
    if (m.type === 'game' && m.game.id === this.gameId) {
      const first = this.feed === null;
      this.feed = new GameFeed(m.game as GameView);
      if (!first) this.tell(this.feed.state());
    } else if (m.type === 'event' && m.event.gameId === this.gameId && this.feed) {
      const e = m.event;
      if (e.version <= this.feed.version) return; // already applied (a catch-up repeats what it must)
      if (e.version > this.feed.version + 1) {
        // a gap: the events missed come first in the sync's answer, then this one again
        this.socket.send({ type: 'sync', gameId: this.gameId, version: this.feed.version });
        return;
      }
      if (this.feed.apply(e)) this.tell(this.feed.state());
      if (this.feed.finished) this.end();
    } else if (m.type === 'chat' && m.code === this.code && (m.message.channel === 'spectators' || m.message.gameId === this.gameId)) {
      this.tell(chatLineOf(m.message));
    }
  }

  private tell(line: GameLine): void {
    for (const l of this.listeners) l(line);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.tell(null);
    this.listeners.clear();
  }
}
