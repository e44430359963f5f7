import { DEFAULT_ROOM_OPTIONS, RANKED_CONTROLS, ratedAccounts } from '@chu/protocol';
import type { Logger } from 'pino';
import type { Match, Matchmaker } from '../ranked/Matchmaker.ts';
import type { GameStarts } from '../rooms/GameStarts.ts';
import type { Fanout } from './Fanout.ts';

/** Ranked pairing: matched seekers get a rated game in a new room (rooms/GameStarts), and are told where to go. */
export class RankedPairing {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly matchmaker: Matchmaker,
    private readonly starts: Pick<GameStarts, 'inNewRoom'>,
    private readonly fanout: Fanout,
    private readonly log: Logger,
  ) {}

  /** Pairs once a second (and whenever someone joins the queue: `pair`). */
  start(everyMs = 1000): void {
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.pair().catch((err) => this.log.error({ err }, 'ranked pairing failed')).finally(() => { running = false; });
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async pair(): Promise<void> {
    for (const match of await this.matchmaker.pair(Date.now())) {
      // a seeker whose process died left no word: only sockets still connected somewhere are matched
      const [b, w] = await Promise.all([match.black, match.white].map((e) => this.fanout.socketConnected(e.id)));
      if (b && w) await this.startRanked(match);
      else for (const [alive, e] of [[b, match.black], [w, match.white]] as const) if (alive) await this.matchmaker.restore(e);
    }
  }

  /** A rated game under the default rules in a new private room; both seekers are told where to go. */
  private async startRanked({ black, white, control }: Match): Promise<void> {
    const timeControl = { ...RANKED_CONTROLS[control] }; // a copy: the set itself is frozen
    const started = await this.starts.inNewRoom({
      host: black.device.id,
      players: { black: { person: black.device }, white: { person: white.device } },
      rated: ratedAccounts({ black: black.accountId, white: white.accountId }, timeControl),
    }, { ...DEFAULT_ROOM_OPTIONS, timeControl, alternateFirst: true });
    if (!started.ok) return;
    const { room, gameId } = started;
    this.log.info({ game: gameId, black: black.accountId, white: white.accountId, control }, 'ranked match');
    for (const [color, e] of [['black', black], ['white', white]] as const) {
      this.fanout.toSocket(e.id, { type: 'ranked', queue: null });
      this.fanout.toSocket(e.id, { type: 'ranked.match', roomCode: room.code, gameId, color });
    }
  }
}
