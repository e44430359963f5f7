import { makeBoardSfen, makeReserveSfen, parseSfen } from './sfen.ts';
import { START_SFENS } from './variant.ts';
import { withDefaults, type Variant } from './types.ts';

/** A named start position: the standard start or a handicap (docs/handicaps.md). */
export interface Setup {
  /** 'three-lions' */
  readonly id: string;
  readonly variant: Variant;
  /** the row of Colin Adams' table (docs/handicaps.md §2): 0 = no handicap */
  readonly grade: number;
  readonly sfen: string;
  readonly names: { readonly es: string; readonly en: string; readonly ja: string };
}

const setup = (id: string, variant: Variant, grade: number, sfen: string, es: string, en: string, ja: string): Setup =>
  Object.freeze({ id, variant, grade, sfen, names: Object.freeze({ es, en, ja }) });

// docs/handicaps.md §2, row by row. White (the stronger player) loses pieces and moves first; Black's
// Kirin on 7k, then its Phoenix on 6k, become Lions (+O). Of a pair, White's piece on the file-1 side goes.
const CHU = START_SFENS.chu;
const W = (board: string) => `${board} w - 1`;
const R = 'pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM';
const B2 = 'A1B1T+OXT1B1A/LFCSGKEGSCFL'; // two Lions
const B3 = 'A1B1T+O+OT1B1A/LFCSGKEGSCFL'; // three Lions
const BS = 'A1B1TOXT1B1A/LFCSGKEGSCFL'; // Black as it starts

/** Every named setup: chu's handicap table (rows 0–17), then dai's and Heisei chu's standard starts. */
export const SETUPS: readonly Setup[] = Object.freeze([
  setup('even', 'chu', 0, CHU, 'Sin hándicap', 'Even game', '平手'),
  setup('black', 'chu', 1, CHU, 'Negras (el más débil mueve primero)', 'Black (the weaker player moves first)', '下手先手'),
  setup('gold', 'chu', 2, W(`lfcsgek1scfl/a1b1txot1b1a/mvrhdqndhrvm/${R}/${BS}`), 'General de oro', 'Gold General', '金落ち'),
  setup('side-mover', 'chu', 3, W(`lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrv1/${R}/${BS}`), 'Móvil lateral', 'Side Mover', '横行落ち'),
  setup('vertical-mover', 'chu', 4, W(`lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhr1m/${R}/${BS}`), 'Móvil vertical', 'Vertical Mover', '竪行落ち'),
  setup('rook', 'chu', 5, W(`lfcsgekgscfl/a1b1txot1b1a/mvrhdqndh1vm/${R}/${BS}`), 'Torre', 'Rook', '飛車落ち'),
  setup('two-lions', 'chu', 6, W(`lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/${R}/${B2}`), 'Dos leones', 'Two Lions', '二枚獅子'),
  setup('two-lions-gold', 'chu', 7, W(`lfcsgek1scfl/a1b1txot1b1a/mvrhdqndhrvm/${R}/${B2}`),
    'Dos leones y general de oro', 'Two Lions and a Gold General', '二枚獅子金落ち'),
  setup('two-lions-side-mover', 'chu', 8, W(`lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrv1/${R}/${B2}`),
    'Dos leones y móvil lateral', 'Two Lions and a Side Mover', '二枚獅子横行落ち'),
  setup('two-lions-vertical-mover', 'chu', 9, W(`lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhr1m/${R}/${B2}`),
    'Dos leones y móvil vertical', 'Two Lions and a Vertical Mover', '二枚獅子竪行落ち'),
  setup('two-lions-vertical-side-mover', 'chu', 10, W(`lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhr2/${R}/${B2}`),
    'Dos leones, móvil vertical y móvil lateral', 'Two Lions, a Vertical Mover and a Side Mover', '二枚獅子竪行横行落ち'),
  setup('three-lions', 'chu', 11, W(`lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/${R}/${B3}`), 'Tres leones', 'Three Lions', '三枚獅子'),
  setup('three-lions-copper', 'chu', 12, W(`lfcsgekgs1fl/a1b1txot1b1a/mvrhdqndhrvm/${R}/${B3}`),
    'Tres leones y general de cobre', 'Three Lions and a Copper General', '三枚獅子銅将落ち'),
  setup('three-lions-one-piece', 'chu', 13, W(`lfcsgek1scfl/a1b1txot1b1a/mvrhdqndhrvm/${R}/${B3}`),
    'Tres leones y una pieza', 'Three Lions and one piece', '三枚獅子一枚落ち'),
  setup('three-lions-two-pieces', 'chu', 14, W(`lfcsgek1scfl/a1b1txot1b1a/mvrhdqndhrv1/${R}/${B3}`),
    'Tres leones y dos piezas', 'Three Lions and two pieces', '三枚獅子二枚落ち'),
  setup('three-lions-three-pieces', 'chu', 15, W(`lfcsgek1scfl/a1b1txot1b1a/mvrhdqndhr2/${R}/${B3}`),
    'Tres leones y tres piezas', 'Three Lions and three pieces', '三枚獅子三枚落ち'),
  setup('three-lions-four-pieces', 'chu', 16, W(`lfcsgek1scfl/a1b1txot1b1a/mvrhdqndh3/${R}/${B3}`),
    'Tres leones y cuatro piezas', 'Three Lions and four pieces', '三枚獅子四枚落ち'),
  setup('three-lions-five-pieces', 'chu', 17, W(`lfcsgek1scfl/a1b1txot1b1a/mvrhd1ndh3/${R}/${B3}`),
    'Tres leones y cinco piezas', 'Three Lions and five pieces', '三枚獅子五枚落ち'),
  setup('dai-even', 'dai', 0, START_SFENS.dai, 'Sin hándicap', 'Even game', '平手'),
  setup('heisei-even', 'heisei', 0, START_SFENS.heisei, 'Sin hándicap', 'Even game', '平手'),
]);

/** The board, side to move and reserves of a position, the move number aside; undefined when it does not parse. */
const positionKey = (variant: Variant, sfen: string): string | undefined => {
  const pos = parseSfen(sfen, withDefaults({ variant }));
  return pos.ok ? `${makeBoardSfen(pos.value)} ${pos.value.turn} ${makeReserveSfen(pos.value)}` : undefined;
};

const byKey = new Map<string, Setup>();
for (const s of SETUPS) {
  const key = `${s.variant} ${positionKey(s.variant, s.sfen)}`;
  if (!byKey.has(key)) byKey.set(key, s); // rows 0 and 1 share the standard start: it is row 0
}

/**
 * The named setup whose position (board and side to move) `sfen` is, if any; null or undefined means
 * the variant's standard start. setupOf('chu', null)?.id === 'even'.
 */
export function setupOf(variant: Variant, sfen: string | null | undefined): Setup | undefined {
  const key = positionKey(variant, sfen ?? START_SFENS[variant]);
  return key === undefined ? undefined : byKey.get(`${variant} ${key}`);
}

export const setupById = (id: string): Setup | undefined => SETUPS.find((s) => s.id === id);
