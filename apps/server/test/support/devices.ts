import { randomBytes } from 'node:crypto';
import { hashToken, newId } from '../../src/identity/secrets.ts';
import type { TestServer } from './testServer.ts';

/** A device row written directly (made or last seen long ago), and the token that signs in as it. */
export async function storedDevice(server: TestServer, at: { createdAt?: Date; lastSeenAt?: Date } = {}): Promise<{ token: string; deviceId: string }> {
  const token = randomBytes(32).toString('base64url');
  const deviceId = newId();
  await server.db.prisma.device.create({ data: { id: deviceId, tokenHash: hashToken(token), name: 'Stored', ...at } });
  return { token, deviceId };
}
