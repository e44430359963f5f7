import { describe, expect, it } from 'vitest';
import { CODES, movementOf, reachOf } from '../src/index.ts';
import { KINGS, at, destsOf, gameOf, legal, sorted, verdict } from './helpers.ts';

// RULES.md §1 table and §2: where each piece can go from a square of an otherwise empty board.
// Expected squares come from the Betza strings of RULES.md, read by the small interpreter below
// (independent of src/piece.ts), in Black's frame: f = towards rank a.

type Vec = [number, number]; // [dFile-as-column (+ = towards file 1), dRank (+ = towards rank l)]
const ORTH: Record<string, Vec> = { f: [0, -1], b: [0, 1], l: [-1, 0], r: [1, 0] };
const DIAG: Record<string, Vec> = { fl: [-1, -1], fr: [1, -1], bl: [-1, 1], br: [1, 1] };

/** Directions of an atom under modifiers: f, b, s (sideways), v (vertical); none = all. */
function dirs(mods: string, diagonal: boolean): Vec[] {
  const pool = diagonal ? DIAG : ORTH;
  if (!mods) return Object.values(pool);
  const keep = new Set<string>();
  for (const m of mods)
    for (const name of Object.keys(pool)) {
      if (m === 'f' && name.startsWith('f')) keep.add(name);
      if (m === 'b' && name.startsWith('b')) keep.add(name);
      if (m === 's' && (name === 'l' || name === 'r')) keep.add(name);
      if (m === 'v' && (name === 'f' || name === 'b')) keep.add(name);
    }
  return [...keep].map((n) => pool[n]);
}

/** Squares reached on an empty board from `from` by a Betza string (W F R B D A K Q), plus 'lion'. */
function betza(spec: string, from: string, white: boolean): string[] {
  const m = /^(\d+)([a-l])$/.exec(from)!;
  const col = 12 - Number(m[1]);
  const row = 'abcdefghijkl'.indexOf(m[2]);
  const out = new Set<string>();
  const add = (c: number, r: number) => {
    if (c >= 0 && c < 12 && r >= 0 && r < 12) out.add(`${12 - c}${'abcdefghijkl'[r]}`);
  };
  const s = white ? -1 : 1;
  for (const [, mods, atom] of spec.matchAll(/([fbsv]*)([WFRBDAKQ]|lion)/g)) {
    if (atom === 'lion') {
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx || dy) add(col + dx, row + dy);
      continue;
    }
    const parts = atom === 'K' ? ['W', 'F'] : atom === 'Q' ? ['R', 'B'] : [atom];
    for (const a of parts) {
      const diagonal = a === 'F' || a === 'B' || a === 'A';
      const range = a === 'R' || a === 'B' ? 11 : 1;
      const scale = a === 'D' || a === 'A' ? 2 : 1;
      for (const [dx, dy] of dirs(mods, diagonal))
        for (let k = 1; k <= range; k++) add(col + s * dx * k * scale, row + s * dy * k * scale);
    }
  }
  return sorted(out);
}

const PIECES: [code: string, name: string, moves: string][] = [
  ['k', 'King', 'K'],
  ['q', 'Queen', 'Q'],
  ['n', 'Lion', 'lion'],
  ['d', 'Dragon King', 'RF'],
  ['h', 'Dragon Horse', 'BW'],
  ['r', 'Rook', 'R'],
  ['b', 'Bishop', 'B'],
  ['o', 'Kirin', 'FD'],
  ['x', 'Phoenix', 'WA'],
  ['e', 'Drunk Elephant', 'FfsW'],
  ['t', 'Blind Tiger', 'FsbW'],
  ['f', 'Ferocious Leopard', 'FfbW'],
  ['g', 'Gold General', 'WfF'],
  ['s', 'Silver General', 'FfW'],
  ['c', 'Copper General', 'fFfWbW'],
  ['v', 'Vertical Mover', 'fbRsW'],
  ['m', 'Side Mover', 'sRfbW'],
  ['a', 'Reverse Chariot', 'fbR'],
  ['l', 'Lance', 'fR'],
  ['i', 'Go-Between', 'fbW'],
  ['p', 'Pawn', 'fW'],
  // promoted forms
  ['+d', 'Soaring Eagle', 'RbBfFfA'], // R, bB, forward-diagonal lion power (step and jump)
  ['+h', 'Horned Falcon', 'BsRbRfWfD'], // B, sR, bR, forward lion power
  ['+r', 'Dragon King (promoted Rook)', 'RF'],
  ['+b', 'Dragon Horse (promoted Bishop)', 'BW'],
  ['+o', 'Lion (promoted Kirin)', 'lion'],
  ['+x', 'Queen (promoted Phoenix)', 'Q'],
  ['+e', 'Prince', 'K'],
  ['+t', 'Flying Stag', 'KvR'],
  ['+f', 'Bishop (promoted Leopard)', 'B'],
  ['+g', 'Rook (promoted Gold)', 'R'],
  ['+s', 'Vertical Mover (promoted Silver)', 'fbRsW'],
  ['+c', 'Side Mover (promoted Copper)', 'sRfbW'],
  ['+v', 'Flying Ox', 'BvR'],
  ['+m', 'Free Boar', 'BsR'],
  ['+a', 'Whale', 'vRbB'],
  ['+l', 'White Horse', 'fRfBbR'],
  ['+i', 'Drunk Elephant (promoted Go-Between)', 'FfsW'],
  ['+p', 'Gold General (promoted Pawn)', 'WfF'],
];

describe('movement of every piece on an empty board (RULES.md §1–2)', () => {
  // 6f for Black and its mirror 7g for White; the kings (11l, 2a) are off all their lines.
  it.each(PIECES)('%s (%s) moves %s as Black', (code, _name, moves) => {
    const game = gameOf({ ...KINGS, '6f': code.startsWith('+') ? '+' + code[1].toUpperCase() : code.toUpperCase() });
    expect(destsOf(game, '6f')).toEqual(betza(moves, '6f', false));
  });
  it.each(PIECES)('%s (%s) moves %s as White', (code, _name, moves) => {
    const game = gameOf({ ...KINGS, '7g': code }, {}, 'w');
    expect(destsOf(game, '7g')).toEqual(betza(moves, '7g', true));
  });

  it('covers all 21 starting types and their 18 promoted forms', () => {
    expect(PIECES.filter(([c]) => !c.startsWith('+'))).toHaveLength(21);
    expect(PIECES.filter(([c]) => c.startsWith('+'))).toHaveLength(18);
  });
});

describe('movement diagrams: movementOf and reachOf, read off the same SPECS as the generator', () => {
  /** The squares a diagram marks, placed on the board around `from` (White's diagram turned round). */
  function diagramSquares(code: string, from: string, white: boolean): string[] {
    const m = /^(\d+)([a-l])$/.exec(from)!;
    const col = 12 - Number(m[1]);
    const row = 'abcdefghijkl'.indexOf(m[2]);
    const s = white ? -1 : 1;
    const out: string[] = [];
    for (const { dx, dy } of reachOf(code, 11)) {
      const c = col + s * dx;
      const r = row + s * dy;
      if (c >= 0 && c < 12 && r >= 0 && r < 12) out.push(`${12 - c}${'abcdefghijkl'[r]}`);
    }
    return sorted(out);
  }

  it.each(CODES)('%s: the diagram marks exactly the generated destinations, for Black and for White', (code) => {
    const black = gameOf({ ...KINGS, '6f': code.startsWith('+') ? '+' + code[1].toUpperCase() : code.toUpperCase() });
    expect(diagramSquares(code, '6f', false)).toEqual(destsOf(black, '6f'));
    const white = gameOf({ ...KINGS, '7g': code }, {}, 'w');
    expect(diagramSquares(code, '7g', true)).toEqual(destsOf(white, '7g'));
  });

  it('how a Soaring Eagle moves: ranges, and lion power on the forward diagonals', () => {
    expect(movementOf('+d')).toEqual({
      code: '+d', name: 'Soaring Eagle', royal: false,
      steps: [], ranges: ['f', 'b', 'l', 'r', 'bl', 'br'], jumps: [], lion: ['fl', 'fr'],
    });
    const marks = reachOf('+d', 3).filter((r) => r.how === 'lion' || r.how === 'lion2');
    expect(marks).toEqual(expect.arrayContaining([
      { dx: -1, dy: -1, how: 'lion' }, { dx: -2, dy: -2, how: 'lion2' }, { dx: 1, dy: -1, how: 'lion' }, { dx: 2, dy: -2, how: 'lion2' },
    ]));
    expect(marks).toHaveLength(4);
  });

  it.each([
    // [code, radius, marks by kind]
    ['n', 3, { lion: 8, lion2: 16 }], // the Lion: its 5×5
    ['l', 3, { range: 3 }], // a Lance: forward, to the edge of the diagram
    ['o', 3, { step: 4, jump: 4 }], // the Kirin
    ['+e', 3, { step: 8 }], // the Prince moves like a King
  ] as const)('%s within %i squares: %j', (code, radius, counts) => {
    const got: Record<string, number> = {};
    for (const r of reachOf(code, radius)) got[r.how] = (got[r.how] ?? 0) + 1;
    expect(got).toEqual(counts);
  });

  it('promotions, and unknown codes', () => {
    expect([movementOf('o')?.promotesTo, movementOf('+o')?.promotesTo, movementOf('k')?.promotesTo]).toEqual(['+o', undefined, undefined]);
    expect(movementOf('z')).toBeUndefined();
    expect(reachOf('z', 3)).toEqual([]);
  });
});

describe('ranges, steps and jumps (RULES.md §2)', () => {
  it('a range stops on an enemy piece, capturing it, and never passes it', () => {
    const game = gameOf({ ...KINGS, '6f': 'R', '6c': 'p', '9f': 'P' });
    const dests = destsOf(game, '6f');
    expect(dests).toContain('6c'); // capture
    expect(dests).not.toContain('6b'); // behind the enemy piece
    expect(dests).toContain('8f');
    expect(dests).not.toContain('9f'); // own piece: stops before it
    expect(verdict(game, '6f9f')).toBe('occupied-by-own-piece');
    expect(verdict(game, '6f6b')).toBe('unreachable');
  });

  it('a step captures an enemy piece but cannot land on its own', () => {
    const game = gameOf({ ...KINGS, '6f': 'G', '6e': 'p', '5e': 'P' });
    expect(verdict(game, '6f6e')).toBe('ok:6f6e');
    expect(verdict(game, '6f5e')).toBe('occupied-by-own-piece');
    expect(verdict(game, '6f6d')).toBe('unreachable');
  });

  it('Kirin and Phoenix leaps pass over anything, own or enemy', () => {
    const game = gameOf({ ...KINGS, '6f': 'O', '6e': 'P', '5f': 'p', '3c': 'X', '4d': 'p' });
    expect(legal(game, '6f6d')).toBe(true); // over own Pawn
    expect(legal(game, '6f4f')).toBe(true); // over enemy Pawn
    expect(legal(game, '3c5e')).toBe(true); // Phoenix over enemy Pawn on 4d
  });

  it('steps and slides stop at the board edge', () => {
    const game = gameOf({ '12a': 'G', '1l': 'K', '1a': 'k' });
    expect(destsOf(game, '12a')).toEqual(['11a', '12b']);
  });

  it('pieces of the side not to move cannot be moved', () => {
    const game = gameOf({ ...KINGS, '6f': 'G', '7g': 'g' });
    expect(verdict(game, '7g7h')).toBe('not-your-piece');
    expect(verdict(game, '5f5e')).toBe('no-piece');
  });

  it('no check rules: a King may step into attack', () => {
    const game = gameOf({ '6f': 'K', '4e': 'r', '1a': 'k', '1l': 'G' });
    expect(legal(game, '6f6e')).toBe(true); // 6e is attacked by the Rook on 4e
  });

  it('a piece that arose by promotion never promotes again', () => {
    const game = gameOf({ ...KINGS, '6e': '+G', '7e': 'R' });
    expect(verdict(game, '6e6d+')).toBe('no-promotion-here'); // a Rook from a Gold
    expect(verdict(game, '7e7d+')).toBe('ok:7e7d+'); // an original Rook becomes a Dragon King
    const played = gameOf({ ...KINGS, '7e': 'R' });
    played.play('7e7d+');
    expect(at(played, '7d')).toBe('+R');
  });

  it('King, Queen and Lion never promote', () => {
    const game = gameOf({ '6e': 'K', '8e': 'Q', '10e': 'N', '1l': 'G', '1a': 'k' });
    for (const usi of ['6e6d+', '8e8d+', '10e10d+']) expect(verdict(game, usi)).toBe('no-promotion-here');
  });
});
