import { exercise, lesson, reach, stage } from '../define.ts';

// The Kirin and the Phoenix leap two squares over anything in between.
export const JUMPERS = stage('jumpers', [
  lesson('kirin-phoenix', [
    exercise('kirin', { board: { '6f': 'O', '6e': 'P', '6c': 'P' }, goal: reach('6b'), solution: ['6f6d', '6d6b'], wrong: '6f6e' }),
    exercise('phoenix', { board: { '6f': 'X', '5e': 'P', '3c': 'P' }, goal: reach('2b'), solution: ['6f4d', '4d2b'], wrong: '6f5e' }),
  ]),
]);
