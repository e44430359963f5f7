import type { IncomingHttpHeaders } from 'node:http';

// Which site a browser request comes from. Browsers always send Origin on a WebSocket handshake and on
// every POST/PATCH (same-site too), and page scripts cannot forge or drop it; other programs send none,
// and do not carry anyone else's cookie, so a request without Origin (or Referer) is not a cross-site one.

export interface OriginPolicy {
  publicOrigin: string | null; // 'https://chu.example'; null = this request's own scheme and host
  trustProxy: boolean;         // X-Forwarded-Proto/-Host come from our own reverse proxy
}

export type OriginVerdict = 'same' | 'absent' | 'foreign';

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v?.split(',')[0])?.trim() || undefined;

/** The site's own origin as this request reached us ('http://127.0.0.1:3000'). */
export function siteOrigin(policy: OriginPolicy, headers: IncomingHttpHeaders, encrypted: boolean): string | null {
  if (policy.publicOrigin) return policy.publicOrigin;
  const proto = (policy.trustProxy && first(headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (policy.trustProxy && first(headers['x-forwarded-host'])) || headers.host;
  return host ? originOf(`${proto}://${host}`) : null;
}

export function checkOrigin(policy: OriginPolicy, headers: IncomingHttpHeaders, encrypted: boolean): OriginVerdict {
  const claimed = first(headers.origin) ?? first(headers.referer);
  if (claimed === undefined) return 'absent';
  const own = siteOrigin(policy, headers, encrypted);
  const from = originOf(claimed); // 'null' (sandboxed frames, file:) parses to nothing: foreign
  return own !== null && from !== null && from === own ? 'same' : 'foreign';
}

/**
 * A browser's POST, as opposed to a bot or a test: browsers always send Origin on a POST, and page
 * scripts cannot remove it, so such clients never see the token in a body. (Sec-Fetch-* would not
 * do: Node's fetch sends those too.)
 */
export function fromBrowser(headers: IncomingHttpHeaders): boolean {
  return headers.origin !== undefined;
}

/** Served over HTTPS (directly, or behind a proxy that says so): cookies get `Secure`. */
export function overHttps(policy: OriginPolicy, headers: IncomingHttpHeaders, encrypted: boolean): boolean {
  return siteOrigin(policy, headers, encrypted)?.startsWith('https:') ?? false;
}

function originOf(url: string): string | null {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}

/**
 * The client's address as the HTTP limits see it (Fastify's req.ip): behind our own reverse proxy
 * (TRUST_PROXY) the first X-Forwarded-For entry, the client the proxy was reached by; otherwise the peer.
 */
export function clientAddress(policy: Pick<OriginPolicy, 'trustProxy'>, peer: { address: string; headers: IncomingHttpHeaders }): string {
  return (policy.trustProxy && first(peer.headers['x-forwarded-for'])) || peer.address;
}
