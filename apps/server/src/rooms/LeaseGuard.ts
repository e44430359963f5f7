import type { ServerMessage } from '@chu/protocol';
import { MovesAhead, StaleOwner } from '../db/Store.ts';
import { refuse, type RoomDeps, type RoomStep } from './ports.ts';

// A refused write: nothing was applied; the web client sends it again by itself, and by then the room
// is served by its new owner, or afresh from the database.
const REFUSED_WRITE = 'This room\'s server changed while it was storing that; nothing was applied. Send it again.';
export const refusedWrite = (): RoomStep => refuse('unavailable', REFUSED_WRITE);

/** What the guard needs of its room: who it is, and how it stops or reloads. */
export interface FencedRoom {
  readonly id: string;
  readonly code: string;
  readonly fence: number | null;
  close(): void;
  /** The room and its last game read again from the database. */
  reload(): Promise<void>;
  /** What everyone here is shown after a reload: the room and its game as stored. */
  resync(): ServerMessage[];
}

/**
 * The lease fencing of one room's writes. The database may refuse such a write: the lease is gone or
 * ran out (StaleOwner), or the game in memory is behind the stored one (MovesAhead, a ply that is
 * already there). Then nothing of it was applied, and the sender is told so instead of an ack. The
 * room does not stay as it was, which would refuse the same way for ever: taken over by another
 * process, it stops here (its timers and CPU; every later write refused at once) until the lease
 * upkeep drops it (Lobby.keepLeases) and commands go to the new owner; still this process's, it is
 * read again from the database, where the truth is.
 */
export class LeaseGuard {
  private lost = false; // another process took the room over: this copy writes nothing more

  constructor(private readonly room: FencedRoom, private readonly deps: Pick<RoomDeps, 'store' | 'log'>) {}

  /** Another process took the room over (a write of ours was refused): this copy must not answer for it. */
  get superseded(): boolean { return this.lost; }

  async run(work: () => Promise<RoomStep>): Promise<RoomStep> {
    if (this.lost) return refusedWrite();
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof StaleOwner || err instanceof MovesAhead)) throw err;
      const { room, deps } = this;
      if (await deps.store.leaseLost(room.id, room.fence)) {
        deps.log.warn({ room: room.code, err: err.message }, 'write refused: another process owns the room now');
        this.lost = true;
        room.close();
        return refusedWrite();
      }
      deps.log.warn({ room: room.code, err: err.message }, 'write refused: loading the room again from the database');
      await room.reload();
      // everyone here sees the room and its game as stored (their next event would not follow on)
      return { ...refusedWrite(), out: room.resync() };
    }
  }
}
