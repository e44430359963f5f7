// A KIF the rules can't read is explained in the reader's language only (issue 35, rough edge #5):
// the rules give a code and its parameters, the client words them.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { KIF_ERRORS, type KifError } from '@chu/rules';
import ImportBox from '../src/lib/analysis/ImportBox.svelte';
import { kifProblem } from '../src/lib/analysis/kif-problem';
import { settings } from '../src/lib/settings.svelte';
import type { Lang } from '../src/lib/pieces';

afterEach(() => {
  settings.lang = 'en';
});

/** One error of every code, as the rules give it. */
const SAMPLES: KifError[] = [
  { line: 1, code: 'empty' },
  { line: 1, code: 'unknown-rule', token: 'promotion=fast' },
  { line: 2, code: 'not-a-header', text: 'こんにちは' },
  { line: 2, code: 'pieces-in-hand', text: '先手の持駒：歩二' },
  { line: 1, code: 'other-variant', said: 'dai', asked: 'chu' },
  { line: 3, code: 'foreign-handicap', handicap: '香落ち', variant: 'chu' },
  { line: 1, code: 'bad-sfen', sfen: '12/12 b - 1' },
  { line: 1, code: 'sfen-disagrees', sfen: '10k1/12 b', diagram: '12/12 b' },
  { line: 2, code: 'diagram-ranks', ranks: 9, variant: 'chu' },
  { line: 4, code: 'rank-frame', text: '  香  猛' },
  { line: 4, code: 'rank-number', rank: '四', expected: '三' },
  { line: 6, code: 'rank-too-long', variant: 'chu', text: '|  ・|五' },
  { line: 6, code: 'rank-length', squares: 11, variant: 'chu', text: '|  ・|五' },
  { line: 8, code: 'unknown-diagram-piece', name: '桂', variant: 'chu', text: '|  桂|七' },
  { line: 8, code: 'dangling-mark', mark: 'v', text: '|  v|七' },
  { line: 6, code: 'drop', variant: 'chu', text: '2 5五歩打' },
  { line: 5, code: 'not-a-move', variant: 'chu', text: '2 ほげ' },
  { line: 7, code: 'first-step-alone', text: '3手目一歩目 7九獅子 （←7十）' },
  { line: 7, code: 'second-step-alone', text: '3手目二歩目 6八獅子 （←7九）' },
  { line: 7, code: 'first-step-mark', text: '3手目一歩目 7九獅子成 （←7十）' },
  { line: 5, code: 'same-square-first', text: '1手目   仝歩兵 （←7九）' },
  { line: 5, code: 'lion-one-line', text: '1手目   7十獅子（居食い） （←7十）' },
  { line: 8, code: 'bad-igui', text: '3手目二歩目 7十獅子（居食い） （←7九）' },
  { line: 8, code: 'bad-pass', text: '3手目二歩目 7十獅子（じっと） （←7九）' },
  { line: 10, code: 'after-end', end: '投了', text: '4手目   6五歩兵 （←6四）' },
  { line: 6, code: 'move-number', number: 3, expected: 2, text: '3手目   7五歩兵 （←7四）' },
  { line: 5, code: 'wrong-side', side: 'white', text: '1手目 △7八歩兵 （←7九）' },
  { line: 6, code: 'illegal-move', reason: 'unreachable', text: '2手目   7六歩兵 （←7四）' },
  { line: 5, code: 'unknown-piece', name: '桂馬', variant: 'chu', text: '1手目   7八桂馬 （←7九）' },
  { line: 5, code: 'wrong-piece', square: '7i', holds: 'p', name: '獅子', text: '1手目   7八獅子 （←7九）' },
  { line: 8, code: 'steps-apart', mid: '8i', first: '7i', text: '3手目二歩目 6八獅子 （←8九）' },
];

describe('the rules’ KIF error codes in words', () => {
  it('a sample of every code the rules have', () => {
    expect(SAMPLES.map((e) => e.code).sort()).toEqual([...KIF_ERRORS].sort());
  });

  it.each((['en', 'es', 'ja'] as Lang[]).flatMap((lang) => SAMPLES.map((e) => [lang, e.code, e] as const)))('%s: %s, every placeholder filled', (lang, _code, e) => {
    settings.lang = lang;
    const words = kifProblem(e);
    expect(words).not.toMatch(/[{}]|^kif\./);
    if ('text' in e) expect(words).toContain(e.text);
  });

  it.each([
    ['es', 'no es una jugada de Chu shogi: «2 ほげ»'],
    ['en', 'this is not a Chu shogi move: “2 ほげ”'],
    ['ja', '中将棋の指し手ではありません:「2 ほげ」'],
  ] as const)('%s: %s', (lang, words) => {
    settings.lang = lang;
    expect(kifProblem({ line: 5, code: 'not-a-move', variant: 'chu', text: '2 ほげ' })).toBe(words);
  });

  it('parameters in the reader’s words: the side, the rules’ reason, the piece', () => {
    settings.lang = 'es';
    expect(kifProblem({ line: 5, code: 'wrong-side', side: 'white', text: 'x' })).toBe('Blancas mueve sin tener el turno: «x»');
    expect(kifProblem({ line: 5, code: 'wrong-piece', square: '7i', holds: 'p', name: '獅子', text: 'x' })).toBe('en 7i hay un Peón, no un 獅子: «x»');
  });
});

describe('the import box', () => {
  it('a bad KIF in Spanish is explained in Spanish, with no English parser message under it', async () => {
    settings.lang = 'es';
    const { container, getByRole } = render(ImportBox, { onLoad: () => {} });
    const box = container.querySelector('textarea[name="import"]') as HTMLTextAreaElement;
    await fireEvent.input(box, { target: { value: '手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n' } });
    await fireEvent.click(container.querySelector('[data-action="import"]')!);
    const alert = getByRole('alert');
    expect(alert.textContent!.trim()).toBe('KIF, línea 3: no es una jugada de Chu shogi: «1 7六歩(77)».');
    expect(alert.textContent).not.toMatch(/line|not a|move/);
  });
});
