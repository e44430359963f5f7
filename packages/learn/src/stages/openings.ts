import { answer, exercise, lesson, stage } from '../define.ts';

// A few opening ideas, each kept to what the rules make true: seed 000's advice (develop behind your steppers,
// keep the King behind its wall of Tigers and Elephant) and RULES.md §2 and §4.
export const OPENINGS = stage('openings', [
  lesson('opening-ideas', [
    // RULES.md §4 rule 2: White's Lion (protected by its Gold, so ours may not take it) may take our Lion two
    // squares away only while nothing protects it; the Pawn's step is the one move that protects 6g
    exercise('opening-guard-lion', { board: { '6g': 'N', '6i': 'P', '6e': 'n', '6d': 'g' }, goal: answer('6i6h'), solution: ['6i6h'], wrong: '6g6e' }),
    // RULES.md §2: no check rule, so the Elephant leaving file 7 hands the King to White's Rook on 7c; the Tiger
    // takes the Silver and the wall stays shut
    exercise('opening-king-wall', {
      board: { '7l': 'K', '1a': 'k', '8k': 'T', '7k': 'E', '5k': 'T', '6j': 's', '7c': 'r' },
      goal: answer('5k6j'),
      solution: ['5k6j'],
      wrong: '7k6j',
    }),
    // sliders out ahead of their steppers are lost to forks (seed 000): only 7e attacks both, and the Pawn guards it
    exercise('opening-fork', { board: { '8f': 'S', '7f': 'P', '8d': 'r', '6d': 'b' }, goal: answer('8f7e'), solution: ['8f7e'], wrong: '8f8e' }),
  ]),
]);
