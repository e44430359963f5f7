import { ClientMessageSchema, IdSchema, type ErrorCode, type ServerMessage } from '@chu/protocol';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import { z } from 'zod';
import type { ServerConfig } from '../config.ts';
import type { Ownership } from '../db/Leases.ts';
import type { Store } from '../db/Store.ts';
import { execute, isRoomCommand, type Caller, type RoomCommand } from '../rooms/commands.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import type { Fanout } from './Fanout.ts';

const FORWARD_EVENT = 'chu:command';
const FORWARDED_EVENT = 'chu:command-done'; // the owner's answer to one forwarded command
const GAME_ROOMS_REMEMBERED = 100_000; // game id → room code entries a process keeps (~100 bytes each)

// A command forwarded between processes; the owner parses it again.
const ForwardedSchema = z.object({
  id: z.string().max(64), // the answer names it
  from: z.string().max(200), // the process that waits for the answer
  to: z.string(),
  code: z.string(),
  caller: z.object({
    socketId: z.string().max(64),
    lagMs: z.number().int().min(0).max(60_000),
    device: z.object({ id: IdSchema, name: z.string(), user: z.object({ id: IdSchema, username: z.string(), bot: z.boolean().optional() }).nullable() }),
  }),
  message: ClientMessageSchema,
});
type Forwarded = z.infer<typeof ForwardedSchema>;
// `seated`: a fact of the caller the owner found (it sits in the game it addressed), for the caller's own process
const ForwardAnswerSchema = z.object({ id: z.string().max(64), to: z.string().max(200), ok: z.boolean(), seated: z.boolean().optional() });
/** What became of a forwarded command: run by the owner; refused (it no longer holds the room); or neither. */
type ForwardOutcome = { kind: 'ran'; seated: boolean } | { kind: 'refused' | 'moved' | 'unanswered' };

/** What the caller's process learns from running a command wherever its room is owned. */
export interface Ran { seated: boolean }
const NOT_SEATED: Ran = { seated: false };

/**
 * Runs a room command where the room is owned: here, or on its owner's process (forwarded through the
 * Socket.IO adapter). The owner acknowledges the sender and tells the room itself; the caller's process
 * hears back only whether it ran, and the facts it keeps about its own socket.
 */
export class Forwarding {
  private stopped = false;
  private readonly gameRooms = new Map<string, string>(); // game id → room code
  private readonly awaiting = new Map<string, (a: z.infer<typeof ForwardAnswerSchema>) => void>(); // forwarded command id → its waiter

  constructor(
    private readonly io: Server,
    private readonly lobby: Lobby,
    private readonly store: Store,
    private readonly ownership: Ownership, // who holds which room; its self is this process
    private readonly fanout: Fanout,
    private readonly config: ServerConfig,
    private readonly log: Logger,
  ) {}

  attach(): void {
    // Commands other processes forward to the rooms this one owns, and the answers to those it forwarded.
    this.io.on(FORWARD_EVENT, (raw: unknown) => this.fromPeer(raw));
    this.io.on(FORWARDED_EVENT, (raw: unknown) => {
      const a = ForwardAnswerSchema.safeParse(raw);
      if (a.success && a.data.to === this.ownership.self) this.awaiting.get(a.data.id)?.(a.data);
    });
  }

  stop(): void { this.stopped = true; }

  /** Runs a game's command where its room is owned (`toOwner`); no such game is refused here. */
  async toGameOwner(gameId: string, caller: Caller, m: RoomCommand): Promise<Ran> {
    const code = await this.codeOfGame(gameId);
    return code ? this.toOwner(code, caller, m) : this.refuse(caller, 'no-game', 'No such game.', m.ack);
  }

  /**
   * A game's room code, remembered: a game never changes room, so the code stays right when the room changes
   * owner. Found first in this process's rooms, else asked of the database.
   */
  private async codeOfGame(gameId: string): Promise<string | null> {
    const known = this.gameRooms.get(gameId);
    if (known) return known;
    const code = this.lobby.roomOfGame(gameId)?.code ?? (await this.store.roomCodeOfGame(gameId));
    if (code) {
      // oldest out first (a Map keeps insertion order): the games of the last hours, not every game ever
      if (this.gameRooms.size >= GAME_ROOMS_REMEMBERED) this.gameRooms.delete(this.gameRooms.keys().next().value!);
      this.gameRooms.set(gameId, code);
    }
    return code;
  }

  /**
   * A command waiting for an owner that died moves on as soon as the room's lease leaves it, to
   * whichever process takes the room over, so a failover delays moves but loses none.
   */
  async toOwner(code: string, caller: Caller, m: RoomCommand): Promise<Ran> {
    const deadline = Date.now() + this.config.leaseMs + this.config.forwardTimeoutMs;
    for (;;) {
      const at = await this.lobby.locate(code);
      if (!at) return this.refuse(caller, 'no-room', `No room ${code}.`, m.ack);
      if ('room' in at) return execute(at.room, caller, m, { outlet: this.fanout, log: this.log });
      const outcome = await this.forward({ to: at.owner, code, caller, message: m });
      if (outcome.kind === 'ran') return { seated: outcome.seated };
      if (this.stopped || Date.now() > deadline) return this.refuse(caller, 'internal', 'The room\'s server did not answer; try again.', m.ack);
      if (outcome.kind !== 'moved') await new Promise((r) => setTimeout(r, 250));
    }
  }

  private refuse(caller: Caller, code: ErrorCode, message: string, ack: string | undefined): Ran {
    const error: ServerMessage = { type: 'error', code, message, ...(ack !== undefined ? { ack } : {}) };
    this.fanout.toSocket(caller.socketId, error);
    return NOT_SEATED;
  }

  /**
   * Sends a command to the room's owner and waits for its answer, or for the owner to lose the room:
   * the lease is watched while no answer comes, since a dead owner never answers. Moving on after
   * that is safe: the old owner can no longer store anything for the room, and moves carry ack ids,
   * applied once.
   */
  private forward(f: Omit<Forwarded, 'id' | 'from'>): Promise<ForwardOutcome> {
    const id = randomUUID();
    return new Promise((resolve) => {
      const done = (outcome: ForwardOutcome) => {
        clearTimeout(timer);
        clearInterval(watch);
        this.awaiting.delete(id);
        resolve(outcome);
      };
      const timer = setTimeout(() => done({ kind: 'unanswered' }), this.config.forwardTimeoutMs);
      const watch = setInterval(() => {
        this.ownership.holderOf(f.code).then((holder) => { if (holder !== f.to) done({ kind: 'moved' }); }, () => {});
      }, Math.max(100, Math.floor(this.config.leaseMs / 10)));
      this.awaiting.set(id, (a) => done(a.ok ? { kind: 'ran', seated: a.seated ?? false } : { kind: 'refused' }));
      // the adapter's promise, not io.serverSideEmit's boolean: Redis being away must not go unheard
      Promise.resolve(this.io.of('/').adapter.serverSideEmit([FORWARD_EVENT, { ...f, id, from: this.ownership.self }]))
        .catch(() => done({ kind: 'unanswered' }));
    });
  }

  /**
   * Another process forwarded a command for a room this process owns (checked again: it is input too).
   * Only the owner answers, at once: the sender does not wait for every process of the site.
   */
  private async fromPeer(raw: unknown): Promise<void> {
    const f = ForwardedSchema.safeParse(raw);
    if (!f.success || f.data.to !== this.ownership.self) return;
    const answer = (ok: boolean, seated = false) => { this.io.serverSideEmit(FORWARDED_EVENT, { id: f.data.id, to: f.data.from, ok, seated }); };
    try {
      const m = f.data.message;
      const room = await this.lobby.get(f.data.code);
      if (!room || !isRoomCommand(m)) return answer(false);
      const ran = await execute(room, f.data.caller, m, { outlet: this.fanout, log: this.log });
      answer(true, ran.seated);
    } catch (err) {
      this.log.error({ err }, 'forwarded command failed');
      answer(false);
    }
  }
}
