// Issue 49: every lesson shows its words in es, en and ja: each stage's title and summary, each lesson's
// title and each exercise's instruction, named by @chu/learn's data, is in i18n/lessons/<lang>.json (the
// lesson screens' own chunk, not the first page's messages), and those files hold nothing else.
import { describe, expect, it } from 'vitest';
import { EXERCISES, LESSONS, STAGES } from '@chu/learn';
import en from '../src/lib/i18n/lessons/en.json';
import es from '../src/lib/i18n/lessons/es.json';
import ja from '../src/lib/i18n/lessons/ja.json';
import { MESSAGES } from '../src/lib/i18n/messages';

const FILES: Record<string, Record<string, string>> = { es, en, ja };
const keys = [
  ...STAGES.flatMap((s) => [s.title, s.summary]),
  ...LESSONS.map((l) => l.title),
  ...EXERCISES.map((e) => e.text),
];

describe('lesson texts', () => {
  it.each(Object.keys(FILES))('every stage, lesson and exercise has its words in %s, and nothing else is there', (lang) => {
    const file = FILES[lang];
    expect(keys.filter((k) => !file[k]?.trim())).toEqual([]);
    expect(Object.keys(file).filter((k) => !keys.includes(k))).toEqual([]);
  });
  it('no two exercises share an instruction', () => {
    expect(new Set(EXERCISES.map((e) => e.text)).size).toBe(EXERCISES.length);
  });
  it("the first page's messages carry none of them", () => {
    for (const lang of ['es', 'en', 'ja'] as const) expect(keys.filter((k) => MESSAGES[lang]?.[k] !== undefined)).toEqual([]);
  });
});
