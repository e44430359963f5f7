import { describe, expect, it } from 'vitest';
import { MAX_MOVES, type Position } from '@chu/rules';
import { Searcher } from '../src/search.ts';
import { IS_LION } from '../src/tables.ts';
import { OPTION_SETS, fromSfen, oracleSfens, randomGame } from './helpers.ts';

const PROMOTE = 1 << 24;
/** igui is one move per captured square, whoever makes it (a Lion's and a non-Lion's igui of a Lion differ) */
const iguiKey = (m: number, board: Uint8Array) => `igui ${(m >> 16) & 255} ${IS_LION[board[m & 255]] && IS_LION[board[(m >> 16) & 255]]}`;
const isIgui = (m: number) => (m & 255) === ((m >> 8) & 255);

function captures(pos: Position): { mine: number[]; legal: number[] } {
  const searcher = new Searcher(4) as unknown as { load(pos: Position): void; generateCaptures(out: Int32Array, s: Int32Array): number };
  searcher.load(pos);
  const out = new Int32Array(MAX_MOVES);
  const n = searcher.generateCaptures(out, new Int32Array(MAX_MOVES));
  const all = new Int32Array(MAX_MOVES);
  const total = pos.generate(all);
  const b = pos.board;
  const victims = (m: number) => {
    const from = m & 255;
    const to = (m >> 8) & 255;
    const mid = (m >> 16) & 255;
    return [mid ? b[mid] : 0, to !== from ? b[to] : 0];
  };
  const legal = Array.from(all.subarray(0, total)).filter((m) => victims(m).some((v) => v !== 0));
  // the search drops Lion captures the generator refuses; everything else must be legal as is
  const lionTrading = pos.options.lionTrading !== 'off';
  const mine = Array.from(out.subarray(0, n)).filter((m) => !lionTrading || !victims(m).some((v) => IS_LION[v]));
  return { mine, legal: legal.filter((m) => !lionTrading || !victims(m).some((v) => IS_LION[v])) };
}

describe('the quiescence capture generator', () => {
  const games = [
    ...oracleSfens.map((sfen) => (options: object) => fromSfen(sfen, options)),
    ...Array.from({ length: 12 }, (_, i) => (options: object) => randomGame(1000 + i, 30 + 10 * i, options)),
  ];
  it.each(OPTION_SETS.map((o) => [JSON.stringify(o), o] as const))('finds exactly the legal captures, %s', (_name, options) => {
    let checked = 0;
    for (const make of games) {
      const game = make(options);
      if (game.outcome()) continue;
      const { mine, legal } = captures(game.position);
      const b = game.position.board;
      const exact = (m: number) => (isIgui(m) ? iguiKey(m, b) : String(m));
      const loose = (m: number) => (isIgui(m) ? iguiKey(m, b) : String(m & ~PROMOTE));
      const legalExact = new Set(legal.map(exact));
      for (const m of mine) expect(legalExact.has(exact(m)), `${game.sfen()} ${m}`).toBe(true);
      expect(new Set(mine.map(loose))).toEqual(new Set(legal.map(loose)));
      checked += legal.length;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
