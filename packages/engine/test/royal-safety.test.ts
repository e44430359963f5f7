import { describe, expect, it } from 'vitest';
import { searcherAt } from './helpers.ts';

// Issue 51's royal safety (`royalSafety`, off until a sequential test accepts it): a last royal pays
// 6 × (enemy attacks on its neighbours, at most two a square)², more with few escape squares (80 for
// none, 40 for one, 15 for two) while anything attacks near it, at most 400; for either side,
// whatever the score.

const inside = (sfen: string, royalSafety?: boolean) => searcherAt(sfen, { royalSafety });

/** What the term adds to the side to move's evaluation. */
const added = (sfen: string): number => inside(sfen, true).evaluate() - inside(sfen, false).evaluate();

// Black's King on 7g, a White Rook on 12f sweeping the rank in front of it: three neighbours attacked
// once each, five escape squares.
const ROOK_AHEAD = '5k6/12/12/12/12/r11/5K6/12/12/12/12/12 b - 1';
// the same, three Black Pawns behind the King: two escape squares left
const BOXED = '5k6/12/12/12/12/r11/5K6/4PPP5/12/12/12/12 b - 1';
// the same as ROOK_AHEAD, Black far ahead: three Queens on its back rank, out of line with White's King
const AHEAD = '5k6/12/12/12/12/r11/5K6/12/12/12/12/QQQ9 b - 1';
// White's King on 7f, a Black Rook on 12g: the mirror picture, White to pay
const WHITE_PRESSED = '12/12/12/12/12/5k6/R11/12/12/12/12/5K6 b - 1';
// ROOK_AHEAD with a Black Prince on 1l: the King is not the last royal, nothing to pay
const TWO_ROYALS = '5k6/12/12/12/12/r11/5K6/12/12/12/12/11+E b - 1';
// the same King and Rook, the Rook on 12l: nothing reaches the King's neighbours
const FREE = '5k6/12/12/12/12/12/5K6/12/12/12/12/r11 b - 1';
// ROOK_AHEAD with a White Dragon King on 6e and a Rook on 12h: seven of the King's neighbours covered, one (8g) to flee to
const COVERED = '5k6/12/12/12/6+r5/r11/5K6/r11/12/12/12/12 b - 1';
// the start: no enemy piece reaches a royal's neighbours
const START = 'lfcsgekgscfl/a1b1txxt1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TXXT1B1A/LFCSGKEGSCFL b - 1';

/**
 * The same position seen from the other side: the board turned half a turn, colours swapped, the
 * other side to move (a chu SFEN without reserves).
 */
function colourFlipped(sfen: string): string {
  const [board, turn, ...rest] = sfen.split(' ');
  const swapCase = (ch: string) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase());
  const ranks = board.split('/').reverse().map((rank) => {
    const cells: string[] = [];
    for (const [token] of rank.matchAll(/\d+|\+?[A-Za-z]'?/g)) {
      if (/^\d/.test(token)) for (let i = 0; i < Number(token); i++) cells.push('');
      else cells.push(token.replace(/[A-Za-z]/, swapCase));
    }
    let out = '';
    let empty = 0;
    for (const cell of cells.reverse()) {
      if (cell === '') empty++;
      else {
        out += (empty ? String(empty) : '') + cell;
        empty = 0;
      }
    }
    return out + (empty ? String(empty) : '');
  });
  return [ranks.join('/'), turn === 'b' ? 'w' : 'b', ...rest].join(' ');
}

describe('royal safety: attacks near each last royal and its escape squares', () => {
  it.each([
    // [position, Black's royal danger, White's, what the side to move (Black) gains by the term]
    ['ROOK_AHEAD', ROOK_AHEAD, 6 * 3 * 3, 0, -54],
    ['BOXED', BOXED, 6 * 3 * 3 + 15, 0, -69],
    ['AHEAD', AHEAD, 6 * 3 * 3, 0, -54],
    ['WHITE_PRESSED', WHITE_PRESSED, 0, 6 * 3 * 3, 54],
    ['START', START, 0, 0, 0],
  ])('%s: Black pays %i, White %i, Black to move gains %i', (_name, sfen, black, white, gain) => {
    const s = inside(sfen, true);
    expect(s.royalDanger(0)).toBe(black);
    expect(s.royalDanger(1)).toBe(white);
    expect(added(sfen)).toBe(gain);
  });

  it('costs a royal more when it has fewer escape squares under the same attacks', () => {
    expect(inside(BOXED, true).royalDanger(0)).toBeGreaterThan(inside(ROOK_AHEAD, true).royalDanger(0));
  });

  it('charges the side far ahead as much as the side behind (the King lost at +2,500)', () => {
    expect(added(AHEAD)).toBe(added(ROOK_AHEAD));
  });

  it('leaves a side with two royals alone: losing one is not losing the game', () => {
    expect(added(TWO_ROYALS)).toBe(0);
  });

  it('is off by default', () => {
    expect(inside(ROOK_AHEAD).evaluate()).toBe(inside(ROOK_AHEAD, false).evaluate());
  });

  it.each([
    ['Black', (sfen: string) => sfen],
    ['White', colourFlipped],
  ])("scores %s's King worse with its neighbours covered than the same King free", (side, seen) => {
    // the side to move owns the King in both pictures
    expect(added(seen(FREE))).toBe(0);
    expect(added(seen(COVERED))).toBeLessThan(added(seen(ROOK_AHEAD)));
    expect(added(seen(ROOK_AHEAD))).toBeLessThan(added(seen(FREE)));
    expect(inside(seen(COVERED), true).royalDanger(side === 'Black' ? 0 : 1)).toBe(400);
  });

  it.each([
    ['ROOK_AHEAD', ROOK_AHEAD],
    ['BOXED', BOXED],
    ['AHEAD', AHEAD],
    ['WHITE_PRESSED', WHITE_PRESSED],
    ['COVERED', COVERED],
  ])('is the same for either colour: %s seen from the other side', (_name, sfen) => {
    const flipped = colourFlipped(sfen);
    expect(colourFlipped(flipped)).toBe(sfen);
    expect([inside(flipped, true).royalDanger(1), inside(flipped, true).royalDanger(0)]).toEqual([
      inside(sfen, true).royalDanger(0),
      inside(sfen, true).royalDanger(1),
    ]);
    expect(added(flipped)).toBe(added(sfen));
  });
});
