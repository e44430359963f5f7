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
  // the reference article's examples (seed 000, "León se mueve"), each as a position of our own
  lesson('trading-examples', [
    // adjacent Lions: the Gold's protection does not matter, and the Lion may take the Gold on its second step too
    exercise('trade-adjacent-gold', { board: { '7g': 'N', '7f': 'n', '6e': 'g' }, goal: answer('7g7f6e'), solution: ['7g7f6e'], wrong: '7g7f' }),
    // both Lions protected (Black's by the Silver, White's by the Lance): no Lion takes the other, the Bishop may
    exercise('trade-bishop', { board: { '6h': 'N', '6i': 'S', '6f': 'n', '6b': 'l', '9c': 'B' }, goal: answer('9c6f'), solution: ['9c6f'], wrong: '6h6f' }),
    // White's Lion looks unprotected, but the Bishop behind Black's Lion would see 5e once it leaves: take the Bishop
    exercise('trade-hidden', { board: { '7g': 'N', '8h': 'b', '5e': 'n' }, goal: answer('7g8h', '7g8h7g'), solution: ['7g8h'], wrong: '7g5e' }),
    // taking the Pawn on the way opens the Bishop's line to 5e (and a Pawn is no bridge); the jump alone leaves it shut
    exercise('trade-pawn-jump', { board: { '7g': 'N', '6f': 'p', '5e': 'n', '8h': 'b' }, goal: answer('7g5e'), solution: ['7g5e'], wrong: '7g6f5e' }),
    // the Pawn on 5e guards 5f; taken first, it guards nothing: protection is judged after the whole move
    exercise('trade-judged-after', { board: { '4d': 'N', '5e': 'p', '5f': 'n' }, goal: answer('4d5e5f'), solution: ['4d5e5f'], wrong: '4d5f' }),
    // the Rook on 4d protects both Lions: 4h may be taken only over the Silver (a bridge), 6d not even over the
    // Go-Between (no bridge); the Go-Between and then the Gold would be legal, as no Lion is taken
    exercise('trade-rook-guard', {
      board: { '6f': 'N', '5g': 's', '4h': 'n', '6e': 'i', '6d': 'n', '7d': 'g', '4d': 'r' },
      goal: answer('6f5g4h'),
      solution: ['6f5g4h'],
      wrong: '6f4h',
    }),
    // White's Rook just took Black's Lion on 6d; White's Lion on 3e is unprotected, so the Bishop may take it (JCSA)
    exercise('trade-okazaki', { board: { '6d': 'r', '5g': 'B', '3e': 'n' }, lionCaptured: '6d', goal: answer('5g3e'), solution: ['5g3e'], wrong: '5g4f' }),
    // several Lions: White's Lion on 5f could retake on 6e (though the Rook on 6k would then take it: RULES.md §4
    // counts any piece that could capture, as contemporary play reads the rule), so 6e alone is refused; the
    // adjacent Lion first, then 6e, is legal (a Lion is a bridge)
    exercise('trade-many-lions', {
      board: { '6g': 'N', '6k': 'R', '6e': 'n', '5f': 'n' },
      goal: answer('6g5f6e'),
      solution: ['6g5f6e'],
      wrong: '6g6e',
    }),
  ]),
]);
