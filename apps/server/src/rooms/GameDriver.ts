import { COLORS, DEADLINE_NOTICE_AT, opposite, type Color } from '@chu/protocol';
import type { CpuTurn, GameSession, Step } from '../game/GameSession.ts';
import type { RoomDeps } from './ports.ts';

/** What the driver needs of its room: its code, whether a seat's person is here, and its own queue. */
export interface DrivenRoom {
  readonly code: string;
  isPresent(color: Color, game: GameSession): boolean;
  /** Runs the room's own work (a timer, a CPU answer) on its queue, fenced, and tells the room. */
  runOwn(work: () => Promise<Step>): void;
}

/**
 * What a room's game does by itself, between commands: one timer for whatever is due next, the CPU's
 * move when it is the CPU's turn, a correspondence turn's deadline warning, and the news told to
 * players who may not be looking (RoomDeps.notices).
 */
export class GameDriver {
  private wakeTimer: NodeJS.Timeout | undefined;
  private warning: { key: string; timer: NodeJS.Timeout } | null = null; // a correspondence turn's deadline warning, armed
  private thinking: { turn: CpuTurn; stop: AbortController } | null = null;
  private closed = false;

  constructor(private readonly room: DrivenRoom, private readonly deps: Pick<RoomDeps, 'cpu' | 'notices' | 'log' | 'cpuDelayMs'>) {}

  /** Arms what `game` has due next (nothing once the room closed or has no game). */
  schedule(game: GameSession | null): void {
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    if (this.closed || !game) return;
    const at = game.nextWakeAt();
    if (at !== null) {
      this.wakeTimer = setTimeout(() => this.room.runOwn(() => game.tick()), Math.max(0, at - performance.now()));
    }
    this.armWarning(game);
    const turn = game.cpuTurn();
    const asked = this.thinking?.turn;
    if (asked && (!turn || asked.ply !== turn.ply || asked.positionVersion !== turn.positionVersion || asked.color !== turn.color)) this.stopThinking();
    if (turn && !this.thinking) this.think(game, turn);
  }

  /**
   * A new game: a correspondence game's first mover may be far away too (a challenge accepted while they
   * were out). One who is in the room sees the game start: telling them too is noise.
   */
  started(game: GameSession): void {
    const first = game.turnWarning(DEADLINE_NOTICE_AT);
    if (first && !this.room.isPresent(first.color, game)) this.deps.notices?.yourTurn({ gameId: game.id, roomCode: this.room.code, seats: game.seats, color: first.color, ply: first.ply, deadline: first.deadline });
  }

  /** Tells players who may not be looking what these stored events mean for them. */
  notice(game: GameSession, events: Step['events']): void {
    const notices = this.deps.notices;
    if (!notices) return;
    const base = { gameId: game.id, roomCode: this.room.code, seats: game.seats };
    for (const e of events) {
      if (e.kind === 'move' && e.clock?.deadline && game.options.timeControl.kind === 'correspondence') {
        notices.yourTurn({ ...base, color: e.turn, ply: e.ply + 1, deadline: e.clock.deadline });
      }
      if (e.kind === 'draw-offer' || e.kind === 'takeback-offer') {
        const to = opposite(e.by);
        if (!this.room.isPresent(to, game)) notices.offerWhileAway({ ...base, color: to, offer: e.kind === 'draw-offer' ? 'draw' : 'takeback' });
      }
      if (e.kind === 'end') for (const color of COLORS) notices.finished({ ...base, color, outcome: e.outcome });
    }
  }

  stopThinking(): void {
    this.thinking?.stop.abort();
    this.thinking = null;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.wakeTimer);
    clearTimeout(this.warning?.timer);
    this.warning = null;
    this.stopThinking();
  }

  /**
   * A correspondence turn's warning, armed from the turn's stored start: a restarted process (or a new
   * owner) arms it again when it loads the game, and one already due fires at once.
   */
  private armWarning(game: GameSession): void {
    const w = this.deps.notices ? game.turnWarning(DEADLINE_NOTICE_AT) : null;
    const key = w && `${game.id}:${w.ply}`;
    if (this.warning?.key === key) return;
    clearTimeout(this.warning?.timer);
    this.warning = null;
    if (!w || !key) return;
    // at most 80 % of 14 days: within what a timer can wait (24.8 days)
    const timer = setTimeout(() => {
      this.deps.notices?.deadlineNear({ gameId: game.id, roomCode: this.room.code, seats: game.seats, color: w.color, ply: w.ply, deadline: w.deadline });
    }, Math.max(0, w.at - performance.now()));
    timer.unref();
    this.warning = { key, timer };
  }

  private think(game: GameSession, turn: CpuTurn): void {
    const stop = new AbortController();
    this.thinking = { turn, stop };
    const answer = async () => {
      await new Promise((r) => setTimeout(r, this.deps.cpuDelayMs));
      if (stop.signal.aborted) return;
      const usi = await this.deps.cpu.move(turn.game, {
        gameId: game.id, positionVersion: turn.positionVersion, standIn: turn.standIn, level: turn.level, clock: turn.clock, signal: stop.signal,
      });
      if (stop.signal.aborted) return;
      this.room.runOwn(() => {
        if (this.thinking?.stop === stop) this.thinking = null;
        return game.cpuMove(turn, usi);
      });
    };
    answer().catch((err) => {
      if (stop.signal.aborted) return;
      if (this.thinking?.stop === stop) this.thinking = null;
      this.deps.log.error({ err, room: this.room.code }, 'cpu move failed');
    });
  }
}
