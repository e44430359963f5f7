import { DELETED_PLAYER, PEOPLE_POOLS, RECOVERY_CODE_COUNT, usernameKey } from '@chu/protocol';
import type { Prisma, PrismaClient } from '../db/database.ts';
import { aloneChanges, type ChangeListener, type IdentityChanges } from './IdentityChanges.ts';
import { hashPassword, hashRecoveryCode, hashToken, newId, newRecoveryCode, newToken, safeEqual, verifyPassword } from './secrets.ts';

export interface DeviceIdentity {
  id: string;
  name: string;
  user: { id: string; username: string } | null;
}

export type AccountResult =
  | { ok: true; device: DeviceIdentity; token: string | null } // token: the device's new one when it rotated
  | { ok: false; code: 'username-taken' | 'bad-credentials' };

/**
 * A change of password (or a recovery): this device holds the account with a new token; `others`, the
 * account's other devices, have lost theirs (their old tokens are refused and their sockets closed).
 */
export type SecuredResult =
  | { ok: true; device: DeviceIdentity; token: string; others: DeviceIdentity[] }
  | { ok: false; code: 'bad-credentials' };

/**
 * credential: which token of the device signed in (opaque; it stops matching when the token rotates).
 * heard: how many changes this process had heard of when the check began (see `changedSince`).
 */
export type Authentication =
  | { ok: true; device: DeviceIdentity; createdAt: Date; credential: string; heard: number }
  | { ok: false; code: 'unauthenticated' | 'expired' };

interface Entry { device: DeviceIdentity; tokenHash: string; createdAt: Date; lastSeenAt: Date; readAt: number }

const GUEST_NAMES = ['Kirin', 'Phoenix', 'Lion', 'Dragon', 'Falcon', 'Eagle', 'Tiger', 'Leopard'];
const CACHE_MS = 10 * 60_000; // a cached device is read again this often anyway; changes reach the cache at once (IdentityChanges)
const TOUCH_MS = 3_600_000;   // last_seen_at is written at most hourly per device
const DAY_MS = 86_400_000;

// Devices (guest identities holding a secret token) and optional accounts they log into.
// Usernames are unique and looked up without regard to case; they are shown as their owner typed them.
// A change to a device (its token, its account, its name) is stored, then dropped from every process's
// cache before it is answered: no process goes on believing a token that was rotated.
export class Identity {
  // token hash → device; the DB stays the source of truth, this only saves a query per handshake.
  private readonly cache = new Map<string, Entry>();
  private readonly hashOf = new Map<string, string>(); // device id → token hash in the cache
  private readonly listeners: ChangeListener[] = [];
  // Changes heard so far (here or from other processes). A read that began before one does not fill
  // the cache: it may hold what the change replaced.
  private heard = 0;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly idleDays = 180,
    private readonly changes: IdentityChanges = aloneChanges,
  ) {
    changes.listen((deviceIds) => this.heardOf(deviceIds));
  }

  /** Devices changed here or on another process (null: maybe any device, news was missed). */
  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Whether a change was heard since `heard` (an Authentication's). */
  changedSince(heard: number): boolean {
    return this.heard !== heard;
  }

  /** The credential each of these devices signs in with now, as stored. */
  async credentialsOf(deviceIds: string[]): Promise<Map<string, string>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.prisma.device.findMany({ where: { id: { in: deviceIds } }, select: { id: true, tokenHash: true } });
    return new Map(rows.map((r) => [r.id, r.tokenHash]));
  }

  async createDevice(name?: string): Promise<{ device: DeviceIdentity; token: string }> {
    const token = newToken();
    const id = newId();
    const finalName = name ?? `${GUEST_NAMES[Math.floor(Math.random() * GUEST_NAMES.length)]}-${id.slice(0, 4)}`;
    const tokenHash = hashToken(token);
    const row = await this.prisma.device.create({ data: { id, tokenHash, name: finalName } });
    const device = { id, name: finalName, user: null };
    this.remember({ device, tokenHash, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, readAt: Date.now() });
    return { device, token };
  }

  async authenticate(token: string | undefined | null): Promise<Authentication> {
    if (!token || token.length > 200) return { ok: false, code: 'unauthenticated' };
    const tokenHash = hashToken(token);
    const now = Date.now();
    const heard = this.heard;
    // deaf to other processes (Redis away): what is cached may have changed unheard, so the database answers
    const trusted = this.changes.listening;
    let entry = trusted ? this.cache.get(tokenHash) : undefined;
    if (!entry || now - entry.readAt > CACHE_MS) {
      const row = await this.prisma.device.findUnique({ where: { tokenHash }, include: { user: true } });
      if (!row) {
        this.forget(tokenHash);
        return { ok: false, code: 'unauthenticated' };
      }
      entry = { device: deviceOf(row), tokenHash: row.tokenHash, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, readAt: now };
      if (this.heard === heard && this.changes.listening) this.remember(entry);
    }
    if (!safeEqual(entry.tokenHash, tokenHash)) return { ok: false, code: 'unauthenticated' };
    if (now - entry.lastSeenAt.getTime() > this.idleDays * DAY_MS) return { ok: false, code: 'expired' };
    if (now - entry.lastSeenAt.getTime() > TOUCH_MS) {
      entry.lastSeenAt = new Date(now);
      await this.prisma.device.updateMany({ where: { id: entry.device.id }, data: { lastSeenAt: entry.lastSeenAt } });
    }
    return { ok: true, device: { ...entry.device }, createdAt: entry.createdAt, credential: entry.tokenHash, heard };
  }

  /** The device as stored now (not as a socket's handshake saw it), if `credential` still signs in as it. */
  async holding(deviceId: string, credential: string): Promise<DeviceIdentity | null> {
    const row = await this.prisma.device.findUnique({ where: { id: deviceId }, include: { user: true } });
    return row && safeEqual(row.tokenHash, credential) ? deviceOf(row) : null;
  }

  async rename(device: DeviceIdentity, name: string): Promise<DeviceIdentity> {
    await this.prisma.device.update({ where: { id: device.id }, data: { name } });
    return (await this.changed([device.id]))[0];
  }

  /** The username as its owner wrote it, whatever case it is asked for in. */
  async canonicalUsername(username: string): Promise<string | null> {
    return (await this.userNamed(username))?.username ?? null;
  }

  /** Registering gives the device a new token, as logging in does: a token known before never holds the account. */
  async register(device: DeviceIdentity, username: string, password: string): Promise<AccountResult & { recoveryCodes?: string[] }> {
    if (await this.userNamed(username)) return { ok: false, code: 'username-taken' };
    const id = newId();
    const passwordHash = await hashPassword(password);
    const token = newToken();
    const recoveryCodes = newRecoveryCodes();
    try {
      await this.prisma.$transaction([
        this.prisma.user.create({ data: { id, username, passwordHash } }),
        this.prisma.rating.createMany({ data: PEOPLE_POOLS.map((pool) => ({ userId: id, pool })) }),
        this.prisma.recoveryCode.createMany({ data: recoveryCodes.map((c) => ({ userId: id, codeHash: hashRecoveryCode(normalized(c)) })) }),
        this.prisma.device.update({ where: { id: device.id }, data: { userId: id, tokenHash: hashToken(token), lastSeenAt: new Date() } }),
      ]);
    } catch (err) {
      // two registrations of one name (any case) at once: the unique index on lower(username) decides
      if ((err as { code?: string }).code === 'P2002') return { ok: false, code: 'username-taken' };
      throw err;
    }
    return { ok: true, device: (await this.changed([device.id]))[0], token, recoveryCodes };
  }

  /** Logging in gives the device a new token, so a token known before the login never holds the account. */
  async login(device: DeviceIdentity, username: string, password: string): Promise<AccountResult> {
    const user = await this.userNamed(username);
    // Verify against a dummy hash when the user is unknown so both paths cost the same.
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) return { ok: false, code: 'bad-credentials' };
    const { device: d, token } = await this.rotate(device.id, user.id);
    return { ok: true, device: d, token };
  }

  /** Logging out rotates the token too: the old one (say, left in another program) is worthless. */
  async logout(device: DeviceIdentity): Promise<{ device: DeviceIdentity; token: string }> {
    return this.rotate(device.id, null);
  }

  /** Every other device logged into this device's account becomes a guest; returns them as they are now. */
  async logoutOthers(device: DeviceIdentity): Promise<DeviceIdentity[]> {
    if (!device.user) return [];
    const others = await this.prisma.device.findMany({
      where: { userId: device.user.id, id: { not: device.id } }, select: { id: true },
    });
    if (others.length === 0) return [];
    const ids = others.map((o) => o.id);
    await this.prisma.device.updateMany({ where: { id: { in: ids }, userId: device.user.id }, data: { userId: null } });
    return this.changed(ids);
  }

  /** The account's own view of its security: how many recovery codes are left (never the codes). */
  async accountStatus(user: { id: string; username: string }): Promise<{ username: string; recoveryCodesLeft: number }> {
    return { username: user.username, recoveryCodesLeft: await this.prisma.recoveryCode.count({ where: { userId: user.id } }) };
  }

  /** A new password, given the current one; every other device of the account must sign in again. */
  async changePassword(device: DeviceIdentity, current: string, next: string): Promise<SecuredResult> {
    const user = device.user && await this.passwordHolder(device.user.id, current);
    if (!user) return { ok: false, code: 'bad-credentials' };
    return this.secure(device.id, user.id, await hashPassword(next));
  }

  /**
   * A forgotten password: one unused recovery code of the account and a new password. The code is used
   * up (deleting it is the check, so two uses at once cannot both pass), this device holds the account,
   * every other device must sign in again.
   */
  async recover(device: DeviceIdentity, username: string, code: string, next: string): Promise<SecuredResult> {
    const user = await this.userNamed(username);
    const used = user && await this.prisma.recoveryCode.deleteMany({ where: { userId: user.id, codeHash: hashRecoveryCode(code) } });
    if (!user || !used || used.count !== 1) return { ok: false, code: 'bad-credentials' };
    return this.secure(device.id, user.id, await hashPassword(next));
  }

  /** New recovery codes, given the password: the old ones stop working. Shown once: only hashes are kept. */
  async regenerateRecoveryCodes(device: DeviceIdentity, password: string): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; code: 'bad-credentials' }> {
    const user = device.user && await this.passwordHolder(device.user.id, password);
    if (!user) return { ok: false, code: 'bad-credentials' };
    const recoveryCodes = newRecoveryCodes();
    await this.prisma.$transaction([
      this.prisma.recoveryCode.deleteMany({ where: { userId: user.id } }),
      this.prisma.recoveryCode.createMany({ data: recoveryCodes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(normalized(c)) })) }),
    ]);
    return { ok: true, recoveryCodes };
  }

  /**
   * Deletes the account, given its password. Its games stay: the seats it sat in read DELETED_PLAYER, and
   * the row stays (as deleted) so rating histories keep their opponent. Rooms' seats, tournament entries
   * and the tournaments it organised that have not started keep nothing of it. Its name is free again, its rating
   * leaves the leaderboard, this device is a guest with a new token and every other device must sign in again.
   */
  async deleteAccount(device: DeviceIdentity, password: string): Promise<{ ok: true; device: DeviceIdentity; token: string; others: DeviceIdentity[] } | { ok: false; code: 'bad-credentials' }> {
    const user = device.user && await this.passwordHolder(device.user.id, password);
    if (!user) return { ok: false, code: 'bad-credentials' };
    const seatName = (color: 'black' | 'white') => {
      const path = `{${color},name}`;
      return this.prisma.$executeRaw`
        UPDATE "games" SET "seats" = jsonb_set("seats", ${path}::text[], to_jsonb(${DELETED_PLAYER}::text))
        WHERE "seats"->${color}->>'userId' = ${user.id}`;
    };
    // a room's seat (between games) names the account no more: its device, back in the room, sits as the guest it now is
    const roomSeat = (color: 'black' | 'white') => {
      const name = `{${color},name}`;
      const userId = `{${color},userId}`;
      return this.prisma.$executeRaw`
        UPDATE "rooms" SET "seats" = jsonb_set(jsonb_set("seats", ${name}::text[], to_jsonb(${DELETED_PLAYER}::text)), ${userId}::text[], 'null'::jsonb)
        WHERE "seats"->${color}->>'userId' = ${user.id}`;
    };
    const now = new Date();
    const { token, others } = await this.reissue(device.id, user.id, null, [
      seatName('black'),
      seatName('white'),
      roomSeat('black'),
      roomSeat('white'),
      // tournaments: it leaves those not yet started and withdraws from those under way; its entries that
      // stay read DELETED_PLAYER (an entrant is found by name: a new account of the same name is not it);
      // those it organised that have not started are called off
      this.prisma.tournamentEntrant.deleteMany({ where: { userId: user.id, tournament: { status: 'upcoming' } } }),
      this.prisma.tournamentEntrant.updateMany({ where: { userId: user.id, withdrawnAt: null, tournament: { status: 'running' } }, data: { withdrawnAt: now } }),
      this.prisma.tournamentEntrant.updateMany({ where: { userId: user.id }, data: { name: DELETED_PLAYER } }),
      this.prisma.tournament.deleteMany({ where: { organiserId: user.id, status: 'upcoming' } }),
      this.prisma.recoveryCode.deleteMany({ where: { userId: user.id } }),
      this.prisma.rating.deleteMany({ where: { userId: user.id } }),
      // what reached the person (notifications, where its browsers are pushed to) goes with the account
      this.prisma.notification.deleteMany({ where: { userId: user.id } }),
      this.prisma.pushSubscription.deleteMany({ where: { userId: user.id } }),
      this.prisma.notificationPreference.deleteMany({ where: { userId: user.id } }),
      // "~" is no username's: nobody can log in as, register or look up the deleted name
      this.prisma.user.update({ where: { id: user.id }, data: { username: `~${user.id}`, passwordHash: '', deletedAt: new Date() } }),
    ]);
    const [d, ...rest] = await this.changed([device.id, ...others]);
    return { ok: true, device: d, token, others: rest };
  }

  /** The account, if it is not deleted and `password` is its password. */
  private async passwordHolder(userId: string, password: string): Promise<{ id: string } | null> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: { id: true, passwordHash: true, deletedAt: true } });
    const ok = await verifyPassword(password, user?.passwordHash || DUMMY_HASH);
    return user && ok && !user.deletedAt ? user : null;
  }

  private async secure(deviceId: string, userId: string, passwordHash: string): Promise<SecuredResult> {
    const { token, others } = await this.reissue(deviceId, userId, userId, [
      this.prisma.user.update({ where: { id: userId }, data: { passwordHash } }),
    ]);
    const [device, ...rest] = await this.changed([deviceId, ...others]);
    return { ok: true, device, token, others: rest };
  }

  /**
   * Stores `work` with every token of the account replaced, in one transaction: this device gets a new
   * token (holding `holder`), each other device of the account a token nobody knows, as a guest.
   * The caller tells of the change (`changed`) so caches and open sockets follow.
   */
  private async reissue(deviceId: string, userId: string, holder: string | null, work: PrismaPromise[]): Promise<{ token: string; others: string[] }> {
    const rows = await this.prisma.device.findMany({ where: { userId, id: { not: deviceId } }, select: { id: true } });
    const others = rows.map((r) => r.id);
    const token = newToken();
    await this.prisma.$transaction([
      ...work,
      ...others.map((id) => this.prisma.device.update({ where: { id }, data: { userId: null, tokenHash: hashToken(newToken()) } })),
      this.prisma.device.update({ where: { id: deviceId }, data: { userId: holder, tokenHash: hashToken(token), lastSeenAt: new Date() } }),
    ]);
    return { token, others };
  }

  private async rotate(deviceId: string, userId: string | null): Promise<{ device: DeviceIdentity; token: string }> {
    const token = newToken();
    await this.prisma.device.update({ where: { id: deviceId }, data: { userId, tokenHash: hashToken(token), lastSeenAt: new Date() } });
    return { device: (await this.changed([deviceId]))[0], token };
  }

  /**
   * After a change is stored: this process forgets the devices, every other one is told (before the
   * change is answered), and this process's listeners hear of it. Returns the devices as they are now.
   */
  private async changed(deviceIds: string[]): Promise<DeviceIdentity[]> {
    this.heardOf(deviceIds);
    const devices = await Promise.all(deviceIds.map((id) => this.refresh(id)));
    await this.changes.publish(deviceIds);
    return devices;
  }

  private heardOf(deviceIds: string[] | null): void {
    this.heard++;
    if (deviceIds === null) {
      this.cache.clear();
      this.hashOf.clear();
    } else {
      for (const id of deviceIds) {
        const hash = this.hashOf.get(id);
        if (hash !== undefined) this.forget(hash);
      }
    }
    for (const l of this.listeners) l(deviceIds);
  }

  private async userNamed(username: string): Promise<{ id: string; username: string; passwordHash: string } | null> {
    // lower(username) is what the unique index holds, so this is one index lookup
    const rows = await this.prisma.$queryRaw<{ id: string; username: string; passwordHash: string }[]>`
      SELECT "id", "username", "password_hash" AS "passwordHash" FROM "users" WHERE lower("username") = ${usernameKey(username)} LIMIT 1`;
    return rows[0] ?? null;
  }

  // Read after the change was stored and heard: what it reads is the change or later.
  private async refresh(id: string): Promise<DeviceIdentity> {
    const heard = this.heard;
    const row = await this.prisma.device.findUniqueOrThrow({ where: { id }, include: { user: true } });
    const device = deviceOf(row);
    if (this.heard === heard && this.changes.listening) {
      this.remember({ device, tokenHash: row.tokenHash, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, readAt: Date.now() });
    }
    return { ...device };
  }

  private remember(entry: Entry): Entry {
    const old = this.hashOf.get(entry.device.id);
    if (old !== undefined && old !== entry.tokenHash) this.cache.delete(old); // a rotated token stops working here at once
    if (this.cache.size > 100_000) { this.cache.clear(); this.hashOf.clear(); }
    this.cache.set(entry.tokenHash, entry);
    this.hashOf.set(entry.device.id, entry.tokenHash);
    return entry;
  }

  private forget(tokenHash: string): void {
    const entry = this.cache.get(tokenHash);
    if (!entry) return;
    this.cache.delete(tokenHash);
    if (this.hashOf.get(entry.device.id) === tokenHash) this.hashOf.delete(entry.device.id);
  }
}

const deviceOf = (row: { id: string; name: string; user: { id: string; username: string } | null }): DeviceIdentity =>
  ({ id: row.id, name: row.name, user: row.user ? { id: row.user.id, username: row.user.username } : null });

type PrismaPromise = Prisma.PrismaPromise<unknown>;

const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
/** A code as RecoveryCodeSchema reads it back: dashes and case set aside. */
const normalized = (code: string): string => code.replace(/-/g, '');

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
