import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

// A push service on 127.0.0.1 (https, with the fixture certificate: web-push speaks https only), and a
// browser's side of a subscription: its P-256 key pair and auth secret, and the decryption of what the
// service is sent (RFC 8291, aes128gcm content coding of RFC 8188). What a test reads is what a
// browser would show.

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/push-service/${name}`, import.meta.url));
export const PUSH_SERVICE_CA = readFileSync(fixture('cert.pem'), 'utf8');

export interface Delivery { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }

export class PushService {
  readonly deliveries: Delivery[] = [];
  private readonly answers = new Map<string, number>(); // path → the status it answers (201 otherwise)
  private waiters: (() => void)[] = [];

  private constructor(private readonly server: Server, readonly origin: string) {}

  static async start(): Promise<PushService> {
    const server = createServer({ key: readFileSync(fixture('key.pem')), cert: PUSH_SERVICE_CA });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const service = new PushService(server, `https://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        service.deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(service.answers.get(path) ?? 201).end();
        for (const w of service.waiters.splice(0)) w();
      });
    });
    return service;
  }

  /** A new endpoint of this service (a browser's subscription URL). */
  endpoint(): string { return `${this.origin}/push/${randomBytes(8).toString('hex')}`; }

  /** From now on this endpoint answers `status` (410: the browser unsubscribed). */
  answer(endpoint: string, status: number): void { this.answers.set(new URL(endpoint).pathname, status); }

  /** The deliveries to an endpoint so far. */
  to(endpoint: string): Delivery[] { return this.deliveries.filter((d) => d.path === new URL(endpoint).pathname); }

  /** Waits for the n-th delivery to an endpoint. */
  async nth(endpoint: string, n: number, ms = 15_000): Promise<Delivery> {
    const deadline = Date.now() + ms;
    while (this.to(endpoint).length < n) {
      if (Date.now() > deadline) throw new Error(`push ${n} to ${endpoint} never came (${this.to(endpoint).length} did)`);
      await new Promise<void>((r) => { this.waiters.push(r); setTimeout(r, 100); });
    }
    return this.to(endpoint)[n - 1];
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** A browser's half of a subscription: what it sends the site, and the keys it decrypts with. */
export class BrowserKeys {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  constructor() { this.ecdh.generateKeys(); }

  subscription(endpoint: string, lang = 'en') {
    return { endpoint, expirationTime: null, keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.auth.toString('base64url') }, lang };
  }

  /**
   * RFC 8291 §3.4 and RFC 8188 §2: the header (salt, record size, the server's key as keyid), the
   * key and nonce from two HKDFs (first over the auth secret and the ECDH secret), AES-128-GCM, and
   * the padding delimiter 0x02 of the last record.
   */
  decrypt(body: Buffer): unknown {
    const salt = body.subarray(0, 16);
    const rs = body.readUInt32BE(16);
    const idlen = body[20];
    const serverKey = body.subarray(21, 21 + idlen);
    const ciphertext = body.subarray(21 + idlen);
    if (idlen !== 65 || ciphertext.length > rs) throw new Error(`not one aes128gcm record: idlen ${idlen}, rs ${rs}, ${ciphertext.length} bytes`);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error(`no last-record delimiter (found ${padded[end]})`);
    return JSON.parse(padded.subarray(0, end).toString('utf8'));
  }
}

/**
 * The VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`. Checks the JWT's ES256
 * signature with `publicKey` (the key the site serves) and returns its claims and `k`.
 */
export function vapidClaims(authorization: string, publicKey: string): { claims: { aud: string; exp: number; sub: string }; k: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!m) throw new Error(`not a VAPID header: ${authorization}`);
  const [header, payload, signature] = m[1].split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the VAPID JWT is not signed by the served key');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT not ES256');
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString()), k: m[2] };
}
