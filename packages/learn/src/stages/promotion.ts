import { exercise, lesson, promote, stage } from '../define.ts';

// RULES.md §3 (association rule): the zone is ranks a–d for Black.
export const PROMOTION = stage('promotion', [
  lesson('zone', [
    exercise('promote-enter', { board: { '6h': 'R' }, goal: promote('+r'), solution: ['6h6d+'], wrong: '6h6e+' }),
    exercise('promote-pawn', { board: { '6e': 'P' }, goal: promote('+p'), solution: ['6e6d+'], wrong: '6e6d' }),
  ]),
  lesson('deferral', [
    exercise('promote-capture', { board: { '6c': 'S', '5b': 'p' }, goal: promote('+s'), solution: ['6c5b+'], wrong: '6c6b+' }),
    exercise('promote-reenter', { board: { '6d': 'G' }, goal: promote('+g'), solution: ['6d6e', '6e6d+'], wrong: '6d6c+' }),
  ]),
  lesson('last-rank', [
    exercise('promote-lance', { board: { '6d': 'L' }, goal: promote('+l'), solution: ['6d6a+'], wrong: '6d6b+' }),
    exercise('promote-last-pawn', { board: { '6b': 'P' }, goal: promote('+p'), solution: ['6b6a+'], wrong: '6b6a' }),
  ]),
]);
