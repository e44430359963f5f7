import { describe, expect, it } from 'vitest';
import { Game } from '@chu/rules';
import { dataFile, readPositions } from '../scripts/data.ts';
import { load, playGame, type GameJob } from '../scripts/match-game.ts';

// The strength harness's node-limited games must not depend on which games a worker thread played
// before: the conversion statistic and fixed-node matches are compared run against run.
describe('the match harness', () => {
  const side = {
    kind: 'engine' as const,
    name: 'L8',
    level: 8,
    engine: new URL('../src/engine.ts', import.meta.url).href,
    rules: new URL('../../rules/src/index.ts', import.meta.url).href,
  };
  const job = (id: number, sfen: string): GameJob => ({
    id, sfen, aColor: 'black', ms: 1000, nodes: 3_000, maxPlies: 12, repetition: 'fourth', adjudicate: Infinity, seed: 1,
  });
  const start = Game.start().sfen();
  const opening = readPositions(dataFile('openings.txt'))[0];

  it('plays a fixed-node game the same way again after other games (each game starts with an empty hash table)', async () => {
    const players = { a: await load(side, 'harness-a'), b: await load(side, 'harness-b') };
    // what a game's search did, move by move summed (depths differ when a hash table carried over)
    const played = (sfen: string, id: number): string => {
      const r = playGame(job(id, sfen), players);
      return `${r.plies} ${r.winner} ${r.material} ${r.stats.a.depth} ${r.stats.b.depth} ${r.stats.a.nodes} ${r.stats.b.nodes}`;
    };
    const first = played(start, 1);
    played(opening, 2);
    expect(played(start, 3)).toBe(first);
  }, 60_000);
});
