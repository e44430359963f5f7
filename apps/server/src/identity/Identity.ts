import type { PrismaClient } from '../db/database.ts';
import { hashPassword, hashToken, newId, newToken, safeEqual, verifyPassword } from './secrets.ts';

export interface DeviceIdentity {
  id: string;
  name: string;
  user: { id: string; username: string } | null;
}

export type AccountResult =
  | { ok: true; device: DeviceIdentity; token: string | null } // token: the device's new one when it rotated
  | { ok: false; code: 'username-taken' | 'bad-credentials' };

export type Authentication =
  | { ok: true; device: DeviceIdentity; createdAt: Date }
  | { ok: false; code: 'unauthenticated' | 'expired' };

interface Entry { device: DeviceIdentity; tokenHash: string; createdAt: Date; lastSeenAt: Date; readAt: number }

const GUEST_NAMES = ['Kirin', 'Phoenix', 'Lion', 'Dragon', 'Falcon', 'Eagle', 'Tiger', 'Leopard'];
const CACHE_MS = 30_000;      // another instance's login/logout reaches this one's cache within this
const TOUCH_MS = 3_600_000;   // last_seen_at is written at most hourly per device
const DAY_MS = 86_400_000;

// Devices (guest identities holding a secret token) and optional accounts they log into.
// Usernames are unique and looked up without regard to case; they are shown as their owner typed them.
export class Identity {
  // token hash → device; the DB stays the source of truth, this only saves a query per handshake.
  private readonly cache = new Map<string, Entry>();
  private readonly hashOf = new Map<string, string>(); // device id → token hash in the cache

  constructor(private readonly prisma: PrismaClient, private readonly idleDays = 180) {}

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
    let entry = this.cache.get(tokenHash);
    if (!entry || now - entry.readAt > CACHE_MS) {
      const row = await this.prisma.device.findUnique({ where: { tokenHash }, include: { user: true } });
      if (!row) {
        this.forget(tokenHash);
        return { ok: false, code: 'unauthenticated' };
      }
      entry = this.remember({ device: deviceOf(row), tokenHash: row.tokenHash, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, readAt: now });
    }
    if (!safeEqual(entry.tokenHash, tokenHash)) return { ok: false, code: 'unauthenticated' };
    if (now - entry.lastSeenAt.getTime() > this.idleDays * DAY_MS) return { ok: false, code: 'expired' };
    if (now - entry.lastSeenAt.getTime() > TOUCH_MS) {
      entry.lastSeenAt = new Date(now);
      await this.prisma.device.updateMany({ where: { id: entry.device.id }, data: { lastSeenAt: entry.lastSeenAt } });
    }
    return { ok: true, device: { ...entry.device }, createdAt: entry.createdAt };
  }

  /** The device as stored now (not as a socket's handshake saw it). */
  async current(deviceId: string): Promise<DeviceIdentity | null> {
    const row = await this.prisma.device.findUnique({ where: { id: deviceId }, include: { user: true } });
    return row && deviceOf(row);
  }

  async rename(device: DeviceIdentity, name: string): Promise<DeviceIdentity> {
    await this.prisma.device.update({ where: { id: device.id }, data: { name } });
    return this.refresh(device.id);
  }

  /** The username as its owner wrote it, whatever case it is asked for in. */
  async canonicalUsername(username: string): Promise<string | null> {
    return (await this.userNamed(username))?.username ?? null;
  }

  /** Registering gives the device a new token, as logging in does: a token known before never holds the account. */
  async register(device: DeviceIdentity, username: string, password: string): Promise<AccountResult> {
    if (await this.userNamed(username)) return { ok: false, code: 'username-taken' };
    const id = newId();
    const passwordHash = await hashPassword(password);
    const token = newToken();
    try {
      await this.prisma.$transaction([
        this.prisma.user.create({ data: { id, username, passwordHash } }),
        this.prisma.rating.create({ data: { userId: id } }),
        this.prisma.device.update({ where: { id: device.id }, data: { userId: id, tokenHash: hashToken(token), lastSeenAt: new Date() } }),
      ]);
    } catch (err) {
      // two registrations of one name (any case) at once: the unique index on lower(username) decides
      if ((err as { code?: string }).code === 'P2002') return { ok: false, code: 'username-taken' };
      throw err;
    }
    return { ok: true, device: await this.refresh(device.id), token };
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
    return Promise.all(ids.map((id) => this.refresh(id)));
  }

  private async rotate(deviceId: string, userId: string | null): Promise<{ device: DeviceIdentity; token: string }> {
    const token = newToken();
    await this.prisma.device.update({ where: { id: deviceId }, data: { userId, tokenHash: hashToken(token), lastSeenAt: new Date() } });
    return { device: await this.refresh(deviceId), token };
  }

  private async userNamed(username: string): Promise<{ id: string; username: string; passwordHash: string } | null> {
    // lower(username) is what the unique index holds, so this is one index lookup
    const rows = await this.prisma.$queryRaw<{ id: string; username: string; passwordHash: string }[]>`
      SELECT "id", "username", "password_hash" AS "passwordHash" FROM "users" WHERE lower("username") = lower(${username}) LIMIT 1`;
    return rows[0] ?? null;
  }

  private async refresh(id: string): Promise<DeviceIdentity> {
    const row = await this.prisma.device.findUniqueOrThrow({ where: { id }, include: { user: true } });
    const entry = this.remember({ device: deviceOf(row), tokenHash: row.tokenHash, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, readAt: Date.now() });
    return { ...entry.device };
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

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
