// The rules of interaction on the board (board/interaction.ts), as a player meets them: what each click
// does to the hand, and what it plays. What a piece may do comes from the rules' real feed.
import { describe, expect, it } from 'vitest';
import { Game, boardFeed, unwrap, type Gesture, type PieceGestures } from '@chu/rules';
import * as hands from '../src/lib/board/interaction';
import { pieces as piecesOf } from '../src/lib/chu';
import { indexOf } from '../src/lib/squares';
import { fed } from './positions';

/** The ground of a `fed` position: Black's pieces may be picked up, nothing is held in reserve. */
function ground(position: ReturnType<typeof fed>, more: Partial<hands.Ground> = {}): hands.Ground {
  return {
    pieceOn: (sq) => position.pieces[indexOf(sq)],
    movable: 'black',
    gestures: position.gestures,
    drops: new Map(),
    dropPromotion: () => 'none',
    ...more,
  };
}

/** Clicks one after another (null: off the board), from `start`: the hand after them and what they played. */
function clicks(g: hands.Ground, squares: (string | null)[], start: hands.Selection = hands.EMPTY_HAND) {
  let state = start;
  const played: hands.Play[] = [];
  let asks = false;
  for (const sq of squares) {
    const step = hands.act(g, state, sq);
    state = step.state;
    if (step.play) played.push(step.play);
    asks = !!step.asks;
  }
  return { state, played, asks };
}

const move = (from: string, to: string, mid?: string, promote = false): hands.Play => ({ kind: 'move', from, to, mid, promote });

// a Black Pawn on 9i, a White pawn on 9d; Black's Lion on 6f with White pawns on 6e and 5d
const PAWNS = ground(fed({ '9i': 'P', '9d': 'p' }));
const LION = ground(fed({ '6f': 'N', '6e': 'p', '5d': 'p' }));
// the Pawn on 9e takes the Gold on 9d, in Black's zone: both answers are legal
const ZONE = ground(fed({ '9e': 'P', '8e': 'R', '9d': 'g' }));

describe('picking up and moving', () => {
  const rows: [string, hands.Ground, (string | null)[], Partial<hands.Selection>, hands.Play[]][] = [
    ['a click on your piece picks it up', PAWNS, ['9i'], { selected: '9i' }, []],
    ['a click on a piece that is not yours picks nothing up', PAWNS, ['9d'], { selected: null }, []],
    ['a click on an empty square picks nothing up', PAWNS, ['5e'], { selected: null }, []],
    ['a click where the piece may go plays the move', PAWNS, ['9i', '9h'], { selected: null }, [move('9i', '9h')]],
    ['a click where it may not go lets go of it', PAWNS, ['9i', '9g'], { selected: null }, []],
    ['a click on the piece picked up lets go of it', PAWNS, ['9i', '9i'], { selected: null }, []],
    ['a click off the board lets go of it', PAWNS, ['9i', null], { selected: null }, []],
    ['a click on another of your pieces picks that one up instead', LION, ['6f', '11l'], { selected: '11l' }, []],
  ];
  it.each(rows)('%s', (_, g, squares, hand, played) => {
    const r = clicks(g, squares);
    expect(r.state).toMatchObject(hand);
    expect(r.played).toEqual(played);
  });

  it.each([
    ['a square the piece may not reach', PAWNS, ['9i', '9g'], { from: '9i', to: '9g' }],
    ["the Lion's second step where it may not go", LION, ['6f', '6e', '9i'], { from: '6f', mid: '6e', to: '9i' }],
    ['nothing picked up: no move was asked for', PAWNS, ['5e'], undefined],
    ['the piece picked up, clicked again: let go, not a move', PAWNS, ['9i', '9i'], undefined],
    ['off the board', PAWNS, ['9i', null], undefined],
  ] as const)('a click on %s is reported as a miss (for a lesson to explain)', (_, g, squares, miss) => {
    let state = hands.EMPTY_HAND;
    let last: hands.Step | undefined;
    for (const sq of squares) state = (last = hands.act(g, state, sq)).state;
    expect(last?.miss).toEqual(miss);
    expect(last?.play).toBeUndefined();
  });

  it('marks where the piece picked up may go, and nothing with nothing in hand', () => {
    expect([...hands.targets(PAWNS, hands.EMPTY_HAND)]).toEqual([]);
    expect([...hands.targets(PAWNS, clicks(PAWNS, ['9i']).state)]).toEqual(['9h']);
  });

  it('whose pieces may be picked up is the ground’s: none, one side or both', () => {
    const position = fed({ '9i': 'P', '9d': 'p' });
    expect(clicks(ground(position, { movable: 'none' }), ['9i']).state.selected).toBeNull();
    expect(clicks(ground(position, { movable: 'white' }), ['9d']).state.selected).toBe('9d');
    expect(clicks(ground(position, { movable: 'both' }), ['9d']).state.selected).toBe('9d');
  });
});

describe('the Lion’s double move', () => {
  const rows: [string, (string | null)[], Partial<hands.Selection>, hands.Play[]][] = [
    ['a first step onto a capture it may go on from is a midpoint', ['6f', '6e'], { selected: '6f', mid: '6e' }, []],
    ['from the midpoint, a second step ends the move there', ['6f', '6e', '5d'], { mid: null }, [move('6f', '5d', '6e')]],
    ['the origin again is igui: capture and come back', ['6f', '6e', '6f'], { mid: null }, [move('6f', '6f', '6e')]],
    ['the midpoint again stops there', ['6f', '6e', '6e'], { mid: null }, [move('6f', '6e')]],
    ['a step to an empty square needs no second click', ['6f', '5e'], {}, [move('6f', '5e')]],
    ['a jump needs no second step', ['6f', '4d'], {}, [move('6f', '4d')]],
    ['a click where it may not go next lets go of the whole move', ['6f', '6e', '1a'], { selected: null, mid: null }, []],
    ['after the midpoint, another piece of yours cannot be picked up', ['6f', '6e', '11l'], { selected: null, mid: null }, []],
  ];
  it.each(rows)('%s', (_, squares, hand, played) => {
    const r = clicks(LION, squares);
    expect(r.state).toMatchObject(hand);
    expect(r.played).toEqual(played);
  });

  it('the pass has a button of its own while the Lion is picked up, and none once it stands on a midpoint', () => {
    const picked = clicks(LION, ['6f']).state;
    const pass = hands.pass(LION, picked)!;
    expect(pass).toMatchObject({ from: '6f', to: '6f' });
    expect(hands.finish(picked, pass).play).toEqual(move('6f', '6f', pass.mid));
    expect(hands.pass(LION, clicks(LION, ['6f', '6e']).state)).toBeUndefined();
  });
});

describe('the promotion question', () => {
  it('a move that may promote or not asks, and plays nothing yet', () => {
    const r = clicks(ZONE, ['9e', '9d']);
    expect(r.asks).toBe(true);
    expect(r.played).toEqual([]);
    expect(r.state.pending).toMatchObject({ from: '9e', to: '9d' });
    expect([...hands.targets(ZONE, r.state)]).toEqual([]); // nothing else to click while it asks
  });

  it.each([true, false])('the answer (promote: %s) plays the move', (promote) => {
    const asked = clicks(ZONE, ['9e', '9d']).state;
    expect(hands.answer(asked, promote)).toEqual({ state: hands.EMPTY_HAND, play: move('9e', '9d', undefined, promote) });
  });

  it('a click anywhere while it asks cancels the move', () => {
    expect(clicks(ZONE, ['9e', '9d', '9d'])).toMatchObject({ state: hands.EMPTY_HAND, played: [] });
  });

  it('a move that must promote, or may not, plays at once', () => {
    const g = (to: string, promotion: Gesture['promotion']): Gesture => ({ from: '8e', to, promotion });
    const forced: PieceGestures = { first: new Map([['8a', g('8a', 'forced')], ['8f', g('8f', 'none')]]), second: () => new Map() };
    const fedZone = ground(fed({ '9e': 'P', '8e': 'R', '9d': 'g' }), { gestures: () => forced });
    expect(clicks(fedZone, ['8e', '8a']).played).toEqual([move('8e', '8a', undefined, true)]);
    expect(clicks(fedZone, ['8e', '8f']).played).toEqual([move('8e', '8f')]);
  });
});

describe('a reserve piece held (Heisei drops, heisei-chu.md §3)', () => {
  // Black's Lion took the pawn on 11d: 11c, beside it, is in Black's zone
  const game = unwrap(Game.replay(['7j7h', '1d1e', '7h9f', '1e1f', '9f11d', '2d2e'], { variant: 'heisei' }));
  const feed = boardFeed(game);
  const pieces = piecesOf(game);
  const HEISEI: hands.Ground = {
    pieceOn: (sq) => pieces[indexOf(sq)], movable: 'black', gestures: feed.gestures, drops: feed.drops, dropPromotion: feed.dropPromotion,
  };
  const holding = (code: string): hands.Selection => ({ ...hands.EMPTY_HAND, holding: { color: 'black', code } });

  it('marks exactly where the rules let it drop', () => {
    expect([...hands.targets(HEISEI, holding('o'))].sort()).toEqual([...feed.drops.get('o')!].sort());
  });

  it('put down where it may go outside the zone, it drops unasked', () => {
    expect(clicks(HEISEI, ['7h'], holding('o'))).toMatchObject({ state: hands.EMPTY_HAND, played: [{ kind: 'drop', code: 'o', to: '7h', promote: false }] });
  });

  it('into the zone it asks, and the answer drops it', () => {
    const r = clicks(HEISEI, ['11c'], holding('o'));
    expect(r.asks).toBe(true);
    expect(r.state.pendingDrop).toEqual({ piece: { color: 'black', code: 'o' }, to: '11c' });
    expect(hands.answer(r.state, true).play).toEqual({ kind: 'drop', code: 'o', to: '11c', promote: true });
  });

  it('put down where it may not go, it is let go and the miss is reported (for a lesson to explain)', () => {
    const step = hands.act(HEISEI, holding('o'), '5e');
    expect(step).toEqual({ state: hands.EMPTY_HAND, miss: { drop: 'o', to: '5e' } });
  });

  it('a click on a piece of yours lets go of the reserve piece and picks that one up', () => {
    expect(clicks(HEISEI, ['11d'], holding('o')).state).toEqual({ ...hands.EMPTY_HAND, selected: '11d' });
  });

  it('picked up, it lets go of the board’s piece; one that may go nowhere is let go', () => {
    const withLion = { ...clicks(HEISEI, ['11d']).state, holding: { color: 'black' as const, code: 'o' } };
    expect(hands.held(HEISEI, withLion)).toEqual(holding('o'));
    const nowhere: hands.Ground = { ...HEISEI, drops: new Map([['o', []]]) };
    expect(hands.held(nowhere, holding('o')).holding).toBeNull();
  });
});

describe('dragging and a changing position', () => {
  it('a drag may start from your piece, not from one the piece picked up would capture', () => {
    const picked = clicks(LION, ['6f']).state;
    expect(hands.draggable(LION, hands.EMPTY_HAND, '6f')).toBe(true);
    expect(hands.draggable(LION, hands.EMPTY_HAND, '6e')).toBe(false); // White's
    expect(hands.draggable(LION, picked, '11l')).toBe(true);
    expect(hands.draggable({ ...LION, movable: 'both' }, picked, '6e')).toBe(false); // a capture: a click on it plays
  });

  it('on its midpoint the Lion is dragged on from there, and nothing else is', () => {
    const atMid = clicks(LION, ['6f', '6e']).state;
    expect(hands.draggable(LION, atMid, '6e')).toBe(true);
    expect(hands.draggable(LION, atMid, '6f')).toBe(false);
  });

  it('a drag under way picks its piece up, letting go of a reserve piece held', () => {
    const held = { ...hands.EMPTY_HAND, holding: { color: 'black' as const, code: 'o' } };
    expect(hands.grab(held, '6f')).toEqual({ ...hands.EMPTY_HAND, selected: '6f' });
  });

  it('a new position where the piece picked up is no longer yours lets go of it', () => {
    const picked = clicks(PAWNS, ['9i']).state;
    expect(hands.repositioned(PAWNS, picked)).toBe(picked);
    expect(hands.repositioned({ ...PAWNS, movable: 'none' }, picked)).toEqual(hands.EMPTY_HAND);
  });
});
