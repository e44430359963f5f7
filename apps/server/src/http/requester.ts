import { DEVICE_COOKIE, isApiTokenSecret, type Viewer } from '@chu/protocol';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import { HttpRefusal } from './errors.ts';

/** Who sends a request: its device token, from `Authorization: Bearer` (programs) or the cookie (pages). */
export const tokenOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7);
  return req.cookies[DEVICE_COOKIE];
};

/** The request's device, or a 401 refusal. */
export async function requestDevice(identity: Identity, req: FastifyRequest): Promise<DeviceIdentity> {
  const token = tokenOf(req);
  if (token && isApiTokenSecret(token)) {
    throw new HttpRefusal(401, 'api-token', 'A personal API token works on the API routes only (docs/api.md), never as a web session.');
  }
  const a = await identity.authenticate(token);
  if (a.ok) return a.device;
  throw a.code === 'expired'
    ? new HttpRefusal(401, 'expired', 'This device was unused for too long: POST /api/device for a new one.')
    : new HttpRefusal(401, 'unauthenticated', 'No device: POST /api/device first.');
}

/** Who sends a request, if it names a device (pages anyone may read show some things to their players only). */
export async function requestViewer(identity: Identity, req: FastifyRequest): Promise<Viewer> {
  const a = await identity.authenticate(tokenOf(req));
  return a.ok ? { deviceId: a.device.id, userId: a.device.user?.id ?? null } : null;
}

/** The request's device and the account logged in on it, or a 401/403 refusal. */
export async function requestAccount(identity: Identity, req: FastifyRequest): Promise<DeviceIdentity & { user: NonNullable<DeviceIdentity['user']> }> {
  const d = await requestDevice(identity, req);
  if (!d.user) throw new HttpRefusal(403, 'account-required', 'Log in first.');
  return d as DeviceIdentity & { user: NonNullable<DeviceIdentity['user']> };
}

/** A JSON body (or query) as its schema reads it, or a 400 refusal naming what was wrong. */
export function parsed<S extends z.ZodType>(schema: S, value: unknown, what: 'body' | 'query' | 'path' = 'body'): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new HttpRefusal(400, 'malformed', `Malformed ${what}: ${where}${issue?.message ?? 'invalid'}.`);
}
