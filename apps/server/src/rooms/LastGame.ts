import { ratingPoolOf, type RatingChanges } from '@chu/protocol';
import type { StoredGame } from '../db/Store.ts';
import type { GameSession } from '../game/GameSession.ts';
import type { RoomDeps } from './ports.ts';

/** What a room loads with: its last game, and the ratings to show beside that game's seats. */
export interface LastGame { game: StoredGame; seatRatings: GameSession['seatRatings']; ratingChanges: RatingChanges | null }

/** A room's last game as stored, with its ratings: on loading the room, and on reading it again. */
export async function loadLastGame(deps: Pick<RoomDeps, 'store' | 'ratings'>, roomId: string): Promise<LastGame | null> {
  const game = await deps.store.lastGame(roomId);
  if (!game) return null;
  const rated = game.rated && game.status === 'finished' ? await deps.ratings.changes(game.id) : null;
  return {
    game,
    ratingChanges: rated?.changes ?? null,
    // a finished rated game shows the ratings it was played at, "?" where they were provisional
    seatRatings: rated?.playedAt ?? await deps.ratings.seatRatings(game.seats, ratingPoolOf(game.options.timeControl)),
  };
}
