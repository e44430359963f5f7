// Personal API tokens (issue 50): the account page lists, makes and revokes them with the page's session.
import type { ApiScope, ApiTokenList, CreatedApiToken } from '@chu/protocol';
import { getJson, type Loaded } from '../api';
import { postJson, type Answer } from '../answers';

export const fetchApiTokens = (): Promise<Loaded<ApiTokenList>> => getJson('/api/account/tokens', (j, s) => s.ApiTokenListSchema.parse(j));

/** The new token with its secret, shown once: the server keeps only its hash. */
export const createApiTokenRequest = (description: string, scopes: ApiScope[]): Promise<Answer<CreatedApiToken>> =>
  postJson('/api/account/tokens', { description, scopes }, (j, s) => s.CreatedApiTokenSchema.parse(j));

export const revokeApiTokenRequest = (id: string): Promise<Answer<unknown>> =>
  postJson(`/api/account/tokens/${encodeURIComponent(id)}/revoke`, {}, (j) => j);
