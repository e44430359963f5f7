import { describe, expect, it } from 'vitest';
import { llr, llrBounds, parseSprt, pentanomial, scoreOf, sprtState, type Pentanomial } from '../scripts/sprt.ts';

// The sequential test's statistics (issue 51): a change ships when SPRT(−20, 0) accepts H1.
describe('the sequential test', () => {
  it('counts opening pairs by their points for A (LL, LD, DD or WL, WD, WW), leaving an unfinished pair out', () => {
    //                        LL      LD        WL      DD          WD      WW      unfinished
    expect(pentanomial([0, 0, 0, 0.5, 1, 0, 0.5, 0.5, 0.5, 1, 1, 1, 1, undefined])).toEqual([1, 1, 2, 1, 1]);
  });

  it('has the stopping bounds of α = β = 0.05: ±ln 19', () => {
    const { lower, upper } = llrBounds(parseSprt('-20,0'));
    expect(lower).toBeCloseTo(-Math.log(19), 12);
    expect(upper).toBeCloseTo(Math.log(19), 12);
  });

  // Reference values from an independent computation: the largest-likelihood pentanomial with each
  // hypothesis's mean found by a general constrained optimizer (scipy's SLSQP over the five
  // probabilities), not by this file's root of the secular equation.
  const cases: { counts: Pentanomial; expected: number }[] = [
    { counts: [10, 30, 80, 35, 15], expected: 2.896444594748492 },
    { counts: [12, 40, 60, 30, 8], expected: -1.0821055045891637 },
    { counts: [3, 20, 50, 25, 2], expected: 1.4948035561615223 },
  ];
  it.each(cases)('LLR(−20, 0) of $counts is $expected', ({ counts, expected }) => {
    expect(llr(counts, -20, 0)).toBeCloseTo(expected, 6);
  });

  it('agrees with a hand computation where only LD and WD pairs occur (two outcomes: the mean fixes the distribution)', () => {
    // 600 LD (¼) and 400 WD (¾): under a hypothesis of mean s the WD share must be (s − ¼) / ½, so
    // LLR = 600 ln(q1 / q0) + 400 ln(r1 / r0), r = (s − ¼) / ½, q = 1 − r; the empty cells' 1/1000 moves it by little
    const share = (elo: number) => (scoreOf(elo) - 0.25) / 0.5;
    const byHand = 600 * Math.log((1 - share(0)) / (1 - share(-20))) + 400 * Math.log(share(0) / share(-20));
    expect(byHand).toBeCloseTo(-16.45, 2);
    expect(llr([0, 600, 0, 400, 0], -20, 0)).toBeCloseTo(byHand, 1);
  });

  it('accepts H1 on a run that scores well above 50 %, H0 well below, and is undecided on few pairs', () => {
    expect(sprtState([2, 20, 60, 40, 10], parseSprt('-20,0')).decision).toBe('H1');
    expect(sprtState([20, 40, 60, 20, 2], parseSprt('-20,0')).decision).toBe('H0');
    expect(sprtState([0, 1, 2, 1, 0], parseSprt('-20,0')).decision).toBe('undecided');
  });

  it('refuses bounds that are not two increasing numbers', () => {
    expect(() => parseSprt('0,-20')).toThrow(/elo0 < elo1/);
    expect(() => parseSprt('-20')).toThrow(/two Elo bounds/);
  });
});
