import { randomInt } from 'node:crypto';
import {
  EMPTY_SEATS, ROOM_CODE_ALPHABET, RoomOptionsSchema, type LiveGame, type Lobby as LobbyListing, type OpenRoom, type RoomOptionsPatch,
} from '@chu/protocol';
import { soleOwner, type Ownership } from '../db/Leases.ts';
import type { OverBound, RoomClaim, RoomRecord } from '../db/Store.ts';
import { newId } from '../identity/secrets.ts';
import { loadLastGame } from './LastGame.ts';
import type { RoomDeps } from './ports.ts';
import { Room } from './Room.ts';

/** Where a room is served: here (this process owns it), by another process, or nowhere (no such room). */
export type Located = { room: Room } | { owner: string } | null;

/**
 * How many rooms one device is in, and one address asked for, at most, site-wide (counted while a room
 * is in some process's memory or has a game in play); and how long a room nobody is in, with no game
 * running, stays in memory (config.rooms).
 */
export interface RoomBounds { perDevice: number; perAddress: number; emptyForMs: number }
/** Who asks for a room: the device that will host it, and the address it asks from. */
export interface RoomMaker { deviceId: string; address: string }
export type Opening = { ok: true; room: Room } | { ok: false; code: 'too-many-rooms'; message: string };

/**
 * All rooms this process owns, in memory, loaded from the database (with their last game) on demand.
 * Alone, a process owns every room. With several processes, a room is owned through a lease
 * (db/Leases): it is loaded here only once this process holds it, its lease is renewed while it is
 * here, and rooms whose owner died are taken over (`keepLeases`).
 *
 * Memory is bounded: a device, and an address, may hold only so many rooms here (`open`), and a room
 * nobody is in, with no game running, leaves memory after a while (`letEmptyRoomsGo`). What such a room
 * holds is stored (seats, options, mutes, chat, its last game), so it comes back as it was; only a
 * rematch offer nobody stayed to answer lapses, as it would on a restart.
 */
export class Lobby {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Located>>();
  private readonly games = new Map<string, Room>(); // game id → room, filled as games are looked up
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly emptySince = new Map<Room, number>();
  private closed = false;

  constructor(
    private readonly deps: RoomDeps,
    private readonly ownership: Ownership = soleOwner,
    private readonly bounds: RoomBounds = { perDevice: Infinity, perAddress: Infinity, emptyForMs: 5 * 60_000 },
  ) {}

  /** A room a person asked for (room.create): refused while their device, or their address, holds its bound. */
  open(maker: RoomMaker, patch: RoomOptionsPatch = {}): Promise<Opening> {
    return this.create(maker.deviceId, patch, { deviceIds: [maker.deviceId], address: maker.address });
  }

  private refusal(over: OverBound, claim: RoomClaim): Opening {
    const { perDevice, perAddress } = this.bounds;
    if ('address' in over) return { ok: false, code: 'too-many-rooms', message: `Too many rooms open from this address (${perAddress}): leave one before making another.` };
    const whose = over.deviceId === claim.deviceIds[0] ? 'You have' : 'The other player has';
    return {
      ok: false, code: 'too-many-rooms',
      message: `${whose} ${perDevice} rooms open already: leave one before making another (a room nobody is in closes by itself).`,
    };
  }

  /**
   * A new room hosted by `hostDeviceId`. With a `claim` (room.create, a challenge's accept), refused while
   * a device in it, or the address that asked, holds its bound; without one (ranked and tournament
   * pairings, which the server makes), counted but never refused.
   */
  async create(hostDeviceId: string, patch: RoomOptionsPatch = {}, claim: RoomClaim | null = null): Promise<Opening> {
    const options = RoomOptionsSchema.parse(patch);
    for (let attempt = 0; ; attempt++) {
      const code = Array.from({ length: 6 }, () => ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)]).join('');
      if (this.rooms.has(code) || (await this.deps.store.findRoom(code))) {
        if (attempt > 20) throw new Error('no free room code');
        continue;
      }
      const rec: RoomRecord = { id: newId(), code, hostDeviceId, options, seats: EMPTY_SEATS(), gameNumber: 0, muted: [] };
      if (claim) {
        // rooms held in this memory count too; with no bound per address only the claimants' own matter
        const anyHost = Number.isFinite(this.bounds.perAddress);
        const here = [...this.rooms.values()].filter((r) => anyHost || claim.deviceIds.includes(r.hostDeviceId)).map((r) => r.id);
        const over = await this.deps.store.createBoundedRoom(rec, claim, { ...this.bounds, here });
        if (over) return this.refusal(over, claim);
      } else {
        await this.deps.store.createRoom(rec);
      }
      const held = await this.ownership.acquire(rec.id);
      if (!('token' in held)) throw new Error(`a new room is owned by ${held.owner}`);
      const room = new Room(this.deps, rec, null, held.token);
      this.rooms.set(code, room);
      return { ok: true, room };
    }
  }

  /** The room if this process owns it (taking it when it is free), else who does. */
  async locate(code: string): Promise<Located> {
    if (this.closed) return null;
    const room = this.rooms.get(code);
    if (room && !room.superseded) return { room };
    // a copy that learnt it was taken over leaves now, not at the next lease renewal: a join or a
    // command meanwhile would be answered from its stale game (the new owner is found below)
    if (room) this.drop(room);
    let pending = this.loading.get(code);
    if (!pending) {
      pending = this.load(code).finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  /** The room, if it is served here. */
  async get(code: string): Promise<Room | null> {
    const at = await this.locate(code);
    return at && 'room' in at ? at.room : null;
  }

  /**
   * Rooms nobody is in, with no game running, leave memory once seen so for emptyForMs; they stay in the
   * database. (A room busy and empty again between two looks may go a little sooner: it reloads as it was.)
   */
  letEmptyRoomsGo(): void {
    const { emptyForMs } = this.bounds;
    this.every(Math.max(50, Math.floor(emptyForMs / 2)), async () => {
      const now = Date.now();
      for (const room of [...this.rooms.values()]) {
        const since = this.emptySince.get(room);
        if (!room.idle) this.emptySince.delete(room);
        else if (since === undefined) this.emptySince.set(room, now);
        else if (now - since >= emptyForMs) this.release(room);
      }
    });
  }

  /** Leaves memory when nobody is there and nothing runs; it stays in the database. */
  private release(room: Room): void {
    if (!room.idle || this.rooms.get(room.code) !== room) return;
    this.drop(room);
    void this.ownership.release(room.id, room.fence).catch((err) => this.deps.log.warn({ err, room: room.code }, 'lease not released'));
  }

  /** This process's part of the lobby: its open public rooms and the games being played in them. */
  /** A deleted account's seats in the rooms this process holds read DELETED_PLAYER, as the stored ones do. */
  forgetAccount(userId: string): void {
    for (const room of this.rooms.values()) room.forgetAccount(userId);
  }

  listing(): LobbyListing {
    const rooms: OpenRoom[] = [];
    const live: LiveGame[] = [];
    for (const room of this.rooms.values()) {
      const l = room.listing();
      if (l.open) rooms.push(l.open);
      if (l.live) live.push(l.live);
    }
    return { rooms, live };
  }

  /** Games in play in this process's rooms, public or not (/metrics). */
  activeGames(): number {
    let n = 0;
    for (const room of this.rooms.values()) if (room.session?.status === 'active') n++;
    return n;
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

  /**
   * With several processes: renew this process's leases (a room whose lease was lost leaves memory,
   * its new owner serves it), take over the active games whose owner died, and reconcile presence.
   */
  keepLeases(leaseMs: number): void {
    this.every(Math.max(100, Math.floor(leaseMs / 4)), async () => {
      const held = new Map([...this.rooms.values()].map((r) => [r.id, r.fence] as const));
      const kept = await this.ownership.renew(held);
      for (const room of [...this.rooms.values()]) {
        if (held.has(room.id) && !kept.has(room.id)) {
          this.deps.log.warn({ room: room.code }, 'lease lost: another process owns the room now');
          this.drop(room);
        }
      }
      for (const code of await this.ownership.orphans(50)) {
        const at = await this.locate(code);
        if (at && 'room' in at) this.deps.log.info({ room: code }, 'took over a room whose owner is gone');
      }
    });
    // A process that died could not say its sockets left.
    this.every(3000, async () => {
      for (const room of this.rooms.values()) if (room.liveGame) room.reconcileNow();
    });
  }

  // Upkeep every `ms`, one run at a time, until the lobby closes.
  private every(ms: number, work: () => Promise<void>): void {
    let running = false;
    const t = setInterval(() => {
      if (running || this.closed) return;
      running = true;
      work().catch((err) => this.deps.log.error({ err }, 'lobby upkeep failed')).finally(() => { running = false; });
    }, ms);
    t.unref();
    this.timers.push(t);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const room of this.rooms.values()) room.close();
  }

  private drop(room: Room): void {
    room.close();
    this.rooms.delete(room.code);
    this.emptySince.delete(room);
    if (room.session) this.games.delete(room.session.id);
  }

  private async load(code: string): Promise<Located> {
    const rec = await this.deps.store.findRoom(code);
    if (!rec) return null;
    const existing = this.rooms.get(code);
    if (existing) return { room: existing };
    const held = await this.ownership.acquire(rec.id);
    if (!('token' in held)) return held;
    let room: Room;
    try {
      room = new Room(this.deps, rec, await loadLastGame(this.deps, rec.id), held.token);
    } catch (err) {
      // A stored game that no longer replays is a bug to fix, not a reason to lose the room.
      this.deps.log.error({ err, room: code }, 'could not load the last game of a room');
      room = new Room(this.deps, rec, null, held.token);
    }
    this.rooms.set(code, room);
    // Taken over from another process: its sockets may be connected anywhere.
    if (held.token !== null) room.reconcileNow();
    return { room };
  }
}
