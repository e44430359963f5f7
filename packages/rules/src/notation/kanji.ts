import { CHU_GEOMETRY, type Geometry } from '../square.ts';
import type { MoveFacts } from './common.ts';
import { kanjiNumber } from './kif.ts';

/**
 * One-character names as written in Japanese game records; promoted pieces by their promoted name.
 * Dai's (dai-shogi.md §1.1): the seed's abbreviations, the Flying Dragon by both its kanji (the seed
 * gives it none, and 飛 and 龍 are the Rook and the Dragon King), a dai piece promoted to Gold as shogi
 * writes a promoted Knight (成桂).
 */
const KANJI: Record<string, string> = {
  k: '玉', q: '奔', n: '獅', d: '龍', h: '馬', r: '飛', b: '角', o: '麒', x: '鳳', e: '象', t: '虎',
  f: '豹', g: '金', s: '銀', c: '銅', v: '竪', m: '横', a: '反', l: '香', i: '仲', p: '歩',
  '+d': '鷲', '+h': '鷹', '+r': '龍', '+b': '馬', '+o': '獅', '+x': '奔', '+e': '太', '+t': '鹿',
  '+f': '角', '+g': '飛', '+s': '竪', '+c': '横', '+v': '牛', '+m': '猪', '+a': '鯨', '+l': '駒',
  '+i': '象', '+p': 'と',
  "i'": '鉄', "s'": '石', "n'": '桂', "a'": '嗔', "c'": '猫', "e'": '狼', "v'": '猛', "f'": '飛龍',
  "+i'": '成鉄', "+s'": '成石', "+n'": '成桂', "+a'": '成嗔', "+c'": '成猫', "+e'": '成狼', "+v'": '成猛', "+f'": '成飛龍',
};

export const kanjiPiece = (code: string, white: boolean): string => (code === 'k' && white ? '王' : KANJI[code]);

/** `７八` for 7h, `１２十二` for 12l (`１５十五` for dai's 15o): full-width file, kanji rank. */
export const kanjiSquare = (sq: number, g: Geometry = CHU_GEOMETRY): string =>
  String(g.fileOf(sq)).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))) + kanjiNumber(g.rowOf(sq) + 1);

/** Written instead of the square when a move goes where the previous one landed, as kifu do (and lishogi). */
export const SAME_SQUARE = '同　';

/**
 * `▲７六歩`, `△２三銀成` / `不成`, `▲８八獅(９九)` (origin when ambiguous), `▲８八獅・７七` (double
 * move: first-step capture, then destination), `▲８八獅居喰い` (igui on 8八), `▲獅じっと` (pass).
 * The square written first is `同　` when it is where the previous move landed (`previousTo`, 0 = none):
 * `△同　歩`, `▲同　獅居喰い`.
 */
export function kanjiOf(f: MoveFacts, previousTo = 0): string {
  const side = f.white ? '△' : '▲';
  const piece = kanjiPiece(f.code, f.white);
  const named = (sq: number) => kanjiSquare(sq, f.tables);
  const origin = f.rivals.length ? `(${named(f.from)})` : '';
  const square = (sq: number) => (sq === previousTo ? SAME_SQUARE : named(sq));
  switch (f.kind) {
    case 'pass':
      return `${side}${piece}じっと`;
    case 'igui':
      return `${side}${square(f.mid)}${piece}居喰い`;
    case 'double':
      return `${side}${square(f.mid)}${piece}・${named(f.to)}${origin}`;
    default:
      return `${side}${square(f.to)}${piece}${f.promote ? '成' : f.promotionChoice ? '不成' : ''}${origin}`;
  }
}
