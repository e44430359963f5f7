import { describe, expect, it } from 'vitest';
import { pairArena, type FreeEntrant } from '../src/tournaments/arenaPairing.ts';
import { arenaScore } from '../src/tournaments/arenaScoring.ts';
import type { Outcome, Pairing } from '../src/tournaments/results.ts';
import { roundRobinSchedule } from '../src/tournaments/roundRobin.ts';
import { arenaStandings, roundRobinStandings } from '../src/tournaments/standings.ts';

const W: Outcome = 'win';
const D: Outcome = 'draw';
const L: Outcome = 'loss';

describe('arena scoring: a win 2, a draw 1, a loss 0, doubled once two wins in a row start a streak', () => {
  it.each([
    { games: [], points: [], total: 0, onFire: false },
    { games: [W], points: [2], total: 2, onFire: false },
    { games: [D, L, D], points: [1, 0, 1], total: 2, onFire: false },
    { games: [W, W], points: [2, 2], total: 4, onFire: true },
    { games: [W, W, W], points: [2, 2, 4], total: 8, onFire: true },
    { games: [W, W, W, W], points: [2, 2, 4, 4], total: 12, onFire: true },
    // a draw during the streak is doubled too, and ends it
    { games: [W, W, D, W], points: [2, 2, 2, 2], total: 8, onFire: false },
    // a loss ends it: the next two wins start a new one
    { games: [W, W, L, W, W, W], points: [2, 2, 0, 2, 2, 4], total: 12, onFire: true },
    { games: [W, L, W, L], points: [2, 0, 2, 0], total: 4, onFire: false },
  ])('$games → $points', ({ games, points, total, onFire }) => {
    const s = arenaScore(games);
    expect(s.points).toEqual(points);
    expect(s.total).toBe(total);
    expect(s.onFire).toBe(onFire);
  });
});

const free = (id: string, over: Partial<FreeEntrant> = {}): FreeEntrant =>
  ({ id, score: 0, rating: 1500, lastOpponent: null, balance: 0, lastColor: null, cpu: false, ...over });

describe('arena pairing', () => {
  it.each([
    { why: 'nobody to meet', free: [free('a')], pairs: [] },
    { why: 'two newcomers: the first-ranked takes Black', free: [free('a'), free('b')], pairs: [{ black: 'a', white: 'b' }] },
    {
      why: 'each meets the nearest score below',
      free: [free('a', { score: 10 }), free('b', { score: 0 }), free('c', { score: 9 }), free('d', { score: 1 })],
      pairs: [{ black: 'a', white: 'c' }, { black: 'd', white: 'b' }],
    },
    {
      why: 'never the opponent just met: the next nearest instead',
      free: [free('a', { score: 6, lastOpponent: 'b', balance: 1, lastColor: 'black' }), free('b', { score: 5, lastOpponent: 'a', balance: -1, lastColor: 'white' }), free('c', { score: 0 })],
      pairs: [{ black: 'c', white: 'a' }],
    },
    { why: 'two who just met wait rather than meet again', free: [free('a', { lastOpponent: 'b' }), free('b', { lastOpponent: 'a' })], pairs: [] },
    {
      why: 'colours: the one with more Blacks takes White',
      free: [free('a', { score: 4, balance: 1, lastColor: 'black' }), free('b', { score: 3, balance: -1, lastColor: 'white' })],
      pairs: [{ black: 'b', white: 'a' }],
    },
    {
      why: 'colours: two leaning the same way are not paired (one of them would be two apart)',
      free: [free('a', { score: 4, balance: 1 }), free('b', { score: 3, balance: 1 }), free('c', { score: 2, balance: 0, lastColor: 'black' })],
      pairs: [{ black: 'c', white: 'a' }],
    },
    {
      why: 'colours level: whoever played Black last takes White',
      free: [free('a', { score: 4, lastColor: 'black' }), free('b', { score: 3, lastColor: 'white' })],
      pairs: [{ black: 'b', white: 'a' }],
    },
    { why: 'two CPU entrants never meet', free: [free('a', { cpu: true }), free('b', { cpu: true })], pairs: [] },
    { why: 'a CPU meets a person', free: [free('a', { cpu: true }), free('b', { cpu: true }), free('c')], pairs: [{ black: 'a', white: 'c' }] },
    {
      why: 'level scores: the higher rating ranks first',
      free: [free('a', { rating: 1400 }), free('b', { rating: 1700 }), free('c', { rating: 1600 }), free('d', { rating: 1300 })],
      pairs: [{ black: 'b', white: 'c' }, { black: 'a', white: 'd' }],
    },
  ])('$why', ({ free: entrants, pairs }) => {
    expect(pairArena(entrants)).toEqual(pairs);
  });

  it('over many rounds of random results: nobody meets the same opponent twice in a row, colours stay within one, nobody who could play is left waiting', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const players = Array.from({ length: 9 }, (_, i) => free(`p${i}`, { rating: 1300 + 50 * i }));
    const byId = new Map(players.map((p) => [p.id, p]));
    let games = 0;
    for (let round = 0; round < 60; round++) {
      const idle = players.filter(() => rand() < 0.7);
      const pairs = pairArena(idle);
      // nobody left free could have met anyone else left free: a free entrant is paired at once
      const paired = new Set(pairs.flatMap((p) => [p.black, p.white]));
      const left = idle.filter((p) => !paired.has(p.id));
      for (const x of left) for (const y of left) if (x !== y) expect(pairArena([x, y])).toEqual([]);
      for (const { black, white } of pairs) {
        const b = byId.get(black)!;
        const w = byId.get(white)!;
        expect(b.lastOpponent).not.toBe(white);
        b.balance++; w.balance--;
        b.lastColor = 'black'; w.lastColor = 'white';
        b.lastOpponent = white; w.lastOpponent = black;
        (rand() < 0.5 ? b : w).score += 2;
        games++;
      }
      for (const p of players) expect(Math.abs(p.balance)).toBeLessThanOrEqual(1);
    }
    expect(games).toBeGreaterThan(100);
  });
});

describe('round-robin schedule (circle method)', () => {
  const counts = Array.from({ length: 14 }, (_, i) => i + 3);
  it.each(counts)('%i entrants, once round: everyone meets everyone once, one game a round, colours within one', (n) => {
    const s = roundRobinSchedule(n, 1);
    expect(s.rounds).toBe(n % 2 === 0 ? n - 1 : n);
    expect(s.games).toHaveLength((n * (n - 1)) / 2);
    const met = new Set(s.games.map((g) => [Math.min(g.black, g.white), Math.max(g.black, g.white)].join('-')));
    expect(met.size).toBe(s.games.length);
    for (let r = 1; r <= s.rounds; r++) {
      const seated = [...s.games.filter((g) => g.round === r).flatMap((g) => [g.black, g.white]), ...s.byes.filter((b) => b.round === r).map((b) => b.entrant)];
      expect(seated.sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
    }
    // an odd count: everyone sits out exactly once
    expect(s.byes.map((b) => b.entrant).sort((a, b) => a - b)).toEqual(n % 2 === 0 ? [] : [...Array(n).keys()]);
    for (let p = 0; p < n; p++) {
      const blacks = s.games.filter((g) => g.black === p).length;
      const whites = s.games.filter((g) => g.white === p).length;
      expect(Math.abs(blacks - whites)).toBeLessThanOrEqual(1);
    }
  });

  it.each(counts)('%i entrants, twice round: the second cycle swaps every colour', (n) => {
    const s = roundRobinSchedule(n, 2);
    const once = roundRobinSchedule(n, 1);
    expect(s.rounds).toBe(2 * once.rounds);
    const second = s.games.filter((g) => g.round > once.rounds);
    expect(second.map((g) => ({ round: g.round - once.rounds, black: g.white, white: g.black }))).toEqual(once.games);
    for (let p = 0; p < n; p++) expect(s.games.filter((g) => g.black === p).length).toBe(n - 1);
  });

  it.each([2, 17, 0, 3.5])('%s entrants is refused', (n) => {
    expect(() => roundRobinSchedule(n, 1)).toThrow();
  });
});

const game = (black: string, white: string, result: Pairing['result']): Pairing => ({ black, white, result });
const entries = (...ids: string[]) => ids.map((id) => ({ id, withdrawn: false }));

describe('round-robin standings', () => {
  it('points, then Sonneborn–Berger', () => {
    // a beats b, b beats c, c beats a: level on 1 point; d loses everything but draws with c
    const rows = roundRobinStandings(entries('a', 'b', 'c', 'd'), [
      game('a', 'b', 'black'), game('b', 'c', 'black'), game('c', 'a', 'black'),
      game('a', 'd', 'black'), game('b', 'd', 'black'), game('c', 'd', 'draw'),
    ]);
    // points: a 2, b 2, c 1.5, d 0.5. SB: a = b(2) + d(0.5) = 2.5; b = c(1.5) + d(0.5) = 2; c = a(2) + ½·d(0.5) = 2.25
    expect(rows.map((r) => [r.id, r.rank, r.points, r.sonnebornBerger])).toEqual([
      ['a', 1, 2, 2.5], ['b', 2, 2, 2], ['c', 3, 1.5, 2.25], ['d', 4, 0.5, 0.75],
    ]);
  });

  it('level on points and Sonneborn–Berger: head-to-head decides', () => {
    const rows = roundRobinStandings(entries('a', 'b', 'c', 'd', 'e'), [
      game('a', 'b', 'white'), game('a', 'c', 'draw'), game('a', 'd', 'black'), game('a', 'e', 'draw'),
      game('b', 'c', 'draw'), game('b', 'd', 'black'), game('b', 'e', 'white'),
      game('c', 'd', 'white'), game('c', 'e', 'white'), game('d', 'e', 'black'),
    ]);
    // b and e: 2.5 points each; SB b = a(2) + d(2) + ½·c(1) = 4.5, e = b(2.5) + c(1) + ½·a(2) = 4.5; e beat b
    expect(rows.map((r) => [r.id, r.rank, r.points, r.sonnebornBerger, r.headToHead])).toEqual([
      ['e', 1, 2.5, 4.5, 1], ['b', 2, 2.5, 4.5, 0], ['a', 3, 2, 3.75, 0], ['d', 4, 2, 3.5, 0], ['c', 5, 1, 2.25, 0],
    ]);
  });

  it('level on everything: they share the rank', () => {
    const rows = roundRobinStandings(entries('a', 'b', 'c'), [game('a', 'b', 'draw'), game('b', 'c', 'draw'), game('c', 'a', 'draw')]);
    expect(rows.map((r) => r.rank)).toEqual([1, 1, 1]);
    expect(rows.map((r) => r.points)).toEqual([1, 1, 1]);
  });

  it('a withdrawal: games played stand, the rest are lost by the one who withdrew', () => {
    const ids = entries('a', 'b', 'c', 'd');
    ids[3].withdrawn = true;
    const rows = roundRobinStandings(ids, [
      game('d', 'a', 'black'), // d beat a before withdrawing: it stands
      game('b', 'c', 'draw'),
      game('b', 'd', null), game('d', 'c', null), // unplayed: forfeits to b and c
      game('a', 'b', null), // unplayed between two still in: nothing yet
      { black: 'a', white: 'd', result: null, inPlay: true }, // in play when d withdrew: counts once it ends
    ]);
    const by = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect([by.d.points, by.d.wins, by.d.losses, by.d.withdrawn]).toEqual([1, 1, 2, true]);
    expect([by.a.points, by.a.losses, by.a.played]).toEqual([0, 1, 1]);
    expect([by.b.points, by.b.wins, by.b.draws]).toEqual([1.5, 1, 1]);
    expect([by.c.points, by.c.played]).toEqual([1.5, 2]);
  });
});

describe('arena standings', () => {
  it('by arena score (streaks doubled), then wins; the order games ended matters', () => {
    const rows = arenaStandings(entries('a', 'b', 'c'), [
      { black: 'a', white: 'b', result: 'black' },
      { black: 'c', white: 'a', result: 'white' },
      { black: 'b', white: 'c', result: 'draw' },
      { black: 'a', white: 'b', result: 'black' }, // a's third win in a row: 4
      { black: 'c', white: 'b', result: 'draw' },
    ]);
    expect(rows.map((r) => [r.id, r.rank, r.score, r.points, r.onFire])).toEqual([
      ['a', 1, 8, [2, 2, 4], true],
      ['b', 2, 2, [0, 1, 0, 1], false],
      ['c', 2, 2, [0, 1, 1], false],
    ]);
  });
});
