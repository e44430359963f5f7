import { API_TOKEN_PREFIX, API_TOKENS_PER_ACCOUNT, isApiTokenSecret, type ApiScope, type ApiTokenView } from '@chu/protocol';
import type { PrismaClient } from '../db/database.ts';
import { hashToken, newId, newToken } from './secrets.ts';

/** Who a personal API token acts for, and what it may do. */
export interface ApiCaller {
  tokenId: string;
  user: { id: string; username: string; bot: boolean };
  scopes: readonly ApiScope[];
}

export type ApiTokenCheck = { ok: true; caller: ApiCaller } | { ok: false; code: 'api-token-required' | 'unauthenticated' };
export type MadeToken = { ok: true; token: ApiTokenView; secret: string } | { ok: false; code: 'too-many-tokens' };

const TOUCH_MS = 3_600_000; // last_used_at is written at most hourly per token

/**
 * Personal API tokens (issue 50). Every check reads the token's row: revoking deletes it, so it stops
 * working on every process at the next request, with no cache to tell.
 */
export class ApiTokens {
  constructor(private readonly prisma: PrismaClient) {}

  async create(userId: string, description: string, scopes: readonly ApiScope[]): Promise<MadeToken> {
    if (await this.prisma.apiToken.count({ where: { userId } }) >= API_TOKENS_PER_ACCOUNT) return { ok: false, code: 'too-many-tokens' };
    const secret = `${API_TOKEN_PREFIX}${newToken()}`;
    const row = await this.prisma.apiToken.create({ data: { id: newId(), userId, tokenHash: hashToken(secret), description, scopes: [...scopes] } });
    return { ok: true, token: viewOf(row), secret };
  }

  async list(userId: string): Promise<ApiTokenView[]> {
    const rows = await this.prisma.apiToken.findMany({ where: { userId }, orderBy: { createdAt: 'desc' } });
    return rows.map(viewOf);
  }

  /** Whether the account had this token (it has not now). */
  async revoke(userId: string, id: string): Promise<boolean> {
    const r = await this.prisma.apiToken.deleteMany({ where: { id, userId } });
    return r.count > 0;
  }

  /** Whether the token still exists (a stream asks from time to time: revoking ends it). */
  async live(tokenId: string): Promise<boolean> {
    return (await this.prisma.apiToken.count({ where: { id: tokenId } })) > 0;
  }

  /** The caller a bearer secret names, if it is a live token of a live account. */
  async check(secret: string | undefined): Promise<ApiTokenCheck> {
    if (!secret || !isApiTokenSecret(secret)) return { ok: false, code: 'api-token-required' };
    if (secret.length > 200) return { ok: false, code: 'unauthenticated' };
    // the unique index finds it by its hash: no comparison of secrets runs in time that depends on them
    const row = await this.prisma.apiToken.findUnique({ where: { tokenHash: hashToken(secret) }, include: { user: true } });
    if (!row || row.user.deletedAt) return { ok: false, code: 'unauthenticated' };
    const now = Date.now();
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_MS) {
      await this.prisma.apiToken.updateMany({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
    }
    return { ok: true, caller: { tokenId: row.id, user: { id: row.user.id, username: row.user.username, bot: row.user.bot }, scopes: row.scopes as ApiScope[] } };
  }
}

function viewOf(row: { id: string; description: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null }): ApiTokenView {
  return {
    id: row.id, description: row.description, scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
