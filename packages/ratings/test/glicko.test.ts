import { describe, expect, it } from 'vitest';
import rate from 'glicko2-lite';
import { INITIAL, MAX_RD, MIN_RD, display, inactiveRd, isProvisional, rateGame, rateResult, type Rating } from '../src/index.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 1);
const fresh = (r: Partial<Rating> = {}): Rating => ({ ...INITIAL, ratedAt: now, ...r });

describe('Glicko-2', () => {
  it("matches Glickman's worked example (1500/200 vs 1400/30 won, 1550/100 and 1700/300 lost, τ = 0.5)", () => {
    const next = rate(1500, 200, 0.06, [[1400, 30, 1], [1550, 100, 0], [1700, 300, 0]], { tau: 0.5 });
    expect(next.rating).toBeCloseTo(1464.06, 1);
    expect(next.rd).toBeCloseTo(151.52, 1);
    expect(next.vol).toBeCloseTo(0.05999, 4);
  });

  it('counts a draw as half: equal players who draw keep equal ratings, and their RD shrinks', () => {
    const [a, b] = rateResult(fresh(), fresh(), 0.5, now);
    expect(a.rating).toBeCloseTo(1500, 6);
    expect(b.rating).toBeCloseTo(1500, 6);
    expect(a.rd).toBeLessThan(350);
    expect(a.rd).toBeCloseTo(b.rd, 9);
  });

  it('a draw against a stronger player gains rating, a loss costs it', () => {
    const strong = fresh({ rating: 1800, rd: 80 });
    expect(rateGame(fresh({ rd: 80 }), strong, 0.5, now).rating).toBeGreaterThan(1500);
    expect(rateGame(fresh({ rd: 80 }), strong, 0, now).rating).toBeLessThan(1500);
  });

  it('win and loss are symmetric for equal players', () => {
    const [w, l] = rateResult(fresh(), fresh(), 1, now);
    expect(w.rating - 1500).toBeCloseTo(1500 - l.rating, 6);
  });

  it('RD grows with inactivity: φ′ = √(φ² + t·σ²), t ≈ 0.21436 rating periods a day', () => {
    const r = fresh({ rd: 60, ratedAt: now - 100 * DAY });
    const phi = 60 / 173.7178;
    const expected = Math.sqrt(phi ** 2 + 100 * 0.21436 * 0.06 ** 2) * 173.7178;
    expect(inactiveRd(r, now)).toBeCloseTo(expected, 6);
    expect(inactiveRd(r, now)).toBeGreaterThan(60);
    expect(inactiveRd(fresh({ rd: 60 }), now)).toBeCloseTo(60, 9);
  });

  it(`keeps RD between ${MIN_RD} and ${MAX_RD}`, () => {
    expect(inactiveRd(fresh({ rd: 400, ratedAt: now - 10_000 * DAY }), now)).toBe(MAX_RD);
    let r = fresh({ rd: 50 });
    for (let i = 0; i < 50; i++) r = rateGame(r, fresh({ rd: 50 }), 0.5, now);
    expect(r.rd).toBeGreaterThanOrEqual(MIN_RD);
  });

  it('is provisional while RD ≥ 110, shown with a "?"', () => {
    expect(isProvisional({ rd: 110 })).toBe(true);
    expect(isProvisional({ rd: 109.9 })).toBe(false);
    expect(display({ rating: 1500, rd: 350 })).toBe('1500?');
    expect(display({ rating: 1623.4, rd: 70 })).toBe('1623');
  });
});
