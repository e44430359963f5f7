import type { PrismaClient } from '../db/database.ts';
import { hashPassword, hashToken, newId, newToken, safeEqual, verifyPassword } from './secrets.ts';

export interface DeviceIdentity {
  id: string;
  name: string;
  user: { id: string; username: string } | null;
}

export type AccountResult =
  | { ok: true; device: DeviceIdentity }
  | { ok: false; code: 'username-taken' | 'bad-credentials' };

const GUEST_NAMES = ['Kirin', 'Phoenix', 'Lion', 'Dragon', 'Falcon', 'Eagle', 'Tiger', 'Leopard'];

// Devices (guest identities holding a secret token) and optional accounts they log into.
export class Identity {
  // token hash → device; the DB stays the source of truth, this only saves a query per handshake.
  private readonly cache = new Map<string, DeviceIdentity & { tokenHash: string }>();

  constructor(private readonly prisma: PrismaClient) {}

  async createDevice(name?: string): Promise<{ device: DeviceIdentity; token: string }> {
    const token = newToken();
    const id = newId();
    const finalName = name ?? `${GUEST_NAMES[Math.floor(Math.random() * GUEST_NAMES.length)]}-${id.slice(0, 4)}`;
    const tokenHash = hashToken(token);
    await this.prisma.device.create({ data: { id, tokenHash, name: finalName } });
    const device = { id, name: finalName, user: null };
    this.cache.set(tokenHash, { ...device, tokenHash });
    return { device, token };
  }

  async authenticate(token: string | undefined | null): Promise<DeviceIdentity | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const cached = this.cache.get(tokenHash);
    if (cached) return safeEqual(cached.tokenHash, tokenHash) ? strip(cached) : null;
    const row = await this.prisma.device.findUnique({ where: { tokenHash }, include: { user: true } });
    if (!row || !safeEqual(row.tokenHash, tokenHash)) return null;
    const device = { id: row.id, name: row.name, user: row.user ? { id: row.user.id, username: row.user.username } : null };
    this.cache.set(tokenHash, { ...device, tokenHash });
    return device;
  }

  async rename(device: DeviceIdentity, name: string): Promise<DeviceIdentity> {
    await this.prisma.device.update({ where: { id: device.id }, data: { name } });
    return this.refresh(device.id);
  }

  async register(device: DeviceIdentity, username: string, password: string): Promise<AccountResult> {
    const existing = await this.prisma.user.findUnique({ where: { username } });
    if (existing) return { ok: false, code: 'username-taken' };
    const id = newId();
    const passwordHash = await hashPassword(password);
    try {
      await this.prisma.$transaction([
        this.prisma.user.create({ data: { id, username, passwordHash } }),
        this.prisma.rating.create({ data: { userId: id } }),
        this.prisma.device.update({ where: { id: device.id }, data: { userId: id } }),
      ]);
    } catch {
      return { ok: false, code: 'username-taken' };
    }
    return { ok: true, device: await this.refresh(device.id) };
  }

  async login(device: DeviceIdentity, username: string, password: string): Promise<AccountResult> {
    const user = await this.prisma.user.findUnique({ where: { username } });
    // Verify against a dummy hash when the user is unknown so both paths cost the same.
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) return { ok: false, code: 'bad-credentials' };
    await this.prisma.device.update({ where: { id: device.id }, data: { userId: user.id } });
    return { ok: true, device: await this.refresh(device.id) };
  }

  async logout(device: DeviceIdentity): Promise<DeviceIdentity> {
    await this.prisma.device.update({ where: { id: device.id }, data: { userId: null } });
    return this.refresh(device.id);
  }

  private async refresh(id: string): Promise<DeviceIdentity> {
    const row = await this.prisma.device.findUniqueOrThrow({ where: { id }, include: { user: true } });
    const device = { id: row.id, name: row.name, user: row.user ? { id: row.user.id, username: row.user.username } : null };
    this.cache.set(row.tokenHash, { ...device, tokenHash: row.tokenHash });
    return device;
  }
}

const strip = ({ id, name, user }: DeviceIdentity): DeviceIdentity => ({ id, name, user });
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
