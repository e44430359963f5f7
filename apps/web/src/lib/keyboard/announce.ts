// Moves in words, for the screen reader's live region: "Negras: Peón de 7i a 7h (P-7h)". What moved and
// what it took is read off the position before the move; the notation is the rules'.
import { parseUsi, type Game, type NotationStyle } from '@chu/rules';
import { t } from '../i18n.svelte';
import { settings } from '../settings.svelte';
import { pieceName, promotedCode } from '../pieces';
import { geometryOf, type Color } from '../squares';

export const sideName = (c: Color): string => t(c === 'black' ? 'say.black' : 'say.white');

/** `usi` played from `before` (which is not changed), in the user's language and notation style. */
export function describeMove(before: Game, usi: string, style: NotationStyle = settings.notation): string {
  const m = parseUsi(usi, before.variant);
  const after = before.clone();
  const played = after.play(usi);
  if (!m || !played.ok) return usi;
  const board = before.board();
  const { indexOf } = geometryOf(before.variant);
  const at = (sq: string) => board[indexOf(sq)];
  const mover = at(m.from);
  const name = (code: string) => pieceName(code, settings.lang);
  if (m.drop) {
    // heisei-chu.md §3: a reserve piece put down, perhaps promoting at once
    const up = m.promote ? promotedCode(m.drop) : undefined;
    const said = t('say.drop', { side: sideName(before.turn), piece: name(m.drop), to: m.to }) + (up ? t('say.promotes', { piece: name(up) }) : '');
    return `${said} (${after.notation(played.value.ply, style)})`;
  }
  const vars = { side: sideName(before.turn), piece: mover ? name(mover.code) : '?', from: m.from, to: m.to, mid: m.mid ?? '' };
  const taken = [m.mid, m.to !== m.from ? m.to : undefined].flatMap((sq) => (sq && at(sq) ? [name(at(sq)!.code)] : []));
  let text: string;
  if (m.mid && m.to === m.from) {
    text = taken.length ? t('say.igui', { ...vars, captured: taken[0] }) : t('say.pass', vars);
  } else {
    text = t(m.mid ? 'say.double' : 'say.move', vars);
    if (taken.length) text += t('say.captures', { pieces: taken.join(t('say.and')) });
  }
  const up = m.promote && mover ? promotedCode(mover.code) : undefined;
  if (up) text += t('say.promotes', { piece: name(up) });
  return `${text} (${after.notation(played.value.ply, style)})`;
}
