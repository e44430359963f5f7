import {
  OutcomeSchema, RoomOptionsSchema, SeatsSchema, showsRoomCode, standardStart, type Viewer, type ArchiveControl, type ArchiveFilter, type ArchiveGame, type ArchivePage, type Color,
} from '@chu/protocol';
import { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from './database.ts';
import { recordSeat } from './GameRecords.ts';

/** Where a page starts: after the game finished at `finishedAt` with id `id` (newest first). */
export interface ArchiveCursor { finishedAt: Date; id: string }

/** What the API's export narrows besides the archive's filters: games finished since a time, played on one side. */
export interface ArchiveSpan { since?: Date; color?: Color }

// The cursor is opaque to clients: base64url of "<ms since epoch>.<game id>". Finished games are ordered
// by (finished_at, id) and a game finishes once, so a game finished after paging began lands before
// the first page and never shifts the pages after a cursor.
export const cursorText = (c: ArchiveCursor): string => Buffer.from(`${c.finishedAt.getTime()}.${c.id}`).toString('base64url');
export function parseCursor(text: string): ArchiveCursor | null {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  return m ? { finishedAt: new Date(Number(m[1])), id: m[2] } : null;
}

const COLORS = ['black', 'white'] as const;
const other = (c: Color): Color => (c === 'black' ? 'white' : 'black');
const seatField = (color: Color, field: 'userId' | 'deviceId' | 'name'): Prisma.Sql =>
  Prisma.raw(`g."seats"->'${color}'->>'${field}'`); // fixed names only, never input

/**
 * The filters as SQL, from the side of the player seated at `color`. The time control is one clause here:
 * its kind (options.timeControl), a turn limit by its seconds.
 */
function filterSql(f: ArchiveFilter, color: Color): Prisma.Sql[] {
  const sql: Prisma.Sql[] = [];
  if (f.variant) sql.push(Prisma.sql`COALESCE(g."options"->>'variant', 'chu') = ${f.variant}`);
  if (f.rated !== undefined) sql.push(Prisma.sql`g."rated" = ${f.rated}`);
  if (f.control) sql.push(controlSql(f.control));
  if (f.result === 'win') sql.push(Prisma.sql`g."winner" = ${color}`);
  if (f.result === 'loss') sql.push(Prisma.sql`g."winner" = ${other(color)}`);
  if (f.result === 'draw') sql.push(Prisma.sql`g."winner" IS NULL`);
  if (f.opponent) sql.push(opponentNamed(f.opponent, other(color)));
  return sql;
}

function controlSql(control: ArchiveControl): Prisma.Sql {
  const kind = Prisma.sql`COALESCE(g."options"->'timeControl'->>'kind', 'none')`;
  switch (control) {
    case 'turn30': case 'turn60':
      return Prisma.sql`${kind} = 'turn' AND (g."options"->'timeControl'->>'seconds') = ${control.slice(4)}`;
    default: return Prisma.sql`${kind} = ${control}`;
  }
}

// A CPU seat's name is shown "CPU 3" (the protocol's seatLabel); a human seat's is stored, and found by its start, in any case.
const opponentNamed = (name: string, color: Color): Prisma.Sql => {
  const cpu = /^cpu\s*(\d+)$/i.exec(name);
  return cpu
    ? Prisma.sql`(g."seats"->${color}->>'kind' = 'cpu' AND g."seats"->${color}->>'level' = ${cpu[1]})`
    : Prisma.sql`lower(${seatField(color, 'name')}) LIKE lower(${likePrefix(name)}) ESCAPE '\\'`;
};

// "Beto" finds "beto_r": what was typed is a prefix, its own % and _ taken as letters
const likePrefix = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface ArchiveRow {
  id: string; code: string; color: Color; seats: unknown; options: unknown; rated: boolean; winner: string | null; reason: string;
  finished_at: Date; ply: number; in_tournament: boolean;
}

/**
 * Every finished game of an account, from any of its devices and whatever it was: casual, against the
 * CPU, rated, dai, handicap. Backed by games_archive_{black,white}_idx (migration 20261205120000).
 */
export class Archive {
  constructor(private readonly prisma: PrismaClient) {}

  /** The account's id and name as its owner wrote it, found in any case. */
  async player(username: string): Promise<{ id: string; username: string } | null> {
    const rows = await this.prisma.$queryRaw<{ id: string; username: string }[]>`
      SELECT "id", "username" FROM "users" WHERE lower("username") = lower(${username})`;
    return rows[0] ?? null;
  }

  /** One page, newest first, after `cursor`, as `viewer` may see it; `next` is null on the last page. */
  async page(userId: string, filter: ArchiveFilter, cursor: ArchiveCursor | null, limit: number, viewer: Viewer): Promise<ArchivePage> {
    const rows = await this.prisma.$queryRaw<ArchiveRow[]>(this.pageSql(userId, filter, cursor, limit + 1));
    const games = rows.slice(0, limit).map((r) => toArchiveGame(r, viewer));
    const last = rows.length > limit ? rows[limit - 1] : null;
    return { games, next: last ? cursorText({ finishedAt: last.finished_at, id: last.id }) : null };
  }

  /**
   * The ids of one page, newest first, and the cursor after it: all an export needs before it streams,
   * without the page's per-game counts (an export of 1,000 games reads their records later, a few at a time).
   */
  async ids(userId: string, filter: ArchiveFilter, cursor: ArchiveCursor | null, limit: number, span: ArchiveSpan = {}): Promise<{ ids: string[]; next: string | null }> {
    const rows = await this.prisma.$queryRaw<{ id: string; finished_at: Date }[]>(Prisma.sql`
      SELECT a."id", a."finished_at" FROM (${this.seatScans(userId, filter, cursor, limit + 1, () => Prisma.sql`g."id", g."finished_at"`, span)}) a
      ORDER BY a."finished_at" DESC, a."id" DESC LIMIT ${limit + 1}`);
    const last = rows.length > limit ? rows[limit - 1] : null;
    return { ids: rows.slice(0, limit).map((r) => r.id), next: last ? cursorText({ finishedAt: last.finished_at, id: last.id }) : null };
  }

  /** A page's SQL, with each game's length and whether it was a tournament's (bench/archive-plan.ts explains it). */
  pageSql(userId: string, filter: ArchiveFilter, cursor: ArchiveCursor | null, limit: number): Prisma.Sql {
    const columns = (color: Color) => Prisma.sql`g."id", g."room_id", ${color} AS "color", g."seats", g."options", g."rated", g."winner", g."reason", g."finished_at"`;
    return Prisma.sql`
      SELECT a."id", r."code", a."color", a."seats", a."options", a."rated", a."winner", a."reason", a."finished_at",
        (SELECT count(*)::int FROM "moves" m WHERE m."game_id" = a."id") AS "ply",
        EXISTS (SELECT 1 FROM "tournament_pairings" p WHERE p."game_id" = a."id") AS "in_tournament"
      FROM (${this.seatScans(userId, filter, cursor, limit, columns)}) a JOIN "rooms" r ON r."id" = a."room_id"
      ORDER BY a."finished_at" DESC, a."id" DESC LIMIT ${limit}`;
  }

  /**
   * One index scan per seat, each in (finished_at, id) order and cut at the page, joined. A game the
   * account played on both seats is read from the black one only.
   */
  private seatScans(userId: string, filter: ArchiveFilter, cursor: ArchiveCursor | null, limit: number, columns: (color: Color) => Prisma.Sql, span: ArchiveSpan = {}): Prisma.Sql {
    const seat = (color: Color) => {
      const where = [
        Prisma.sql`g."status" = 'finished'`,
        Prisma.sql`${seatField(color, 'userId')} = ${userId}`,
        ...(color === 'white' ? [Prisma.sql`${seatField('black', 'userId')} IS DISTINCT FROM ${userId}`] : []),
        ...(cursor ? [Prisma.sql`(g."finished_at", g."id") < (${cursor.finishedAt}::timestamp(3), ${cursor.id})`] : []),
        ...(span.since ? [Prisma.sql`g."finished_at" >= ${span.since}::timestamp(3)`] : []),
        ...filterSql(filter, color),
      ];
      return Prisma.sql`(SELECT ${columns(color)} FROM "games" g WHERE ${Prisma.join(where, ' AND ')}
        ORDER BY g."finished_at" DESC, g."id" DESC LIMIT ${limit})`;
    };
    return Prisma.join(COLORS.filter((c) => !span.color || c === span.color).map(seat), ' UNION ALL ');
  }

  /**
   * A guest's device becomes an account's: the games it played as a guest are the account's from now on
   * (its seats in them name the account). Seats that already name an account keep it.
   */
  async claimGuestGames(deviceId: string, userId: string): Promise<number> {
    let claimed = 0;
    for (const color of COLORS) {
      claimed += await this.prisma.$executeRaw`
        UPDATE "games" AS g SET "seats" = jsonb_set(g."seats", ${`{${color},userId}`}::text[], to_jsonb(${userId}::text))
        WHERE ${seatField(color, 'deviceId')} = ${deviceId} AND g."seats"->${color}->>'kind' = 'human'
          AND ${seatField(color, 'userId')} IS NULL`;
    }
    return claimed;
  }
}

function toArchiveGame(r: ArchiveRow, viewer: Viewer): ArchiveGame {
  const seats = SeatsSchema.parse(r.seats);
  const options = RoomOptionsSchema.parse(r.options);
  const outcome = OutcomeSchema.parse({ winner: r.winner, reason: r.reason });
  return {
    gameId: r.id, roomCode: showsRoomCode(options.public || r.in_tournament, seats, viewer) ? r.code : null, color: r.color,
    opponent: recordSeat(seats[other(r.color)]).name,
    variant: options.variant, handicap: !standardStart(options), rated: r.rated, timeControl: options.timeControl,
    result: outcome.winner === null ? 'draw' : outcome.winner === r.color ? 'win' : 'loss', reason: outcome.reason,
    ply: r.ply, finishedAt: r.finished_at.toISOString(),
  };
}
