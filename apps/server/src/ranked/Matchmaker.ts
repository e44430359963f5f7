import { DEFAULT_ROOM_OPTIONS, type RankedTurnTime, type ServerMessage } from '@chu/protocol';
import { pairSeekers, type Seeker } from '@chu/ratings';
import type { Logger } from 'pino';
import type { DeviceIdentity } from '../identity/Identity.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import type { RatingBook } from './RatingBook.ts';

interface Entry extends Seeker {
  turnTime: RankedTurnTime;
  device: DeviceIdentity;
  send(msg: ServerMessage): void;
}

/**
 * The ranked queues (one per per-turn time). Seekers are sockets of logged-in devices; every tick
 * pairs them by rating, widening the gap with waiting time, and starts a rated game under the
 * default rules with a random first player. The two clients are told, and join the room.
 */
export class Matchmaker {
  private readonly queue = new Map<string, Entry>(); // by socket id
  private timer: NodeJS.Timeout | null = null;
  private pairing = Promise.resolve();

  constructor(
    private readonly lobby: Lobby,
    private readonly ratings: RatingBook,
    private readonly log: Logger,
    private readonly tickMs = 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.queue.clear();
  }

  /** Enters (or moves to another time setting of) the queue; the account needs no second entry. */
  async join(socketId: string, device: DeviceIdentity & { user: { id: string; username: string } }, turnTime: RankedTurnTime, send: (m: ServerMessage) => void): Promise<void> {
    const rating = (await this.ratings.current(device.user.id)).rating;
    for (const [id, e] of this.queue) if (e.accountId === device.user.id && id !== socketId) this.remove(id);
    const since = this.queue.get(socketId)?.turnTime === turnTime ? this.queue.get(socketId)!.since : Date.now();
    this.queue.set(socketId, { id: socketId, accountId: device.user.id, rating, since, turnTime, device, send });
    send({ type: 'ranked', queue: { turnTime, since } });
    void this.tick();
  }

  leave(socketId: string): boolean {
    return this.remove(socketId);
  }

  get size(): number {
    return this.queue.size;
  }

  private remove(socketId: string): boolean {
    const e = this.queue.get(socketId);
    if (!e) return false;
    this.queue.delete(socketId);
    e.send({ type: 'ranked', queue: null });
    return true;
  }

  /** One pairing pass at a time: a seeker is never matched twice. */
  private tick(): Promise<void> {
    this.pairing = this.pairing.then(() => this.pairAll()).catch((err) => this.log.error({ err }, 'ranked pairing failed'));
    return this.pairing;
  }

  private async pairAll(): Promise<void> {
    const now = Date.now();
    for (const turnTime of [null, 30, 60] as RankedTurnTime[]) {
      const seekers = [...this.queue.values()].filter((e) => e.turnTime === turnTime);
      for (const [a, b] of pairSeekers(seekers, now) as [Entry, Entry][]) {
        this.queue.delete(a.id);
        this.queue.delete(b.id);
        await this.startGame(a, b, turnTime);
      }
    }
  }

  private async startGame(a: Entry, b: Entry, turnTime: RankedTurnTime): Promise<void> {
    const [black, white] = Math.random() < 0.5 ? [a, b] : [b, a];
    const room = await this.lobby.create(black.device.id, { ...DEFAULT_ROOM_OPTIONS, turnTime, alternateFirst: true });
    const started = await room.queue.run(async () => {
      await room.sit(black.device, 'black');
      await room.sit(white.device, 'white');
      return room.start(black.device.id, { black: black.accountId, white: white.accountId });
    });
    if (!started.ok || !room.session) {
      this.log.error({ code: started.ok ? 'no-session' : started.code }, 'ranked game did not start');
      return;
    }
    const gameId = room.session.id;
    this.log.info({ game: gameId, black: black.accountId, white: white.accountId, turnTime }, 'ranked match');
    for (const [color, e] of [['black', black], ['white', white]] as const) {
      e.send({ type: 'ranked', queue: null });
      e.send({ type: 'ranked.match', roomCode: room.code, gameId, color });
    }
  }
}
