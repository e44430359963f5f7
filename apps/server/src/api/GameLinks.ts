import type { ApiCaller } from '../identity/ApiTokens.ts';
import { apiSeatId } from '../identity/apiSeat.ts';
import { GameLink, type LinkOpened } from './GameLink.ts';
import type { Loopback } from './Loopback.ts';

interface Held { opened: Promise<LinkOpened>; tokenId: string; usedAt: number }

/**
 * The game links of this process, one per token and game: a stream and the commands of one program on
 * one game share it. A link nobody streams closes after `idleMs` without a command (the seat is then
 * away, as when a browser's tab closes); a revoked token's links close at the next sweep.
 */
export class GameLinks {
  private readonly held = new Map<string, Held>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly loopback: Loopback,
    private readonly rooms: { roomCodeOfGame(gameId: string): Promise<string | null> },
    private readonly tokens: { live(tokenId: string): Promise<boolean> },
    private readonly idleMs: number,
  ) {
    this.sweeper = setInterval(() => void this.sweep(), idleMs);
    this.sweeper.unref();
  }

  async get(caller: ApiCaller, secret: string, gameId: string): Promise<LinkOpened> {
    const key = `${caller.tokenId}:${gameId}`;
    const had = this.held.get(key);
    if (had) {
      const r = await had.opened;
      if (!r.ok || r.link.open) {
        had.usedAt = Date.now();
        if (r.ok) return r;
      }
      if (this.held.get(key) === had) this.held.delete(key);
      if (!r.ok) return r;
    }
    const opened = (async (): Promise<LinkOpened> => {
      const code = await this.rooms.roomCodeOfGame(gameId);
      if (!code) return { ok: false, code: 'no-game', message: 'No such game of yours in play.' };
      return GameLink.open(this.loopback, secret, code, gameId, apiSeatId(caller.user.id));
    })();
    const entry: Held = { opened, tokenId: caller.tokenId, usedAt: Date.now() };
    this.held.set(key, entry);
    const r = await opened;
    if (!r.ok && this.held.get(key) === entry) this.held.delete(key);
    return r;
  }

  private async sweep(now = Date.now()): Promise<void> {
    for (const [key, h] of [...this.held]) {
      const r = await h.opened;
      const idle = r.ok && r.link.listening === 0 && now - h.usedAt > this.idleMs;
      const gone = r.ok && (!r.link.open || idle || !(await this.tokens.live(h.tokenId).catch(() => true)));
      if (!r.ok || gone) {
        if (r.ok) r.link.close();
        if (this.held.get(key) === h) this.held.delete(key);
      }
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const h of this.held.values()) void h.opened.then((r) => { if (r.ok) r.link.close(); });
    this.held.clear();
  }
}
