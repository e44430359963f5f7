import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export const newId = (): string => randomBytes(12).toString('base64url');
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const N = 16384, R = 8, P = 1, KEY = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((ok, fail) =>
    scrypt(password, salt, KEY, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (e, k) => (e ? fail(e) : ok(k))),
  );
}

// Stored as "scrypt$N$r$p$salt$hash" (base64url).
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  const want = Buffer.from(hash, 'base64url');
  return key.length === want.length && timingSafeEqual(key, want);
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A recovery code, "abcd-efgh-2345-wxyz": 80 random bits, so (like a token) its sha256 is enough to keep
 * it, and one lookup by that hash finds it. Base32 is easy to copy by hand: no 0/o or 1/l to confuse.
 */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0, value = 0, out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}

/** The stored form of a code as RecoveryCodeSchema gave it (dashes and case already set aside). */
export const hashRecoveryCode = (normalized: string): string => hashToken(`recovery:${normalized}`);
