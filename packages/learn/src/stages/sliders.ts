import { capture, exercise, lesson, reach, stage } from '../define.ts';

// Pieces with ranges: they slide over empty squares and stop on (capture) the first enemy piece.
export const SLIDERS = stage('sliders', [
  lesson('lines', [
    exercise('lance', { board: { '6i': 'L' }, goal: reach('6c'), solution: ['6i6c'], wrong: '6i5h' }),
    exercise('reverse-chariot', { board: { '6f': 'A' }, goal: reach('6k'), solution: ['6f6k'], wrong: '6f5f' }),
    exercise('side-mover', { board: { '6f': 'M' }, goal: reach('2f'), solution: ['6f2f'], wrong: '6f6d' }),
    exercise('vertical-mover', { board: { '6f': 'V' }, goal: reach('6b'), solution: ['6f6b'], wrong: '6f4f' }),
  ]),
  lesson('rook-bishop', [
    exercise('rook', { board: { '6f': 'R', '2f': 'p' }, goal: capture, solution: ['6f2f'], wrong: '6f5e' }),
    exercise('bishop', { board: { '6f': 'B', '3c': 'p' }, goal: capture, solution: ['6f3c'], wrong: '6f6e' }),
  ]),
  lesson('dragons', [
    exercise('dragon-king', { board: { '6f': 'D', '5e': 'p', '5b': 'p' }, goal: capture, solution: ['6f5e', '5e5b'], wrong: '6f4d' }),
    exercise('dragon-horse', { board: { '6f': 'H', '6e': 'p', '3b': 'p' }, goal: capture, solution: ['6f6e', '6e3b'], wrong: '6f6d' }),
    exercise('queen', { board: { '6f': 'Q', '2b': 'p', '10f': 'p' }, goal: capture, solution: ['6f2b', '2b2f', '2f10f'], wrong: '6f4e' }),
  ]),
]);
