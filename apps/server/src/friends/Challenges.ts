import { apiSeat, isApiSeat } from '../identity/apiSeat.ts';
import { randomInt } from 'node:crypto';
import {
  ChallengeColorSchema, ChallengeStatusSchema, ratedAccounts, ratedDenial, RoomOptionsSchema,
  type Challenge, type ChallengeColor, type ChallengeList, type Color, type ErrorCode, type RoomOptionsPatch, type ServerMessage,
} from '@chu/protocol';
import type { Logger } from 'pino';
import type { PrismaClient } from '../db/database.ts';
import type { DeviceIdentity } from '../identity/Identity.ts';
import { newId } from '../identity/secrets.ts';
import type { GameStarts } from '../rooms/GameStarts.ts';
import type { Account, Friends } from './Friends.ts';

/** How many challenges one account may have open, how long one stays open, how often lapsed ones are closed. */
export interface ChallengeBounds { perSender: number; realtimeMs: number; correspondenceMs: number; sweepMs: number }

type Refusal = { ok: false; code: ErrorCode; message: string };
export type ChallengeResult = { ok: true; challenge: Challenge } | Refusal;

/** Where a challenge's news goes: every socket of both accounts, on any process (realtime/Fanout). */
export interface ChallengeOutlet { toAccounts(userIds: string[], message: ServerMessage): void }

/**
 * A stored notification for the challenged account (the notifications of issue 37), for when it is not
 * looking. Without one, the live message is all it gets.
 */
export interface ChallengeNotices { challenged(accountId: string, challenge: Challenge): Promise<void> }

const withNames = {
  challenger: { select: { username: true } },
  challenged: { select: { username: true } },
} as const;

interface Row {
  id: string; challengerId: string; challengedId: string; challengerDeviceId: string; options: unknown; color: string; status: string;
  roomCode: string | null; gameId: string | null; rated: boolean; createdAt: Date; expiresAt: Date;
  challenger: { username: string }; challenged: { username: string };
}

const view = (r: Row): Challenge => ({
  id: r.id,
  from: r.challenger.username,
  to: r.challenged.username,
  options: RoomOptionsSchema.parse(r.options),
  color: ChallengeColorSchema.parse(r.color),
  status: ChallengeStatusSchema.parse(r.status),
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  roomCode: r.roomCode,
  gameId: r.gameId,
  rated: r.rated,
});

const noChallenge: Refusal = { ok: false, code: 'no-challenge', message: 'That challenge is no longer open (answered, cancelled or expired).' };

/**
 * Challenges by name. Each step is stored, then answered, then told to both accounts' sockets. The
 * status changes with a conditional write (only an open, unexpired challenge changes), so an accept,
 * a cancel and the expiry that race end with exactly one of them.
 */
export class Challenges {
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly friends: Friends,
    private readonly starts: Pick<GameStarts, 'inNewRoom'>,
    private readonly outlet: ChallengeOutlet,
    private readonly bounds: ChallengeBounds,
    private readonly log: Logger,
    private readonly notices: ChallengeNotices | null = null,
  ) {}

  /**
   * Checked in this order: the other account exists and is not oneself; no block either way; it takes
   * challenges from the sender (its follows, and bots if it is one); the sender's open challenges are under the bound; the options fit.
   */
  async send(from: DeviceIdentity & { user: Account }, to: string, patch: RoomOptionsPatch, color: ChallengeColor, rated = false): Promise<ChallengeResult> {
    const me = from.user;
    const other = await this.friends.other(me, to);
    if (!other.ok) return other;
    const them = other.other;
    if (await this.friends.blockedBetween(me.id, them.id)) {
      return { ok: false, code: 'blocked', message: `You cannot challenge ${them.username}: one of you blocked the other.` };
    }
    const settings = await this.friends.challengeSettings(them.id);
    if (settings.challengesFrom === 'following' && !(await this.friends.follows(them.id, me.id))) {
      return { ok: false, code: 'friends-only', message: `${them.username} takes challenges only from people they follow.` };
    }
    const bots = new Set((await this.prisma.user.findMany({ where: { id: { in: [me.id, them.id] }, bot: true }, select: { id: true } })).map((u) => u.id));
    if (!settings.botChallenges && bots.has(me.id)) {
      return { ok: false, code: 'no-bots', message: `${them.username} takes no challenges from bots.` };
    }
    // a challenge's room is private: it is where the two of them were sent
    const options = RoomOptionsSchema.safeParse({ ...patch, public: false });
    if (!options.success) return { ok: false, code: 'malformed', message: options.error.issues[0]?.message ?? 'Those options do not fit together.' };
    if (rated) {
      // people's rated games come from the ranked queue; a bot, which never enters it, plays its rated games by challenge
      if (bots.size === 0) return { ok: false, code: 'malformed', message: 'Rated challenges are for games with a bot: people\'s rated games come from the ranked queue.' };
      const denied = ratedDenial(options.data);
      if (denied) return { ok: false, code: denied.code, message: denied.message };
    }
    const lasts = options.data.timeControl.kind === 'correspondence' ? this.bounds.correspondenceMs : this.bounds.realtimeMs;
    const made = await this.prisma.$transaction(async (tx) => {
      // the sender's row, locked: two sends at once count each other
      await tx.$queryRaw`SELECT 1 FROM "users" WHERE "id" = ${me.id} FOR UPDATE`;
      const now = new Date();
      const open = await tx.challenge.count({ where: { challengerId: me.id, status: 'open', expiresAt: { gt: now } } });
      if (open >= this.bounds.perSender) return null;
      return tx.challenge.create({
        data: {
          id: newId(), challengerId: me.id, challengerDeviceId: from.id, challengedId: them.id, options: options.data, color, rated,
          createdAt: now, expiresAt: new Date(now.getTime() + lasts),
        },
        include: withNames,
      });
    });
    if (!made) {
      return { ok: false, code: 'too-many-challenges', message: `You have ${this.bounds.perSender} challenges open: cancel one, or wait for an answer.` };
    }
    const challenge = view(made);
    this.tell(made, challenge);
    // the notification's call site: stored for the challenged account, shown by its bell (and pushed)
    if (this.notices) await this.notices.challenged(them.id, challenge).catch((err) => this.log.warn({ err }, 'challenge notice not stored'));
    return { ok: true, challenge };
  }

  /**
   * The challenged account accepts, from the device it will play on: a new private room with both
   * seated (the challenger on the device that sent the challenge), the game started. The room counts
   * against both devices' room bounds and the accepting address's: past one, the accept is refused and
   * the challenge stays open.
   */
  async accept(by: DeviceIdentity & { user: Account }, id: string, address: string): Promise<ChallengeResult> {
    const claimed = await this.close(id, { challengedId: by.user.id }, 'accepted');
    if (!claimed) return noChallenge;
    const sender = await this.senderOf(claimed);
    const challengerColor: Color = claimed.color === 'random' ? (randomInt(2) === 0 ? 'black' : 'white') : ChallengeColorSchema.parse(claimed.color) as Color;
    let started: Awaited<ReturnType<GameStarts['inNewRoom']>> | null = null;
    try {
      if (sender?.user) {
        const seats = seatsOf(challengerColor, sender, by);
        const options = RoomOptionsSchema.parse(claimed.options);
        // a game between the two, hosted by Black's device: casual, or rated when the challenge was (one of them a bot)
        const rated = claimed.rated ? ratedAccounts({ black: seats.black.user?.id, white: seats.white.user?.id }, options.timeControl) : null;
        started = await this.starts.inNewRoom(
          { host: seats.black.id, players: { black: { person: seats.black }, white: { person: seats.white } }, rated },
          options,
          { challenge: id },
          { deviceIds: [by.id, sender.id], address },
        );
      }
    } catch (err) {
      // storage went away mid-way: the challenge is open again, to be accepted once it is back
      await this.prisma.challenge.update({ where: { id }, data: { status: 'open', answeredAt: null } }).catch(() => undefined);
      throw err;
    }
    if (started && !started.ok && started.room === null) {
      // over a room bound: nothing was made, and the challenge may be accepted once a room is left
      await this.prisma.challenge.update({ where: { id }, data: { status: 'open', answeredAt: null } });
      return { ok: false, code: started.code, message: started.message };
    }
    if (!started?.ok) {
      // the sending device left the account (a logout) or the room did not start: nobody can be seated
      const lapsed = await this.prisma.challenge.update({ where: { id }, data: { status: 'cancelled' }, include: withNames });
      this.tell(lapsed, view(lapsed));
      return { ok: false, code: 'no-challenge', message: 'The challenger is no longer signed in where they sent it from; the challenge is withdrawn.' };
    }
    const done = await this.prisma.challenge.update({
      where: { id }, data: { roomCode: started.room.code, gameId: started.gameId }, include: withNames,
    });
    const challenge = view(done);
    this.tell(done, challenge);
    return { ok: true, challenge };
  }

  /**
   * Who sent it, to be seated: the device it was sent from while still signed in to the challenger's
   * account, or the account's API seat (issue 50) when a program sent it with a token.
   */
  private async senderOf(c: { challengerDeviceId: string; challengerId: string }): Promise<DeviceIdentity | null> {
    if (isApiSeat(c.challengerDeviceId)) {
      const user = await this.prisma.user.findUnique({ where: { id: c.challengerId }, select: { id: true, username: true, bot: true, deletedAt: true } });
      return user && !user.deletedAt ? apiSeat(user) : null;
    }
    const row = await this.prisma.device.findFirst({
      where: { id: c.challengerDeviceId, userId: c.challengerId },
      include: { user: { select: { id: true, username: true } } },
    });
    return row?.user ? { id: row.id, name: row.name, user: row.user } : null;
  }

  async decline(by: Account, id: string): Promise<ChallengeResult> {
    return this.answer(await this.close(id, { challengedId: by.id }, 'declined'));
  }

  async cancel(by: Account, id: string): Promise<ChallengeResult> {
    return this.answer(await this.close(id, { challengerId: by.id }, 'cancelled'));
  }

  /** A block ends the open challenges between the two accounts, both ways. */
  async cancelBetween(a: string, b: string): Promise<void> {
    const open = await this.prisma.challenge.findMany({
      where: { status: 'open', OR: [{ challengerId: a, challengedId: b }, { challengerId: b, challengedId: a }] }, select: { id: true },
    });
    for (const c of open) this.answer(await this.close(c.id, {}, 'cancelled'));
  }

  /** This account's open challenges, both ways, newest first. */
  async list(userId: string): Promise<ChallengeList> {
    // a deleted account's challenges are nobody's to answer
    const open = { status: 'open', expiresAt: { gt: new Date() }, challenger: { deletedAt: null }, challenged: { deletedAt: null } };
    const [incoming, outgoing] = await Promise.all([
      this.prisma.challenge.findMany({ where: { ...open, challengedId: userId }, include: withNames, orderBy: { createdAt: 'desc' } }),
      this.prisma.challenge.findMany({ where: { ...open, challengerId: userId }, include: withNames, orderBy: { createdAt: 'desc' } }),
    ]);
    return { incoming: incoming.map(view), outgoing: outgoing.map(view) };
  }

  /** Open challenges past their time become expired, and both sides are told (on any process: the write decides who tells). */
  async expire(): Promise<number> {
    const lapsed = await this.prisma.challenge.findMany({ where: { status: 'open', expiresAt: { lte: new Date() } }, select: { id: true } });
    let n = 0;
    for (const c of lapsed) {
      const row = await this.close(c.id, {}, 'expired', true);
      if (row) { n++; this.answer(row); }
    }
    return n;
  }

  /** Expiry as time passes, and at once for what lapsed while the site was down. */
  startExpiring(): void {
    let running = false;
    const sweep = () => {
      if (running) return;
      running = true;
      this.expire().catch((err) => this.log.warn({ err }, 'challenge expiry failed')).finally(() => { running = false; });
    };
    sweep();
    this.sweeper = setInterval(sweep, this.bounds.sweepMs);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** The one write that ends an open challenge: only an open one (unexpired, unless expiring it) changes. */
  private async close(id: string, who: { challengerId?: string; challengedId?: string }, status: 'accepted' | 'declined' | 'cancelled' | 'expired', lapsed = false): Promise<Row | null> {
    const now = new Date();
    const n = await this.prisma.challenge.updateMany({
      where: { id, ...who, status: 'open', expiresAt: lapsed ? { lte: now } : { gt: now } },
      data: { status, answeredAt: now },
    });
    return n.count === 1 ? this.prisma.challenge.findUniqueOrThrow({ where: { id }, include: withNames }) : null;
  }

  private answer(row: Row | null): ChallengeResult {
    if (!row) return noChallenge;
    const challenge = view(row);
    this.tell(row, challenge);
    return { ok: true, challenge };
  }

  private tell(row: Row, challenge: Challenge): void {
    this.outlet.toAccounts([row.challengerId, row.challengedId], { type: 'challenge', challenge });
  }
}

function seatsOf<V>(challengerColor: Color, challenger: V, challenged: V): Record<Color, V> {
  return challengerColor === 'black' ? { black: challenger, white: challenged } : { black: challenged, white: challenger };
}
