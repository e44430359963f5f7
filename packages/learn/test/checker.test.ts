import { describe, expect, it } from 'vitest';
import { begin, play, replay, sfenOf, type Exercise } from '../src/index.ts';

// The checker's own rules, on exercises made up here: scripted replies, stars, refusals.
const chase: Exercise = {
  id: 'test-chase',
  variant: 'chu',
  // White's Pawn runs from 5e to 5f after the Rook's first move; the Rook then takes it
  sfen: sfenOf({ '8e': 'R', '5d': 'p' }),
  goal: { kind: 'capture' },
  solution: ['8e8f', '8f8e', '8e5e'],
  replies: ['5d5e'],
  wrong: '8e7d',
  stars: { three: 3, two: 5 },
  text: 'learn.ex.test-chase',
};

describe('scripted replies', () => {
  it('White answers as written, and the exercise goes on from there', () => {
    const a = begin(chase);
    if (!a.ok) throw new Error('bad sfen');
    const first = play(a.value, '8e8f');
    expect(first.ok && first.value.reply).toBe('5d5e');
    expect(first.ok && first.value.attempt.game.turn).toBe('black');
    // the Pawn has left 5d: the Rook's move to 5f takes nothing
    expect(replay(chase, ['8e8f', '8f5f'])).toMatchObject({ ok: false, error: { ply: 2, refusal: 'unsolved' } });
  });
});

describe('a script that no longer fits', () => {
  it("after another move than the solution's, a reply that is not legal is not played: White passes", () => {
    const away: Exercise = { ...chase, id: 'test-away', sfen: sfenOf({ '8d': 'R', '5d': 'p' }), goal: { kind: 'reach', squares: ['1d'] } };
    const a = begin(away);
    if (!a.ok) throw new Error('bad sfen');
    const r = play(a.value, '8d5d'); // the Pawn the script moves is gone
    expect(r.ok && r.value.reply).toBeUndefined();
    expect(r.ok && r.value.attempt.game.turn).toBe('black');
  });
});

describe('Heisei reserves between the player\'s moves', () => {
  it('a drop leaves the rest of the reserve for the next move', () => {
    const drops: Exercise = { ...chase, id: 'test-drops', variant: 'heisei', sfen: sfenOf({ '6g': 'G' }, { variant: 'heisei', reserves: 'LO' }), goal: { kind: 'reach', squares: ['6a'] }, replies: undefined };
    const a = begin(drops);
    if (!a.ok) throw new Error('bad sfen');
    const r = play(a.value, 'O*6f');
    expect(r.ok && r.value.attempt.game.reserve('black')).toEqual([{ code: 'l', count: 1 }]);
    expect(r.ok && r.value.attempt.game.turn).toBe('black');
  });
});

describe('stars', () => {
  it.each([
    [['8e8f', '8f8e', '8e5e'], 3],
    [['8e8f', '8f8g', '8g8h', '8h8e', '8e5e'], 2],
    [['8e8f', '8f8g', '8g8h', '8h8i', '8i8h', '8h8e', '8e5e'], 1],
  ] as const)('%j → %i', (moves, stars) => {
    const r = replay(chase, moves);
    expect(r.ok && r.value.stars).toBe(stars);
  });
});

describe('refusals', () => {
  it('an illegal move is refused with the rules reason, and nothing is played', () => {
    const a = begin(chase);
    if (!a.ok) throw new Error('bad sfen');
    expect(play(a.value, '8e7d')).toEqual({ ok: false, error: { kind: 'illegal', reason: 'unreachable' } });
    expect(a.value.moves).toEqual([]);
  });
  it('a solved attempt takes no more moves', () => {
    const r = replay(chase, ['8e8f', '8f8e', '8e5e', '5e5d']);
    expect(r).toMatchObject({ ok: false, error: { ply: 3, refusal: { kind: 'solved' } } });
  });
});
