// The lishogi-shaped API (issue 50): the words of personal API tokens, from one place for the server,
// the web's account page and the docs.

/** What a token may do, named as lishogi names them, so a lishogi client asks for the same. */
export const API_SCOPES = ['bot:play', 'board:play', 'challenge:read', 'challenge:write', 'preference:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * A token's secret starts with this, so it is recognised where it is pasted (and refused with a clear
 * word where a device's token belongs): "chu_" and 43 base64url characters.
 */
export const API_TOKEN_PREFIX = 'chu_';
export const API_TOKEN_DESCRIPTION_MAX = 100;
/** Tokens one account may hold at once. */
export const API_TOKENS_PER_ACCOUNT = 20;

export const isApiTokenSecret = (secret: string): boolean => secret.startsWith(API_TOKEN_PREFIX);
