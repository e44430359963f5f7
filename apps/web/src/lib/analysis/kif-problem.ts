// A KIF the rules can't read, said in the reader's language: the rules give a code and its
// parameters ({ code: 'not-a-move', line: 5, variant: 'chu', text: '2 ほげ' }), the words are ours.
import { VARIANT_INFO, type KifError, type Variant } from '@chu/rules';
import { t, tCode, type Key } from '../i18n.svelte';
import type { Vars } from '../i18n/messages';
import { pieceName } from '../pieces';
import { settings } from '../settings.svelte';

const game = (v: Variant) => t(`variant.${v}`);

/** 'no es una jugada de Chu shogi: «2 ほげ»': the problem, without its line. */
export function kifProblem(e: KifError): string {
  const { code, line: _line, ...params } = e;
  const vars: Vars = { ...params };
  if ('variant' in e) Object.assign(vars, { variant: game(e.variant), size: VARIANT_INFO[e.variant].size });
  if (e.code === 'other-variant') Object.assign(vars, { said: game(e.said), asked: game(e.asked) });
  if (e.code === 'wrong-side') vars.side = t(e.side === 'black' ? 'say.black' : 'say.white');
  if (e.code === 'illegal-move') vars.reason = tCode('illegal', e.reason);
  if (e.code === 'wrong-piece') vars.holds = pieceName(e.holds, settings.lang);
  return t(`kif.${code}` as Key, vars);
}
