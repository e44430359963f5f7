/**
 * How people write each piece: the one table that the notations, the KIF writer and reader, and the
 * client's tiles all read. Hodges/TSA abbreviations from seeds/000 (Ky for the Kirin, FK for the Queen);
 * kanji as Japanese game records write them; KIF names as lishogi writes them (it also reads 81Dojo's).
 */
export interface PieceNames {
  /** Hodges/TSA abbreviation of the piece itself: 'Ln', 'SE' for the Soaring Eagle (notation writes a promoted piece '+' and what it was: '+DK') */
  abbr: string;
  /** one kanji, as move records write it: '獅', 'と' for the promoted Pawn */
  kanji: string;
  /** a KIF board diagram's name: `成` before a promoted piece that shares its kanji with an unpromoted one: '成獅' for the promoted Kirin */
  diagram: string;
  /** the Japanese name: '獅子', 'と金' */
  name: string;
  /** the two kanji drawn on the piece: its name, but '成桂' for dai's promoted Knight (a Gold General, written as shogi writes it) */
  face: string;
  /** the name in KIF move lines, lishogi's where it writes another: '醉象', '小角' for the promoted Leopard, '金将' for the tokin */
  kif: string;
}

const named = (abbr: string, kanji: string, diagram: string, name: string, kif = name): PieceNames =>
  ({ abbr, kanji, diagram, name, face: name, kif });

const CHU: Record<string, PieceNames> = {
  k: named('K', '玉', '玉', '玉将'),
  q: named('FK', '奔', '奔', '奔王'),
  n: named('Ln', '獅', '獅', '獅子'),
  d: named('DK', '龍', '龍', '龍王'),
  h: named('DH', '馬', '馬', '龍馬'),
  r: named('R', '飛', '飛', '飛車'),
  b: named('B', '角', '角', '角行'),
  o: named('Ky', '麒', '麒', '麒麟'),
  x: named('Ph', '鳳', '鳳', '鳳凰'),
  e: named('DE', '象', '象', '酔象', '醉象'),
  t: named('BT', '虎', '虎', '盲虎'),
  f: named('FL', '豹', '豹', '猛豹'),
  g: named('G', '金', '金', '金将'),
  s: named('S', '銀', '銀', '銀将'),
  c: named('C', '銅', '銅', '銅将'),
  v: named('VM', '竪', '竪', '竪行'),
  m: named('SM', '横', '横', '横行'),
  a: named('RC', '反', '反', '反車'),
  l: named('L', '香', '香', '香車'),
  i: named('GB', '仲', '仲', '仲人'),
  p: named('P', '歩', '歩', '歩兵'),
  '+d': named('SE', '鷲', '鷲', '飛鷲'),
  '+h': named('HF', '鷹', '鷹', '角鷹'),
  '+r': named('DK', '龍', '成龍', '龍王'),
  '+b': named('DH', '馬', '成馬', '龍馬'),
  '+o': named('Ln', '獅', '成獅', '獅子'),
  '+x': named('FK', '奔', '成奔', '奔王'),
  '+e': named('CP', '太', '太', '太子'),
  '+t': named('FS', '鹿', '鹿', '飛鹿'),
  '+f': named('B', '角', '成角', '角行', '小角'),
  // lishogi writes 金飛車, but shogiops reads at most two kanji
  '+g': named('R', '飛', '成飛', '飛車'),
  '+s': named('VM', '竪', '成竪', '竪行'),
  '+c': named('SM', '横', '成横', '横行'),
  '+v': named('FO', '牛', '牛', '飛牛'),
  '+m': named('FB', '猪', '猪', '奔猪'),
  '+a': named('W', '鯨', '鯨', '鯨鯢'),
  '+l': named('WH', '駒', '駒', '白駒'),
  '+i': named('DE', '象', '成象', '酔象', '醉象'),
  '+p': named('G', 'と', '成歩', 'と金', '金将'),
};

/**
 * dai-shogi.md §1.1: the seed's abbreviations and kanji (St for the Stone General, S being the Silver;
 * the Flying Dragon by both its kanji, as 飛 and 龍 are the Rook and the Dragon King).
 */
const DAI: Record<string, PieceNames> = {
  "i'": named('I', '鉄', '鉄', '鉄将'),
  "s'": named('St', '石', '石', '石将'),
  "n'": named('N', '桂', '桂', '桂馬'),
  "a'": named('AB', '嗔', '嗔', '嗔猪'),
  "c'": named('CS', '猫', '猫', '猫刄'),
  "e'": named('EW', '狼', '狼', '悪狼'),
  "v'": named('VO', '猛', '猛', '猛牛'),
  "f'": named('FD', '飛龍', '飛龍', '飛龍'),
};

/** Each dai piece promotes to a Gold General (§8), written as shogi writes its promoted Knight: 成桂. */
const DAI_PROMOTED: Record<string, PieceNames> = Object.fromEntries(
  Object.entries(DAI).map(([code, { abbr, kanji }]) => {
    const written = `成${kanji}`;
    return [`+${code}`, { abbr: `+${abbr}`, kanji: written, diagram: written, name: '金将', face: written, kif: '金将' }];
  }),
);

/** The names of every piece type of both games, by SFEN code. */
export const PIECE_NAMES: Readonly<Record<string, Readonly<PieceNames>>> = { ...CHU, ...DAI, ...DAI_PROMOTED };

/** White's King, as the traditional pair writes it against Black's 玉将. */
export const WHITE_KING: Readonly<Pick<PieceNames, 'kanji' | 'name'>> = { kanji: '王', name: '王将' };
