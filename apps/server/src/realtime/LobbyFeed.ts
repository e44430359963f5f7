import { LobbySchema, type Lobby as LobbyListing } from '@chu/protocol';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { ServerConfig } from '../config.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import type { Fanout } from './Fanout.ts';

const LOBBY_EVENT = 'chu:lobby';
const LOBBY_CHANNEL = 'lobby';
const LOBBY_EVERY_MS = 2000;
const LOBBY_TIMEOUT_MS = 5000;

/**
 * The lobby, live, across every process of the site: each process answers with its own part (its open
 * public rooms and the games played in them), and every few seconds, when this process's part changed,
 * everyone watching is sent the whole lobby again.
 */
export class LobbyFeed {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly io: Server,
    private readonly lobby: Lobby,
    private readonly fanout: Fanout,
    private readonly config: ServerConfig,
    private readonly log: Logger,
  ) {}

  attach(): void {
    // Another process gathers the lobby: this one's part of it.
    this.io.on(LOBBY_EVENT, (answer: (l: LobbyListing) => void) => answer(this.lobby.listing()));
  }

  async watch(socket: Socket): Promise<LobbyListing> {
    await socket.join(LOBBY_CHANNEL);
    return this.whole();
  }

  async unwatch(socket: Socket): Promise<void> {
    await socket.leave(LOBBY_CHANNEL);
  }

  start(): void {
    let last = '';
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      const now = JSON.stringify(this.lobby.listing());
      if (now === last) return;
      last = now;
      running = true;
      this.whole()
        .then((lobby) => this.fanout.toChannel(LOBBY_CHANNEL, { type: 'lobby', lobby }))
        .catch((err) => this.log.warn({ err }, 'lobby update failed'))
        .finally(() => { running = false; });
    }, LOBBY_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The lobby across every process of the site. */
  private async whole(): Promise<LobbyListing> {
    const mine = this.lobby.listing();
    if (!this.config.redisUrl) return mine;
    const parts = await new Promise<unknown[]>((resolve) => {
      const timer = setTimeout(() => resolve([]), LOBBY_TIMEOUT_MS);
      Promise.resolve(this.io.of('/').adapter.serverSideEmit([LOBBY_EVENT, (_err: unknown, answers: unknown[] = []) => {
        clearTimeout(timer);
        resolve(answers);
      }])).catch(() => resolve([]));
    });
    const lobbies = [mine, ...parts.flatMap((p) => { const r = LobbySchema.safeParse(p); return r.success ? [r.data] : []; })];
    return { rooms: lobbies.flatMap((l) => l.rooms), live: lobbies.flatMap((l) => l.live) };
  }
}
