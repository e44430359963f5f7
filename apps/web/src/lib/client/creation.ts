// Making a room, or a game against the CPU (the server makes the room, seats the CPU and starts): the
// server answers with the new room's view, which the reducer opens (state.ts), or with a refusal. A
// message that a dying socket took is never answered: 8 s after it went out the person may try again.
import type { RoomOptionsPatch } from '@chu/protocol';
import { flushed } from '../link/link.svelte';
import { settings } from '../settings.svelte';
import { client, command } from './store.svelte';

let createSeq = 0;
const ANSWER_MS = 8000;

/** A new room, the host's language its language (shown in the lobby; the host may change it). */
export function createRoom(options: RoomOptionsPatch): void {
  creating();
  command({ type: 'room.create', options: { ...options, language: settings.lang } }, { kind: 'create' });
}

/** A game against the CPU at `level`, this tab on Black, in a new room. */
export function playCpu(level: number, options: RoomOptionsPatch = {}): void {
  creating();
  command({ type: 'room.cpuGame', level, options: { ...options, language: settings.lang } }, { kind: 'create' });
}

function creating(): void {
  const id = ++createSeq;
  client.creating = { id, known: Object.keys(client.rooms) };
  // waiting offline is no answer yet
  const expire = () => {
    if (client.creating?.id !== id) return;
    if (flushed()) client.creating = null;
    else setTimeout(expire, ANSWER_MS);
  };
  setTimeout(expire, ANSWER_MS);
}
