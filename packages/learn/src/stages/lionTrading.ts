import { answer, exercise, lesson, stage } from '../define.ts';

// RULES.md §4, one exercise per rule, with the default `protected` option.
export const LION_TRADING = stage('lion-trading', [
  lesson('trading', [
    // rule 1: the Gold on 6d protects 6e, yet an adjacent Lion may always be taken
    exercise('trade-adjacent', { board: { '6f': 'N', '6e': 'n', '6d': 'g' }, goal: answer('6f6e', '6f6e6d', '6f6e6f'), solution: ['6f6e'], wrong: '6f5f' }),
    // rule 2: the protected Lion two squares away is out of reach; the promoted Kirin on 8i is not protected
    exercise('trade-protected', { board: { '6g': 'N', '6e': 'n', '6d': 'g', '8i': '+o' }, goal: answer('6g8i'), solution: ['6g8i'], wrong: '6g6e' }),
    // rule 2's exception: a first step that captures a Silver makes the Lion fair game
    exercise('trade-bridge', { board: { '6g': 'N', '6f': 's', '6e': 'n', '6d': 'g' }, goal: answer('6g6f6e'), solution: ['6g6f6e'], wrong: '6g6e' }),
    // ...but a Pawn is no bridge: take it without moving, the Gold on 6h guarding the Lion
    exercise('trade-pawn-bridge', { board: { '6h': 'G', '6g': 'N', '6f': 'p', '6e': 'n', '6d': 'g' }, goal: answer('6g6f6g'), solution: ['6g6f6g'], wrong: '6g6f6e' }),
    // rule 3: White's Gold just took our Lion on 6d; the Bishop may not take White's protected Lion, the Rook may recapture on 6d
    exercise('trade-counter-strike', {
      board: { '6h': 'R', '5g': 'B', '6d': 'g', '3e': 'n', '3d': 'g' },
      lionCaptured: '6d',
      goal: answer('6h6d'),
      solution: ['6h6d'],
      wrong: '5g3e',
    }),
  ]),
]);
