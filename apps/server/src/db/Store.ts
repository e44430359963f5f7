import type { Outcome, RoomOptions } from '@chu/protocol';
import type { Seats } from '../rooms/Seat.ts';
import type { Prisma, PrismaClient } from './database.ts';
import { RatingBook } from '../ranked/RatingBook.ts';
import { MoveWriter } from './MoveWriter.ts';

export interface RoomRecord {
  id: string;
  code: string;
  hostDeviceId: string;
  options: RoomOptions;
  seats: Seats;
  gameNumber: number;
}

export interface GameRecord {
  id: string;
  roomId: string;
  number: number;
  options: RoomOptions;
  startSfen: string;
  seats: Seats;
  version: number;
  rated: boolean;
  moves: { usi: string; ackId: string | null; deviceId: string | null }[];
}

export interface MoveRecord {
  gameId: string;
  ply: number;
  usi: string;
  timeMs: number;
  byCpu: boolean;
  ackId: string | null;
  deviceId: string | null;
  version: number; // game version after this move (and its end event, if it ended the game)
  outcome?: Outcome;
}

// Rooms, games and moves in the database. Every write here is awaited before anyone is told.
export class Store {
  private readonly moves: MoveWriter;

  constructor(private readonly prisma: PrismaClient) {
    this.moves = new MoveWriter(prisma);
  }

  async createRoom(r: RoomRecord): Promise<void> {
    await this.prisma.room.create({ data: { ...r, options: r.options as object, seats: r.seats as object } });
  }

  async saveRoom(r: RoomRecord): Promise<void> {
    await this.prisma.room.update({
      where: { id: r.id },
      data: { hostDeviceId: r.hostDeviceId, options: r.options as object, seats: r.seats as object, gameNumber: r.gameNumber },
    });
  }

  async findRoom(code: string): Promise<RoomRecord | null> {
    const row = await this.prisma.room.findUnique({ where: { code } });
    return row && toRoom(row);
  }

  async findRoomById(id: string): Promise<RoomRecord | null> {
    const row = await this.prisma.room.findUnique({ where: { id } });
    return row && toRoom(row);
  }

  // One statement: the game row and the room's counter/seats together, without a transaction round trip.
  async createGame(g: Omit<GameRecord, 'moves' | 'version' | 'rated'>, room: RoomRecord, rated: RatedPlayers | null = null): Promise<void> {
    const now = new Date();
    const n = await this.prisma.$executeRaw`
      WITH created AS (
        INSERT INTO "games" ("id", "room_id", "number", "options", "start_sfen", "seats", "status", "rated", "version",
                             "black_user_id", "white_user_id", "turn_started_at", "created_at")
        VALUES (${g.id}, ${g.roomId}, ${g.number}, ${JSON.stringify(g.options)}::jsonb, ${g.startSfen},
                ${JSON.stringify(g.seats)}::jsonb, 'active', ${rated !== null}, 0, ${rated?.black ?? null}, ${rated?.white ?? null},
                ${now}, ${now})
        RETURNING "room_id"
      )
      UPDATE "rooms" SET "game_number" = ${room.gameNumber}, "seats" = ${JSON.stringify(room.seats)}::jsonb, "updated_at" = ${now}
      WHERE "id" = (SELECT "room_id" FROM created)`;
    if (n !== 1) throw new Error(`game not stored: ${g.id}`);
  }

  // Waits for the commit; concurrent moves of different games share one statement (MoveWriter).
  // A move that ends the game is written with the result (and the rating change) in one transaction.
  appendMove(m: MoveRecord): Promise<void> {
    if (!m.outcome) return this.moves.append(m);
    const outcome = m.outcome;
    return this.prisma.$transaction(async (tx) => {
      await tx.move.create({
        data: { gameId: m.gameId, ply: m.ply, usi: m.usi, timeMs: m.timeMs, byCpu: m.byCpu, ackId: m.ackId, deviceId: m.deviceId },
      });
      await finish(tx, m.gameId, m.version, outcome);
    });
  }

  async setVersion(gameId: string, version: number): Promise<void> {
    await this.prisma.game.update({ where: { id: gameId }, data: { version } });
  }

  async finishGame(gameId: string, version: number, outcome: Outcome): Promise<void> {
    await this.prisma.$transaction((tx) => finish(tx, gameId, version, outcome));
  }

  async activeGames(): Promise<GameRecord[]> {
    const rows = await this.prisma.game.findMany({
      where: { status: 'active' },
      include: { moves: { orderBy: { ply: 'asc' } } },
    });
    return rows.map((g) => ({
      id: g.id, roomId: g.roomId, number: g.number, options: g.options as RoomOptions, startSfen: g.startSfen,
      seats: g.seats as unknown as Seats, version: g.version, rated: g.rated,
      moves: g.moves.map((m) => ({ usi: m.usi, ackId: m.ackId, deviceId: m.deviceId })),
    }));
  }

  // A game as stored, for replays (finished or not).
  async gameRecord(id: string) {
    const g = await this.prisma.game.findUnique({
      where: { id },
      include: { room: { select: { code: true } }, moves: { orderBy: { ply: 'asc' }, select: { usi: true, timeMs: true, byCpu: true } } },
    });
    if (!g) return null;
    const seats = g.seats as unknown as Seats;
    const seatInfo = (s: Seats['black']) =>
      s.kind === 'human' ? { kind: s.kind, name: s.name } : s.kind === 'cpu' ? { kind: s.kind, name: `CPU ${s.level}`, level: s.level } : { kind: s.kind, name: null };
    return {
      id: g.id,
      roomCode: g.room.code,
      number: g.number,
      options: g.options as RoomOptions,
      startSfen: g.startSfen,
      moves: g.moves.map((m) => m.usi),
      times: g.moves.map((m) => m.timeMs),
      byCpu: g.moves.map((m) => m.byCpu),
      status: g.status,
      outcome: g.status === 'finished' ? { winner: g.winner, reason: g.reason } : null,
      seats: { black: seatInfo(seats.black), white: seatInfo(seats.white) },
      createdAt: g.createdAt.toISOString(),
      finishedAt: g.finishedAt?.toISOString() ?? null,
    };
  }
}

/** The accounts of a rated game's seats. */
export interface RatedPlayers {
  black: string;
  white: string;
}

/**
 * Records a result once: only an active game finishes, and a rated one (not aborted) is rated in
 * the same transaction, so a result and its rating change exist together or not at all.
 */
async function finish(tx: Prisma.TransactionClient, gameId: string, version: number, outcome: Outcome): Promise<void> {
  const now = new Date();
  const rows = await tx.$queryRaw<{ rated: boolean; black: string | null; white: string | null }[]>`
    UPDATE "games" SET "version" = ${version}, "status" = 'finished', "winner" = ${outcome.winner}, "reason" = ${outcome.reason},
      "finished_at" = ${now}, "turn_started_at" = ${now}
    WHERE "id" = ${gameId} AND "status" = 'active'
    RETURNING "rated", "black_user_id" AS "black", "white_user_id" AS "white"`;
  if (rows.length !== 1) throw new Error(`game ${gameId} is not active: result not recorded twice`);
  const g = rows[0];
  if (g.rated && outcome.reason !== 'abort' && g.black && g.white)
    await RatingBook.rate(tx, { id: gameId, blackUserId: g.black, whiteUserId: g.white }, outcome.winner, now);
}

function toRoom(row: { id: string; code: string; hostDeviceId: string; options: unknown; seats: unknown; gameNumber: number }): RoomRecord {
  return {
    id: row.id, code: row.code, hostDeviceId: row.hostDeviceId,
    options: row.options as RoomOptions, seats: row.seats as Seats, gameNumber: row.gameNumber,
  };
}
