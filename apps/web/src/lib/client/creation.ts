// Making a room: the server answers with the new room's view (the reducer opens it, state.ts). No
// answer 8 s after the message went out (refused, say): the person may try again.
import type { RoomOptionsPatch } from '@chu/protocol';
import { flushed, send } from '../link/link.svelte';
import { settings } from '../settings.svelte';
import { client } from './store.svelte';

let createSeq = 0;
const ANSWER_MS = 8000;

/** A new room; with `cpu`, a game against the CPU at that level starts in it. */
export function createRoom(options: RoomOptionsPatch, cpu: number | null = null): void {
  const id = ++createSeq;
  client.creating = { id, known: Object.keys(client.rooms), cpu };
  // the host's language is the room's, shown in the lobby
  send({ type: 'room.create', options: { ...options, language: settings.lang } });
  // waiting offline is no answer yet
  const expire = () => {
    if (client.creating?.id !== id) return;
    if (flushed()) client.creating = null;
    else setTimeout(expire, ANSWER_MS);
  };
  setTimeout(expire, ANSWER_MS);
}
