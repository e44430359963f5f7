import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Game, START_SFEN, START_SFENS } from '@chu/rules';

// The `chu` contract other tools depend on: stdin SFENs, one output line each, exit codes 0/1/2.
const CLI = fileURLToPath(new URL('../src/chu.ts', import.meta.url));
const chu = (args: string[], input: string) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { input, encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
};

const LIONS = 'k11/12/12/12/12/12/5N2N3/12/12/12/12/11K b - 1';

describe('chu command line', () => {
  it('moves: one sorted JSON array of canonical USI per SFEN', () => {
    const r = chu(['moves'], `${START_SFEN}\n${LIONS}\n`);
    expect(r.status).toBe(0);
    const [start, lions] = r.out.trimEnd().split('\n').map((l) => JSON.parse(l) as string[]);
    expect(start).toHaveLength(36);
    expect(start).toEqual([...start].sort());
    expect(start).toContain('7i7h');
    // two Lions, one pass: its canonical spelling is the smallest string
    expect(lions.filter((m) => m.length > 4 && m.slice(0, 2) === m.slice(-2))).toEqual(['4g3f4g']);
  });

  it('successors and perft count distinct positions, with the rule options', () => {
    const s = chu(['successors', '--lion-trading', 'off'], `${START_SFEN}\n`);
    expect(JSON.parse(s.out)).toHaveLength(36);
    expect(chu(['perft', '2', '--promotion', 'shogi'], `${START_SFEN}\n${START_SFEN}\n`).out).toBe('1296\n1296\n');
  });

  it('play writes the final SFEN, or exits 1 with the reason code', () => {
    const ok = chu(['play', '7i7h', '7d7e'], `${START_SFEN}\n`);
    expect(ok.status).toBe(0);
    expect(ok.out).toBe('lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppp1pppppp/3i1p2i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3\n');
    const bad = chu(['play', '7i7h', '7d7f'], `${START_SFEN}\n`);
    expect(bad.status).toBe(1);
    expect(bad.out).toBe('unreachable\n');
  });

  it('an unparsable SFEN is a one-line error naming the problem, exit 2', () => {
    const r = chu(['moves'], 'lfcsgekgscfl/a1b1txot1b1a b - 1\n');
    expect(r.status).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain('board has 2 ranks, expected 12');
  });
});

describe('chu kif and chu unkif: game records in lishogi chu KIF', () => {
  const LION_GAME = '7i7h 7d7e 7j7i6h 6d6e 6h6g 6e6f 6g6f6g';

  it('kif: startpos and USI moves (spaces or newlines) → KIF on stdout', () => {
    const r = chu(['kif'], `startpos\n${LION_GAME.replace(/ /g, '\n')}\n`);
    expect(r.status).toBe(0);
    expect(r.out).toContain('   1手目   7八歩兵 （←7九）\n');
    expect(r.out).toContain('   7手目一歩目 6六獅子 （←6七）\n   7手目二歩目 6七獅子（居食い） （←6六）\n');
    expect(chu(['kif'], `startpos moves ${LION_GAME}\n`).out).toBe(r.out);
  });

  it('kif from an SFEN writes the board diagram; the rule options go into the record', () => {
    const r = chu(['kif', '--lion-trading', 'off'], `${LIONS}\n4g3f4g\n`);
    expect(r.status).toBe(0);
    expect(r.out).toContain('#rules: promotion=association lion-trading=off bare-king=on move-limit=none\n');
    expect(r.out).toMatch(/\|  ・  ・  ・  ・  ・  獅  ・  ・  獅  ・  ・  ・\|七\n/);
  });

  it('unkif: KIF → the start SFEN, then the moves in canonical USI', () => {
    const kif = chu(['kif'], `startpos\n${LION_GAME}\n`).out;
    const r = chu(['unkif'], kif);
    expect(r.status).toBe(0);
    expect(r.out).toBe(`${START_SFEN}\n7i7h 7d7e 7j6h 6d6e 6h6g 6e6f 6g6f6g\n`);
    const lions = chu(['unkif'], chu(['kif'], `${LIONS}\n`).out);
    expect(lions.out).toBe(`${LIONS}\n\n`);
  });

  it('kif: an illegal move exits 1 with the reason code, like play', () => {
    const r = chu(['kif'], 'startpos\n7i7h 7d7f\n');
    expect(r.status).toBe(1);
    expect(r.out).toBe('unreachable\n');
  });

  it.each([
    ['kif', '\n', 'kif needs `startpos` or an SFEN'],
    ['kif', 'lfcsgekgscfl/a1b1txot1b1a b - 1\n7i7h\n', 'board has 2 ranks, expected 12'],
    ['unkif', '', 'line 1: no KIF here'],
    ['unkif', '手合割：平手\n1 ７六歩(77)\n', 'line 2: not a chu shogi move'],
    ['unkif', '手合割：平手\n\n1手目 7六歩兵 （←7九）\n', 'line 3: 1手目 7六歩兵 （←7九）: unreachable'],
  ])('%s: bad input is a one-line error naming what is wrong, exit 2 (%j)', (command, input, message) => {
    const r = chu([command], input);
    expect(r.status).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(message);
  });

  it.each([
    // the rules give a code and its parameters; unkif says them in English, word for word as before
    ['手合割：平手\n1手目 △7八歩兵 （←7九）\n', "line 2: △ on black's move: 1手目 △7八歩兵 （←7九）"],
    ['手合割：平手\n1手目 7八桂馬 （←7九）\n', 'line 2: no chu shogi piece is called 桂馬: 1手目 7八桂馬 （←7九）'],
    ['手合割：平手\n1手目 7十獅子（居食い） （←7十）\n', 'line 2: igui and passes take two lines (一歩目, 二歩目): 1手目 7十獅子（居食い） （←7十）'],
    ['手合割：香落ち\n', 'line 1: 手合割 香落ち is not chu shogi (chu shogi starts from a 12-rank diagram or the standard setup)'],
    ['#rules: promotion=fast\n', 'line 1: unknown rule option promotion=fast'],
  ])('unkif %j: %s', (input, message) => {
    const r = chu(['unkif'], input);
    expect([r.status, r.err]).toEqual([2, `${message}\n`]);
  });
});

describe('--variant dai: every command plays dai shogi (docs/dai-shogi.md), chu stays the default', () => {
  const DAI = START_SFENS.dai;

  it('start prints the variant\'s start SFEN', () => {
    expect(chu(['start'], '')).toEqual({ status: 0, out: `${START_SFEN}\n`, err: '' });
    expect(chu(['start', '--variant', 'dai'], '').out).toBe(`${DAI}\n`);
    expect(chu(['start', '--variant', 'chu'], '').out).toBe(`${START_SFEN}\n`);
  });

  it('moves, successors and perft on the 15×15 start: 71 moves, 71 positions, 5,041 leaves at depth 2', () => {
    const moves = JSON.parse(chu(['moves', '--variant', 'dai'], `${DAI}\n`).out) as string[];
    expect(moves).toHaveLength(71);
    expect(moves).toEqual([...moves].sort());
    // a Pawn of the 15-file board, and the Knight's leap from 14o over the Pawn rank's neighbours
    expect(moves).toEqual(expect.arrayContaining(['15k15j', '14o13m', '14o15m']));
    expect(JSON.parse(chu(['successors', '--variant', 'dai'], `${DAI}\n`).out)).toHaveLength(71);
    expect(chu(['perft', '2', '--variant', 'dai'], `${DAI}\n`).out).toBe('5041\n');
  });

  it('usi: the CPU player plays dai, UCI_Variant defaulting to it; a legal dai move from the start', () => {
    const r = chu(['usi', '--variant', 'dai'], 'usi\nisready\nposition startpos\ngo depth 2\nquit\n');
    expect(r.status).toBe(0);
    expect(r.out).toContain('option name UCI_Variant type combo default dai var chu var dai var heisei\n');
    const best = /^bestmove (\S+)$/m.exec(r.out)?.[1];
    expect(JSON.parse(chu(['moves', '--variant', 'dai'], `${DAI}\n`).out)).toContain(best);
  });

  it('play and kif/unkif round trip a dai game; unkif reads the variant from the record', () => {
    const played = chu(['play', '--variant', 'dai', '8k8j', '8e8f'], `${DAI}\n`);
    expect(played.status).toBe(0);
    expect(played.out).toContain('ppppppp1ppppppp/4i2p2i4/');
    const kif = chu(['kif', '--variant', 'dai'], 'startpos moves 8k8j 8e8f 9m10n\n');
    expect(kif.status).toBe(0);
    expect(kif.out).toContain('#rules: variant=dai promotion=association lion-trading=off bare-king=on move-limit=none knight-second-chance=on\n手合割：大将棋\n');
    expect(kif.out).toContain('   3手目   10十四麒麟 （←9十三）\n');
    expect(chu(['unkif'], kif.out).out).toBe(`${DAI}\n8k8j 8e8f 9m10n\n`);
  });

  it.each([
    [['moves', '--variant', 'dai'], `${START_SFEN}\n`, 'board has 12 ranks: that is a chu shogi position, and this game is dai shogi (15 ranks)'],
    [['moves'], `${DAI}\n`, 'board has 15 ranks: that is a dai shogi position, and this game is chu shogi (12 ranks)'],
    [['moves', '--variant', 'dai', '--lion-trading', 'protected'], `${DAI}\n`, 'dai shogi has no lion-trading rules'],
    [['moves', '--knight-second-chance', 'off'], `${START_SFEN}\n`, '--knight-second-chance is a dai shogi option'],
    [['moves', '--variant', 'tenjiku'], `${START_SFEN}\n`, '--variant must be chu, dai or heisei, got tenjiku'],
    [['unkif', '--variant', 'chu'], '手合割：大将棋\n', 'the record is dai shogi, not chu shogi'],
  ])('%j refuses with one line naming why, exit 2', (args, input, message) => {
    const r = chu(args, input);
    expect(r.status).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(message);
  });
});

describe('--variant heisei: every command plays Heisei chu shogi (docs/heisei-chu.md)', () => {
  const HEISEI = START_SFENS.heisei;

  it('start prints the start with both reserves in the third field', () => {
    expect(chu(['start', '--variant', 'heisei'], '').out).toBe(`${HEISEI}\n`);
    expect(HEISEI).toContain(' b LLCCSSMMVVAAOXllccssmmvvaaox 1');
  });

  it('moves, successors and perft include the drops', () => {
    const moves = JSON.parse(chu(['moves', '--variant', 'heisei'], `${HEISEI}\n`).out) as string[];
    expect(moves).toHaveLength(329);
    expect(moves).toContain('O*6h');
    expect(moves).not.toContain('L*12a');
    const successors = JSON.parse(chu(['successors', '--variant', 'heisei'], `${HEISEI}\n`).out) as string[];
    const afterKirin = Game.start({ variant: 'heisei' });
    afterKirin.play('O*6h');
    expect(successors).toHaveLength(329);
    expect(successors).toContain(afterKirin.sfen());
    expect(chu(['perft', '2', '--variant', 'heisei'], `${HEISEI}\n`).out).toBe('108241\n');
  });

  it('play, then kif and unkif round trip drops (打), with heisei-drops once', () => {
    const played = chu(['play', '--variant', 'heisei', '--heisei-drops', 'once', 'O*6h', 'X*7e'], `${HEISEI}\n`);
    expect(played.status).toBe(0);
    expect(played.out.trimEnd().split(' ').slice(2)).toEqual(['-', '3']);
    const kif = chu(['kif', '--variant', 'heisei', '--heisei-drops', 'once'], 'startpos moves O*6h X*7e 6h6f\n');
    expect(kif.status).toBe(0);
    expect(kif.out).toContain(
      '#rules: variant=heisei promotion=association lion-trading=protected bare-king=on move-limit=none heisei-drops=once\n手合割：平成中将棋\n',
    );
    expect(kif.out).toContain('   1手目   6八麒麟打\n');
    expect(chu(['unkif'], kif.out).out).toBe(`${HEISEI}\nO*6h X*7e 6h6f\n`);
    // a refused drop answers its reason code, exit 1
    const far = chu(['play', '--variant', 'heisei', 'L*6h', '5d5e', 'O*6e'], `${HEISEI}\n`);
    expect([far.status, far.out]).toEqual([1, 'drop-not-adjacent\n']);
  });

  it('usi: the CPU player plays heisei, UCI_Variant defaulting to it; reserves read from the SFEN, drops from the moves', () => {
    // Black has only a Phoenix left in reserve, White none: the engine's answer is one of the rules' moves
    const sfen = HEISEI.replace('LLCCSSMMVVAAOXllccssmmvvaaox', 'O');
    const r = chu(['usi', '--variant', 'heisei'], `usi\nisready\nposition sfen ${sfen} moves O*6h 5d5e\ngo depth 2\nquit\n`);
    expect(r.status).toBe(0);
    expect(r.out).toContain('option name UCI_Variant type combo default heisei var chu var dai var heisei\n');
    const best = /^bestmove (\S+)$/m.exec(r.out)?.[1];
    const game = Game.replay(['O*6h', '5d5e'], { variant: 'heisei' }, sfen);
    expect(game.ok && game.value.legalMoves()).toContain(best);
    // with once, each side's first drop cleared the rest of its reserve: nothing is left to drop
    const once = chu(['usi', '--variant', 'heisei', '--heisei-drops', 'once'], 'position startpos moves X*7h X*7e\ngo depth 2\nquit\n');
    expect(/^bestmove (\S+)$/m.exec(once.out)?.[1]).not.toContain('*');
  });

  it.each([
    [['moves', '--heisei-drops', 'once'], `${START_SFEN}\n`, '--heisei-drops is a heisei chu shogi option (--variant heisei)'],
    [['moves', '--variant', 'heisei', '--heisei-drops', 'twice'], `${HEISEI}\n`, '--heisei-drops must be any or once, got twice'],
    [['moves'], `${HEISEI}\n`, 'chu shogi has no reserves'],
  ])('%j refuses with one line naming why, exit 2', (args, input, message) => {
    const r = chu(args, input);
    expect(r.status).toBe(2);
    expect(r.err).toContain(message);
  });
});
