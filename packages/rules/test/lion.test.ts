import { describe, expect, it } from 'vitest';
import { Game, makeSfen, parseSfen } from '../src/index.ts';
import { KINGS, at, destsOf, gameOf, legal, playAll, verdict } from './helpers.ts';

/** The distinct positions the legal moves lead to, one per move. */
function successorCount(game: Game): number {
  return new Set(
    game.legalMoves().map((u) => {
      const g = game.clone();
      g.play(u);
      return g.sfen();
    }),
  ).size;
}

describe('the Lion (RULES.md §2)', () => {
  it('jumps to any square within distance 2, over anything', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'P', '5e': 'P', '7e': 'P', '5f': 'P', '7f': 'P', '5g': 'P', '6g': 'P', '7g': 'P' });
    // boxed in by its own pieces, it still reaches the 16 squares at distance 2
    expect(destsOf(game, '6f')).toHaveLength(16);
    expect(legal(game, '6f6d')).toBe(true);
    expect(legal(game, '6f8h')).toBe(true);
  });

  it('makes two king steps, capturing on both squares', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '5d': 'g' });
    expect(verdict(game, '6f6e5d')).toBe('ok:6f6e5d');
    playAll(game, '6f6e5d');
    expect([at(game, '6f'), at(game, '6e'), at(game, '5d')]).toEqual(['', '', 'N']);
  });

  it('may change direction and end on an empty square after a first-step capture', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p' });
    for (const to of ['7d', '6d', '5d', '7e', '5e', '7f', '5f']) expect(verdict(game, `6f6e${to}`)).toBe(`ok:6f6e${to}`);
  });

  it('a second step may not land on its own piece', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '6d': 'G' });
    expect(verdict(game, '6f6e6d')).toBe('occupied-by-own-piece');
  });

  it('two steps through an empty square are the jump (one move)', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6d': 'p' });
    expect(verdict(game, '6f6e6d')).toBe('ok:6f6d');
    expect(verdict(game, '6f5e6d')).toBe('ok:6f6d');
    expect(verdict(game, '6f6d')).toBe('ok:6f6d');
    expect(game.legalMoves().filter((u) => u.startsWith('6f') && u.endsWith('6d'))).toEqual(['6f6d']);
  });

  it('igui: captures an adjacent piece and stays put', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '5e': 's' });
    expect(verdict(game, '6f5e6f')).toBe('ok:6f5e6f');
    playAll(game, '6f5e6f');
    expect([at(game, '6f'), at(game, '5e')]).toEqual(['N', '']);
    expect(game.turn).toBe('white');
  });

  it('pass: a step to an empty adjacent square and back, leaving the board unchanged', () => {
    const game = gameOf({ ...KINGS, '6f': 'N' });
    const before = game.sfen().split(' ')[0];
    expect(legal(game, '6f5f6f')).toBe(true);
    playAll(game, '6f5f6f');
    expect(game.sfen().split(' ')[0]).toBe(before);
    expect(game.turn).toBe('white');
  });

  it('pass needs an empty adjacent square', () => {
    const boxed = { ...KINGS, '6f': 'N', '6e': 'P', '5e': 'P', '7e': 'P', '5f': 'P', '7f': 'P', '5g': 'P', '6g': 'P', '7g': 'P' };
    const game = gameOf(boxed);
    expect(verdict(game, '6f5f6f')).toBe('occupied-by-own-piece');
    expect(game.legalMoves().some((u) => /^(6f)\d+[a-l]6f$/.test(u))).toBe(false);
    // surrounded by enemies: igui on each, but still no pass
    const enemies = gameOf(Object.fromEntries(Object.entries(boxed).map(([sq, p]) => [sq, p === 'P' && sq !== '12k' ? 'p' : p])));
    const doubles = enemies.legalMoves().filter((u) => /^6f\d+[a-l]6f$/.test(u));
    expect(doubles).toHaveLength(8); // 8 igui, no pass
  });

  it('all passes of a position are one move', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '9f': 'N' });
    const passes = game.legalMoves().filter((u) => {
      const m = /^(\d+[a-l])(\d+[a-l])(\d+[a-l])$/.exec(u);
      return m !== null && m[1] === m[3] && at(game, m[2]) === '';
    });
    expect(passes).toHaveLength(1);
    const canonical = passes[0];
    for (const spelling of ['6f5f6f', '6f6e6f', '6f7g6f', '9f9e9f', '9f10g9f']) expect(verdict(game, spelling)).toBe(`ok:${canonical}`);
  });

  it('one move per distinct outcome', () => {
    const positions = [
      { ...KINGS, '6f': 'N', '6e': 'p', '5e': 'p', '7g': 's', '5d': 'g' },
      { ...KINGS, '6f': 'N', '8f': 'N', '7e': 'p', '7f': 'g' }, // two Lions share igui targets
      { ...KINGS, '6f': '+H', '6e': 'p', '6d': 'p', '9f': '+D', '8e': 'p', '7d': 'g' },
    ];
    for (const p of positions) {
      const game = gameOf(p);
      expect(successorCount(game)).toBe(game.legalMoves().length);
    }
  });
});

describe('Horned Falcon: lion power straight forward only (RULES.md §2)', () => {
  it('steps, jumps, double-captures, igui and passes forward', () => {
    const game = gameOf({ ...KINGS, '6f': '+H', '6e': 'p', '6d': 'p' });
    expect(verdict(game, '6f6e')).toBe('ok:6f6e'); // 1 step
    expect(verdict(game, '6f6d')).toBe('ok:6f6d'); // 2 jump over the Pawn
    expect(verdict(game, '6f6e6d')).toBe('ok:6f6e6d'); // two captures
    expect(verdict(game, '6f6e6f')).toBe('ok:6f6e6f'); // igui
  });

  it('jumps over its own piece straight forward, but not elsewhere', () => {
    const game = gameOf({ ...KINGS, '6f': '+H', '6e': 'P', '5e': 'P', '5f': 'P' });
    expect(legal(game, '6f6d')).toBe(true);
    expect(verdict(game, '6f4d')).toBe('unreachable'); // the diagonal range is blocked
    expect(verdict(game, '6f4f')).toBe('unreachable');
  });

  it('has no lion power sideways, backwards or diagonally', () => {
    const game = gameOf({ ...KINGS, '6f': '+H', '5f': 'p', '5e': 'p', '6g': 'p' });
    expect(verdict(game, '6f5f4f')).toBe('unreachable');
    expect(verdict(game, '6f5f6f')).toBe('unreachable'); // no igui sideways
    expect(verdict(game, '6f5e6f')).toBe('unreachable');
    expect(verdict(game, '6f6g6f')).toBe('unreachable');
    expect(verdict(game, '6f5e')).toBe('ok:6f5e'); // an ordinary diagonal capture
  });

  it('passes via the empty square in front, and only then', () => {
    const open = gameOf({ ...KINGS, '6f': '+H' });
    expect(legal(open, '6f6e6f')).toBe(true);
    const blocked = gameOf({ ...KINGS, '6f': '+H', '6e': 'P' });
    expect(legal(blocked, '6f6e6f')).toBe(false);
    expect(blocked.legalMoves().some((u) => /^(\d+[a-l])\d+[a-l]\1$/.test(u))).toBe(false);
  });

  it('is mirrored for White (forward = towards rank l)', () => {
    const game = gameOf({ ...KINGS, '7g': '+h', '7h': 'P', '7i': 'P' }, {}, 'w');
    expect(verdict(game, '7g7h7i')).toBe('ok:7g7h7i');
    expect(verdict(game, '7g7h7g')).toBe('ok:7g7h7g');
  });
});

describe('Soaring Eagle: lion power along the two forward diagonals (RULES.md §2)', () => {
  it('steps, jumps, double-captures and igui along a forward diagonal', () => {
    const game = gameOf({ ...KINGS, '6f': '+D', '5e': 'p', '4d': 'p', '7e': 'P' });
    expect(verdict(game, '6f5e4d')).toBe('ok:6f5e4d');
    expect(verdict(game, '6f5e6f')).toBe('ok:6f5e6f');
    expect(verdict(game, '6f8d')).toBe('ok:6f8d'); // jump over its own piece on 7e
    expect(verdict(game, '6f5e')).toBe('ok:6f5e');
  });

  it('the forward diagonals reach two squares only (not a range)', () => {
    const game = gameOf({ ...KINGS, '6f': '+D' });
    expect(destsOf(game, '6f')).not.toContain('3c');
    expect(verdict(game, '6f3c')).toBe('unreachable');
  });

  it('has no lion power orthogonally or backwards', () => {
    const game = gameOf({ ...KINGS, '6f': '+D', '6e': 'p', '7g': 'p' });
    expect(verdict(game, '6f6e6f')).toBe('unreachable');
    expect(verdict(game, '6f6e6d')).toBe('unreachable');
    expect(verdict(game, '6f7g6f')).toBe('unreachable');
  });

  it('passes via either empty forward-diagonal square', () => {
    const game = gameOf({ ...KINGS, '6f': '+D', '5e': 'P' });
    expect(legal(game, '6f7e6f')).toBe(true);
    expect(legal(game, '6f5e6f')).toBe(false);
  });
});

describe('promoted Kirin = Lion (RULES.md §1)', () => {
  it('moves exactly like a Lion, double moves and igui included', () => {
    const lion = gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '4d': 'P' });
    const kirin = gameOf({ ...KINGS, '6f': '+O', '6e': 'p', '4d': 'P' });
    expect(kirin.legalMoves()).toEqual(lion.legalMoves());
  });

  it('a Kirin becomes a Lion on promotion', () => {
    const game = gameOf({ ...KINGS, '6e': 'O' });
    playAll(game, '6e6c+');
    expect(at(game, '6c')).toBe('+O');
    const pos = parseSfen(game.sfen());
    expect(pos.ok && makeSfen(pos.value)).toBe(game.sfen());
  });
});
