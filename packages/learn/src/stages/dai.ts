import { capture, exercise, lesson, reach, stage } from '../define.ts';

// docs/dai-shogi.md §1.1: the eight pieces dai shogi adds to chu's, on its 15×15 board (Black's King on 15o).
const dai = 'dai' as const;
export const DAI = stage('dai', [
  lesson('dai-generals', [
    exercise('dai-iron', { variant: dai, board: { '8j': "I'" }, goal: reach('8h'), solution: ['8j8i', '8i8h'], wrong: '8j8k' }),
    exercise('dai-stone', { variant: dai, board: { '8j': "S'" }, goal: reach('8h'), solution: ['8j7i', '7i8h'], wrong: '8j8i' }),
    exercise('dai-wolf', { variant: dai, board: { '8j': "E'", '9j': 'p', '10i': 'p' }, goal: capture, solution: ['8j9j', '9j10i'], wrong: '8j9k' }),
  ]),
  lesson('dai-animals', [
    exercise('dai-knight', { variant: dai, board: { '8j': "N'" }, goal: reach('8f'), solution: ['8j7h', '7h8f'], wrong: '8j8h' }),
    exercise('dai-boar', { variant: dai, board: { '8j': "A'", '8i': 'p', '9i': 'p' }, goal: capture, solution: ['8j8i', '8i9i'], wrong: '8j7i' }),
    exercise('dai-cat', { variant: dai, board: { '8j': "C'", '7i': 'p', '8h': 'p' }, goal: capture, solution: ['8j7i', '7i8h'], wrong: '8j8i' }),
    exercise('dai-ox', { variant: dai, board: { '8j': "V'" }, goal: reach('8f'), solution: ['8j8h', '8h8f'], wrong: '8j8g' }),
    exercise('dai-dragon', { variant: dai, board: { '8j': "F'" }, goal: reach('6h'), solution: ['8j6h'], wrong: '8j5g' }),
  ]),
]);
