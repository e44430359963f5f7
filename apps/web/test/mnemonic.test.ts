// The mnemonic piece set (board/mnemonic.ts): every face, as PieceTile draws it, read back from its
// marks' places on the tile and compared with the rules, for every piece of chu, dai and Heisei. Two
// checks: direction by direction against the rules' movement (step, slide, two-square range, jump
// squares, lion power), and square by square against the move generator on an empty board, Black's
// face upright and White's turned 180°. A face that disagrees with the rules cannot pass.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/svelte';
import { DIRECTIONS, DIRS, Game, VARIANT_INFO, boardFeed, movementOf, unwrap, type Direction } from '@chu/rules';
import PieceTile from '../src/lib/board/PieceTile.svelte';
import { FACE_CENTRE, RING, faceSquare } from '../src/lib/board/mnemonic';
import { PIECE_SETS, isPieceSet, lessonPieceSet, pieceLabel } from '../src/lib/pieces';

type Variant = 'chu' | 'dai' | 'heisei';
const VARIANTS: Variant[] = ['chu', 'dai', 'heisei'];

/** What a face shows, read off the drawing: per direction its mark, the jump squares, the Lion's area. */
interface FaceReading {
  dirs: Partial<Record<Direction, string>>; // 'step' | 'slide' | 'range 2' | 'lion 1+2'
  jumps: string[]; // 'dx,dy', sorted
  lionArea: boolean;
  letter: string;
  promoted: boolean;
}

const num = (e: Element, a: string) => Number(e.getAttribute(a));
const dirOf = (dx: number, dy: number): Direction => DIRECTIONS.find((d) => DIRS[d][0] === Math.sign(dx) && DIRS[d][1] === Math.sign(dy))!;

function readFace(code: string): FaceReading {
  const { container } = render(PieceTile, { code, color: 'black', set: 'mnemonic' });
  const [cx, cy] = FACE_CENTRE;
  const out: FaceReading = { dirs: {}, jumps: [], lionArea: false, letter: '', promoted: false };
  const put = (d: Direction, what: string) => {
    expect(out.dirs[d], `${code}: two marks in direction ${d}`).toBeUndefined();
    out.dirs[d] = what;
  };
  const lion = new Map<Direction, number[]>();
  for (const e of container.querySelectorAll('[data-mark]')) {
    const kind = e.getAttribute('data-mark');
    if (kind === 'slide' || kind === 'range2') {
      const [x, y] = [num(e, 'x2'), num(e, 'y2')];
      expect([num(e, 'x1'), num(e, 'y1')]).toEqual([cx, cy]); // from the piece
      if (kind === 'slide') {
        // past the second square, towards the edge
        expect(Math.max(Math.abs(x - cx), Math.abs(y - cy)), `${code} slide`).toBeGreaterThan(RING[2]);
        put(dirOf(x - cx, y - cy), 'slide');
      } else {
        const [dx, dy] = faceSquare(x, y)!;
        expect(Math.max(Math.abs(dx), Math.abs(dy)), `${code} range`).toBe(2);
        put(dirOf(dx, dy), 'range 2');
      }
    } else if (kind === 'step' || kind === 'lion' || kind === 'jump') {
      const sq = faceSquare(num(e, 'cx'), num(e, 'cy'));
      expect(sq, `${code}: a ${kind} mark off the grid`).toBeDefined();
      const [dx, dy] = sq!;
      const k = Math.max(Math.abs(dx), Math.abs(dy));
      if (kind === 'step') {
        expect(k).toBe(1);
        put(dirOf(dx, dy), 'step');
      } else if (kind === 'lion') {
        const d = dirOf(dx, dy);
        lion.set(d, [...(lion.get(d) ?? []), k].sort());
      } else out.jumps.push(`${dx},${dy}`);
    } else if (kind === 'lion-area') {
      // the shaded square covers the whole 5×5 around the piece
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => num(e, a));
      expect([faceSquare(x, y), faceSquare(x + w, y + h)]).toEqual([[-2, -2], [2, 2]]);
      out.lionArea = true;
    } else throw new Error(`${code}: a mark this test cannot read: ${kind}`);
  }
  for (const [d, ks] of lion) put(d, `lion ${ks.join('+')}`);
  out.jumps.sort();
  out.letter = container.querySelector('.letter')?.textContent ?? '';
  out.promoted = container.querySelector('.mnemonic')?.classList.contains('promoted') ?? false;
  return out;
}

/** The same reading, from the rules' movement table. */
function expected(code: string): FaceReading {
  const m = movementOf(code)!;
  const dirs: FaceReading['dirs'] = {};
  for (const d of m.steps) dirs[d] = 'step';
  for (const d of m.ranges) dirs[d] = 'slide';
  for (const d of m.limitedRanges ?? []) dirs[d] = 'range 2';
  if (m.lion !== 'full') for (const d of m.lion) dirs[d] = 'lion 1+2';
  const jumps = [...m.jumps.map((d) => `${DIRS[d][0] * 2},${DIRS[d][1] * 2}`), ...(m.leaps ?? []).map(({ dx, dy }) => `${dx},${dy}`)].sort();
  return { dirs, jumps, lionArea: m.lion === 'full', letter: pieceLabel(code, 'mnemonic'), promoted: code.startsWith('+') };
}

/** The squares of an empty board `size` wide the face says the piece reaches from (col, row), Black's way up. */
function faceReach(f: FaceReading, col: number, row: number, size: number, white: boolean): string[] {
  const s = white ? -1 : 1; // White's face is turned 180°: its forward is down the screen
  const out = new Set<string>();
  const add = (dx: number, dy: number) => {
    const [c, r] = [col + s * dx, row + s * dy];
    if (c >= 0 && c < size && r >= 0 && r < size) out.add(`${size - c}${'abcdefghijklmno'[r]}`);
  };
  for (const [d, what] of Object.entries(f.dirs) as [Direction, string][]) {
    const [dx, dy] = DIRS[d];
    const reach = what === 'slide' ? size : what === 'step' ? 1 : 2;
    for (let k = 1; k <= reach; k++) add(dx * k, dy * k);
  }
  for (const j of f.jumps) add(...(j.split(',').map(Number) as [number, number]));
  if (f.lionArea) for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx || dy) add(dx, dy);
  return [...out].sort();
}

/** A game of `variant` with `code` alone in the middle (Kings and Pawns tucked off its lines). */
function alone(variant: Variant, code: string, white: boolean): { game: Game; square: string; col: number; row: number; size: number } {
  const size = VARIANT_INFO[variant].size;
  const [col, row] = size === 15 ? [7, 7] : [6, 5];
  const extras: [number, number, string][] = size === 15
    ? [[1, 14, 'K'], [0, 13, 'P'], [13, 0, 'k'], [14, 1, 'p']]
    : [[1, 11, 'K'], [0, 10, 'P'], [10, 0, 'k'], [11, 1, 'p']];
  const grid: string[][] = Array.from({ length: size }, () => Array(size).fill(''));
  for (const [c, r, p] of extras) grid[r][c] = p;
  grid[row][col] = white ? code : code.toUpperCase();
  const ranks = grid.map((cells) => cells.reduce((text, p) => text + (p || '1'), '').replace(/1+/g, (ones) => String(ones.length)));
  const sfen = `${ranks.join('/')} ${white ? 'w' : 'b'} - 1`;
  const game = unwrap(Game.fromSfen(sfen, { variant }));
  return { game, square: `${size - col}${'abcdefghijklmno'[row]}`, col, row, size };
}

describe('the mnemonic face of every piece of chu, dai and Heisei says how it moves', () => {
  const cases = VARIANTS.flatMap((v) => VARIANT_INFO[v].codes.map((code) => [v, code] as const));
  const faces = new Map<string, FaceReading>();
  const face = (code: string) => faces.get(code) ?? faces.set(code, readFace(code)).get(code)!;

  it.each(cases)('%s %s: each direction as the rules’ movement table gives it', (_, code) => {
    expect(face(code)).toEqual(expected(code));
  });

  it.each(cases)('%s %s: the squares the face marks are the moves the rules allow on an empty board, for Black and White', (variant, code) => {
    for (const white of [false, true]) {
      const { game, square, col, row, size } = alone(variant, code, white);
      const dests = [...(boardFeed(game).dests.get(square) ?? [])].sort();
      expect(faceReach(face(code), col, row, size, white), `${code} ${white ? 'white' : 'black'}`).toEqual(dests);
    }
  });
});

describe('the mnemonic set among the piece sets', () => {
  it('is the fourth set; a saved name of no set is not one', () => {
    expect(PIECE_SETS).toEqual(['kanji1', 'kanji2', 'western', 'mnemonic']);
    expect([isPieceSet('mnemonic'), isPieceSet('kanji1'), isPieceSet('pictures'), isPieceSet(3)]).toEqual([true, true, false, false]);
  });

  it.each([
    ['es', 'kanji1', 'mnemonic'], // a Spanish reader learns from the faces that show the moves
    ['en', 'western', 'mnemonic'],
    ['en', 'mnemonic', 'mnemonic'],
    ['ja', 'kanji1', 'kanji1'], // a Japanese reader keeps the set they chose
    ['ja', 'kanji2', 'kanji2'],
    ['ja', 'mnemonic', 'mnemonic'],
  ] as const)('a lesson’s board by default, for a player in %s who plays with %s: %s', (lang, chosen, set) => {
    expect(lessonPieceSet(lang, chosen)).toBe(set);
    expect(lessonPieceSet(lang, chosen, 'default')).toBe(set);
  });

  it.each([
    ['es', 'kanji1', 'kanji2', 'kanji2'], // a set chosen for the lessons is the lessons' in any language
    ['ja', 'kanji1', 'mnemonic', 'mnemonic'],
    ['en', 'mnemonic', 'western', 'western'],
  ] as const)('a lesson’s board for a player in %s who plays with %s and chose %s for lessons: %s', (lang, played, forLessons, set) => {
    expect(lessonPieceSet(lang, played, forLessons)).toBe(set);
  });

  it('White’s tile is the same face turned 180°, as in the other sets', () => {
    const { container } = render(PieceTile, { code: 'n', color: 'white', flipped: true, set: 'mnemonic' });
    expect(container.querySelector('svg.tile')!.classList.contains('flipped')).toBe(true);
    expect(container.querySelector('[data-mark="lion-area"]')).not.toBeNull();
  });
});
