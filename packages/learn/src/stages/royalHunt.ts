import { exercise, lesson, stage, win } from '../define.ts';

// Royal hunts: White's last royal taken by force (no check rule, RULES.md §2 and §6). Each position was proven a
// forced win in this many moves by the engine's royal-hunt solver (packages/engine/src/royal-hunt.ts), and none
// in fewer; White's scripted replies are the solver's longest-holding answers.
export const ROYAL_HUNT = stage('royal-hunt', [
  lesson('hunts', [
    // the Silver on 2b attacks the King; the Gold guards it and covers 1b, the one square the Silver leaves open
    exercise('hunt-silver', { board: { '2c': 'G', '3c': 'S' }, goal: win, solution: ['3c2b', '2c1b'], replies: ['1a1b'], wrong: '2c1b' }),
    // the Bishop promotes to a Dragon Horse on 3c; the Tiger blocks and is taken on 2b, where the Rook guards the Horse
    exercise('hunt-horse', {
      board: { '2f': 'R', '1e': 'B', '1b': 't' },
      goal: win,
      solution: ['1e3c+', '3c2b', '2b1b'],
      replies: ['1b2b', '1a1b'],
      wrong: '2f2b',
    }),
    // the same idea from 2f, with the Side Mover guarding 2b along the rank
    exercise('hunt-side-mover', {
      board: { '5b': 'M', '2f': 'B', '2a': 'f' },
      goal: win,
      solution: ['2f4d+', '4d2b', '2b1b'],
      replies: ['2a2b', '1a1b'],
      wrong: '2f1e',
    }),
  ]),
]);
