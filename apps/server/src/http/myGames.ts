import type { MyGames } from '@chu/protocol';
import { turnAfter } from '@chu/rules';
import type { GameRecords, MyGameRow } from '../db/GameRecords.ts';
import { adjournReason } from '../game/Adjournment.ts';
import { GameClock } from '../game/GameClock.ts';

/**
 * `GET /api/me/games`: the stored games a person comes back to, each with whose turn it is (the rules'
 * answer for its start and ply), a correspondence move's deadline (the clock's) and why it is adjourned (the
 * session's rule). `msPerSecond`: the server's clock seconds (CHU_MS_PER_SECOND).
 */
export async function myGames(records: GameRecords, deviceId: string, userId: string | null, msPerSecond: number): Promise<MyGames> {
  const { games, finished } = await records.myGames(deviceId, userId);
  const shown = (r: MyGameRow): MyGames['games'][number] => {
    const turn = r.status === 'finished' ? null : turnAfter(r.startSfen, r.ply);
    const deadline = r.status === 'active' && turn ? GameClock.correspondenceDeadline(r.options.timeControl, msPerSecond, turn, r.turnStartedAt) : null;
    return {
      gameId: r.gameId, roomCode: r.roomCode, color: r.color, opponent: r.opponent, status: r.status, adjourned: adjournReason(r.status, r.sealed),
      ply: r.ply, updatedAt: r.updatedAt, outcome: r.outcome, turn, deadline: deadline === null ? null : new Date(deadline).toISOString(),
    };
  };
  return { games: games.map(shown), finished: finished.map(shown) };
}
