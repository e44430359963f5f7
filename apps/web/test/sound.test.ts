// Sounds as a player hears them (issue 16): a move, a capture, a Lion's double move and a promotion as
// the moves arrive, two beeps when my own clock runs low, a short phrase when the game ends. Muted in
// Ajustes, or at volume 0, nothing plays. The speaker is a stand-in AudioContext that notes the wave
// and pitch of each oscillator started; each sound is known by its notes.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { Game } from '@chu/rules';
import GamePanel from '../src/lib/GamePanel.svelte';
import GameSignals from '../src/lib/GameSignals.svelte';
import SettingsScreen from '../src/screens/Settings.svelte';
import { client, receive } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { SOUNDS, playSound, type Sound } from '../src/lib/sound';
import { TURN_30, freshNet, gameView, roomView, turnClock } from './fixtures';

// Ajustes connects on mount (for the name field): a socket that never connects
vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, emit() {}, connect() {}, disconnect() {}, io: {} }) }));

// ---- the speaker -------------------------------------------------------------------------------
let notes: string[] = []; // 'triangle 520': an oscillator's wave and its first frequency, as started
const param = () => {
  const p = { value: 0, first: undefined as number | undefined, setValueAtTime: (v: number) => (p.first ??= v), exponentialRampToValueAtTime() {} };
  return p;
};
const node = () => ({ connect: <T>(next: T) => next });
class SpeakerStandIn {
  currentTime = 0;
  state = 'running';
  sampleRate = 8000;
  destination = {};
  resume() {}
  createBuffer = (_channels: number, length: number) => ({ getChannelData: () => new Float32Array(length) });
  createBufferSource = () => ({ ...node(), buffer: null, start() {} });
  createBiquadFilter = () => ({ ...node(), type: '', frequency: { value: 0 }, Q: { value: 0 } });
  createGain = () => ({ ...node(), gain: param() });
  createOscillator = () => {
    const o = { ...node(), type: 'sine', frequency: param(), start: () => notes.push(`${o.type} ${o.frequency.first}`), stop() {} };
    return o;
  };
}

/** What each sound plays, note by note (src/lib/sound.ts VOICES: a knock's thump is a triangle). */
const TUNES: Record<Sound, string[]> = {
  move: ['triangle 520'],
  capture: ['triangle 430', 'triangle 300'],
  lion: ['triangle 560', 'triangle 480'],
  promotion: ['triangle 520', 'sine 660', 'sine 990'],
  lowTime: ['square 880', 'square 880'],
  end: ['triangle 523', 'triangle 659', 'triangle 784'],
};

/** The notes heard since the last call, read back as sounds (the longest tune that fits first). */
function heard(): Sound[] {
  const out: Sound[] = [];
  const byLength = [...SOUNDS].sort((a, b) => TUNES[b].length - TUNES[a].length);
  let i = 0;
  while (i < notes.length) {
    const s = byLength.find((s) => TUNES[s].every((n, k) => notes[i + k] === n));
    if (!s) throw new Error(`an unknown sound: ${notes.slice(i).join(', ')}`);
    out.push(s);
    i += TUNES[s].length;
  }
  notes = [];
  return out;
}

// ---- a small game with one of each move ------------------------------------------------------------
// Black: a Lion on 6h, a Pawn on 1e; White: a King, a Lance, a Gold on 5g and a Pawn on 6i.
const START = 'l5k5/12/12/12/11P/12/7g4/6N5/6p5/12/12/5K6 b - 1';
const MOVES = ['6h6i6h', '6a6b', '6h5g', '6b6a', '1e1d+']; // Lnx!6i, K-6b, Lnx5g, K-6a, P-1d+
const rules = Game.fromSfen(START);
if (!rules.ok) throw new Error(rules.error);
const PLAYED = MOVES.map((usi) => {
  const r = rules.value.play(usi);
  if (!r.ok) throw new Error(`${usi}: ${r.error}`);
  return r.value; // the notation the server sends with the move
});

/** The room's screen for game g1 (as Room.svelte shows it): the panel plays move sounds, the signals the rest. */
function sitDown(over: Parameters<typeof gameView>[0] = {}) {
  receive({ type: 'room', room: roomView() });
  receive({ type: 'game', game: gameView({ startSfen: START, ...over }), reason: 'join' });
  const panel = render(GamePanel, { game: client.games.g1, room: client.rooms.ABCDEF });
  const signals = render(GameSignals, { game: client.games.g1 });
  return { panel, signals, said: () => signals.container.querySelector('[data-announce]')!.textContent };
}

let version = 0;
const move = (ply: number, turnRemainingMs: number | null = null) =>
  receive({
    type: 'event',
    event: {
      kind: 'move', gameId: 'g1', version: ++version, usi: PLAYED[ply].usi, ply, color: ply % 2 ? 'white' : 'black',
      byCpu: false, notation: PLAYED[ply].notation, turnRemainingMs, turn: ply % 2 ? 'black' : 'white', lagCreditMs: 0,
      clock: turnRemainingMs === null ? null : turnClock(turnRemainingMs, ply % 2 ? 'black' : 'white'),
    },
  });
const resign = () =>
  receive({ type: 'event', event: { kind: 'end', gameId: 'g1', version: ++version, outcome: { winner: 'black', reason: 'resign' }, ratingChanges: null } });

/** A timed game at this screen: every move, my clock under ten seconds, then White resigns. */
async function aWholeGame(): Promise<string> {
  const { said } = sitDown({ options: TURN_30, turnRemainingMs: 30_000, clock: turnClock(30_000) });
  for (let ply = 0; ply < MOVES.length - 1; ply++) {
    move(ply, 30_000);
    await tick();
  }
  // my turn (Black, device "me"), 30 s on the clock: 21 s pass
  await vi.advanceTimersByTimeAsync(21_000);
  move(MOVES.length - 1, 30_000);
  await tick();
  resign();
  await tick();
  return said();
}

beforeAll(() => vi.stubGlobal('AudioContext', SpeakerStandIn));
beforeEach(() => {
  freshNet([]);
  version = 0;
  notes = [];
  settings.lang = 'en';
  settings.sound = true;
  settings.volume = 0.7;
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
  settings.sound = true;
  settings.volume = 0.7;
});

describe('sounds', () => {
  it('there are six, each its own: move, capture, Lion double move, promotion, low time, game end', () => {
    expect(SOUNDS).toEqual(['move', 'capture', 'lion', 'promotion', 'lowTime', 'end']);
    for (const s of SOUNDS) playSound(s);
    expect(heard()).toEqual(SOUNDS);
  });

  it('moves sound as what they are: a Lion\'s double move, a move, a capture, a move, a promotion', async () => {
    sitDown();
    for (let ply = 0; ply < MOVES.length; ply++) {
      move(ply);
      await tick();
    }
    expect(heard()).toEqual(['lion', 'move', 'capture', 'move', 'promotion']);
  });

  it('my clock running low beeps twice, once a turn; the opponent\'s low clock is not mine to hear', async () => {
    const { said } = sitDown({ options: TURN_30, turnRemainingMs: 12_000, clock: turnClock(12_000) }); // my move (Black), 12 s left
    await vi.advanceTimersByTimeAsync(1_500);
    expect(heard()).toEqual([]); // 10.5 s left
    await vi.advanceTimersByTimeAsync(1_000);
    expect(heard()).toEqual(['lowTime']);
    expect(said()).toBe('Less than ten seconds left');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(heard()).toEqual([]); // not again this turn

    move(0, 8_000); // I play; White has 8 s
    await vi.advanceTimersByTimeAsync(2_000);
    expect(heard()).toEqual(['lion']);
    move(1, 9_000); // White plays; I have 9 s: a new turn, beeps again
    await vi.advanceTimersByTimeAsync(1_000);
    expect(heard()).toEqual(['move', 'lowTime']);
  });

  // issue 36: every kind of clock, each stretch of time that can run out beeps once
  it('on a clock: main time running low beeps, then each byoyomi period as it runs low', async () => {
    const tc = { kind: 'clock' as const, initialSeconds: 12, byoyomiSeconds: 30, periods: 2, incrementSeconds: 0 };
    const now = Date.now();
    const clock = {
      black: { mainMs: 12_000, periods: 2 }, white: { mainMs: 12_000, periods: 2 }, byoyomiMs: 30_000, incrementMs: 0,
      running: 'black' as const, turnStartedAt: now, deadline: now + 72_000, serverNow: now, firstMoveDeadline: null,
    };
    const { said } = sitDown({ options: { ...TURN_30, timeControl: tc }, clock });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(heard()).toEqual([]); // 10.5 s of main time
    await vi.advanceTimersByTimeAsync(1_000);
    expect(heard()).toEqual(['lowTime']); // main time under 10 s
    expect(said()).toBe('Less than ten seconds left');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(heard()).toEqual([]); // into the first period, 10.5 s left of it
    await vi.advanceTimersByTimeAsync(2_000);
    expect(heard()).toEqual(['lowTime']); // 8.5 s left of the first period
    await vi.advanceTimersByTimeAsync(30_000);
    expect(heard()).toEqual(['lowTime']); // the last period, running low in its turn
  });

  it('correspondence: the last hour of a move beeps, once', async () => {
    const now = Date.now();
    const days = 86_400_000;
    const clock = {
      black: { mainMs: 0, periods: 1 }, white: { mainMs: 0, periods: 1 }, byoyomiMs: days, incrementMs: 0,
      running: 'black' as const, turnStartedAt: now - days + 3_601_000, deadline: now + 3_601_000, serverNow: now, firstMoveDeadline: null,
    };
    const { said } = sitDown({ options: { ...TURN_30, timeControl: { kind: 'correspondence', daysPerMove: 1 } }, clock });
    await vi.advanceTimersByTimeAsync(500);
    expect(heard()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(heard()).toEqual(['lowTime']);
    expect(said()).toBe('Less than an hour left');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(heard()).toEqual([]);
  });

  it('the game\'s end plays its phrase as the result is told', async () => {
    const { said } = sitDown();
    move(0);
    await tick();
    heard();
    resign();
    await tick();
    expect(heard()).toEqual(['end']);
    expect(said()).toContain('Game over');
  });

  it('a whole timed game heard: every move, the low clock and the end', async () => {
    await aWholeGame();
    expect(heard()).toEqual(['lion', 'move', 'capture', 'move', 'lowTime', 'promotion', 'end']);
  });

  it('muted in Ajustes, or at volume 0, the same game plays nothing; turned back up, the slider\'s preview is heard', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ device: { id: 'me', name: 'me', user: null } }), { status: 200 })));
    const ajustes = render(SettingsScreen).container;
    const soundBox = ajustes.querySelector('input[name="sound"]') as HTMLInputElement;
    const slider = ajustes.querySelector('input[name="volume"]') as HTMLInputElement;

    await fireEvent.click(soundBox); // mute
    expect(settings.sound).toBe(false);
    expect(slider.disabled).toBe(true);
    const said = await aWholeGame();
    expect(said).toContain('Game over'); // the game did end, in words
    expect(heard()).toEqual([]);

    await fireEvent.click(soundBox); // sound on, volume down to 0
    await fireEvent.input(slider, { target: { value: '0' } });
    await fireEvent.change(slider); // the slider's preview, at 0: silent
    expect(settings.volume).toBe(0);
    freshNet([]);
    version = 0;
    await aWholeGame();
    expect(heard()).toEqual([]);

    await fireEvent.input(slider, { target: { value: '50' } });
    await fireEvent.change(slider);
    expect(heard()).toEqual(['move']);
  });
});

// issue 47 item 19: the language chosen mid-game is the one the next announcements speak
describe('announcements after a change of language', () => {
  it('speak the new language from the next move on', async () => {
    settings.lang = 'es';
    const { said } = sitDown();
    move(0);
    await tick();
    expect(said()).toMatch(/^Negras/);
    settings.lang = 'ja';
    await tick();
    move(1);
    await tick();
    expect(said()).toMatch(/^後手/);
  });
});
