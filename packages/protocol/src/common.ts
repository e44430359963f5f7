import { COLORS } from '@chu/rules';
import { z } from 'zod';

export const ColorSchema = z.enum(COLORS);
export type Color = z.infer<typeof ColorSchema>;

// Room codes: 6 letters/digits without look-alikes (0/O, 1/I/L).
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RoomCodeSchema = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-HJKMNP-Z2-9]{6}$/));

export const IdSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
// USI of either game: squares 1a..12l (chu) or 1a..15o (dai), optional lion mid-square, optional '+'.
// Which squares the game has is the rules' check, with the room's variant.
export const UsiSchema = z.string().min(4).max(12).regex(/^(?:1[0-5]|[1-9])[a-o](?:(?:1[0-5]|[1-9])[a-o]){1,2}\+?$/);
export const VersionSchema = z.number().int().min(0).max(1_000_000);
export const AckIdSchema = z.string().min(1).max(40).regex(/^[A-Za-z0-9_.:-]+$/);
export const CpuLevelSchema = z.number().int().min(1).max(8);
// A name is shown to others: no control characters (a NUL reached the database once), and no
// invisible or direction-changing marks that would let one name pass for another.
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(24)
  .regex(/^[^\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*$/, 'no control or invisible characters');

// Socket.IO event names: one per direction, each carrying one message of the union.
export const CLIENT_EVENT = 'c';
export const SERVER_EVENT = 's';

// The rules' vocabulary, re-exported so the wire side speaks it too.
export { COLORS, opposite } from '@chu/rules';
