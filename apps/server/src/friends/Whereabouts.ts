import { COLORS, SeatsSchema, type Friend, type Playing } from '@chu/protocol';
import type { PrismaClient } from '../db/database.ts';
import { recordSeat } from '../db/Store.ts';
import type { Account } from './Friends.ts';

/** Which of these accounts have a socket open, on any process of the site (realtime/Fanout is one). */
export interface Presence {
  onlineAccounts(userIds: string[]): Promise<Set<string>>;
}

/**
 * Where friends are: online (their sockets, wherever they are connected) and the games they are in
 * (as stored: an adjourned correspondence game is still theirs), each one click from being watched.
 */
export class Whereabouts {
  constructor(private readonly prisma: PrismaClient, private readonly presence: Presence) {}

  async of(accounts: Account[]): Promise<Friend[]> {
    if (accounts.length === 0) return [];
    const ids = accounts.map((a) => a.id);
    const [online, playing] = await Promise.all([this.presence.onlineAccounts(ids), this.playing(ids)]);
    return accounts.map((a) => ({ username: a.username, online: online.has(a.id), playing: playing.get(a.id) ?? [] }));
  }

  /** Games in play (active or adjourned) with these accounts seated, newest first. */
  private async playing(userIds: string[]): Promise<Map<string, Playing[]>> {
    const rows = await this.prisma.$queryRaw<{ id: string; code: string; seats: unknown }[]>`
      SELECT g."id", r."code", g."seats"
      FROM "games" g JOIN "rooms" r ON r."id" = g."room_id"
      WHERE g."status" IN ('active', 'adjourned')
        AND (g."seats"->'black'->>'userId' = ANY(${userIds}) OR g."seats"->'white'->>'userId' = ANY(${userIds}))
      ORDER BY g."created_at" DESC`;
    const wanted = new Set(userIds);
    const byUser = new Map<string, Playing[]>();
    for (const r of rows) {
      const seats = SeatsSchema.parse(r.seats);
      for (const color of COLORS) {
        const s = seats[color];
        if (s.kind !== 'human' || !s.userId || !wanted.has(s.userId)) continue;
        const opponent = recordSeat(seats[color === 'black' ? 'white' : 'black']).name;
        byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), { roomCode: r.code, gameId: r.id, color, opponent }]);
      }
    }
    return byUser;
  }
}
