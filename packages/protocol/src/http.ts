import { z } from 'zod';
import { DisplayNameSchema } from './common.ts';

// HTTP bodies (JSON). Device identity travels as the httpOnly cookie DEVICE_COOKIE.
export const DEVICE_COOKIE = 'chu_device';

export const CreateDeviceBodySchema = z.object({ name: DisplayNameSchema.optional() }).strict();
export const RenameDeviceBodySchema = z.object({ name: DisplayNameSchema }).strict();
export const UsernameSchema = z.string().trim().min(3).max(24).regex(/^[A-Za-z0-9_-]+$/);
export const CredentialsBodySchema = z
  .object({
    username: UsernameSchema,
    password: z.string().min(8).max(200),
  })
  .strict();
export type CredentialsBody = z.infer<typeof CredentialsBodySchema>;
