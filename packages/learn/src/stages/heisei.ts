import { capture, exercise, lesson, promote, stage } from '../define.ts';

// docs/heisei-chu.md §3: a reserve piece is dropped on an empty square next to one of your own, never where it
// could never move, and may promote at once in the zone.
const heisei = 'heisei' as const;
export const HEISEI = stage('heisei', [
  lesson('drops', [
    exercise('heisei-drop', { variant: heisei, board: { '6g': 'G', '6d': 'p' }, reserves: 'O', goal: capture, solution: ['O*6f', '6f6d'], wrong: 'O*6e' }),
    exercise('heisei-drop-promote', { variant: heisei, board: { '6e': 'G' }, reserves: 'X', goal: promote('+x'), solution: ['X*6d+'], wrong: 'X*6d' }),
    exercise('heisei-lance', { variant: heisei, board: { '7b': 'G' }, reserves: 'L', goal: promote('+l'), solution: ['L*6b+'], wrong: 'L*6a' }),
  ]),
]);
