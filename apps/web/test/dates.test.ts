// Issue 47, item 17: two date formats on one site ("6/12/26" in the archive, "9 dic 2026" on a
// tournament). Every date is the reader's language's medium date, written by one helper.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../src/lib/dates';

const AT = Date.UTC(2026, 11, 9, 18, 30);

describe('a date, in the reader\'s language', () => {
  it.each([
    ['es', /9 dic 2026/],
    ['en', /Dec 9, 2026/],
    ['ja', /2026\/12\/(09|9)/],
  ])('%s: the medium date', (lang, looks) => {
    expect(formatDate(AT, lang)).toMatch(looks);
    expect(formatDate(new Date(AT).toISOString(), lang)).toBe(formatDate(AT, lang));
    expect(formatDateTime(AT, lang).startsWith(formatDate(AT, lang))).toBe(true); // the same date, then the time
  });

  it('an unreadable date is written as nothing', () => {
    expect(formatDate('not a date', 'es')).toBe('');
    expect(formatDateTime(Number.NaN, 'en')).toBe('');
  });

  it('no screen writes a date another way', () => {
    const src = join(__dirname, '../src');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.(ts|svelte)$/.test(f) ? [p] : [];
    });
    const others = files(src).filter((f) => !f.endsWith('dates.ts') && /toLocaleDateString|toLocaleString\(|dateStyle/.test(readFileSync(f, 'utf8')));
    expect(others).toEqual([]);
  });
});
