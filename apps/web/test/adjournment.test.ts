// Adjournment by agreement in the game panel (RULES.md §7): the offer next to draw and takeback, only in
// clock games and from ply 20; the other player's answer; "Seal your move", where the board's next move
// goes out sealed; "Adjourned — resume?" for both. The server decides each step: the panel shows its events.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { DEFAULT_ROOM_OPTIONS, type ClientMessage, type GameEvent, type GameView } from '@chu/protocol';
import { Game } from '@chu/rules';
import AdjournControls from '../src/lib/AdjournControls.svelte';
import GamePanel from '../src/lib/GamePanel.svelte';
import { client, receive } from '../src/lib/client/store.svelte';
import { playMove } from '../src/lib/client/commands';
import { settings } from '../src/lib/settings.svelte';
import { freshNet, gameView, roomView, seat } from './fixtures';

const sent: ClientMessage[] = [];
beforeEach(() => {
  freshNet(sent);
  settings.lang = 'en';
});

const CLOCK = { ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'clock' as const, initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } };
// 20 plies of the rules' first legal moves: Black ('me') to move
const TWENTY = (() => {
  const g = Game.start();
  for (let i = 0; i < 20; i++) g.play(g.legalMoves()[0]);
  return [...g.moves];
})();
type Of<E> = E extends unknown ? Omit<E, 'gameId'> : never;
const event = (e: Of<GameEvent>) => receive({ type: 'event', event: { gameId: 'g1', ...e } as GameEvent });
function show(over: Partial<GameView> = {}) {
  const game = gameView({ options: CLOCK, moves: TWENTY, ply: 20, version: 20, ...over });
  receive({ type: 'room', room: roomView({ seats: game.seats }) });
  receive({ type: 'game', game, reason: 'join' });
  return render(AdjournControls, { game: client.games.g1 });
}
const text = (c: HTMLElement, sel: string) => c.querySelector(sel)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
const lastSent = () => sent.at(-1) as Record<string, unknown>;

describe('the offer to adjourn', () => {
  it.each([
    ['untimed', { options: DEFAULT_ROOM_OPTIONS }],
    ['a per-move limit', { options: { ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'turn' as const, seconds: 30 as const } } }],
    ['correspondence', { options: { ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'correspondence' as const, daysPerMove: 3 as const } } }],
    ['against the CPU', { seats: { black: seat('black', 'me'), white: seat('white', 'x', { kind: 'cpu', deviceId: null, name: 'CPU 3', level: 3, controller: 'cpu' }) } }],
  ])('is not there in %s games', (_name, over) => {
    expect(show(over).container.querySelector('[data-action="adjourn"]')).toBeNull();
  });

  it('waits for ply 20 in a clock game, then goes out as a command; the other player answers it', async () => {
    const early = show({ moves: TWENTY.slice(0, 19), ply: 19, turn: 'white' });
    expect((early.container.querySelector('[data-action="adjourn"]') as HTMLButtonElement).disabled).toBe(true);
    early.unmount();

    const { container } = show();
    await fireEvent.click(container.querySelector('[data-action="adjourn"]')!);
    expect(lastSent()).toMatchObject({ type: 'adjourn', gameId: 'g1', action: 'offer', ack: expect.any(String) });
    event({ kind: 'adjourn-offer', version: 21, by: 'black' });
    await tick();
    expect(text(container, '[data-adjourn-waiting]')).toBe('Adjournment offered…');
    // a move lets it lapse
    event({ kind: 'move', version: 22, usi: TWENTY[0], ply: 20, color: 'black', byCpu: false, notation: null, turnRemainingMs: null, turn: 'white', clock: null, lagCreditMs: 0 });
    event({ kind: 'adjourn-offer', version: 23, by: 'white' });
    await tick();
    expect(text(container, '[data-adjourn-offer] span')).toBe('Your opponent offers to adjourn the game.');
    await fireEvent.click(container.querySelector('[data-action="accept-adjourn"]')!);
    expect(lastSent()).toMatchObject({ type: 'adjourn', action: 'accept' });
  });
});

describe('sealing, adjourned, resuming', () => {
  it('"Seal your move": the board\'s next move goes out sealed, and is not shown', async () => {
    const { container } = show();
    event({ kind: 'adjourn-accept', version: 21, by: 'white', sealer: 'black' });
    await tick();
    expect(text(container, '[data-sealing] strong')).toBe('Seal your move');
    const usi = TWENTY[0]; // any move: the server checks it
    playMove(client.games.g1, usi);
    expect(lastSent()).toMatchObject({ type: 'seal', gameId: 'g1', usi, version: 21, ack: expect.any(String) });
    expect(client.pendingMove.g1).toBeUndefined(); // not on the board

    settings.lang = 'es';
    event({ kind: 'adjourn', version: 22, why: 'agreement', clock: null });
    await tick();
    expect(container.querySelector('[data-sealing]')).toBeNull();
    expect(text(container, '[data-adjourned-agreement] strong')).toBe('Aplazada — ¿reanudar?');
  });

  it('the other player waits for the seal; adjourned, a resume is offered only with both here, and answered', async () => {
    settings.lang = 'en';
    const { container } = show({ turn: 'white', moves: TWENTY.slice(0, 19), ply: 19 });
    event({ kind: 'adjourn-accept', version: 21, by: 'black', sealer: 'white' });
    await tick();
    expect(text(container, '[data-seal-waiting]')).toBe('Adjournment agreed: White (gote) is sealing a move…');
    event({ kind: 'adjourn', version: 22, why: 'agreement', clock: null });
    await tick();
    const offer = () => container.querySelector('[data-action="offer-resume"]') as HTMLButtonElement;
    expect(offer().disabled).toBe(false);
    await fireEvent.click(offer());
    expect(lastSent()).toMatchObject({ type: 'resume', action: 'offer' });
    event({ kind: 'resume-offer', version: 23, by: 'black' });
    await tick();
    expect(container.querySelector('[data-resume-waiting]')).not.toBeNull();
    event({ kind: 'resume-decline', version: 24, by: 'white' });
    event({ kind: 'resume-offer', version: 25, by: 'white' });
    await tick();
    await fireEvent.click(container.querySelector('[data-action="accept-resume"]')!);
    expect(lastSent()).toMatchObject({ type: 'resume', action: 'accept' });
    event({ kind: 'resume', version: 26, turnRemainingMs: null, clock: null });
    await tick();
    expect(container.querySelector('[data-adjourned-agreement]')).toBeNull();
    expect(client.games.g1).toMatchObject({ status: 'active', adjourned: null, adjournment: { sealer: null, sealed: false } });
  });

  it('with the opponent away, resuming waits for them', async () => {
    const away = seat('white', 'you', { status: 'away', connected: false });
    const { container } = show({ status: 'adjourned', adjourned: 'agreement', seats: { black: seat('black', 'me'), white: away }, adjournment: { offerBy: null, sealer: 'black', sealed: true, resumeOfferBy: null } });
    expect((container.querySelector('[data-action="offer-resume"]') as HTMLButtonElement).disabled).toBe(true);
    expect(text(container, '[data-resume-away]')).toBe('Both players must be here to resume.');
  });
});

// issue 47, item 14: the sealer could not see its own sealed move, after sealing or after a reload; and
// "Type a move" and a disabled "Undo" stayed on screen while the game was adjourned
describe('the sealer sees its sealed move; an adjourned game offers nothing to play', () => {
  const SEALED = { status: 'adjourned' as const, adjourned: 'agreement' as const, adjournment: { offerBy: null, sealer: 'black' as const, sealed: true, resumeOfferBy: null } };
  // Black's move at ply 20, and how the move list writes it
  const [NEXT, NEXT_NOTATION] = (() => {
    const g = Game.replay(TWENTY);
    if (!g.ok) throw new Error('replay');
    const usi = g.value.legalMoves()[0];
    const played = g.value.play(usi);
    return [usi, played.ok ? played.value.notation : ''];
  })();

  it('after sealing: the server tells the sealer, and the banner says the move as the move list writes it', async () => {
    const { container } = show();
    event({ kind: 'adjourn-accept', version: 21, by: 'white', sealer: 'black' });
    playMove(client.games.g1, NEXT);
    event({ kind: 'adjourn', version: 22, why: 'agreement', clock: null });
    await tick();
    expect(container.querySelector('[data-my-sealed]')).toBeNull(); // only the server's word shows it
    receive({ type: 'sealed', gameId: 'g1', usi: NEXT });
    await tick();
    expect(NEXT_NOTATION).not.toBe('');
    expect(text(container, '[data-my-sealed]')).toBe(`Your sealed move: ${NEXT_NOTATION}`);
  });

  it('after a reload: the game comes adjourned, then the sealed move; the opponent is told none and sees none', async () => {
    const sealer = show(SEALED);
    receive({ type: 'sealed', gameId: 'g1', usi: NEXT });
    await tick();
    expect(text(sealer.container, '[data-my-sealed]')).toBe(`Your sealed move: ${NEXT_NOTATION}`);
    sealer.unmount();

    freshNet(sent);
    const opponent = show({ ...SEALED, adjournment: { ...SEALED.adjournment, sealer: 'white' } });
    await tick();
    expect(opponent.container.querySelector('[data-adjourned-agreement]')).not.toBeNull();
    expect(opponent.container.querySelector('[data-my-sealed]')).toBeNull();
  });

  it.each([['agreement' as const], ['absence' as const]])('adjourned by %s: no typed-move box and no Undo; in play again, both are back', async (why) => {
    const game = gameView({ options: CLOCK, moves: TWENTY, ply: 20, version: 22, ...SEALED, adjourned: why,
      adjournment: why === 'agreement' ? SEALED.adjournment : { offerBy: null, sealer: null, sealed: false, resumeOfferBy: null } });
    receive({ type: 'room', room: roomView({ seats: game.seats }) });
    receive({ type: 'game', game, reason: 'join' });
    const { container } = render(GamePanel, { game: client.games.g1, room: client.rooms.ABCDEF });
    expect(container.querySelector('input[name="typed-move"]')).toBeNull();
    expect(container.querySelector('[data-action="takeback"]')).toBeNull();
    event({ kind: 'resume', version: 23, turnRemainingMs: null, clock: null });
    await tick();
    expect(container.querySelector('input[name="typed-move"]')).not.toBeNull();
    expect(container.querySelector('[data-action="takeback"]')).not.toBeNull();
  });
});
