import {
  cpuName, CreateTournamentSchema, tournamentControl, TOURNAMENTS_PER_ACCOUNT, ROUND_ROBIN_ENTRANTS, TournamentKindSchema, TournamentStatusSchema,
  type CreateTournament, type TournamentGameResult as GameResult, type TournamentKind, type TournamentStatus, type TournamentSummary,
} from '@chu/protocol';
import { Prisma } from '../generated/prisma/client.ts';
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from './database.ts';
import { holds } from './fencing.ts';
import type { Tx } from './Store.ts';

/** A tournament's row as stored. */
export interface TournamentRecord {
  id: string;
  kind: TournamentKind;
  name: string;
  organiser: string; // username
  settings: CreateTournament;
  status: TournamentStatus;
  startsAt: number;
  endsAt: number | null;
  round: number;
  rounds: number | null;
  roundEndsAt: number | null;
}

export interface EntrantRecord {
  id: string;
  userId: string | null;
  deviceId: string | null;
  cpuLevel: number | null;
  name: string;
  seed: number;
  withdrawn: boolean;
}

/** A pairing, with its game as stored now (null until it started). */
export interface PairingRecord {
  id: string;
  round: number;
  black: string;
  white: string;
  result: GameResult | null;
  finishedAt: number | null;
  game: { id: string; roomCode: string; status: string; winner: string | null; reason: string | null; finishedAt: number | null } | null;
}

export interface TournamentState { tournament: TournamentRecord; entrants: EntrantRecord[]; pairings: PairingRecord[] }

/** A write for a tournament this process no longer runs (its lease went to another): nothing was stored. */
export class StaleTournamentOwner extends Error {
  constructor(readonly tournamentId: string) { super(`tournament ${tournamentId} has another owner: write refused`); }
}

export type Refused = { ok: false; code: 'no-tournament' | 'tournament-closed' | 'tournament-full' | 'too-many-tournaments'; message: string };
export type Done<T = null> = { ok: true; value: T } | Refused;
// ids as identity/secrets makes them (db imports no other layer)
const newId = (): string => randomBytes(12).toString('base64url');
const refused = (code: Refused['code'], message: string): Refused => ({ ok: false, code, message });

type Row = {
  id: string; kind: string; name: string; options: unknown; status: string; startsAt: Date; endsAt: Date | null;
  round: number; rounds: number | null; roundEndsAt: Date | null; organiser: { username: string };
};

const toRecord = (t: Row): TournamentRecord => ({
  id: t.id,
  kind: TournamentKindSchema.parse(t.kind),
  name: t.name,
  organiser: t.organiser.username,
  settings: CreateTournamentSchema.parse(t.options),
  status: TournamentStatusSchema.parse(t.status),
  startsAt: t.startsAt.getTime(),
  endsAt: t.endsAt?.getTime() ?? null,
  round: t.round,
  rounds: t.rounds,
  roundEndsAt: t.roundEndsAt?.getTime() ?? null,
});

const ms = (d: Date | null): number | null => d?.getTime() ?? null;
const asResult = (r: string | null): GameResult | null => (r === 'black' || r === 'white' || r === 'draw' ? r : null);

/**
 * Tournaments in the database. Anyone may read them and change entries (join, leave, withdraw: each a
 * single conditional write); the process that runs a tournament (its lease, `token`) writes its
 * schedule, pairings, results and status, each write fenced by that token.
 */
export class TournamentStore {
  constructor(private readonly prisma: PrismaClient) {}

  /** A new tournament (with its CPU entrants), unless the organiser has too many not yet finished. */
  async create(organiserId: string, settings: CreateTournament): Promise<Done<string>> {
    const id = newId();
    return this.prisma.$transaction(async (tx) => {
      // the organiser's row, locked: two creations at once count each other
      await tx.$queryRaw`SELECT 1 FROM "users" WHERE "id" = ${organiserId} FOR UPDATE`;
      const open = await tx.tournament.count({ where: { organiserId, status: { in: ['upcoming', 'running'] } } });
      if (open >= TOURNAMENTS_PER_ACCOUNT) {
        return refused('too-many-tournaments', `You organise ${open} tournaments not yet finished; at most ${TOURNAMENTS_PER_ACCOUNT}.`);
      }
      await tx.tournament.create({
        data: {
          id, kind: settings.kind, name: settings.name, organiserId, options: settings, startsAt: new Date(settings.startsAt),
          entrants: { create: settings.cpu.map((level, i) => ({ id: newId(), cpuLevel: level, name: cpuName(level), seed: i + 1 })) },
        },
      });
      return { ok: true as const, value: id };
    });
  }

  async list(finishedLimit = 20): Promise<{ upcoming: TournamentSummary[]; running: TournamentSummary[]; finished: TournamentSummary[] }> {
    const select = { id: true, kind: true, name: true, options: true, status: true, startsAt: true, organiser: { select: { username: true } }, _count: { select: { entrants: true } } } as const;
    const summary = (t: Prisma.TournamentGetPayload<{ select: typeof select }>): TournamentSummary => {
      const settings = CreateTournamentSchema.parse(t.options);
      return {
        id: t.id, kind: TournamentKindSchema.parse(t.kind), name: t.name, organiser: t.organiser.username,
        status: TournamentStatusSchema.parse(t.status), startsAt: t.startsAt.getTime(), timeControl: tournamentControl(settings), entrants: t._count.entrants,
      };
    };
    const [upcoming, running, finished] = await Promise.all([
      this.prisma.tournament.findMany({ where: { status: 'upcoming' }, orderBy: { startsAt: 'asc' }, take: 100, select }),
      this.prisma.tournament.findMany({ where: { status: 'running' }, orderBy: { startsAt: 'asc' }, take: 100, select }),
      this.prisma.tournament.findMany({ where: { status: 'finished' }, orderBy: { finishedAt: 'desc' }, take: finishedLimit, select }),
    ]);
    return { upcoming: upcoming.map(summary), running: running.map(summary), finished: finished.map(summary) };
  }

  async load(id: string): Promise<TournamentState | null> {
    const t = await this.prisma.tournament.findUnique({
      where: { id },
      include: {
        organiser: { select: { username: true } },
        entrants: { orderBy: { seed: 'asc' } },
        pairings: {
          orderBy: [{ round: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
          include: { game: { select: { id: true, status: true, winner: true, reason: true, finishedAt: true, room: { select: { code: true } } } } },
        },
      },
    });
    if (!t) return null;
    return {
      tournament: toRecord(t),
      entrants: t.entrants.map((e) => ({
        id: e.id, userId: e.userId, deviceId: e.deviceId, cpuLevel: e.cpuLevel, name: e.name, seed: e.seed, withdrawn: e.withdrawnAt !== null,
      })),
      pairings: t.pairings.map((p) => ({
        id: p.id, round: p.round, black: p.blackId, white: p.whiteId, result: asResult(p.result), finishedAt: ms(p.finishedAt),
        game: p.game && {
          id: p.game.id, roomCode: p.game.room.code, status: p.game.status, winner: p.game.winner, reason: p.game.reason, finishedAt: ms(p.game.finishedAt),
        },
      })),
    };
  }

  /** The tournaments some process should be running: started (or due to start) and not finished. */
  async due(now: number): Promise<string[]> {
    const rows = await this.prisma.tournament.findMany({
      where: { OR: [{ status: 'running' }, { status: 'upcoming', startsAt: { lte: new Date(now) } }] },
      select: { id: true },
    });
    return rows.map((r) => r.id);
  }

  // ---- entries: anyone, each a conditional write -----------------------------------------------

  /**
   * An account enters (or comes back: an arena entrant who left, anyone before the start; their games are
   * seated for `deviceId` from now on). A round-robin takes entries until it starts, an arena until it ends.
   */
  async join(id: string, user: { id: string; username: string }, deviceId: string): Promise<Done> {
    return this.prisma.$transaction(async (tx) => {
      const t = await this.locked(tx, id);
      if (!t) return refused('no-tournament', 'No such tournament.');
      const open = t.status === 'upcoming' || (t.kind === 'arena' && t.status === 'running');
      const mine = await tx.tournamentEntrant.findUnique({ where: { tournamentId_userId: { tournamentId: id, userId: user.id } } });
      if (!open) return refused('tournament-closed', t.status === 'finished' ? 'This tournament is over.' : 'This round-robin has started: entries are closed.');
      if (mine) {
        await tx.tournamentEntrant.update({ where: { id: mine.id }, data: { deviceId, name: user.username, withdrawnAt: null } });
        return { ok: true as const, value: null };
      }
      const count = await tx.tournamentEntrant.count({ where: { tournamentId: id } });
      if (t.kind === 'round-robin' && count >= ROUND_ROBIN_ENTRANTS.max) {
        return refused('tournament-full', `A round-robin has at most ${ROUND_ROBIN_ENTRANTS.max} entrants.`);
      }
      const last = await tx.tournamentEntrant.aggregate({ where: { tournamentId: id }, _max: { seed: true } });
      await tx.tournamentEntrant.create({
        data: { id: newId(), tournamentId: id, userId: user.id, deviceId, name: user.username, seed: (last._max.seed ?? 0) + 1 },
      });
      return { ok: true as const, value: null };
    });
  }

  /**
   * Leaving: before the start the entry is gone; from an arena that runs, the entrant is paused (their
   * score stays; joining again brings them back). A round-robin that runs is left by withdrawing.
   */
  async leave(id: string, userId: string): Promise<Done> {
    return this.prisma.$transaction(async (tx) => {
      const t = await this.locked(tx, id);
      if (!t) return refused('no-tournament', 'No such tournament.');
      const mine = await tx.tournamentEntrant.findUnique({ where: { tournamentId_userId: { tournamentId: id, userId } } });
      if (!mine) return refused('tournament-closed', 'You have not entered this tournament.');
      if (t.status === 'upcoming') {
        await tx.tournamentEntrant.delete({ where: { id: mine.id } });
        return { ok: true as const, value: null };
      }
      if (t.status === 'running' && t.kind === 'arena') {
        await tx.tournamentEntrant.update({ where: { id: mine.id }, data: { withdrawnAt: new Date() } });
        return { ok: true as const, value: null };
      }
      return refused('tournament-closed', t.status === 'finished' ? 'This tournament is over.' : 'A round-robin that has started is left by withdrawing.');
    });
  }

  /** Withdrawing from a round-robin that runs: the games played stand, the rest are lost. For good. */
  async withdraw(id: string, userId: string): Promise<Done> {
    return this.prisma.$transaction(async (tx) => {
      const t = await this.locked(tx, id);
      if (!t) return refused('no-tournament', 'No such tournament.');
      if (t.kind !== 'round-robin' || t.status !== 'running') {
        return refused('tournament-closed', 'Only from a round-robin that is being played (otherwise, leave).');
      }
      const n = await tx.tournamentEntrant.updateMany({ where: { tournamentId: id, userId, withdrawnAt: null }, data: { withdrawnAt: new Date() } });
      return n.count === 1 ? { ok: true as const, value: null } : refused('tournament-closed', 'You are not playing in this tournament.');
    });
  }

  // The tournament's row, locked against its owner's status changes until the entry's change commits.
  private async locked(tx: Tx, id: string): Promise<{ kind: string; status: string } | null> {
    const rows = await tx.$queryRaw<{ kind: string; status: string }[]>`SELECT "kind", "status" FROM "tournaments" WHERE "id" = ${id} FOR UPDATE`;
    return rows[0] ?? null;
  }

  // ---- the owner's writes, fenced ----------------------------------------------------------------

  /** Runs the owner's writes in one transaction, after checking it still holds the tournament's lease. */
  async fenced<T>(id: string, token: number | null, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      if (token !== null) {
        const [lease] = await tx.$queryRaw<{ held: boolean }[]>`SELECT ${holds('tournament', Prisma.sql`${id}`, token)} AS "held"`;
        if (!lease?.held) throw new StaleTournamentOwner(id);
      }
      return work(tx);
    });
  }

  /** The start: running, with the round-robin's whole schedule (or the arena's end). Entries close with it. */
  start(id: string, token: number | null, s: {
    endsAt: number | null; rounds: number | null; roundEndsAt: number | null;
    pairings: { round: number; black: string; white: string }[];
  }): Promise<void> {
    return this.fenced(id, token, async (tx) => {
      await tx.tournament.update({
        where: { id },
        data: {
          status: 'running', endsAt: s.endsAt === null ? null : new Date(s.endsAt), rounds: s.rounds, round: s.rounds === null ? 0 : 1,
          roundEndsAt: s.roundEndsAt === null ? null : new Date(s.roundEndsAt),
        },
      });
      if (s.pairings.length) {
        await tx.tournamentPairing.createMany({ data: s.pairings.map((p) => ({ id: newId(), tournamentId: id, round: p.round, blackId: p.black, whiteId: p.white })) });
      }
    });
  }

  /** Results copied from finished games; pairings whose game was aborted are freed (to be played again, or dropped). */
  settle(id: string, token: number | null, s: {
    results: { pairingId: string; result: GameResult; finishedAt: number }[];
    replay: string[]; drop: string[];
  }): Promise<void> {
    return this.fenced(id, token, async (tx) => {
      for (const r of s.results) {
        await tx.tournamentPairing.updateMany({ where: { id: r.pairingId, tournamentId: id, result: null }, data: { result: r.result, finishedAt: new Date(r.finishedAt) } });
      }
      if (s.replay.length) await tx.tournamentPairing.updateMany({ where: { id: { in: s.replay }, tournamentId: id, result: null }, data: { gameId: null } });
      if (s.drop.length) await tx.tournamentPairing.deleteMany({ where: { id: { in: s.drop }, tournamentId: id, result: null } });
    });
  }

  /** New arena pairings, numbered on from the last. Returns their ids. */
  addPairings(id: string, token: number | null, pairs: { black: string; white: string }[]): Promise<string[]> {
    return this.fenced(id, token, async (tx) => {
      const last = await tx.tournamentPairing.aggregate({ where: { tournamentId: id }, _max: { round: true } });
      const rows = pairs.map((p, i) => ({ id: newId(), tournamentId: id, round: (last._max.round ?? 0) + 1 + i, blackId: p.black, whiteId: p.white }));
      await tx.tournamentPairing.createMany({ data: rows });
      return rows.map((r) => r.id);
    });
  }

  nextRound(id: string, token: number | null, round: number, roundEndsAt: number | null): Promise<void> {
    return this.fenced(id, token, async (tx) => {
      await tx.tournament.update({ where: { id }, data: { round, roundEndsAt: roundEndsAt === null ? null : new Date(roundEndsAt) } });
    });
  }

  /** Finished: pairings never started are dropped (an arena's last ones; a round-robin's forfeits stay as they are). */
  finish(id: string, token: number | null, kind: TournamentKind): Promise<void> {
    return this.fenced(id, token, async (tx) => {
      await tx.tournament.update({ where: { id }, data: { status: 'finished', finishedAt: new Date(), roundEndsAt: null } });
      if (kind === 'arena') await tx.tournamentPairing.deleteMany({ where: { tournamentId: id, gameId: null } });
    });
  }
}
