// Issue 47, item 20: CPU levels 1 and 5 played the same first replies in every game: the server gave the
// engine no seed, so the weaker levels' noise (the ladder's randomness) was the same in every game. Each
// game now has its own seed (its id's hash): two games differ, one game searched again plays the same.
import { EnginePool } from '@chu/engine';
import { Game, START_SFEN, withDefaults } from '@chu/rules';
import { describe, expect, it } from 'vitest';
import { gameSeed, type MoveRequest } from '../src/cpu/MoveRequest.ts';
import { LocalMoves } from '../src/cpu/MoveSource.ts';

const GAMES = ['g-ana', 'g-ben', 'g-cris', 'g-dora', 'g-eva', 'g-fer'];

/**
 * The CPU's replies (White) in game `gameId` at `level` while Black plays its first legal move each turn,
 * on an engine worker of its own: a worker keeps its tables from one search to the next, so each game
 * starts on a fresh one and only the seed tells two games apart.
 */
async function replies(gameId: string, level: number, count: number): Promise<string> {
  const cpu = LocalMoves.fromPool(new EnginePool(1));
  try {
    return await played(cpu, gameId, level, count);
  } finally {
    await cpu.close();
  }
}

async function played(cpu: LocalMoves, gameId: string, level: number, count: number): Promise<string> {
  const game = Game.start();
  const said: string[] = [];
  for (let i = 0; i < count; i++) {
    game.play(game.legalMoves()[0]);
    // time to spare: the level's node cap ends the search, so the move depends on the seed alone
    const req: MoveRequest = {
      gameId, ply: game.ply, positionVersion: game.ply, position: { sfen: START_SFEN, moves: [...game.moves], options: withDefaults({}) },
      level, timeMs: 120_000, deadline: Date.now() + 240_000, priority: 'untimed',
    };
    const { usi } = await cpu.move(req, new AbortController().signal);
    said.push(usi);
    game.play(usi);
  }
  return said.join(' ');
}

describe('the CPU\'s levels vary from game to game, as the ladder says', () => {
  it('each game has its own seed, the same every time it is asked', () => {
    expect(new Set(GAMES.map(gameSeed)).size).toBe(GAMES.length);
    expect(gameSeed('g-ana')).toBe(gameSeed('g-ana'));
  });

  it('level 1: the first three replies differ between games; the same game played again replies the same', async () => {
    const lines: string[] = [];
    for (const id of GAMES) lines.push(await replies(id, 1, 3));
    expect(new Set(lines).size).toBeGreaterThan(1);
    expect(await replies(GAMES[0], 1, 3)).toBe(lines[0]);
  }, 600_000);

  it.each([
    [5, 'varies'], // ±2 centipawns of noise
    [6, 'one'],    // no noise from level 6 up: the same position, the same move
  ] as const)('level %i: the first reply over six games %s', async (level, expected) => {
    const firsts = new Set<string>();
    for (const id of GAMES) firsts.add(await replies(id, level, 1));
    if (expected === 'one') expect(firsts.size).toBe(1);
    else expect(firsts.size).toBeGreaterThan(1);
  }, 600_000);
});
