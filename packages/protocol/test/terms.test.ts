import { describe, expect, it } from 'vitest';
import {
  CHAT_MAX_LENGTH, ChatTextSchema, CredentialsBodySchema, DEFAULT_ROOM_OPTIONS, PasswordSchema, RecoveryCodeSchema, RoomOptionsSchema,
  chatTextProblem, isRecoveryCode, passwordProblem, usernameProblem, type RoomOptions,
} from '../src/index.ts';

// terms/ holds the protocol's words without zod (the web's first page reads them); the schemas are built from
// them. Each table checks that a term and its schema say the same of the same input.

describe('the room defaults are what the schema makes of {}', () => {
  it('parses to itself, and {} parses to it', () => {
    const typed: RoomOptions = DEFAULT_ROOM_OPTIONS; // the literal fits the schema's type
    expect(RoomOptionsSchema.parse({})).toEqual(typed);
    expect(RoomOptionsSchema.parse(DEFAULT_ROOM_OPTIONS)).toEqual(DEFAULT_ROOM_OPTIONS);
  });
  it('a room made from the defaults does not share the default clock object', () => {
    const a = RoomOptionsSchema.parse({});
    a.timeControl = { kind: 'turn', seconds: 30 };
    expect(DEFAULT_ROOM_OPTIONS.timeControl).toEqual({ kind: 'none' });
  });
});

describe('chat text: chatTextProblem and ChatTextSchema agree', () => {
  it.each([
    ['hola', null],
    ['  hola  ', null],
    ['', 'empty'],
    ['   ', 'empty'],
    ['x'.repeat(CHAT_MAX_LENGTH), null],
    [` ${'x'.repeat(CHAT_MAX_LENGTH)} `, null],
    ['x'.repeat(CHAT_MAX_LENGTH + 1), 'too-long'],
    ['a\u0007b', 'control'],
    ['a\nb', 'control'],
    ['a\u007fb', 'control'],
    ['¡bien jugado! 良い手', null],
  ] as const)('%j → %s', (text, problem) => {
    expect(chatTextProblem(text)).toBe(problem);
    expect(ChatTextSchema.safeParse(text).success).toBe(problem === null);
  });
});

describe('usernames and passwords: the problems and CredentialsBodySchema agree', () => {
  it.each([
    ['ana', 'longpassword', null, null],
    ['  ana_r-2  ', 'longpassword', null, null],
    ['an', 'longpassword', 'short', null],
    ['a'.repeat(25), 'longpassword', 'long', null],
    ['AnaGarcía', 'longpassword', 'chars', null],
    ['ana garcia', 'longpassword', 'chars', null],
    ['ana', 'short', null, 'short'],
    ['ana', 'p'.repeat(201), null, 'long'],
  ] as const)('%j / %j → %s, %s', (username, password, u, p) => {
    expect(usernameProblem(username)).toBe(u);
    expect(passwordProblem(password)).toBe(p);
    expect(PasswordSchema.safeParse(password).success).toBe(p === null);
    expect(CredentialsBodySchema.safeParse({ username, password }).success).toBe(u === null && p === null);
  });
});

describe('recovery codes: isRecoveryCode and RecoveryCodeSchema agree', () => {
  it.each([
    ['abcd-efgh-2345-wxyz', true],
    ['ABCD EFGH 2345 WXYZ', true],
    ['abcdefgh2345wxyz', true],
    ['abcd-efgh-2345-wxy', false],
    ['abcd-efgh-2345-wxy1', false],
    [`${'-'.repeat(60)}abcdefgh2345wxyz`, false],
  ] as const)('%j → %s', (code, ok) => {
    expect(isRecoveryCode(code)).toBe(ok);
    expect(RecoveryCodeSchema.safeParse(code).success).toBe(ok);
  });
});
