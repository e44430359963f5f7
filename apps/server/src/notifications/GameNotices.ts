import { opposite, seatLabel, type Outcome } from '@chu/protocol';
import type { Logger } from 'pino';
import type { GameNotice, GameNotices } from '../rooms/ports.ts';
import type { NotificationInput, Notifications, NotifyOptions } from './Notifications.ts';

/**
 * A room's game news as notifications, for the seats that are accounts (a guest has no inbox). Each
 * is stored as its own work: a room never waits on it, and a failure is logged, not the room's.
 */
export class GameNoticesToAccounts implements GameNotices {
  constructor(private readonly notifications: Notifications, private readonly log: Logger) {}

  yourTurn(n: GameNotice & { ply: number; deadline: number }): void {
    this.tell(n, { kind: 'your-move', ...this.game(n), deadline: n.deadline }, { once: `your-move:${n.gameId}:${n.ply}` });
  }

  deadlineNear(n: GameNotice & { ply: number; deadline: number }): void {
    this.tell(n, { kind: 'deadline', ...this.game(n), deadline: n.deadline }, { once: `deadline:${n.gameId}:${n.ply}` });
  }

  offerWhileAway(n: GameNotice & { offer: 'draw' | 'takeback' }): void {
    this.tell(n, { kind: 'offer', ...this.game(n), offer: n.offer });
  }

  finished(n: GameNotice & { outcome: Outcome }): void {
    this.tell(n, { kind: 'game-finished', ...this.game(n), color: n.color, outcome: n.outcome }, { once: `game-finished:${n.gameId}` });
  }

  private game(n: GameNotice) {
    return { gameId: n.gameId, roomCode: n.roomCode, opponent: seatLabel(n.seats[opposite(n.color)]) };
  }

  private tell(n: GameNotice, input: NotificationInput, opts: NotifyOptions = {}): void {
    const seat = n.seats[n.color];
    const account = seat.kind === 'human' ? seat.userId : null;
    if (!account) return;
    this.notifications.notify(account, input, opts)
      .catch((err) => this.log.error({ err, game: n.gameId, kind: input.kind }, 'notification not stored'));
  }
}
