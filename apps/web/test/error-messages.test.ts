// Every refusal the server can send is worded in every language: the client never shows a bare code.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@chu/protocol';
import { hasMessage } from '../src/lib/i18n/messages';

describe('error codes in words', () => {
  it.each(['es', 'en', 'ja'] as const)('%s has a message for every server error code', (lang) => {
    expect(ERROR_CODES.filter((code) => !hasMessage(lang, `err.${code}`))).toEqual([]);
  });
});
