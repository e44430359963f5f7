import { estimatedSeconds, type TimeControl } from '@chu/rules';
import { describe, expect, it } from 'vitest';
import {
  ClientMessageSchema, LeaderboardQuerySchema, RANKED_CONTROLS, RANKED_CONTROL_IDS, RATED_MIN_ESTIMATED_SECONDS, RankedControlIdSchema,
  playerPoolOf, poolsOf, rateable, ratingPoolOf,
} from '../src/index.ts';

// Ranked play by time control (RULES.md §7: "Ranked games are always timed"; issue 36).
describe('the ranked controls', () => {
  it.each([
    // id,        control,                                                                                     pool,             estimated length (s)
    ['10m+30b', { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 }, 'realtime', 600 + 25 * 30],
    ['30m+30f', { kind: 'clock', initialSeconds: 1800, byoyomiSeconds: 0, periods: 1, incrementSeconds: 30 }, 'realtime', 1800 + 60 * 30], // lishogi's chu leagues
    ['turn30', { kind: 'turn', seconds: 30 }, 'realtime', 25 * 30], // the seed site's 30 s a move
    ['corr3', { kind: 'correspondence', daysPerMove: 3 }, 'correspondence', 25 * 3 * 86_400],
  ] as const)('%s is %j, rated in the %s pool, estimated at %i s', (id, control, pool, seconds) => {
    expect(RANKED_CONTROLS[id]).toEqual(control);
    expect(ratingPoolOf(RANKED_CONTROLS[id])).toBe(pool);
    expect(estimatedSeconds(RANKED_CONTROLS[id])).toBe(seconds);
  });

  it('the set is exactly those four, and none can be changed', () => {
    expect(Object.keys(RANKED_CONTROLS)).toEqual([...RANKED_CONTROL_IDS]);
    expect(Object.isFrozen(RANKED_CONTROLS) && Object.values(RANKED_CONTROLS).every(Object.isFrozen)).toBe(true);
  });

  it("every control in the set passes lishogi's rated threshold: estimated length ≥ 250 s", () => {
    expect(RATED_MIN_ESTIMATED_SECONDS).toBe(250);
    for (const control of Object.values(RANKED_CONTROLS)) {
      expect(estimatedSeconds(control)).toBeGreaterThanOrEqual(RATED_MIN_ESTIMATED_SECONDS);
      expect(rateable(control)).toBe(true);
    }
  });

  it.each([
    [{ kind: 'none' }, false], // no untimed ranked game
    [{ kind: 'clock', initialSeconds: 249, byoyomiSeconds: 0, periods: 1, incrementSeconds: 0 }, false],
    [{ kind: 'clock', initialSeconds: 250, byoyomiSeconds: 0, periods: 1, incrementSeconds: 0 }, true],
    [{ kind: 'clock', initialSeconds: 60, byoyomiSeconds: 0, periods: 1, incrementSeconds: 3 }, false], // 60 + 180 = 240
    [{ kind: 'clock', initialSeconds: 0, byoyomiSeconds: 10, periods: 1, incrementSeconds: 0 }, true], // 25 × 10 = 250
    [{ kind: 'turn', seconds: 60 }, true],
    [{ kind: 'correspondence', daysPerMove: 1 }, true],
  ] as [TimeControl, boolean][])('%j may be rated: %s', (control, ok) => {
    expect(rateable(control)).toBe(ok);
  });

  it.each([
    [{ kind: 'none' }, 'realtime'],
    [{ kind: 'turn', seconds: 60 }, 'realtime'],
    [{ kind: 'clock', initialSeconds: 60, byoyomiSeconds: 10, periods: 3, incrementSeconds: 0 }, 'realtime'],
    [{ kind: 'correspondence', daysPerMove: 14 }, 'correspondence'],
  ] as [TimeControl, string][])('a game of %j shows and counts the %s rating', (control, pool) => {
    expect(ratingPoolOf(control)).toBe(pool);
  });
});

describe('ranked.join', () => {
  const issues = (m: unknown) => {
    const r = ClientMessageSchema.safeParse(m);
    return r.success ? null : r.error.issues.map((i) => i.message).join(' ');
  };

  it.each(RANKED_CONTROL_IDS.map((id) => [id]))('accepts control %s', (control) => {
    expect(issues({ type: 'ranked.join', control, ack: 'r1' })).toBeNull();
  });

  it.each([
    [{ type: 'ranked.join', turnTime: null }, 'turnTime was replaced by control'], // the old untimed join
    [{ type: 'ranked.join', turnTime: 30 }, 'there are no untimed ranked games'],
    [{ type: 'ranked.join', control: 'none' }, 'ranked games are always timed'],
    [{ type: 'ranked.join', control: '10m' }, 'one of 10m+30b, 30m+30f, turn30, corr3'],
    [{ type: 'ranked.join' }, 'one of 10m+30b'],
    [{ type: 'ranked.join', control: { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } }, 'one of'], // ids, not controls
  ])('refuses %j saying why', (m, why) => {
    expect(issues(m)).toContain(why);
  });

  it('the control ids are the schema', () => {
    expect(RankedControlIdSchema.options).toEqual([...RANKED_CONTROL_IDS]);
  });
});

describe('GET /api/leaderboard?pool', () => {
  it.each([
    [{}, 'realtime'],
    [{ pool: 'realtime' }, 'realtime'],
    [{ pool: 'correspondence' }, 'correspondence'],
    [{ pool: 'bot' }, 'bot'], // the Bots tab (issue 50)
  ])('%j reads the %s pool', (query, pool) => {
    expect(LeaderboardQuerySchema.parse(query)).toEqual({ pool });
  });

  it.each([[{ pool: 'blitz' }], [{ pool: 'realtime', page: '2' }]])('refuses %j', (query) => {
    expect(LeaderboardQuerySchema.safeParse(query).success).toBe(false);
  });
});

// Issue 50: a bot has a pool of its own whatever the control; a person's is the control's.
describe('each player\'s pool in a rated game', () => {
  it.each([
    // player,        control,                                          pool
    [{ bot: true }, RANKED_CONTROLS['10m+30b'], 'bot'],
    [{ bot: true }, RANKED_CONTROLS.corr3, 'bot'],
    [{ bot: false }, RANKED_CONTROLS['10m+30b'], 'realtime'],
    [{}, RANKED_CONTROLS.corr3, 'correspondence'],
  ] as const)('%j in a game of %j: the %s pool', (player, control, pool) => {
    expect(playerPoolOf(player, control)).toBe(pool);
  });

  it('a person stands in the real-time and correspondence pools, a bot in the bots\' only', () => {
    expect(poolsOf({ bot: false })).toEqual(['realtime', 'correspondence']);
    expect(poolsOf({ bot: true })).toEqual(['bot']);
  });
});
