import { describe, expect, it } from 'vitest';
import { Game, bareKingVerdict, unwrap } from '../src/index.ts';
import { gameOf, playAll, sfenOf, verdict } from './helpers.ts';

// RULES.md §6.
describe('royal capture', () => {
  it('capturing the last royal wins', () => {
    const game = gameOf({ '6f': 'G', '6e': 'k', '12l': 'K', '1a': 'g' });
    const r = game.play('6f6e');
    expect(r.ok && r.value.outcome).toEqual({ winner: 'black', reason: 'royal-capture' });
    expect(game.legalMoves()).toEqual([]);
    expect(verdict(game, '1a1b')).toBe('game-over');
  });

  it('a Prince is a second royal: both must fall', () => {
    const game = gameOf({ '6f': 'G', '6e': 'k', '3c': '+e', '12l': 'K', '1a': 'g', '3e': 'R' });
    playAll(game, '6f6e');
    expect(game.outcome()).toBeUndefined();
    playAll(game, '1a1b', '3e3c');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'royal-capture' });
  });

  it('a Drunk Elephant promoting becomes a Prince, a royal', () => {
    // White's Rook on 12c aims at Black's King on 12l
    const game = gameOf({ '12l': 'K', '6e': 'E', '1a': 'k', '12c': 'r' });
    playAll(game, '6e6d+', '12c12l'); // Black's King falls, its new Prince remains
    expect(game.outcome()).toBeUndefined();
    const prince = gameOf({ '6d': '+E', '6c': 'g', '1a': 'k', '12a': 'G' }, {}, 'w');
    playAll(prince, '6c6d');
    expect(prince.outcome()).toEqual({ winner: 'white', reason: 'royal-capture' });
  });
});

describe('no legal move', () => {
  // White's King on 1l is walled in by its own Pawns: 1k faces its King, 2k faces the dead Pawn on 2l
  const walled = { '1l': 'k', '2l': 'p', '1k': 'p', '2k': 'p', '12a': 'K', '6f': 'G' };

  it('a player left without a legal move loses', () => {
    const game = gameOf(walled);
    const r = game.play('6f6e');
    expect(r.ok && r.value.outcome).toEqual({ winner: 'black', reason: 'no-legal-move' });
  });

  it('a position loaded with the side to move stuck is already lost', () => {
    const game = gameOf(walled, {}, 'w');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'no-legal-move' });
  });
});

describe('bare king', () => {
  it("wins after the bared side's one reply", () => {
    const game = gameOf({ '12l': 'K', '6g': 'G', '1a': 'k', '6f': 'p' });
    playAll(game, '6g6f'); // White is bare
    expect(game.outcome()).toBeUndefined(); // one reply
    const r = game.play('1a1b');
    expect(r.ok && r.value.outcome).toEqual({ winner: 'black', reason: 'bare-king' });
  });

  it('the reply that captures the last royal of the claimer wins for the replier', () => {
    const game = gameOf({ '2b': 'K', '6g': 'G', '1a': 'k', '6f': 'p' });
    playAll(game, '6g6f', '1a2b');
    expect(game.outcome()).toEqual({ winner: 'white', reason: 'royal-capture' });
  });

  it('the reply that bares the claimer too makes a draw', () => {
    const game = gameOf({ '12l': 'K', '2d': 'G', '1b': 'k', '2c': 'p' });
    playAll(game, '2d2c', '1b2c');
    expect(game.outcome()).toEqual({ winner: null, reason: 'bare-king' });
  });

  it.each([
    ['an unpromoted Pawn', 'P'],
    ['a Go-Between', 'I'],
  ] as const)("%s does not count for the claimer (promote it first)", (_name, piece) => {
    const game = gameOf({ '12l': 'K', '6f': piece, '1a': 'k', '6e': 'p' });
    playAll(game, '6f6e'); // White is bare, but Black has nothing that claims
    playAll(game, '1a1b');
    expect(game.outcome()).toBeUndefined();
    playAll(game, '6e6d+'); // promoted now: the claim starts
    expect(game.outcome()).toBeUndefined();
    playAll(game, '1b1a');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'bare-king' });
  });

  // Black: King 7l, Gold 7e, Pawn 10g; White: King 6c, Pawn 7d.
  const AUDIT = '12/12/6k5/5p6/5G6/12/2P9/12/12/12/12/5K6 b - 1';

  it('a reply that leaves the claimer only an unpromoted Pawn does not draw: the game goes on', () => {
    const game = unwrap(Game.fromSfen(AUDIT));
    playAll(game, '7e7d'); // White is bare: its one reply
    playAll(game, '6c7d'); // takes the Gold: Black keeps a live Pawn, which is not bare
    expect(game.outcome()).toBeUndefined();
    playAll(game, '10g10f', '7d7c', '10f10e', '7c7b');
    expect(game.outcome()).toBeUndefined();
    playAll(game, '10e10d+'); // the Pawn promotes entering the zone: the claim starts
    expect(game.outcome()).toBeUndefined();
    playAll(game, '7b7a');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'bare-king' });
  });

  it('the same material reached by another order goes on too', () => {
    const game = unwrap(Game.fromSfen(AUDIT));
    // White takes the Gold while it still has its Pawn; Black's King takes the Pawn later
    playAll(game, '7e6d', '6c6d', '7l7k', '7d7e', '7k7j', '7e7f', '7j7i', '7f7g', '7i8h', '7g7h', '8h7h');
    expect(game.outcome()).toBeUndefined();
    playAll(game, '6d5c', '10g10f', '5c4b', '10f10e', '4b3a', '10e10d+', '3a2a');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'bare-king' });
  });

  it('a dead Pawn does not save the bared side', () => {
    const game = gameOf({ '12l': 'K', '6g': 'G', '1a': 'k', '6f': 'p', '5l': 'p' });
    playAll(game, '6g6f', '1a1b');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'bare-king' });
  });

  it('a dead Lance does not win for its side either', () => {
    const game = gameOf({ '12l': 'K', '3a': 'L', '6g': 'G', '1c': 'k', '6f': 'p' });
    playAll(game, '6g6f', '1c1d');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'bare-king' }); // the Gold wins, not the Lance
    const deadOnly = gameOf({ '12l': 'K', '3a': 'L', '1c': 'k', '5l': 'p' });
    expect(deadOnly.outcome()).toEqual({ winner: null, reason: 'bare-king' }); // nothing counts on either side
  });

  it('King against King is a draw', () => {
    expect(gameOf({ '12l': 'K', '1a': 'k' }).outcome()).toEqual({ winner: null, reason: 'bare-king' });
    const game = gameOf({ '12l': 'K', '1a': 'k', '11k': 'p' }, {}, 'b');
    const r = game.play('12l11k'); // the King takes the last piece
    expect(r.ok && r.value.outcome).toEqual({ winner: null, reason: 'bare-king' });
  });

  it('the King may be bared while a Prince stands: only royals left', () => {
    const game = gameOf({ '12l': 'K', '6g': 'G', '1a': 'k', '3a': '+e', '6f': 'p' });
    playAll(game, '6g6f', '1a1b');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'bare-king' });
  });

  it('with bareKing off nothing of this applies', () => {
    const game = gameOf({ '12l': 'K', '6g': 'G', '1a': 'k', '6f': 'p' }, { bareKing: false });
    playAll(game, '6g6f', '1a1b');
    expect(game.outcome()).toBeUndefined();
    expect(gameOf({ '12l': 'K', '1a': 'k' }, { bareKing: false }).outcome()).toBeUndefined();
  });
});

describe('bareKingVerdict (RULES.md §6), what Game and the CPU player both judge by', () => {
  const none = { defends: 0, claims: 0 }; // royals and dead pieces only
  const gold = { defends: 1, claims: 1 };
  const pawn = { defends: 1, claims: 0 }; // an unpromoted Pawn or Go-Between
  it.each([
    // [situation, mover, opponent, the move was the mover's one reply, verdict]
    ['the mover bares the opponent with a Gold', gold, none, false, 'claim'],
    ['the mover bares the opponent with only a Pawn: it must promote first', pawn, none, false, null],
    ['King against King', none, none, false, 'draw'],
    ["the bared side's reply leaves the claimer its Gold", none, gold, true, 'opponent-wins'],
    ["the bared side's reply takes the Gold, a Pawn remains", none, pawn, true, null],
    ["the bared side's reply takes the last counting piece", none, none, true, 'draw'],
    ['nobody is bare', gold, pawn, false, null],
  ] as const)('%s', (_what, mover, opponent, replied, verdict) => {
    expect(bareKingVerdict(mover, opponent, replied)).toBe(verdict);
  });
});

describe('move limit, resignation, agreement, timeout, abort', () => {
  it('a draw when the move limit is reached', () => {
    const game = Game.start({ moveLimit: 2 });
    playAll(game, '7i7h');
    expect(game.outcome()).toBeUndefined();
    const r = game.play('6d6e');
    expect(r.ok && r.value.outcome).toEqual({ winner: null, reason: 'move-limit' });
  });

  it('no limit by default', () => {
    expect(Game.start().options.moveLimit).toBeNull();
  });

  it.each([
    ['resign', (g: Game) => g.resign('black'), { winner: 'white', reason: 'resign' }],
    ['agreement', (g: Game) => g.agreeDraw(), { winner: null, reason: 'agreement' }],
    ['timeout', (g: Game) => g.timeout('white'), { winner: 'black', reason: 'timeout' }],
    ['abort', (g: Game) => g.abort(), { winner: null, reason: 'abort' }],
  ] as const)('%s ends the game', (_name, act, outcome) => {
    const game = Game.start();
    act(game);
    expect(game.outcome()).toEqual(outcome);
    expect(game.legalMoves()).toEqual([]);
    expect(verdict(game, '7i7h')).toBe('game-over');
  });

  it('a finished game keeps its first outcome', () => {
    const game = Game.start();
    game.resign('white');
    game.agreeDraw();
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'resign' });
  });

  it('an illegal move is refused and never played', () => {
    const game = Game.start();
    const before = game.sfen();
    expect(game.play('7i7g')).toEqual({ ok: false, error: 'unreachable' });
    expect(game.sfen()).toBe(before);
    expect(game.ply).toBe(0);
  });

  it('replay reports the first illegal move', () => {
    const r = Game.replay(['7i7h', '6d6e', 'P-7g']);
    expect(r).toEqual({ ok: false, error: { ply: 2, reason: 'malformed-usi' } });
    expect(unwrap(Game.replay(['7i7h'], {}, sfenOf({ '12l': 'K', '1a': 'k', '7i': 'P', '6d': 'p' }))).ply).toBe(1);
  });
});
