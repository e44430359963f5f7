// How messages.ts reads a message (issue 48 took i18next out; these rows are what it did for us): the
// reader's language, then English; the plural form CLDR names for the count `n`; `{name}` placeholders.
import { describe, expect, it } from 'vitest';
import { hasMessage, message } from '../src/lib/i18n/messages';

describe('a message as the reader sees it', () => {
  it.each([
    // [language, key, values, text]
    ['en', 'chat.unread', { n: 1 }, '1 new'], // English: one
    ['en', 'chat.unread', { n: 0 }, '0 new'], // English: zero is "other"
    ['es', 'chat.unread', { n: 1 }, '1 nuevo'],
    ['es', 'chat.unread', { n: 3 }, '3 nuevos'],
    ['es', 'chat.unread', { n: 1_000_000 }, '1000000 nuevos'], // Spanish "many" (un millón *de*): its own form
    ['es', 'takeback.done', { n: 1_000_000 }, 'Se deshicieron 1000000 de jugadas'],
    ['ja', 'chat.unread', { n: 1 }, '新着1件'], // Japanese has "other" only
    ['en', 'stand.piece', { piece: 'Pawn', count: 3 }, 'Pawn: 3'], // a count that is not `n` is a plain value
    ['ja', 'stand.piece', { piece: '歩兵', count: 3 }, '歩兵：3枚'],
  ] as const)('%s %s %o → %s', (lang, key, vars, text) => {
    expect(message(lang, key, vars)).toBe(text);
  });

  it('a placeholder given no value stays as written, so the gap shows', () => {
    expect(message('en', 'stand.piece', { piece: 'Pawn' })).toBe('Pawn: {count}');
  });

  it('a code the messages lack reads as itself; hasMessage tells the two apart', () => {
    expect(hasMessage('es', 'illegal.no-such-code')).toBe(false);
    expect(message('es', 'illegal.no-such-code' as never)).toBe('illegal.no-such-code');
    expect(hasMessage('ja', 'chat.unread_other')).toBe(true);
  });
});
