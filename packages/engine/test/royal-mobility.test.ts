import { describe, expect, it } from 'vitest';
import type { SearchLimits } from '../src/search.ts';
import { searcherAt } from './helpers.ts';

// Issue 51's mobility term for the hunted royal (`royalMobility`, off until a sequential test accepts
// it): a search whose root side leads by 1 000 or more adds 10 × (the other's last royal's neighbours
// it cannot step to: off the board, its own, or attacked)² to the pressure it already scores, growing
// with the lead as the pressure does, under the same cap.

const evaluate = (sfen: string, limits: Partial<SearchLimits> = {}): number => searcherAt(sfen, limits).evaluate();

/** What the term adds to the side to move's evaluation. */
const added = (sfen: string, limits: Partial<SearchLimits> = {}): number => evaluate(sfen, { ...limits, royalMobility: true }) - evaluate(sfen, limits);

// conversion.test.ts's PRESSED: White far ahead, its Lion on 7j reaching all five squares of the
// board around Black's King on 7l: no step left
const PRESSED = '5k6/12/12/12/2q3d5/12/12/12/P10P/5n6/12/5K6 w - 1';
// White three Lions ahead (on its back rank, far off); its Rook on 12f sweeps the rank in front of
// Black's King on 7g: five steps left
const ROOK_AHEAD = 'nnn2k6/12/12/12/12/r11/5K6/12/12/12/12/12 w - 1';
// the same with Black to move: its own search is not the one pressing (the side ahead's only)
const ROOK_AHEAD_BLACK = 'nnn2k6/12/12/12/12/r11/5K6/12/12/12/12/12 b - 1';
// level material (a Lion each): nobody presses
const LEVEL = 'n4k6/12/12/12/12/r11/5K6/12/12/12/12/N11 w - 1';

describe("the hunted royal's mobility: far ahead, the other's last royal boxed in is worth more", () => {
  it.each([
    // [position, what the side to move gains]
    ['PRESSED: no step left', PRESSED, 10 * 8 * 8],
    ['ROOK_AHEAD: five steps left', ROOK_AHEAD, 10 * 3 * 3],
    ['ROOK_AHEAD_BLACK: the side behind does not press', ROOK_AHEAD_BLACK, 0],
    ['LEVEL: nobody far ahead', LEVEL, 0],
  ])('%s: +%i', (_name, sfen, gain) => {
    expect(added(sfen)).toBe(gain);
  });

  it('stays under the pressure cap with `conversion` (a royal is never given up for it)', () => {
    // PRESSED's pressure alone (30 × 7²) is above the cap already
    expect(added(PRESSED, { conversion: true })).toBe(0);
  });

  it('is off by default', () => {
    expect(evaluate(ROOK_AHEAD)).toBe(evaluate(ROOK_AHEAD, { royalMobility: false }));
  });
});
