import { describe, expect, it } from 'vitest';
import { Game, boardFeed, lastMoveSquares, unwrap } from '../src/index.ts';
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
