// Writing the reducer's new state into the live one: only what changed is written, so a view holding
// part of the old state (a component's `game` prop) sees the change, and what did not change is kept.
import { describe, expect, it } from 'vitest';
import { reconcile } from '../src/lib/client/reconcile';

describe('reconcile', () => {
  it('a held part sees its new fields; a part that did not change stays the same object', () => {
    const live = { games: { g1: { moves: ['7i7h'], turn: 'white' } }, rooms: { A: { seats: 2 } } };
    const game = live.games.g1;
    const rooms = live.rooms;
    reconcile(live, { games: { g1: { moves: ['7i7h', '6d6e'], turn: 'black' } }, rooms });
    expect(game).toEqual({ moves: ['7i7h', '6d6e'], turn: 'black' });
    expect(live.games.g1).toBe(game);
    expect(live.rooms).toBe(rooms);
  });

  // [what happens, live, next]
  const rows: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['a key the new state lacks is removed', { sent: { 'a.1': 1, 'a.2': 2 } }, { sent: { 'a.2': 2 } }],
    ['a list grows and shrinks', { moves: ['a', 'b', 'c'] }, { moves: ['a'] }],
    ['an object that becomes null, and back', { error: { code: 'illegal' }, lobby: null }, { error: null, lobby: { rooms: [] } }],
    ['an object in place of a list is replaced, not merged', { x: [1, 2] }, { x: { 0: 1 } }],
  ];
  it.each(rows)('%s', (_, live, next) => {
    reconcile(live, structuredClone(next));
    expect(live).toEqual(next);
  });
});
