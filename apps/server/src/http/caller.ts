import { DEVICE_COOKIE } from '@chu/protocol';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import { HttpRefusal } from './errors.ts';

// Who makes a request, and what it sends: every route's first checks.

/** The device token: a program's Bearer header, or a browser's httpOnly cookie. */
export const tokenOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7);
  return req.cookies[DEVICE_COOKIE];
};

export async function deviceOf(identity: Identity, req: FastifyRequest): Promise<DeviceIdentity> {
  const a = await identity.authenticate(tokenOf(req));
  if (a.ok) return a.device;
  throw a.code === 'expired'
    ? new HttpRefusal(401, 'expired', 'This device was unused for too long: POST /api/device for a new one.')
    : new HttpRefusal(401, 'unauthenticated', 'No device: POST /api/device first.');
}

/** A device signed in to an account, or a 403 refusal. */
export async function accountDeviceOf(identity: Identity, req: FastifyRequest): Promise<DeviceIdentity & { user: NonNullable<DeviceIdentity['user']> }> {
  const d = await deviceOf(identity, req);
  if (!d.user) throw new HttpRefusal(403, 'account-required', 'Log in first.');
  return { ...d, user: d.user };
}

export function bodyOf<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const r = schema.safeParse(req.body ?? {});
  if (!r.success) throw new HttpRefusal(400, 'malformed', `Malformed body: ${r.error.issues[0]?.message ?? 'invalid'}.`);
  return r.data;
}
