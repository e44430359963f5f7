import {
  GameStatusSchema, RoomOptionsSchema, seatLabel, SeatsSchema, setupOfRoom, showsRoomCode, type Color, type Viewer, type GameRecord, type GameStatus, type RoomOptions, type Seat,
} from '@chu/protocol';
import { Prisma } from '../generated/prisma/client.ts';
import { outcomeOf, storedClock } from './columns.ts';
import type { PrismaClient } from './database.ts';

/** A seat as a record shows it: its kind and name ("CPU 3" for the CPU, by the protocol's seatLabel). */
export function recordSeat(s: Seat): GameRecord['seats']['black'] {
  const name = seatLabel(s);
  return s.kind === 'cpu' ? { kind: s.kind, name: name!, level: s.level } : { kind: s.kind, name };
}

/**
 * One of a person's games as stored, for `GET /api/me/games`: the facts only. Whose turn it is, a
 * correspondence deadline and why a game is adjourned are the rules', the clock's and the session's
 * answers, which http/myGames reads from them (this module decides no game rule).
 */
export interface MyGameRow {
  gameId: string; roomCode: string; color: Color; opponent: string | null; status: GameStatus;
  options: RoomOptions; startSfen: string;
  sealed: boolean; turnStartedAt: Date | null; ply: number; updatedAt: string; outcome: GameRecord['outcome'];
}

const RECORD_PARTS = {
  tournamentPairing: { select: { tournament: { select: { id: true, name: true } } } },
  room: { select: { code: true } },
  moves: { orderBy: { ply: 'asc' }, select: { usi: true, timeMs: true, byCpu: true, blackMs: true, blackPeriods: true, whiteMs: true, whitePeriods: true, lagMs: true } },
} satisfies Prisma.GameInclude;

function toGameRecord(g: Prisma.GameGetPayload<{ include: typeof RECORD_PARTS }>, viewer: Viewer): GameRecord {
  const seats = SeatsSchema.parse(g.seats);
  const status = GameStatusSchema.parse(g.status);
  const options = RoomOptionsSchema.parse(g.options);
  return {
    id: g.id,
    roomCode: showsRoomCode(options.public || g.tournamentPairing !== null, seats, viewer) ? g.room.code : null,
    number: g.number,
    options,
    startSfen: g.startSfen,
    setup: setupOfRoom({ variant: options.variant, startSfen: g.startSfen }),
    moves: g.moves.map((m) => m.usi),
    times: g.moves.map((m) => m.timeMs),
    clocks: g.moves.map((m) => {
      const c = storedClock(m);
      return c && { black: { mainMs: c.blackMs, periods: c.blackPeriods }, white: { mainMs: c.whiteMs, periods: c.whitePeriods }, lagCreditMs: m.lagMs ?? 0 };
    }),
    byCpu: g.moves.map((m) => m.byCpu),
    status,
    outcome: outcomeOf(status, g.winner, g.reason),
    seats: { black: recordSeat(seats.black), white: recordSeat(seats.white) },
    createdAt: g.createdAt.toISOString(),
    finishedAt: g.finishedAt?.toISOString() ?? null,
    tournament: g.tournamentPairing?.tournament ?? null,
  };
}

/** The HTTP read models of stored games: replays and records, and the games a person comes back to. */
export class GameRecords {
  constructor(private readonly prisma: PrismaClient) {}

  /** A game as stored, for replays (finished or not), as `viewer` may see it. */
  async gameRecord(id: string, viewer: Viewer): Promise<GameRecord | null> {
    const g = await this.prisma.game.findUnique({ where: { id }, include: RECORD_PARTS });
    return g && toGameRecord(g, viewer);
  }

  /** Several games as stored, in the order of `ids` (one query: an export reads a page at a time). */
  async gameRecords(ids: string[], viewer: Viewer): Promise<GameRecord[]> {
    const rows = await this.prisma.game.findMany({ where: { id: { in: ids } }, include: RECORD_PARTS });
    const byId = new Map(rows.map((g) => [g.id, g]));
    return ids.flatMap((id) => {
      const g = byId.get(id);
      return g ? [toGameRecord(g, viewer)] : [];
    });
  }

  /**
   * The games a person comes back to: this device's in progress, newest first (the way back into an
   * adjourned game), and, for an account, its last finished games from any of its devices.
   */
  async myGames(deviceId: string, userId: string | null, limit = 20): Promise<{ games: MyGameRow[]; finished: MyGameRow[] }> {
    const games = await this.myGameRows(
      Prisma.sql`g."status" IN ('active', 'adjourned') AND ${seatedAs('deviceId', deviceId)}`,
      Prisma.sql`g."turn_started_at" DESC NULLS LAST`, limit, (s) => s.kind === 'human' && s.deviceId === deviceId,
    );
    const finished = userId === null ? [] : await this.myGameRows(
      Prisma.sql`g."status" = 'finished' AND ${seatedAs('userId', userId)}`,
      Prisma.sql`g."finished_at" DESC NULLS LAST`, limit, (s) => s.kind === 'human' && s.userId === userId,
    );
    return { games, finished };
  }

  private async myGameRows(where: Prisma.Sql, order: Prisma.Sql, limit: number, mine: (s: Seat) => boolean): Promise<MyGameRow[]> {
    const rows = await this.prisma.$queryRaw<
      {
        id: string; code: string; seats: unknown; status: string; winner: string | null; reason: string | null; ply: number; updated: Date;
        options: unknown; startSfen: string; turnStartedAt: Date | null; sealed: boolean;
      }[]
    >`
      SELECT g."id", r."code", g."seats", g."status", g."winner", g."reason", g."options", g."start_sfen" AS "startSfen",
        g."turn_started_at" AS "turnStartedAt",
        EXISTS (SELECT 1 FROM "sealed_moves" s WHERE s."game_id" = g."id") AS "sealed",
        (SELECT count(*)::int FROM "moves" m WHERE m."game_id" = g."id") AS "ply",
        COALESCE(g."finished_at", g."turn_started_at", g."created_at") AS "updated"
      FROM "games" g JOIN "rooms" r ON r."id" = g."room_id"
      WHERE ${where}
      ORDER BY ${order}
      LIMIT ${limit}`;
    return rows.map((r) => {
      const seats = SeatsSchema.parse(r.seats);
      const color = mine(seats.black) ? 'black' as const : 'white' as const;
      const status = GameStatusSchema.parse(r.status);
      return {
        gameId: r.id, roomCode: r.code, color, opponent: recordSeat(seats[color === 'black' ? 'white' : 'black']).name, status,
        options: RoomOptionsSchema.parse(r.options), startSfen: r.startSfen, sealed: r.sealed, turnStartedAt: r.turnStartedAt,
        ply: r.ply, updatedAt: r.updated.toISOString(), outcome: outcomeOf(status, r.winner, r.reason),
      };
    });
  }
}

/** A game's seats hold this device or account (the seats are JSON: { black: Seat, white: Seat }). */
const seatedAs = (key: 'deviceId' | 'userId', id: string): Prisma.Sql => {
  const field = Prisma.raw(`'${key}'`); // one of two fixed names, never input
  return Prisma.sql`(g."seats"->'black'->>${field} = ${id} OR g."seats"->'white'->>${field} = ${id})`;
};
