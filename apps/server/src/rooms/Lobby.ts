import { randomInt } from 'node:crypto';
import { ROOM_CODE_ALPHABET, RoomOptionsSchema, type RoomOptionsPatch } from '@chu/protocol';
import type { Logger } from 'pino';
import type { Store } from '../db/Store.ts';
import { GameSession, restoreGame } from '../game/GameSession.ts';
import { newId } from '../identity/secrets.ts';
import { Room, type RoomContext } from './Room.ts';
import { EMPTY_SEATS } from './Seat.ts';

// All rooms this server holds in memory, loaded from the database on demand; games by id.
export class Lobby {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | null>>();
  private readonly games = new Map<string, Room>();
  private readonly ctx: RoomContext;
  private closed = false;

  constructor(private readonly store: Store, private readonly log: Logger, ctx: Omit<RoomContext, 'gameStarted' | 'gameEnded'>) {
    this.ctx = {
      ...ctx,
      gameStarted: (room, session, previous) => {
        if (previous) this.games.delete(previous.id);
        this.games.set(session.id, room);
      },
      gameEnded: () => {},
    };
  }

  async create(hostDeviceId: string, patch: RoomOptionsPatch = {}): Promise<Room> {
    const options = RoomOptionsSchema.parse(patch);
    for (let attempt = 0; ; attempt++) {
      const code = Array.from({ length: 6 }, () => ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)]).join('');
      if (this.rooms.has(code) || (await this.store.findRoom(code))) {
        if (attempt > 20) throw new Error('no free room code');
        continue;
      }
      const room = new Room(this.ctx, { id: newId(), code, hostDeviceId, options, seats: EMPTY_SEATS(), gameNumber: 0 });
      await this.store.createRoom(room.record);
      this.rooms.set(code, room);
      return room;
    }
  }

  async get(code: string): Promise<Room | null> {
    if (this.closed) return null;
    const room = this.rooms.get(code);
    if (room) return room;
    let pending = this.loading.get(code);
    if (!pending) {
      pending = this.store.findRoom(code).then((rec) => {
        if (!rec) return null;
        const r = this.rooms.get(code) ?? new Room(this.ctx, rec);
        this.rooms.set(code, r);
        return r;
      }).finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  release(room: Room): void {
    if (!room.idle || this.rooms.get(room.code) !== room) return;
    room.close();
    this.rooms.delete(room.code);
    if (room.session) this.games.delete(room.session.id);
  }

  roomOfGame(gameId: string): Room | null {
    return this.games.get(gameId) ?? null;
  }

  // After a start: every unfinished game is loaded and continues; the turn in progress starts afresh.
  async restore(): Promise<number> {
    const games = await this.store.activeGames();
    let restored = 0;
    for (const g of games) {
      try {
        const rec = await this.store.findRoomById(g.roomId);
        if (!rec) continue;
        const room = (await this.get(rec.code))!;
        const game = restoreGame(g.startSfen, g.moves.map((m) => m.usi), g.options);
        const acks = new Map<string, number>();
        // Versions of old moves are not stored per move; any value > 0 marks the retry as already applied.
        for (const m of g.moves) if (m.ackId && m.deviceId) acks.set(`${m.deviceId}:${m.ackId}`, g.version);
        const session = new GameSession(room.sessionContext(), {
          id: g.id, roomCode: room.code, options: g.options, seats: g.seats, game, version: g.version, acks, rated: g.rated,
        });
        room.attach(session);
        room.startGraceForAbsent();
        restored++;
      } catch (err) {
        this.log.error({ err, game: g.id }, 'could not restore game');
      }
    }
    return restored;
  }

  close(): void {
    this.closed = true;
    for (const room of this.rooms.values()) room.close();
  }
}
