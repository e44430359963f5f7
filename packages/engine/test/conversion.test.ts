import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Game, type Position } from '@chu/rules';
import { describe, expect, it } from 'vitest';
import { dataFile, readPositions } from '../scripts/data.ts';
import { material } from '../scripts/match-game.ts';
import { Searcher, type SearchLimits } from '../src/search.ts';
import { fromSfen } from './helpers.ts';

// `pnpm match --conversion`: the statistic by phase of data/conversion.txt, and one phase played
// alone with the very games of the whole run (a try aimed at the full board is measured on it only).
const run = promisify(execFile);
const engineDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
// tiny games: 12 plies at 300 nodes a move, one worker, so that every run plays the same moves
const conversion = (...args: string[]) =>
  run(tsx, ['scripts/match.ts', '--conversion', '--a', '8', '--nodes', '300', '--max-plies', '12', '--threads', '1', ...args], { cwd: engineDir });

/** "position 3 (white ahead): …" lines by position number */
const games = (stdout: string): Map<number, string> =>
  new Map([...stdout.matchAll(/position +(\d+) (\(.*)$/gm)].map((m) => [Number(m[1]), m[2]]));

describe('the conversion statistic', () => {
  it('counts the full board, thinned-out and endgame positions apart, and plays one phase alone with the same games', async () => {
    const whole = (await conversion()).stdout;
    const all = games(whole);
    expect([...all.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const byPhase = whole.match(/^by phase: full board (\d+)\/10, thinned out (\d+)\/10, endgame (\d+)\/10$/m);
    expect(byPhase).not.toBeNull();
    const total = Number(whole.match(/^converted (\d+)\/30/m)![1]);
    expect(Number(byPhase![1]) + Number(byPhase![2]) + Number(byPhase![3])).toBe(total);
    const won = (ids: number[]) => ids.filter((id) => all.get(id)!.includes(': converted')).length;
    expect(Number(byPhase![1])).toBe(won([1, 4, 7, 10, 13, 16, 19, 22, 25, 28]));
    expect(Number(byPhase![3])).toBe(won([3, 6, 9, 12, 15, 18, 21, 24, 27, 30]));

    const endgames = (await conversion('--phase', 'endgame')).stdout;
    expect(endgames).toMatch(/plays both sides of 10 positions/);
    expect(endgames).toMatch(/^converted \d+\/10 /m);
    expect(endgames).not.toMatch(/^by phase/m);
    const alone = games(endgames);
    expect([...alone.keys()].sort((x, y) => x - y)).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
    for (const [id, line] of alone) expect(line).toBe(all.get(id));
  }, 120_000);

  it('refuses a phase it does not know, naming the flag', async () => {
    const failed = await conversion('--phase', 'middle').then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).not.toBe(0);
    expect(failed?.stderr).toContain('--phase takes full, thinned or endgame');
  });

  it('plays another file: won positions from the engine\'s own games, each a Lion or more ahead well into its game', async () => {
    const late = readPositions(dataFile('conversion-late.txt'));
    expect(late).toHaveLength(30);
    for (const sfen of late) {
      const g = Game.fromSfen(sfen);
      expect(g.ok, sfen).toBe(true);
      if (!g.ok) continue;
      expect(g.value.outcome(), sfen).toBeUndefined();
      expect(Math.abs(material(g.value, 'black') - material(g.value, 'white')), sfen).toBeGreaterThanOrEqual(2000);
      // 60 plies or more after an opening of 6–10: SFEN's move number counts from 1
      expect(Number(sfen.split(' ').at(-1)), sfen).toBeGreaterThan(66);
    }
    const out = (await conversion('--openings', 'data/conversion-late.txt')).stdout;
    expect(out).toMatch(/plays both sides of 30 positions/);
    expect([...games(out).keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(out).toMatch(/^converted \d+\/30 /m);
    expect(out).not.toMatch(/^by phase/m);
  }, 120_000);
});

/** The searcher's own view, reached the way repetition.test.ts reaches it. */
interface Inside {
  setup(pos: Position, history: Int32Array, pliesLeft: number, limits: SearchLimits, start: number): void;
  evaluate(): number;
  pressure(c: number): number;
}

// White (King, Queen, Dragon King, Lion) is far ahead of Black (King, two Pawns): its Lion on 7j
// reaches Black's King on 7l and the five squares around it on the board.
const PRESSED = '5k6/12/12/12/2q3d5/12/12/12/P10P/5n6/12/5K6 w - 1';

describe("the conversion option: issue 40's terms, off until a strength match keeps them", () => {
  const inside = (conversion?: boolean) => {
    const s = new Searcher(4) as unknown as Inside;
    s.setup(fromSfen(PRESSED).position.clone(), new Int32Array(0), Infinity, { maxDepth: 1, timeMs: 1000, maxNodes: Infinity, noise: 0, seed: 0, conversion }, 0);
    return s;
  };

  it("caps the side ahead's pressure on the last royal below a King's value (400) only when on", () => {
    const plain = inside();
    // the King's square counts 2, its five neighbours on the board 1 each: 30 × 7² = 1 470 by default
    expect(plain.pressure(0)).toBe(7);
    expect(inside(false).evaluate()).toBe(plain.evaluate());
    expect(plain.evaluate() - inside(true).evaluate()).toBe(30 * 7 * 7 - 399);
  });

  it('is chosen per side in the match harness with +conversion, and an unknown option is refused', async () => {
    const on = (await conversion('--a', '8+conversion', '--phase', 'endgame')).stdout;
    expect(on).toMatch(/^conversion: L8\+conversion plays both sides of 10 positions/m);
    const failed = await conversion('--a', '8+faster').then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).not.toBe(0);
    expect(failed?.stderr).toContain('unknown side option +faster (known: +conversion, +see, +royalSafety, +royalMobility)');
  }, 120_000);
});
