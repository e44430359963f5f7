import { answer, capture, exercise, lesson, reach, safe, stage } from '../define.ts';

// RULES.md §2: the Lion's 5×5, its two steps in one turn, igui and the pass; and the pieces with part of its power.
export const LION = stage('lion', [
  lesson('lion-moves', [
    exercise('lion-jump', { board: { '6f': 'N', '6e': 'P', '6c': 'P' }, goal: reach('6b'), solution: ['6f6d', '6d6b'], wrong: '6f6a' }),
    exercise('lion-double', { board: { '6f': 'N', '6e': 'p', '5d': 'p' }, goal: capture, solution: ['6f6e5d'], wrong: '6f5d' }),
    // the Bishop on 8c guards 6e: take the Pawn and stay home
    exercise('lion-igui', { board: { '6f': 'N', '6e': 'p', '8c': 'b' }, goal: answer('6f6e6f'), solution: ['6f6e6f'], wrong: '6f6e' }),
    // the Rook on 6a attacks the Lion: any move out of its lines will do
    exercise('lion-escape', { board: { '6f': 'N', '6a': 'r' }, goal: safe, solution: ['6f5e'], wrong: '6f6e' }),
    exercise('lion-pass', { board: { '6f': 'N', '4d': 'p' }, goal: answer('6f5f6f'), solution: ['6f5f6f'], wrong: '6f5e' }),
  ]),
  lesson('lion-cousins', [
    exercise('horned-falcon', { board: { '6f': '+H', '6e': 'p', '6d': 'p' }, goal: capture, solution: ['6f6e6d'], wrong: '6f5e5d' }),
    exercise('soaring-eagle', { board: { '6f': '+D', '5e': 'p', '4d': 'p' }, goal: capture, solution: ['6f5e4d'], wrong: '6f6e6d' }),
    exercise('kirin-lion', { board: { '6f': 'O', '6c': 'p', '5b': 'p' }, goal: capture, solution: ['6f6d+', '6d6c5b'], wrong: '6f6d' }),
  ]),
]);
