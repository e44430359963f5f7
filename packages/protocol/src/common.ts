import { COLORS, OUTCOME_REASONS } from '@chu/rules';
import { z } from 'zod';
import { USERNAME_LENGTH, USERNAME_PATTERN } from './terms/accounts.ts';
import { MAX_ROW_ID } from './terms/wire.ts';

export const ColorSchema = z.enum(COLORS);
export type Color = z.infer<typeof ColorSchema>;

// How a game ended (the game's 'end' event, records, notifications).
export const OutcomeSchema = z.object({
  winner: ColorSchema.nullable(), // null = draw (or abort)
  // The rules' Game records every way a game ends (RULES.md §6, plus resign, agreement, timeout,
  // abort), so the server adds no reason of its own: a fourth repetition is refused as a move (§5).
  reason: z.enum(OUTCOME_REASONS),
});
export type Outcome = z.infer<typeof OutcomeSchema>;

// Room codes: 6 letters/digits of ROOM_CODE_ALPHABET (terms/room.ts).
export const RoomCodeSchema = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-HJKMNP-Z2-9]{6}$/));

export const IdSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
// USI of any game: squares 1a..12l (chu) or 1a..15o (dai), optional lion mid-square, optional '+'; or a
// Heisei drop, the piece's capital, '*', the square: 'O*5e', 'O*5c+' (heisei-chu.md §1). Which squares
// and pieces the game has, and whether it has drops, is the rules' check, with the room's variant.
export const UsiSchema = z.string().min(4).max(12).regex(/^(?:(?:1[0-5]|[1-9])[a-o](?:(?:1[0-5]|[1-9])[a-o]){1,2}|[A-Z]\*(?:1[0-5]|[1-9])[a-o])\+?$/);
export const VersionSchema = z.number().int().min(0).max(1_000_000);
export const AckIdSchema = z.string().min(1).max(40).regex(/^[A-Za-z0-9_.:-]+$/);
export const CpuLevelSchema = z.number().int().min(1).max(8);
// A name is shown to others, beside seats and in rooms: it must show something, and may not hide,
// reorder or pile over the text around it. Judged by Unicode property, not by a list of examples:
// - nothing in Cc, Cf (direction marks, soft hyphen, tags), Co, Cn (unassigned), Cs, Zl or Zp, and
//   nothing default-ignorable (HANGUL FILLER is a letter that is drawn blank);
// - at most two combining marks on a letter (decomposed Vietnamese needs two, zalgo needs many), and
//   none with no letter before it;
// - something visible: a letter, digit, punctuation or symbol, other than the one braille cell drawn
//   blank (U+2800, a symbol, not default-ignorable).
// An emoji sequence is one picture: its joiners and presentation selectors belong to it. The name is
// checked and kept in NFC, so an accent typed apart counts as part of its letter.
const EMOJI = new RegExp('\\p{RGI_Emoji}', 'gv'); // the v flag, which this target's types do not know
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const MAX_MARKS = 2;
const PILED = new RegExp(`^\\p{M}|\\p{M}{${MAX_MARKS + 1}}`, 'u');
const VISIBLE = /(?!\u2800)[\p{L}\p{N}\p{P}\p{S}]/u;

/** Why a display name may not be shown, or null when it may. */
function displayNameFault(name: string): string | null {
  const text = name.replace(EMOJI, '\u{1F600}');
  const hidden = HIDDEN.exec(text)?.[0];
  if (hidden !== undefined) return `a name may not contain invisible, control or direction characters (U+${hidden.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
  if (PILED.test(text)) return `a name may carry at most ${MAX_MARKS} combining marks on a letter, and none before the first`;
  if (!VISIBLE.test(text)) return 'a name must show a letter, digit or symbol';
  return null;
}

/**
 * The rule for every name or title a person writes for others to read (a device's name, a tournament's
 * name, a name searched for): `max` characters at most, kept in NFC, and shown as written.
 */
export const shownName = (max: number) => z
  .string()
  .trim()
  .transform((s) => s.normalize('NFC'))
  .pipe(z.string().min(1).max(max))
  .superRefine((name, ctx) => {
    const fault = displayNameFault(name);
    if (fault) ctx.addIssue({ code: 'custom', message: fault });
  });
export const DisplayNameSchema = shownName(24);

export const RowIdSchema = z.number().int().positive().max(MAX_ROW_ID);

// An account's name (terms/accounts.ts).
export const UsernameSchema = z.string().trim().min(USERNAME_LENGTH.min).max(USERNAME_LENGTH.max).regex(USERNAME_PATTERN);
