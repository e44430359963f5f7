// Issue 49: every lesson shows its words in es, en and ja: each stage's title and summary, each lesson's
// title and each exercise's instruction, named by @chu/learn's data, is a message in all three languages.
import { describe, expect, it } from 'vitest';
import { EXERCISES, LESSONS, STAGES } from '@chu/learn';
import { ALL_LANGS, hasMessage } from '../src/lib/i18n/messages';

const keys = [
  ...STAGES.flatMap((s) => [s.title, s.summary]),
  ...LESSONS.map((l) => l.title),
  ...EXERCISES.map((e) => e.text),
];

describe('lesson texts', () => {
  it.each(ALL_LANGS)('every stage, lesson and exercise has its words in %s', (lang) => {
    expect(keys.filter((k) => !hasMessage(lang, k))).toEqual([]);
  });
  it('no two exercises share an instruction', () => {
    expect(new Set(EXERCISES.map((e) => e.text)).size).toBe(EXERCISES.length);
  });
});
