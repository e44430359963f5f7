// Looking back in a live game: a click on a move (or ←/→) shows an earlier position while the game
// goes on; nothing can be moved from there, a move that arrives is announced, and "back" returns.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import GamePanel from '../src/lib/GamePanel.svelte';
import { client, receive } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { freshNet, gameView, moveEvent as played, roomView, seat } from './fixtures';

const MOVES = ['7i7h', '6d6e', '7j6h', '6e6f'];
const piece = (c: HTMLElement, sq: string) => c.querySelector(`[data-square="${sq}"] [data-piece]`)?.getAttribute('data-piece') ?? null;
const dests = (c: HTMLElement) => c.querySelectorAll('.sq.dest').length;
const moveEvent = (version: number, usi: string, ply: number) => played(version, usi, ply, 'black');

beforeEach(() => {
  freshNet([]);
  settings.lang = 'es';
});

function show() {
  // this device plays White; Black is to move after four moves
  const seats = { black: seat('black', 'you'), white: seat('white', 'me') };
  receive({ type: 'room', room: roomView({ seats }) });
  receive({ type: 'game', game: gameView({ seats, moves: MOVES, version: 4, ply: 4, turn: 'black' }), reason: 'join' });
  return render(GamePanel, { game: client.games.g1, room: client.rooms.ABCDEF }).container;
}

describe('looking back in a live game', () => {
  it('shows move 3 while the opponent moves, announces the move, and returns to the game', async () => {
    const c = show();
    await fireEvent.click(c.querySelectorAll('.movelist .mv')[2]);
    expect(c.querySelector('[data-looking]')!.getAttribute('data-looking')).toBe('3');
    expect(c.querySelector('[data-looking]')!.textContent).toContain('Viendo la jugada 3 de 4');
    expect([piece(c, '6e'), piece(c, '6f'), piece(c, '6h')]).toEqual(['white p', null, 'black n']);

    receive(moveEvent(5, '1i1h', 4));
    await tick();
    expect(c.querySelector('[data-new-move]')!.textContent).toBe('nueva jugada');
    expect([piece(c, '6f'), piece(c, '1h')]).toEqual([null, null]); // still move 3
    // White's turn now, but not from the past
    await fireEvent.click(c.querySelector('[data-square="6e"]')!);
    expect(dests(c)).toBe(0);

    await fireEvent.click(c.querySelector('[data-action="back-to-game"]')!);
    expect(c.querySelector('[data-looking]')).toBeNull();
    expect([piece(c, '6f'), piece(c, '1h')]).toEqual(['white p', 'black p']);
    expect(c.querySelector('[data-your-turn]')).not.toBeNull();
    await fireEvent.click(c.querySelector('[data-square="6f"]')!);
    expect(dests(c)).toBeGreaterThan(0);
  });

  it('steps with ←/→, counts two arrivals, and → past the last move is the game again', async () => {
    const c = show();
    await fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(c.querySelector('[data-looking]')!.getAttribute('data-looking')).toBe('2');
    expect(piece(c, '7j')).toBe('black n');
    receive(moveEvent(5, '1i1h', 4));
    receive(played(6, '1d1e', 5, 'white'));
    await tick();
    expect(c.querySelector('[data-new-move]')!.textContent).toBe('2 jugadas nuevas');
    for (let i = 0; i < 3; i++) await fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(c.querySelector('[data-looking]')!.getAttribute('data-looking')).toBe('5');
    await fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(c.querySelector('[data-looking]')).toBeNull();
    expect(piece(c, '1e')).toBe('white p');
  });
});
