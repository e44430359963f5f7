import { capture, exercise, lesson, reach, stage } from '../define.ts';

// RULES.md §1's table: pieces that move one square (Black moves up, towards rank a).
export const STEPPERS = stage('steppers', [
  lesson('pawns', [
    exercise('pawn', { board: { '6h': 'P' }, goal: reach('6e'), solution: ['6h6g', '6g6f', '6f6e'], wrong: '6h5g' }),
    exercise('go-between', { board: { '6g': 'I' }, goal: reach('6i'), solution: ['6g6h', '6h6i'], wrong: '6g5f' }),
  ]),
  lesson('generals', [
    exercise('gold', { board: { '6g': 'G' }, goal: reach('5e'), solution: ['6g5f', '5f5e'], wrong: '6g5h' }),
    exercise('silver', { board: { '6g': 'S' }, goal: reach('6i'), solution: ['6g5h', '5h6i'], wrong: '6g6h' }),
    exercise('copper', { board: { '6g': 'C' }, goal: reach('6i'), solution: ['6g6h', '6h6i'], wrong: '6g5h' }),
  ]),
  lesson('animals', [
    exercise('leopard', { board: { '6g': 'F', '5f': 'p' }, goal: capture, solution: ['6g5f'], wrong: '6g5g' }),
    exercise('tiger', { board: { '6g': 'T', '6h': 'p' }, goal: capture, solution: ['6g6h'], wrong: '6g6f' }),
    exercise('elephant', { board: { '6g': 'E', '7g': 'p', '6f': 'p' }, goal: capture, solution: ['6g7g', '7g6f'], wrong: '6g6h' }),
  ]),
]);
