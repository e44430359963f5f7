// A move typed as text: USI ('7i7h', '6h6g6h', '7e7c+', a Heisei drop 'O*5e') or Hodges ('P-7h', 'Lnx!6g', 'Ky-7c+', 'Ky*5e').
// USI goes to the rules as it is; Hodges is matched against the rules' own notation of every legal
// move of the position, so the client parses no notation of its own.
import { parseUsi, type Game, type IllegalReason } from '@chu/rules';

export type Typed =
  | { ok: true; usi: string; notation: string } // canonical USI, and how the rules write it
  | { ok: false; error: 'empty' | 'unknown' }
  | { ok: false; error: 'illegal'; reason: IllegalReason }
  | { ok: false; error: 'ambiguous'; options: string[] }; // 'P-3d+', 'P-3d='

/** Case and spaces do not matter: 'ln x!6g' is 'Lnx!6g' (no two pieces' letters differ only by case). */
const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Every legal move of the position with its Hodges notation, as the rules write it when it is played. */
export function legalNotations(game: Game): { usi: string; notation: string }[] {
  return game.legalMoves().flatMap((usi) => {
    const r = game.clone().play(usi);
    return r.ok ? [{ usi: r.value.usi, notation: r.value.notation }] : [];
  });
}

export function resolveTyped(game: Game, text: string): Typed {
  const typed = norm(text);
  if (!typed) return { ok: false, error: 'empty' };
  // a drop's piece letter is a capital in USI (heisei-chu.md §1), whatever case it was typed in: 'o*5e' is 'O*5e'
  const usi = /^[a-z]\*/.test(typed) ? typed[0].toUpperCase() + typed.slice(1) : typed;
  if (parseUsi(usi, game.variant)) {
    const r = game.check(usi);
    if (!r.ok) return { ok: false, error: 'illegal', reason: r.error };
    const found = legalNotations(game).find((m) => m.usi === r.value);
    return { ok: true, usi: r.value, notation: found?.notation ?? r.value };
  }
  const legal = legalNotations(game);
  let hits = legal.filter((m) => norm(m.notation) === typed);
  // written without the promotion mark: one move if only one answer is legal, else the question
  if (hits.length === 0 && !/[+=]$/.test(typed)) hits = legal.filter((m) => norm(m.notation).replace(/[+=]$/, '') === typed);
  if (hits.length === 1) return { ok: true, usi: hits[0].usi, notation: hits[0].notation };
  if (hits.length > 1) return { ok: false, error: 'ambiguous', options: hits.map((m) => m.notation) };
  return { ok: false, error: 'unknown' };
}
