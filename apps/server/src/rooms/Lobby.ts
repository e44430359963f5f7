import { randomInt } from 'node:crypto';
import { EMPTY_SEATS, ROOM_CODE_ALPHABET, RoomOptionsSchema, type RoomOptionsPatch } from '@chu/protocol';
import { newId } from '../identity/secrets.ts';
import { Room, type RoomDeps } from './Room.ts';

// All rooms this server holds in memory, loaded from the database (with their last game) on demand.
export class Lobby {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | null>>();
  private readonly games = new Map<string, Room>(); // game id → room, filled as games are looked up
  private closed = false;

  constructor(private readonly deps: RoomDeps) {}

  async create(hostDeviceId: string, patch: RoomOptionsPatch = {}): Promise<Room> {
    const options = RoomOptionsSchema.parse(patch);
    for (let attempt = 0; ; attempt++) {
      const code = Array.from({ length: 6 }, () => ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)]).join('');
      if (this.rooms.has(code) || (await this.deps.store.findRoom(code))) {
        if (attempt > 20) throw new Error('no free room code');
        continue;
      }
      const room = new Room(this.deps, { id: newId(), code, hostDeviceId, options, seats: EMPTY_SEATS(), gameNumber: 0 });
      await this.deps.store.createRoom(room.record);
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
      pending = this.load(code).finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  /** Leaves memory when nobody is there and nothing runs; it stays in the database. */
  release(room: Room): void {
    if (!room.idle || this.rooms.get(room.code) !== room) return;
    room.close();
    this.rooms.delete(room.code);
    if (room.session) this.games.delete(room.session.id);
  }

  roomOfGame(gameId: string): Room | null {
    const known = this.games.get(gameId);
    if (known?.session?.id === gameId) return known;
    for (const room of this.rooms.values()) {
      if (room.session?.id === gameId) {
        this.games.set(gameId, room);
        return room;
      }
    }
    return null;
  }

  /** After a start: every game still in play is loaded; active ones carry on (their seats away, their turn afresh). */
  async restore(): Promise<number> {
    let restored = 0;
    for (const g of await this.deps.store.liveGames()) {
      const rec = await this.deps.store.findRoomById(g.roomId);
      if (rec && (await this.get(rec.code))?.session?.id === g.id) restored++;
    }
    return restored;
  }

  close(): void {
    this.closed = true;
    for (const room of this.rooms.values()) room.close();
  }

  private async load(code: string): Promise<Room | null> {
    const rec = await this.deps.store.findRoom(code);
    if (!rec) return null;
    const existing = this.rooms.get(code);
    if (existing) return existing;
    let room: Room;
    try {
      const game = await this.deps.store.lastGame(rec.id);
      const last = game && {
        game,
        ratingChanges: game.rated && game.status === 'finished' ? await this.deps.ratings.changes(game.id) : null,
        seatRatings: await this.deps.ratings.seatRatings(game.seats),
      };
      // a finished rated game shows the ratings it was played at
      if (last?.ratingChanges) {
        const { black, white } = last.ratingChanges;
        last.seatRatings = { black: { rating: black.before, provisional: false }, white: { rating: white.before, provisional: false } };
      }
      room = new Room(this.deps, rec, last);
    } catch (err) {
      // A stored game that no longer replays is a bug to fix, not a reason to lose the room.
      this.deps.log.error({ err, room: code }, 'could not load the last game of a room');
      room = new Room(this.deps, rec);
    }
    this.rooms.set(code, room);
    return room;
  }
}
