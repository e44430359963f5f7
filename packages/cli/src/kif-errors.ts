import { VARIANT_INFO, type KifError, type Variant } from '@chu/rules';

// `chu unkif`'s words for the rules' KIF error codes: English, as README documents them
// ('line 14: 7九獅子 （←7十）: no-piece'); the web client words the same codes in its languages.

const game = (v: Variant) => VARIANT_INFO[v].name.toLowerCase();

function problem(e: KifError): string {
  switch (e.code) {
    case 'empty':
      return 'no KIF here';
    case 'unknown-rule':
      return `unknown rule option ${e.token}`;
    case 'not-a-header':
      return `not a KIF header line: ${e.text}`;
    case 'pieces-in-hand':
      return `chu and dai shogi have no pieces in hand: ${e.text}`;
    case 'other-variant':
      return `the record is ${game(e.said)}, not ${game(e.asked)}`;
    case 'foreign-handicap':
      return `手合割 ${e.handicap} is not ${game(e.variant)} (${game(e.variant)} starts from a ${VARIANT_INFO[e.variant].size}-rank diagram or the standard setup)`;
    case 'bad-sfen':
      return `bad SFEN: ${e.sfen}`;
    case 'sfen-disagrees':
      return `the SFEN says ${e.sfen}, the diagram ${e.diagram}`;
    case 'diagram-ranks':
      return `the diagram has ${e.ranks} ranks; ${game(e.variant)} has ${VARIANT_INFO[e.variant].size}`;
    case 'rank-frame':
      return `a diagram rank is framed by two |: ${e.text}`;
    case 'rank-number':
      return `rank ${e.rank} where ${e.expected} belongs`;
    case 'rank-too-long':
      return `more than ${VARIANT_INFO[e.variant].size} squares: ${e.text}`;
    case 'unknown-diagram-piece':
      return `no ${game(e.variant)} piece is drawn ${e.name}: ${e.text}`;
    case 'dangling-mark':
      return `${e.mark} without a piece: ${e.text}`;
    case 'rank-length':
      return `${e.squares} squares where a rank has ${VARIANT_INFO[e.variant].size}: ${e.text}`;
    case 'drop':
      return `drops are not ${game(e.variant)}: ${e.text}`;
    case 'not-a-move':
      return `not a ${game(e.variant)} move: ${e.text}`;
    case 'first-step-alone':
      return `一歩目 without its 二歩目: ${e.text}`;
    case 'second-step-alone':
      return `二歩目 without an 一歩目 before it: ${e.text}`;
    case 'first-step-mark':
      return `a first step is neither a promotion nor the end of a move: ${e.text}`;
    case 'after-end':
      return `${e.text} after the game's end (${e.end})`;
    case 'move-number':
      return `move ${e.number} where move ${e.expected} was expected: ${e.text}`;
    case 'wrong-side':
      return `${e.side === 'black' ? '▲' : '△'} on ${e.side === 'black' ? 'white' : 'black'}'s move: ${e.text}`;
    case 'illegal-move':
      return `${e.text}: ${e.reason}`;
    case 'unknown-piece':
      return `no ${game(e.variant)} piece is called ${e.name}: ${e.text}`;
    case 'wrong-piece':
      return `${e.square} holds ${e.holds}, not ${e.name}: ${e.text}`;
    case 'same-square-first':
      return `仝 (same square) with no move before it: ${e.text}`;
    case 'lion-one-line':
      return `igui and passes take two lines (一歩目, 二歩目): ${e.text}`;
    case 'steps-apart':
      return `二歩目 starts from ${e.mid}, but 一歩目 went to ${e.first}: ${e.text}`;
    case 'bad-igui':
      return `居食い (igui) eats an enemy on the first square and returns: ${e.text}`;
    case 'bad-pass':
      return `じっと (a pass) steps to an empty square and back: ${e.text}`;
  }
}

/** 'line 14: 7九獅子 （←7十）: no-piece' */
export const kifErrorText = (e: KifError): string => `line ${e.line}: ${problem(e)}`;
