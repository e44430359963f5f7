import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ApiChallengeJson } from '@chu/protocol';
import { describe, expect, it } from 'vitest';
import { parseBotArgs, type BotOptions } from '../src/bot/options.ts';
import { judge, type Verdict } from '../src/bot/policy.ts';

// `chu bot`'s rules for challenges, and its command line. Playing on a real site is
// apps/server/test/chu-bot.test.ts.

const CLI = fileURLToPath(new URL('../src/chu.ts', import.meta.url));

const challenge = (over: Partial<ApiChallengeJson> = {}): ApiChallengeJson => ({
  id: 'c1', status: 'created', direction: 'in', rated: false,
  variant: { key: 'chushogi' },
  timeControl: { type: 'clock', limit: 600, increment: 0, byoyomi: 10, periods: 1 }, // 600 + 25 × 10 = 850 s
  ...over,
});
type Rules = Pick<BotOptions, 'variants' | 'rated' | 'minSeconds' | 'maxSeconds'>;
const rules: Rules = { variants: ['chu', 'heisei'], rated: 'any', minSeconds: 120, maxSeconds: 1800 };
const clock = (limit: number, byoyomi: number, increment = 0) => ({ timeControl: { type: 'clock' as const, limit, increment, byoyomi, periods: 1 } });

describe('which challenges chu bot takes (lishogi decline reasons)', () => {
  const table: [string, Partial<ApiChallengeJson>, Partial<Rules>, Verdict][] = [
    ['a casual chu game of 10 min + 10 s', {}, {}, { accept: true }],
    ['Heisei, named in --variants', { variant: { key: 'heiseichushogi' } }, {}, { accept: true }],
    ['dai, not named', { variant: { key: 'daishogi' } }, {}, { accept: false, reason: 'variant' }],
    ['a variant the site does not have', { variant: { key: 'standard' } }, {}, { accept: false, reason: 'variant' }],
    ['rated, with --rated no', { rated: true }, { rated: 'no' }, { accept: false, reason: 'rated' }],
    ['casual, with --rated yes', {}, { rated: 'yes' }, { accept: false, reason: 'casual' }],
    ['rated, with --rated yes', { rated: true }, { rated: 'yes' }, { accept: true }],
    ['1 min + 1 s: 85 s, under --min-seconds 120', clock(60, 1), {}, { accept: false, reason: 'tooFast' }],
    ['byoyomi only, 5 s: 125 s', clock(0, 5), {}, { accept: true }],
    ['30 min + 30 s: 2550 s, over --max-seconds 1800', clock(1800, 30), {}, { accept: false, reason: 'tooSlow' }],
    ['Fischer 5 min + 10 s: 700 s', clock(300, 0, 10), {}, { accept: true }],
    ['correspondence', { timeControl: { type: 'correspondence' } }, {}, { accept: false, reason: 'timeControl' }],
    ['untimed', { timeControl: { type: 'unlimited' } }, {}, { accept: false, reason: 'timeControl' }],
  ];
  it.each(table)('%s', (_, c, r, verdict) => {
    expect(judge(challenge(c), { ...rules, ...r })).toEqual(verdict);
  });
});

describe('chu bot\'s command line', () => {
  it('reads its flags, the token from CHU_BOT_TOKEN', () => {
    expect(parseBotArgs(['--url', 'https://chu.example/', '--variants', 'chu,dai', '--rated', 'no', '--min-seconds', '60',
      '--engine', './hachu --usi', '--engine-option', 'Level=2'], { CHU_BOT_TOKEN: 'chu_x' })).toEqual({
      url: 'https://chu.example', token: 'chu_x', engine: './hachu --usi', engineOptions: [['Level', '2']],
      variants: ['chu', 'dai'], rated: 'no', minSeconds: 60, maxSeconds: Infinity,
    });
  });

  const refused: [string[], RegExp][] = [
    [['--token', 'chu_x'], /--url is needed/],
    [['--url', 'https://chu.example'], /a token is needed: --token chu_… or CHU_BOT_TOKEN/],
    [['--url', 'chu.example', '--token', 'chu_x'], /--url must start with http/],
    [['--url', 'http://a', '--token', 't', '--variants', 'chu,wa'], /--variants takes chu, dai, heisei/],
    [['--url', 'http://a', '--token', 't', '--rated', 'maybe'], /--rated must be yes, no or any/],
    [['--url', 'http://a', '--token', 't', '--min-seconds', '9', '--max-seconds', '5'], /--min-seconds 9 is more than --max-seconds 5/],
    [['--url', 'http://a', '--token', 't', '--engine-option', 'Level'], /--engine-option must be name=value/],
    [['--url', 'http://a', '--token', 't', '--ponder', 'on'], /unknown flag --ponder/],
    [['--url'], /--url needs a value/],
  ];
  it.each(refused)('%j is refused: %s', (argv, message) => {
    expect(parseBotArgs(argv, {})).toMatch(message);
  });

  it('exits 2 with the reason on a flag it cannot read (a token the site refuses: 1, apps/server/test/chu-bot.test.ts)', () => {
    const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, 'bot', ...args], { encoding: 'utf8', env: { ...process.env, CHU_BOT_TOKEN: '' } });
    const bad = run(['--url', 'http://127.0.0.1:9', '--token', 't', '--rated', 'maybe']);
    expect([bad.status, bad.stderr]).toEqual([2, '--rated must be yes, no or any, got maybe\n']);
  });
});
