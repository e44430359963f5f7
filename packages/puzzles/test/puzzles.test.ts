import { describe, expect, it } from 'vitest';
import { Game, unwrap } from '@chu/rules';
import { RoyalHunt } from '@chu/engine/royal-hunt';
import { checkAttempt, readPuzzleSet } from '../src/index.ts';
import { lead } from '../src/material.ts';
import { themesOf } from '../src/themes.ts';

// Every shipped puzzle, checked through @chu/rules: it comes from its game, its line is legal and
// does what its kind says, the trainer's judge accepts the line and refuses a wrong first move, and
// each royal hunt is proven again by the solver at the budget written in the data.
const set = readPuzzleSet();
const { budget } = set;

describe('the shipped puzzle set', () => {
  it('holds at least 300 puzzles with distinct ids and its provenance', () => {
    expect(set.puzzles.length).toBeGreaterThanOrEqual(300);
    expect(new Set(set.puzzles.map((p) => p.id)).size).toBe(set.puzzles.length);
    expect(set.yield.kept).toBe(set.puzzles.length);
    expect(set.engine.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('each puzzle is the position its game reached, after the move it names', () => {
    for (const p of set.puzzles) {
      const game = Game.start();
      for (const m of p.provenance.moves) unwrap(game.play(m));
      expect(game.sfen(), p.id).toBe(p.sfen);
      expect(p.provenance.moves.at(-1), p.id).toBe(p.lastMove);
      expect(p.provenance.commit).toBe(set.engine.commit);
    }
  });

  it('each solution is legal move by move and secures what its kind says', () => {
    for (const p of set.puzzles) {
      const game = unwrap(Game.fromSfen(p.sfen));
      const solver = game.turn;
      const base = lead(game.position, solver);
      expect(p.moves.length % 2, `${p.id}: ends with the solver's move`).toBe(1);
      for (const [i, m] of p.moves.entries()) {
        expect(game.outcome(), `${p.id}: over before move ${i}`).toBeUndefined();
        expect(unwrap(game.check(m)), `${p.id}: move ${i} is canonical`).toBe(m);
        unwrap(game.play(m));
      }
      if (p.kind === 'hunt') expect(game.outcome(), p.id).toEqual({ winner: solver, reason: 'royal-capture' });
      else {
        expect(game.outcome(), p.id).toBeUndefined();
        expect(lead(game.position, solver) - base, p.id).toBeGreaterThanOrEqual(budget.minGain);
      }
      expect(p.margin, p.id).toBeGreaterThanOrEqual(budget.minMargin);
    }
  });

  it("each puzzle's themes are what its line does", () => {
    for (const p of set.puzzles) expect(themesOf(p.sfen, p.moves, p.kind), p.id).toEqual(p.themes);
  });

  it('the judge accepts each line, move by move', () => {
    for (const p of set.puzzles) {
      const mine = p.moves.filter((_, i) => i % 2 === 0);
      expect(checkAttempt(p, mine), p.id).toEqual({ status: 'solved' });
      for (let k = 1; k < mine.length; k++) expect(checkAttempt(p, mine.slice(0, k)), p.id).toEqual({ status: 'continue', reply: p.moves[2 * k - 1] });
    }
  });

  it('the judge refuses another first move and answers it with a legal reply (every tenth puzzle: each answer is a search)', () => {
    for (const p of set.puzzles.filter((_, i) => i % 10 === 0)) {
      const game = unwrap(Game.fromSfen(p.sfen));
      const wrong = game.legalMoves().find((m) => m !== p.moves[0])!;
      const verdict = checkAttempt(p, [wrong]);
      expect(verdict, p.id).toMatchObject({ status: 'failed', index: 0, expected: p.moves[0] });
      unwrap(game.play(wrong));
      if (verdict.status === 'failed' && verdict.refutation) expect(game.check(verdict.refutation).ok, p.id).toBe(true);
    }
  });

  it('each royal hunt is proven by the solver at the budget in the data', () => {
    const hunt = new RoyalHunt();
    const hunts = set.puzzles.filter((p) => p.kind === 'hunt');
    for (const p of hunts) {
      const pos = unwrap(Game.fromSfen(p.sfen)).position.clone();
      expect(hunt.prove(pos, { maxNodes: budget.huntNodes }).verdict, p.id).toBe('win');
    }
  });
});
