import { parse as legacyParse } from 'node:url';

// A browser's push endpoint is a URL the server will later send to, so it must name one host however it
// is read. The check reads it with WHATWG `URL`; `web-push` sends with the legacy `url.parse`, which
// stops a host at characters WHATWG keeps (`https://127.0.0.1;.fcm.googleapis.com/` is 127.0.0.1 to one
// and a subdomain of FCM to the other) and finds no host at all in `https:fcm.googleapis.com/x`. So an
// endpoint is taken only when it is spelt in a strict grammar (lower-case host names, a port, a path
// and query of URL characters, nothing else), both parsers agree on its host, port and path, and the
// host is a push service this site sends to; what is stored and sent is that agreed string.

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?))*$/; // LDH labels, or a dotted IPv4
const ENDPOINT = /^https:\/\/([a-z0-9.-]{1,253})(?::([0-9]{1,5}))?(\/[A-Za-z0-9\-._~%!$&()*+,;=:@/]*(?:\?[A-Za-z0-9\-._~%!$&()*+,;=:@/?]*)?)$/;

export type PushEndpoint = { ok: true; endpoint: string; host: string } | { ok: false; why: string };

/** The endpoint as it will be sent, when it is at one of `hosts` (or a subdomain) however it is parsed. */
export function pushEndpoint(raw: string, hosts: readonly string[]): PushEndpoint {
  const spelt = ENDPOINT.exec(raw);
  if (!spelt || !HOST.test(spelt[1])) return { ok: false, why: 'not a plain https URL of a push service (host, port, path)' };
  const [, host, port = '', path] = spelt;
  let whatwg: URL;
  try { whatwg = new URL(raw); } catch { return { ok: false, why: 'not a URL' }; }
  const legacy = legacyParse(raw);
  const agreed = whatwg.hostname === host && legacy.hostname === host
    && whatwg.port === (port === '443' ? '' : port) && (legacy.port ?? '') === port
    && legacy.path === path && `${whatwg.pathname}${whatwg.search}` === path;
  if (!agreed) return { ok: false, why: 'read differently by different URL parsers' };
  if (!hosts.some((h) => host === h || host.endsWith(`.${h}`))) return { ok: false, why: 'not at a push service this site sends to' };
  return { ok: true, endpoint: raw, host };
}
