// A few short sounds, synthesised with WebAudio (no audio files to load): a wooden "tock" for a
// move, a sharper double knock for a capture, two quick steps for a Lion's double move, a rising
// chime for a promotion, two beeps when the clock runs low, a short phrase when the game ends.
// `settings.sound` mutes them; `settings.volume` scales them.
import { settings } from './settings.svelte';

export const SOUNDS = ['move', 'capture', 'lion', 'promotion', 'lowTime', 'end'] as const;
export type Sound = (typeof SOUNDS)[number];

/** One voice of a sound: a knock (filtered noise with a low thump) or a tone, `at` seconds after the start. */
type Voice =
  | { kind: 'knock'; at: number; pitch: number; gain: number } // pitch: the thump's frequency, Hz
  | { kind: 'tone'; at: number; freq: number; length: number; gain: number; wave: OscillatorType };

const knock = (at: number, pitch: number, gain = 1): Voice => ({ kind: 'knock', at, pitch, gain });
const tone = (at: number, freq: number, length: number, gain = 0.5, wave: OscillatorType = 'sine'): Voice => ({
  kind: 'tone', at, freq, length, gain, wave,
});

const VOICES: Record<Sound, Voice[]> = {
  move: [knock(0, 520)],
  capture: [knock(0, 430, 1.1), knock(0.05, 300, 0.8)],
  lion: [knock(0, 560, 0.8), knock(0.11, 480)],
  promotion: [knock(0, 520), tone(0.06, 660, 0.14, 0.35), tone(0.15, 990, 0.22, 0.35)],
  lowTime: [tone(0, 880, 0.09, 0.4, 'square'), tone(0.16, 880, 0.09, 0.4, 'square')],
  end: [tone(0, 523, 0.25, 0.4, 'triangle'), tone(0.18, 659, 0.25, 0.4, 'triangle'), tone(0.36, 784, 0.5, 0.45, 'triangle')],
};

let ctx: AudioContext | null = null;
let noise: AudioBuffer | null = null;

export function playSound(sound: Sound): void {
  const volume = settings.volume;
  if (!settings.sound || volume <= 0 || typeof window === 'undefined' || !('AudioContext' in window)) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    const start = ctx.currentTime + 0.01;
    for (const v of VOICES[sound]) {
      if (v.kind === 'knock') playKnock(ctx, v, start, volume);
      else playTone(ctx, v, start, volume);
    }
  } catch {
    /* audio unavailable */
  }
}

function playKnock(ac: AudioContext, v: Extract<Voice, { kind: 'knock' }>, start: number, volume: number): void {
  const t = start + v.at;
  noise ??= (() => {
    const b = ac.createBuffer(1, Math.floor(ac.sampleRate * 0.05), ac.sampleRate);
    const d = b.getChannelData(0);
    for (let i = 0; i < d.length; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / d.length);
    return b;
  })();
  // the click of wood on wood: a short band of noise
  const src = ac.createBufferSource();
  src.buffer = noise;
  const band = ac.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = v.pitch * 3;
  band.Q.value = 1.2;
  const clickGain = ac.createGain();
  clickGain.gain.setValueAtTime(0.5 * v.gain * volume, t);
  clickGain.gain.exponentialRampToValueAtTime(0.001, t + 0.05);
  src.connect(band).connect(clickGain).connect(ac.destination);
  src.start(t);
  // the board's body: a falling thump
  const osc = ac.createOscillator();
  const body = ac.createGain();
  osc.type = 'triangle';
  osc.frequency.setValueAtTime(v.pitch, t);
  osc.frequency.exponentialRampToValueAtTime(110, t + 0.08);
  body.gain.setValueAtTime(0.3 * v.gain * volume, t);
  body.gain.exponentialRampToValueAtTime(0.001, t + 0.12);
  osc.connect(body).connect(ac.destination);
  osc.start(t);
  osc.stop(t + 0.13);
}

function playTone(ac: AudioContext, v: Extract<Voice, { kind: 'tone' }>, start: number, volume: number): void {
  const t = start + v.at;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = v.wave;
  osc.frequency.setValueAtTime(v.freq, t);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(v.gain * volume, t + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.001, t + v.length);
  osc.connect(gain).connect(ac.destination);
  osc.start(t);
  osc.stop(t + v.length + 0.02);
}

// The client store notes each move event as it applies it (the first page has the store, not the rules);
// the game panel's move sound, which follows a moment later, plays what was noted (move-sound.ts).
let noted: { usi: string; notation: string | null; at: number } | null = null;

export function noteMove(usi: string, notation: string | null): void {
  noted = { usi, notation, at: Date.now() };
}

/** The move noted in the last moment and not played yet, once (a move seen only through a resync has none). */
export function takeNotedMove(): { usi: string; notation: string | null } | null {
  const fresh = noted && Date.now() - noted.at < 1500 ? noted : null;
  noted = null;
  return fresh;
}
