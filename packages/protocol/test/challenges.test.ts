import { describe, expect, it } from 'vitest';
import { ChallengeBodySchema, FriendSettingsBodySchema, PlayerNameBodySchema } from '../src/index.ts';

// POST /api/challenges and the friends' doors (issue 37): what is taken, and what is refused, saying where.

describe('a challenge body', () => {
  it('takes a name, a room\'s options and a side; the side is random and the options the room\'s defaults unless said', () => {
    expect(ChallengeBodySchema.parse({ to: 'ben' })).toEqual({ to: 'ben', options: {}, color: 'random' });
    const clock = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 };
    expect(ChallengeBodySchema.parse({ to: ' Ben ', color: 'white', options: { variant: 'dai', timeControl: clock } }))
      .toEqual({ to: 'Ben', color: 'white', options: { variant: 'dai', timeControl: clock } });
  });

  it.each([
    ['no name', {}, 'to'],
    ['a name too short', { to: 'b' }, 'to'],
    ['a side that is not one', { to: 'ben', color: 'green' }, 'color'],
    ['a time control outside the rules', { to: 'ben', options: { timeControl: { kind: 'turn', seconds: 45 } } }, 'options.timeControl.seconds'],
    ['the old turnTime', { to: 'ben', options: { turnTime: 30 } }, 'options.turnTime'],
    ['an unknown field', { to: 'ben', rated: true }, ''],
  ])('refuses %s, and says where', (_label, body, where) => {
    const r = ChallengeBodySchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path.join('.')).toBe(where);
  });
});

describe('the friends\' doors', () => {
  it.each([
    ['follow', PlayerNameBodySchema, { username: 'ben' }, true],
    ['follow', PlayerNameBodySchema, { username: 'ben!' }, false],
    ['follow', PlayerNameBodySchema, { username: 'ben', extra: 1 }, false],
    ['settings', FriendSettingsBodySchema, { challengesFrom: 'everyone' }, true],
    ['settings', FriendSettingsBodySchema, { challengesFrom: 'following' }, true],
    ['settings', FriendSettingsBodySchema, { challengesFrom: 'friends' }, false],
    ['settings', FriendSettingsBodySchema, { botChallenges: false }, true],
    ['settings', FriendSettingsBodySchema, { challengesFrom: 'following', botChallenges: true }, true],
    ['settings', FriendSettingsBodySchema, { botChallenges: 'no' }, false],
    ['settings', FriendSettingsBodySchema, {}, false],
  ] as const)('%s %j is taken: %s', (_door, schema, body, ok) => {
    expect(schema.safeParse(body).success).toBe(ok);
  });
});
