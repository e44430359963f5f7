import { z } from 'zod';
import {
  ChatChannelSchema, ColorSchema, GameStatusSchema, IdSchema, RoomOptionsSchema, playerPoolOf, resultIsRated, SeatsSchema, type ChatMessage, type Color,
  type GameStatus, type Outcome, type RatingChanges, type RatingPool, type RoomOptions, type RoomTournament, type Seats,
} from '@chu/protocol';
import { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from './database.ts';
import { outcomeOf, storedClock, type StoredClockColumns } from './columns.ts';
import { fenced, refusal } from './fencing.ts';
import { recordSeat } from './GameRecords.ts';
import { MoveWriter, type MoveRecord, type StoredClock } from './MoveWriter.ts';
import { ConnectionShare } from './ConnectionShare.ts';
import { isMovesConflict, MovesAhead, StaleOwner } from './refusals.ts';

export { MovesAhead, StaleOwner, fenced, recordSeat };

/** A tournament game was not stored: its pairing has a game already (or the room's lease is gone). */
export class PairingTaken extends Error {
  constructor(readonly pairingId: string, readonly roomId: string) { super(`pairing ${pairingId} has its game already (or room ${roomId} another owner)`); }
}

export type Tx = Prisma.TransactionClient;

/** Who a new room counts against: the devices that will be in it, and the address that asked (none for the server's own). */
export interface RoomClaim { deviceIds: string[]; address: string | null }
/**
 * How many rooms a device, and an address, may hold. A room is held while some process has it in memory
 * (`here`, the ids this process holds; another's by its unexpired lease) or a game is in play in it.
 */
export interface RoomBound { perDevice: number; perAddress: number; here: string[] }
/** Who is over their bound. */
export type OverBound = { deviceId: string } | { address: string };

export interface RoomRecord {
  id: string;
  code: string;
  hostDeviceId: string;
  options: RoomOptions;
  seats: Seats;
  gameNumber: number;
  muted: string[]; // devices the host muted in the chat
}

/** A game as stored, enough to rebuild its session: the moves replay through the rules. */
export interface StoredGame {
  id: string;
  roomId: string;
  number: number;
  options: RoomOptions;
  startSfen: string;
  seats: Seats;
  version: number;
  rated: boolean;
  status: GameStatus;
  outcome: Outcome | null;
  moves: { usi: string; ackId: string | null; deviceId: string | null; clock: StoredClock | null }[];
  turnStartedAt: Date | null; // when the side to move's turn started (correspondence deadlines run from it)
  sealer: Color | null;       // adjournment by agreement (RULES.md §7): the side that seals, until its move is played
  sealed: SealedRecord | null; // its sealed move, not yet played (never shown before the game resumes)
  tournament: RoomTournament | null; // the tournament whose pairing this game is
}

/** A sealed move as stored (RULES.md §7): a move's record, kept apart from the game's moves until it is played. */
export type SealedRecord = Pick<MoveRecord, 'ply' | 'usi' | 'timeMs' | 'byCpu' | 'ackId' | 'deviceId' | 'lagMs'> & { clock: StoredClock | null };

/** A game whose result moves ratings: its accounts and the pool each side's rating is in (protocol's playerPoolOf). */
export interface RatedGame { id: string; blackUserId: string; whiteUserId: string; pools: Record<Color, RatingPool> }

/**
 * The rating step of a finishing transaction: the game's ledger (game/GameLedger) finishes games through
 * it, and ranked/RatingBook is it, so game/ never reaches into ranked/.
 */
export interface RatingStep { rate(tx: Tx, game: RatedGame, winner: Color | null, now: Date): Promise<RatingChanges> }

/** The accounts behind a rated game's seats. */
export interface RatedPlayers {
  black: string;
  white: string;
}

const clockColumns = { blackMs: true, blackPeriods: true, whiteMs: true, whitePeriods: true } as const;
const gameWithMoves = {
  moves: {
    orderBy: { ply: 'asc' as const },
    select: { usi: true, ackId: true, deviceId: true, ...clockColumns },
  },
  sealedMove: { select: { ply: true, usi: true, timeMs: true, byCpu: true, ackId: true, deviceId: true, lagMs: true, ...clockColumns } },
  tournamentPairing: { select: { round: true, tournament: { select: { id: true, name: true, kind: true, rounds: true } } } },
};

// Rooms, games and moves in the database. Every write here is awaited before anyone is told.
// JSON columns are parsed on the way in: a row that does not fit the schema is a bug, and says so.
export class Store {
  private readonly moves: MoveWriter;
  private readonly roomCreations = new ConnectionShare(4); // of the pool's 16 (database.ts): the rest stay free for moves

  constructor(private readonly prisma: PrismaClient) {
    this.moves = new MoveWriter(prisma);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  async createRoom(r: RoomRecord): Promise<void> {
    await this.prisma.room.create({ data: { ...r, options: r.options, seats: r.seats } });
  }

  /**
   * A room stored only while every device in `claim`, and its address, holds fewer rooms than `bound`;
   * else the first over its bound, and nothing stored. Counted here, in the database every process
   * shares; the claimants are locked (in one order) so two creations at once count each other.
   */
  async createBoundedRoom(r: RoomRecord, claim: RoomClaim, bound: RoomBound): Promise<OverBound | null> {
    return this.roomCreations.run(() => this.prisma.$transaction(async (tx) => {
      // An unbounded claimant is neither locked nor counted: a limit switched off costs nothing.
      const deviceIds = Number.isFinite(bound.perDevice) ? [...new Set(claim.deviceIds)] : [];
      const address = Number.isFinite(bound.perAddress) ? claim.address : null;
      const keys = [...deviceIds.map((d) => `room-device:${d}`), ...(address ? [`room-address:${address}`] : [])].sort();
      for (const key of keys) await tx.$queryRaw`SELECT count(*)::int AS n FROM (SELECT pg_advisory_xact_lock(hashtext(${key}))) AS locked`;
      for (const deviceId of deviceIds) {
        if ((await heldBy(tx, Prisma.sql`r."host_device_id" = ${deviceId}`, deviceId, bound.here, bound.perDevice)) >= bound.perDevice) return { deviceId };
      }
      if (address && (await heldBy(tx, Prisma.sql`r."made_from" = ${address}`, null, bound.here, bound.perAddress)) >= bound.perAddress) {
        return { address };
      }
      await tx.room.create({ data: { ...r, options: r.options, seats: r.seats, madeFrom: claim.address } });
      return null;
    }));
  }

  async saveRoom(r: RoomRecord, fence: number | null): Promise<void> {
    const n = await this.prisma.$executeRaw`
      UPDATE "rooms" SET "host_device_id" = ${r.hostDeviceId}, "options" = ${JSON.stringify(r.options)}::jsonb,
        "seats" = ${JSON.stringify(r.seats)}::jsonb, "game_number" = ${r.gameNumber}, "muted" = ${JSON.stringify(r.muted)}::jsonb,
        "updated_at" = ${new Date()}
      WHERE "id" = ${r.id} AND ${fenced(Prisma.sql`${r.id}`, fence)}`;
    if (n !== 1) throw new StaleOwner(r.id);
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
  // A tournament's game (`pairingId`) is linked to its pairing in the same statement, and only to a
  // pairing that has no game yet: two owners racing for one pairing start one game between them.
  async createGame(
    g: Pick<StoredGame, 'id' | 'roomId' | 'number' | 'options' | 'startSfen' | 'seats'>, room: RoomRecord, rated: RatedPlayers | null, fence: number | null,
    pairingId: string | null = null,
  ): Promise<void> {
    const now = new Date();
    const forPairing = pairingId === null ? Prisma.sql`TRUE` : Prisma.sql`EXISTS (
      SELECT 1 FROM "tournament_pairings" p WHERE p."id" = ${pairingId} AND p."game_id" IS NULL FOR UPDATE)`;
    const n = await this.prisma.$executeRaw`
      WITH created AS (
        INSERT INTO "games" ("id", "room_id", "number", "options", "start_sfen", "seats", "status", "rated", "version",
                             "black_user_id", "white_user_id", "turn_started_at", "created_at")
        SELECT ${g.id}, ${g.roomId}, ${g.number}, ${JSON.stringify(g.options)}::jsonb, ${g.startSfen},
               ${JSON.stringify(g.seats)}::jsonb, 'active', ${rated !== null}, 0, ${rated?.black ?? null}, ${rated?.white ?? null},
               ${now}::timestamp(3), ${now}::timestamp(3)
        WHERE ${fenced(Prisma.sql`${g.roomId}`, fence)} AND ${forPairing}
        RETURNING "room_id", "id"
      ), linked AS (
        UPDATE "tournament_pairings" SET "game_id" = (SELECT "id" FROM created)
        WHERE "id" = ${pairingId} AND EXISTS (SELECT 1 FROM created)
      )
      UPDATE "rooms" SET "game_number" = ${room.gameNumber}, "seats" = ${JSON.stringify(room.seats)}::jsonb, "updated_at" = ${now}
      WHERE "id" = (SELECT "room_id" FROM created)`;
    if (n !== 1) throw pairingId === null ? new StaleOwner(g.roomId) : new PairingTaken(pairingId, g.roomId);
  }

  /** Waits for the commit; concurrent moves of different games share one statement (MoveWriter). */
  appendMove(m: MoveRecord): Promise<void> {
    return this.moves.append(m);
  }

  /** A game event that is not a move (draw offer, seat change): its version, and active ↔ adjourned. */
  async setVersion(gameId: string, version: number, status: 'active' | 'adjourned' | undefined, fence: number | null): Promise<void> {
    const n = await this.prisma.$executeRaw`
      UPDATE "games" AS g SET "version" = ${version}, "status" = COALESCE(${status ?? null}, g."status")
      WHERE g."id" = ${gameId} AND g."status" IN ('active', 'adjourned') AND ${fenced(Prisma.sql`g."room_id"`, fence)}`;
    if (n !== 1) throw await refusal(this.prisma, gameId, fence, `game ${gameId} is over: event not stored`);
  }

  /** A gift of time (RULES.md §7): the clocks stored with the game's last move change, and its version moves on. */
  async amendClock(gameId: string, ply: number, clock: StoredClock, version: number, fence: number | null): Promise<void> {
    const n = await this.prisma.$executeRaw`
      WITH game AS (
        UPDATE "games" AS g SET "version" = ${version}
        WHERE g."id" = ${gameId} AND g."status" = 'active' AND ${fenced(Prisma.sql`g."room_id"`, fence)}
        RETURNING g."id"
      )
      UPDATE "moves" SET "black_ms" = ${clock.blackMs}, "black_periods" = ${clock.blackPeriods},
        "white_ms" = ${clock.whiteMs}, "white_periods" = ${clock.whitePeriods}
      WHERE "game_id" = (SELECT "id" FROM game) AND "ply" = ${ply}`;
    if (n !== 1) throw await refusal(this.prisma, gameId, fence, `game ${gameId} is not in play: time not given`);
  }

  /** Adjournment agreed (RULES.md §7): `sealer`, to move, seals a move next. Cleared when the sealed move is played. */
  async setSealer(gameId: string, sealer: Color, version: number, fence: number | null): Promise<void> {
    const n = await this.prisma.$executeRaw`
      UPDATE "games" AS g SET "version" = ${version}, "sealer" = ${sealer}
      WHERE g."id" = ${gameId} AND g."status" = 'active' AND ${fenced(Prisma.sql`g."room_id"`, fence)}`;
    if (n !== 1) throw await refusal(this.prisma, gameId, fence, `game ${gameId} is not in play: adjournment not stored`);
  }

  /**
   * The sealer's move is sealed: stored apart from the game's moves, and the game adjourned, in one
   * statement. Nothing that reads "moves" sees it until `playSealed`.
   */
  async seal(gameId: string, m: SealedRecord, version: number, fence: number | null): Promise<void> {
    const n = await this.prisma.$executeRaw`
      WITH game AS (
        UPDATE "games" AS g SET "version" = ${version}, "status" = 'adjourned'
        WHERE g."id" = ${gameId} AND g."status" = 'active' AND g."sealer" IS NOT NULL AND ${fenced(Prisma.sql`g."room_id"`, fence)}
        RETURNING g."id"
      )
      INSERT INTO "sealed_moves" ("game_id", "ply", "usi", "time_ms", "by_cpu", "ack_id", "device_id",
                                  "black_ms", "black_periods", "white_ms", "white_periods", "lag_ms")
      SELECT "id", ${m.ply}, ${m.usi}, ${m.timeMs}, ${m.byCpu}, ${m.ackId}, ${m.deviceId},
             ${m.clock?.blackMs ?? null}::int, ${m.clock?.blackPeriods ?? null}::int, ${m.clock?.whiteMs ?? null}::int,
             ${m.clock?.whitePeriods ?? null}::int, ${m.lagMs ?? null}::int
      FROM game
      ON CONFLICT ("game_id") DO UPDATE SET "ply" = EXCLUDED."ply", "usi" = EXCLUDED."usi", "time_ms" = EXCLUDED."time_ms",
        "by_cpu" = EXCLUDED."by_cpu", "ack_id" = EXCLUDED."ack_id", "device_id" = EXCLUDED."device_id",
        "black_ms" = EXCLUDED."black_ms", "black_periods" = EXCLUDED."black_periods", "white_ms" = EXCLUDED."white_ms",
        "white_periods" = EXCLUDED."white_periods", "lag_ms" = EXCLUDED."lag_ms", "created_at" = CURRENT_TIMESTAMP`;
    if (n !== 1) throw await refusal(this.prisma, gameId, fence, `game ${gameId} is not being adjourned: move not sealed`);
  }

  /**
   * Both players agreed to resume (RULES.md §7): in one transaction the sealed move joins the game's
   * moves, its sealed row goes, and the game is in play again from `move.at`. A sealed move that ends the
   * game is stored by `finish` instead, with the result.
   */
  async playSealed(move: MoveRecord): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const n = await tx.$executeRaw`
        UPDATE "games" AS g SET "version" = ${move.version}, "status" = 'active', "sealer" = NULL, "turn_started_at" = ${move.at ?? new Date()}
        WHERE g."id" = ${move.gameId} AND g."status" = 'adjourned' AND ${fenced(Prisma.sql`g."room_id"`, move.fence)}`;
      if (n !== 1) throw await refusal(tx, move.gameId, move.fence, `game ${move.gameId} is not adjourned: sealed move not played`);
      await Store.insertMove(tx, move);
      await tx.$executeRaw`DELETE FROM "sealed_moves" WHERE "game_id" = ${move.gameId}`;
    });
  }

  /** A chat message, kept with its room (fenced like every write of the room's state). */
  async addChat(roomId: string, m: Omit<ChatMessage, 'id' | 'at'>, fence: number | null): Promise<ChatMessage> {
    const rows = await this.prisma.$queryRaw<{ id: number; created_at: Date }[]>`
      INSERT INTO "chat_messages" ("room_id", "channel", "game_id", "device_id", "name", "text")
      SELECT ${roomId}, ${m.channel}, ${m.gameId}, ${m.deviceId}, ${m.name}, ${m.text} WHERE ${fenced(Prisma.sql`${roomId}`, fence)}
      RETURNING "id", "created_at"`;
    if (rows.length !== 1) throw new StaleOwner(roomId);
    return { ...m, id: rows[0].id, at: rows[0].created_at.toISOString() };
  }

  /** The latest messages of the room's channel and of game `gameId`'s players' channel (null: none), oldest first. */
  async recentChat(roomId: string, gameId: string | null, perChannel = 50): Promise<ChatMessage[]> {
    const rows = await this.prisma.$queryRaw<{ id: number; channel: string; game_id: string | null; device_id: string; name: string; text: string; created_at: Date }[]>`
      SELECT * FROM (
        SELECT c.*, row_number() OVER (PARTITION BY c."channel" ORDER BY c."id" DESC) AS n
        FROM "chat_messages" c
        WHERE c."room_id" = ${roomId} AND (c."channel" = 'spectators' OR c."game_id" = ${gameId})
      ) x WHERE x.n <= ${perChannel} ORDER BY x."id"`;
    return rows.map((r) => ({
      id: r.id, channel: ChatChannelSchema.parse(r.channel), gameId: r.game_id, deviceId: r.device_id, name: r.name, text: r.text,
      at: r.created_at.toISOString(),
    }));
  }

  /**
   * An accepted takeback, in one transaction: the moves from `fromPly` on leave the game for
   * `taken_back_moves` (nothing acknowledged is ever lost), and the game's version moves on.
   */
  async takeBack(gameId: string, fromPly: number, version: number, fence: number | null): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const n = await tx.$executeRaw`
        UPDATE "games" AS g SET "version" = ${version}, "turn_started_at" = ${new Date()}
        WHERE g."id" = ${gameId} AND g."status" = 'active' AND ${fenced(Prisma.sql`g."room_id"`, fence)}`;
      if (n !== 1) throw await refusal(tx, gameId, fence, `game ${gameId} is not in play: takeback not stored`);
      await tx.$executeRaw`
        INSERT INTO "taken_back_moves" ("game_id", "ply", "usi", "time_ms", "by_cpu", "ack_id", "device_id", "created_at", "version")
        SELECT "game_id", "ply", "usi", "time_ms", "by_cpu", "ack_id", "device_id", "created_at", ${version}
        FROM "moves" WHERE "game_id" = ${gameId} AND "ply" >= ${fromPly}`;
      await tx.$executeRaw`DELETE FROM "moves" WHERE "game_id" = ${gameId} AND "ply" >= ${fromPly}`;
    });
  }

  /** Inside the finishing transaction: the final move, if the game ended on one. */
  static async insertMove(tx: Tx, m: MoveRecord): Promise<void> {
    try {
      await tx.move.create({
        data: {
          gameId: m.gameId, ply: m.ply, usi: m.usi, timeMs: m.timeMs, byCpu: m.byCpu, ackId: m.ackId, deviceId: m.deviceId, ...m.clock, lagMs: m.lagMs ?? null,
        },
      });
    } catch (err) {
      throw isMovesConflict(err) ? new MovesAhead(m.gameId, m.ply) : err;
    }
  }

  /**
   * The finishing transaction: the final move (if the game ended on one), the result, and, when the
   * result counts for ratings, `ratings`' step, all together or not at all. A game never finishes twice.
   */
  finish(r: { gameId: string; version: number; outcome: Outcome; finalMove?: MoveRecord; fence: number | null }, ratings: RatingStep): Promise<RatingChanges | null> {
    const now = new Date();
    return this.transaction(async (tx) => {
      if (r.finalMove) await Store.insertMove(tx, r.finalMove);
      const rated = await Store.markFinished(tx, r.gameId, r.version, r.outcome, now, r.fence);
      return rated && ratings.rate(tx, { id: r.gameId, blackUserId: rated.black, whiteUserId: rated.white, pools: rated.pools }, r.outcome.winner, now);
    });
  }

  /**
   * Inside the finishing transaction: records a result once (only an unfinished game finishes) and
   * returns the accounts to rate, if its result counts (the protocol's resultIsRated).
   */
  static async markFinished(tx: Tx, gameId: string, version: number, outcome: Outcome, now: Date, fence: number | null): Promise<(RatedPlayers & { pools: Record<Color, RatingPool> }) | null> {
    const rows = await tx.$queryRaw<{ rated: boolean; black: string | null; white: string | null; options: unknown }[]>`
      UPDATE "games" AS g SET "version" = ${version}, "status" = 'finished', "winner" = ${outcome.winner}, "reason" = ${outcome.reason},
        "finished_at" = ${now}, "turn_started_at" = ${now}
      WHERE g."id" = ${gameId} AND g."status" IN ('active', 'adjourned') AND ${fenced(Prisma.sql`g."room_id"`, fence)}
      RETURNING "rated", "black_user_id" AS "black", "white_user_id" AS "white", "options"`;
    if (rows.length !== 1) throw await refusal(tx, gameId, fence, `game ${gameId} is not in play: result not recorded (twice)`);
    const g = rows[0];
    if (!resultIsRated(g.rated, outcome) || !g.black || !g.white) return null;
    // each side's pool: a bot's own, a person's by the control (a ranked game stored untimed, from before controls, counts as real-time)
    const bots = new Set((await tx.user.findMany({ where: { id: { in: [g.black, g.white] }, bot: true }, select: { id: true } })).map((u) => u.id));
    const control = RoomOptionsSchema.parse(g.options).timeControl;
    return { black: g.black, white: g.white, pools: { black: playerPoolOf({ bot: bots.has(g.black) }, control), white: playerPoolOf({ bot: bots.has(g.white) }, control) } };
  }

  /**
   * After a write was refused: has another process taken the room over (its lease carries another
   * token)? False while the lease is still this fence's, run out or not: renewing it keeps the room.
   */
  async leaseLost(roomId: string, fence: number | null): Promise<boolean> {
    if (fence === null) return false;
    const lease = await this.prisma.roomLease.findUnique({ where: { roomId }, select: { token: true } });
    return lease?.token !== BigInt(fence);
  }

  /** Games still in play (active or adjourned), to carry on after a start. */
  async liveGames(): Promise<StoredGame[]> {
    const rows = await this.prisma.game.findMany({ where: { status: { in: ['active', 'adjourned'] } }, include: gameWithMoves });
    return rows.map(toGame);
  }

  /** The room a game was played in (a fact that never changes, so callers may keep it). */
  async roomCodeOfGame(gameId: string): Promise<string | null> {
    const g = await this.prisma.game.findUnique({ where: { id: gameId }, select: { room: { select: { code: true } } } });
    return g?.room.code ?? null;
  }

  /** A room's latest game, whatever its state (a room shows its last result after a restart). */
  async lastGame(roomId: string): Promise<StoredGame | null> {
    const row = await this.prisma.game.findFirst({ where: { roomId }, orderBy: { number: 'desc' }, include: gameWithMoves });
    return row && toGame(row);
  }
}

/**
 * The rooms that count against a bound, up to the bound: those `mine` selects that are held (RoomBound); and, for a device,
 * the rooms of the games in play it sits in (a challenge's room is hosted by Black's device, yet White's
 * is in it too).
 */
async function heldBy(tx: Tx, mine: Prisma.Sql, deviceId: string | null, here: string[], bound: number): Promise<number> {
  const live = Prisma.sql`"status" IN ('active', 'adjourned')`;
  const seated = deviceId === null ? Prisma.empty : Prisma.sql`
    UNION SELECT "room_id" FROM "games" WHERE ${live} AND "seats"->'black'->>'deviceId' = ${deviceId}
    UNION SELECT "room_id" FROM "games" WHERE ${live} AND "seats"->'white'->>'deviceId' = ${deviceId}`;
  const [row] = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT r."id" FROM "rooms" r WHERE ${mine}
        AND (r."id" = ANY(${here}) OR EXISTS (SELECT 1 FROM "room_leases" l WHERE l."room_id" = r."id" AND l."expires_at" > now())
          OR EXISTS (SELECT 1 FROM "games" g WHERE g."room_id" = r."id" AND g.${live}))
      ${seated}
      LIMIT ${bound}
    ) AS held`; // counting stops at the bound: an address with thousands of old rooms costs no more than one with few
  return row?.n ?? 0;
}

function toRoom(row: { id: string; code: string; hostDeviceId: string; options: unknown; seats: unknown; gameNumber: number; muted: unknown }): RoomRecord {
  return {
    id: row.id, code: row.code, hostDeviceId: row.hostDeviceId,
    options: RoomOptionsSchema.parse(row.options), seats: SeatsSchema.parse(row.seats), gameNumber: row.gameNumber,
    muted: z.array(IdSchema).parse(row.muted),
  };
}

/** A pairing's tournament as its room shows it: an arena numbers its pairings, but they are not rounds. */
export function roomTournament(t: { id: string; name: string; kind: string; rounds: number | null }, round: number): RoomTournament {
  const league = t.kind === 'round-robin';
  return { id: t.id, name: t.name, round: league ? round : null, rounds: league ? t.rounds : null };
}

function toGame(g: {
  id: string; roomId: string; number: number; options: unknown; startSfen: string; seats: unknown; version: number;
  rated: boolean; status: string; winner: string | null; reason: string | null;
  moves: ({ usi: string; ackId: string | null; deviceId: string | null } & StoredClockColumns)[];
  turnStartedAt: Date | null;
  sealer: string | null;
  sealedMove: (Omit<SealedRecord, 'clock' | 'lagMs'> & { lagMs: number | null } & StoredClockColumns) | null;
  tournamentPairing: { round: number; tournament: { id: string; name: string; kind: string; rounds: number | null } } | null;
}): StoredGame {
  const status = GameStatusSchema.parse(g.status);
  // a sealed row whose move was played already (the game ended on it) is history, not a pending seal
  const s = g.sealedMove && g.sealedMove.ply === g.moves.length && status !== 'finished' ? g.sealedMove : null;
  return {
    id: g.id, roomId: g.roomId, number: g.number, options: RoomOptionsSchema.parse(g.options), startSfen: g.startSfen,
    seats: SeatsSchema.parse(g.seats), version: g.version, rated: g.rated, status,
    outcome: outcomeOf(status, g.winner, g.reason), turnStartedAt: g.turnStartedAt,
    moves: g.moves.map((m) => ({ usi: m.usi, ackId: m.ackId, deviceId: m.deviceId, clock: storedClock(m) })),
    sealer: status === 'finished' || g.sealer === null ? null : ColorSchema.parse(g.sealer),
    sealed: s && {
      ply: s.ply, usi: s.usi, timeMs: s.timeMs, byCpu: s.byCpu, ackId: s.ackId, deviceId: s.deviceId, lagMs: s.lagMs, clock: storedClock(s),
    },
    tournament: g.tournamentPairing && roomTournament(g.tournamentPairing.tournament, g.tournamentPairing.round),
  };
}

