import { answer, exercise, lesson, stage, win } from '../define.ts';

// the two Rooks' shuffle, White first: 4b–4c and 6h–6g, played until 6g back to 6h would bring the start
// position (White to move) for the fourth time (RULES.md §5)
const SHUFFLE = ['4b4c', '6h6g', '4c4b', '6g6h'];
const SHUFFLED = [...SHUFFLE, ...SHUFFLE, '4b4c', '6h6g', '4c4b'];

// RULES.md §5–6: a game is lost with the last royal (a Prince, the promoted Drunk Elephant, is a second one) or
// with a bare King; a position may not come a fourth time.
export const ENDINGS = stage('endings', [
  lesson('royals', [
    exercise('royal-capture', { board: { '1h': 'R' }, goal: win, solution: ['1h1a'], wrong: '1h2h' }),
    // White's King on 1a and Prince on 5a: both must go
    exercise('prince', { board: { '1h': 'R', '5a': '+e' }, goal: win, solution: ['1h1a', '1a5a'], wrong: '1h1b' }),
  ]),
  lesson('repetition', [
    exercise('repetition', {
      board: { '6h': 'R', '4b': 'r', '2g': 'p' }, turn: 'w', prelude: SHUFFLED, goal: answer('6g2g'), solution: ['6g2g'], wrong: '6g6h',
    }),
  ]),
  lesson('bare-king', [
    // White's Gold is its last piece but the King: take it and White has one reply, then the bare King loses
    exercise('bare-king', { board: { '1h': 'R', '1c': 'g' }, bareKing: true, goal: win, solution: ['1h1c'], replies: ['1a2a'], wrong: '1h2h' }),
  ]),
]);
