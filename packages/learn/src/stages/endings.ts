import { exercise, lesson, stage, win } from '../define.ts';

// RULES.md §6: a game is lost with the last royal; a Prince (the promoted Drunk Elephant) is a second one.
export const ENDINGS = stage('endings', [
  lesson('royals', [
    exercise('royal-capture', { board: { '1h': 'R' }, goal: win, solution: ['1h1a'], wrong: '1h2h' }),
    // White's King on 1a and Prince on 5a: both must go
    exercise('prince', { board: { '1h': 'R', '5a': '+e' }, goal: win, solution: ['1h1a', '1a5a'], wrong: '1h1b' }),
  ]),
  lesson('bare-king', [
    // White's Gold is its last piece but the King: take it and White has one reply, then the bare King loses
    exercise('bare-king', { board: { '1h': 'R', '1c': 'g' }, bareKing: true, goal: win, solution: ['1h1c'], replies: ['1a2a'], wrong: '1h2h' }),
  ]),
]);
