import { describe, expect, it } from 'vitest';
import { Game, boardFeed, lastMoveSquares, unwrap, type Gesture } from '../src/index.ts';
import { KINGS, destsOf, expectFeedAgreesWithCheck, gameOf, playAll, sorted } from './helpers.ts';
import { oracle } from './oracle.ts';

// feed.ts: what a rules-agnostic board is fed, built once per position from its legal moves.
const secondsOf = (game: Game, from: string, mid: string) => sorted(boardFeed(game).secondSteps(from, mid));

describe('dests', () => {
  it('lists the first-click targets of an ordinary piece', () => {
    const game = Game.start();
    expect(destsOf(game, '7i')).toEqual(['7h']);
    expect(destsOf(game, '6j')).toEqual([]); // Queen, not yet free
    playAll(game, '7i7h', '6d6e');
    expect(destsOf(game, '6j')).toEqual(['10f', '11e', '12d', '7i', '8h', '9g']);
    expect(destsOf(game, '7l')).toEqual([]); // King boxed in
    expect(destsOf(game, '6f')).toEqual([]); // empty square
    expect(destsOf(game, '6d')).toEqual([]); // White's piece, Black to move
  });

  it("includes a Lion's midpoints of double moves, each once", () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '6h': 'P' });
    const dests = boardFeed(game).dests.get('6f')!;
    expect(new Set(dests).size).toBe(dests.length);
    expect(dests).toContain('6e');
    expect(dests).not.toContain('6h'); // own piece
    expect(dests).toHaveLength(23);
  });

  it('is empty once the game is over', () => {
    const game = Game.start();
    game.resign('black');
    expect(boardFeed(game).dests.size).toBe(0);
  });
});

describe('secondSteps', () => {
  it('after a capturing first step: every square around it, the start square meaning igui', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '5d': 'P' });
    expect(secondsOf(game, '6f', '6e')).toEqual(['5e', '5f', '6d', '6f', '7d', '7e', '7f']);
  });

  it('offers a pass to every Lion that can pass, not only the one in the canonical move', () => {
    const game = gameOf({ ...KINGS, '7g': 'N', '4g': 'N' });
    expect(game.legalMoves().filter((m) => m.length > 4 && m.endsWith(m.slice(0, 2)))).toEqual(['4g3f4g']);
    const feed = boardFeed(game);
    expect(feed.secondSteps('7g', '7f')).toContain('7g');
    expect(feed.secondSteps('4g', '4f')).toContain('4g');
    expect(feed.find('7g', '7g', '7f')).toBe('4g3f4g'); // all passes are one move
  });

  it('through an empty square: where the Lion could step or jump anyway, spelt as two steps', () => {
    const game = gameOf({ ...KINGS, '6f': 'N' });
    const feed = boardFeed(game);
    expect(feed.secondSteps('6f', '6e')).toEqual(expect.arrayContaining(['6d', '5d', '5f', '6f']));
    expect(feed.find('6f', '6d', '6e')).toBe('6f6d'); // the jump is the canonical spelling
    expect(feed.canStop('6f', '6e')).toBe(true);
  });

  it('Horned Falcon: igui and the second step straight on, nothing off its line', () => {
    const game = gameOf({ ...KINGS, '6f': '+H', '6e': 'p', '6d': 'p' });
    expect(secondsOf(game, '6f', '6e')).toEqual(['6d', '6f']);
    expect(secondsOf(game, '6f', '5e')).toEqual([]);
  });

  it('offers igui to each piece that can make it; the gesture finds the one canonical move', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '5f': '+H', '5e': 'p' });
    const feed = boardFeed(game);
    expect(feed.secondSteps('6f', '5e')).toContain('6f');
    expect(feed.secondSteps('5f', '5e')).toEqual(expect.arrayContaining(['5f', '5d']));
    expect(feed.find('6f', '6f', '5e')).toBe(feed.find('5f', '5f', '5e'));
  });

  it('nothing for a piece without lion power', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6g': 'G', '6h': 'p' });
    expect(secondsOf(game, '6g', '6h')).toEqual([]);
  });

  it('respects the trading rules: a refused move is not offered', () => {
    // 7c×6d×6e is legal, 7c×6e alone is not (the Pawn on 6d protects 6e)
    const game = gameOf({ ...KINGS, '7c': 'N', '6d': 'p', '6e': 'n' });
    const feed = boardFeed(game);
    expect(feed.secondSteps('7c', '6d')).toContain('6e');
    expect(feed.dests.get('7c')).not.toContain('6e');
    expect(feed.find('7c', '6e')).toBeUndefined();
  });
});

describe('gestures: what each click does once a piece is picked up', () => {
  // what a click means, written short: 'mid' = a Lion's midpoint, else the move it ends ('6f-6e-5d', with '+?' when it asks)
  const spell = (g: Gesture | 'midpoint') =>
    g === 'midpoint' ? 'mid' : `${g.from}-${g.mid ? `${g.mid}-` : ''}${g.to}${g.promotion === 'optional' ? '+?' : g.promotion === 'forced' ? '+' : ''}`;
  const firstOf = (game: Game, from: string, ...targets: string[]) => {
    const first = boardFeed(game).gestures(from).first;
    return targets.map((sq) => (first.has(sq) ? spell(first.get(sq)!) : '-'));
  };
  const secondOf = (game: Game, from: string, mid: string) =>
    Object.fromEntries([...boardFeed(game).gestures(from).second(mid)].map(([sq, g]) => [sq, spell(g)]));

  it.each([
    // position, piece, clicked squares, what each click does
    [{ '6f': 'N', '6e': 'p', '5d': 'p' }, '6f', ['6e', '5d', '5e', '4d', '6g'], ['mid', '6f-5d', '6f-5e', '6f-4d', '6f-6g']], // a capture next to it waits; steps and jumps end
    [{ '6f': '+H', '6e': 'p', '6d': 'p' }, '6f', ['6e', '6d', '6g', '5e'], ['mid', '6f-6d', '6f-6g', '6f-5e']], // the Falcon's lion power is forward only
    [{ '6f': 'G', '6e': 'p' }, '6f', ['6e', '6g'], ['6f-6e', '6f-6g']], // no lion power: a capture is a whole move
    [{ '7c': 'N', '6d': 'p', '6e': 'n' }, '7c', ['6d', '6e'], ['mid', '-']], // 7c×6e alone refused (protected Lion): not offered
    [{ '6f': 'N', '6e': 'P' }, '6f', ['6e'], ['-']], // own piece
  ])('%j: %s clicked on %j', (pieces, from, targets, meanings) => {
    expect(firstOf(gameOf({ ...KINGS, ...(pieces as Record<string, string>) }), from, ...targets)).toEqual(meanings);
  });

  it('from a midpoint: stop there, go on, or back home (igui)', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '5d': 'p' });
    expect(secondOf(game, '6f', '6e')).toEqual({
      '6e': '6f-6e', '5d': '6f-6e-5d', '5e': '6f-6e-5e', '5f': '6f-6e-5f', '6d': '6f-6e-6d', '6f': '6f-6e-6f', '7d': '6f-6e-7d', '7e': '6f-6e-7e', '7f': '6f-6e-7f',
    });
    expect(secondOf(game, '6f', '5e')).toEqual({}); // not a midpoint: the step is the move
  });

  it('the pass goes through an empty square and back; a piece hemmed in by its own has none', () => {
    expect(boardFeed(gameOf({ ...KINGS, '6f': 'N' })).gestures('6f').pass).toMatchObject({ from: '6f', to: '6f', promotion: 'none' });
    expect(boardFeed(gameOf({ ...KINGS, '6f': 'N', '6e': 'p' })).gestures('6f').pass?.mid).not.toBe('6e'); // never through a capture
    expect(boardFeed(gameOf({ ...KINGS, '6f': 'G' })).gestures('6f').pass).toBeUndefined();
    const boxed = Object.fromEntries(['7e', '6e', '5e', '7f', '5f', '7g', '6g', '5g'].map((sq) => [sq, 'P']));
    expect(boardFeed(gameOf({ ...KINGS, '6f': 'N', ...boxed })).gestures('6f').pass).toBeUndefined();
  });

  it('a promotion gesture says whether it asks', () => {
    const feed = boardFeed(gameOf({ ...KINGS, '7e': 'O', '7c': 'q', '6b': 'P' }));
    expect(firstOf(gameOf({ ...KINGS, '7e': 'O', '7c': 'q' }), '7e', '7c', '7g')).toEqual(['7e-7c+?', '7e-7g']);
    expect(spell(feed.gestures('6b').first.get('6a')!)).toBe('6b-6a+?'); // a Pawn may stay dead (RULES.md §3)
  });

  it('nothing for an empty square or the side not to move', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6d': 'n' });
    expect(boardFeed(game).gestures('8f').first.size).toBe(0);
    expect(boardFeed(game).gestures('6d').first.size).toBe(0);
  });
});

describe('promotion and find', () => {
  // the Kirin on 7e may take the Queen on 7c and promote, or not
  const LINE = ['7i7h', '6d6e', '7j6h', '6e6f', '1i1h', '6f6g', '6h6g6h', '1d1e', '7k7i', '2d2e', '7i7g', '3d3e', '7g7e', '12d12e'];

  it.each([
    ['7e', '7c', 'optional', '7e7c+'], // enters the zone with a capture
    ['7e', '7g', 'none', undefined], // a leap back, far from the zone
  ] as const)('%s-%s: %s', (from, to, choice, promoted) => {
    const feed = boardFeed(unwrap(Game.replay(LINE)));
    expect(feed.promotion(from, to)).toBe(choice);
    expect(feed.find(from, to, undefined, true)).toBe(promoted);
    expect(feed.find(from, to)).toBe(`${from}${to}`);
  });

  it('a Pawn reaching the last rank may decline and stay dead (RULES.md §3)', () => {
    const feed = boardFeed(gameOf({ ...KINGS, '6b': 'P' }));
    expect(feed.promotion('6b', '6a')).toBe('optional');
  });

  it('an unknown gesture finds nothing and cannot stop', () => {
    const feed = boardFeed(gameOf({ ...KINGS, '6f': 'N' }));
    expect(feed.find('6f', '3c')).toBeUndefined();
    expect(feed.canStop('6f', '3c')).toBe(false);
    expect(feed.promotion('6f', '3c')).toBe('none');
  });
});

describe('lastMove', () => {
  it.each([
    [undefined, []],
    ['7i7h', ['7i', '7h']],
    ['6f6e5d', ['6f', '6e', '5d']],
    ['6f6e6f', ['6f', '6e']], // igui or pass: the piece is back where it started
  ] as const)('%s → %j', (usi, squares) => {
    expect(lastMoveSquares(usi)).toEqual(squares);
  });

  it("is the game's last move", () => {
    expect(boardFeed(playAll(Game.start(), '7i7h')).lastMove).toEqual(['7i', '7h']);
    expect(boardFeed(Game.start()).lastMove).toEqual([]);
  });
});

describe('agrees with Game.check on every gesture of a lion-power piece', () => {
  // The oracle's lion, Falcon, Eagle and counter-strike positions: igui, passes and double captures.
  const LION_CATEGORIES = /lion|falcon|eagle|counterstrike/;
  const positions = oracle.positions.filter((p) => LION_CATEGORIES.test(p.category));
  it.each(positions.map((p) => [p.id, p.sfen]))('%s', (_id, sfen) => {
    expectFeedAgreesWithCheck(unwrap(Game.fromSfen(sfen)));
  });
});
