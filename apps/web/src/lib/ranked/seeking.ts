// Looking for a ranked opponent: the queue's state machine (queue.ts) fed by what this tab does, and
// the seek asked for again when a lost socket comes back (the server drops a disconnected socket
// from the queue).
import type { RankedControlId } from '@chu/protocol';
import { ackFor, client, command, onLost, onRejoin, rankedEvent } from '../client/store.svelte';

let rejoin: RankedControlId | undefined; // queued when the socket dropped: ask again once back

onLost(() => {
  const q = client.ranked;
  if ((q.state === 'queued' || q.state === 'joining') && client.user) rejoin = q.control;
  rankedEvent({ kind: 'disconnect', rejoin: rejoin !== undefined });
});

onRejoin(() => {
  const control = rejoin;
  rejoin = undefined;
  if (control === undefined || client.ranked.state !== 'joining' || !client.user) return [];
  return [{ type: 'ranked.join', control, ack: ackFor({ kind: 'ranked' }) }];
});

/** Enter the ranked queue of one control (needs an account; the server answers with `ranked` or error `account-required`). */
export function joinRanked(control: RankedControlId): void {
  if (!client.user) {
    rankedEvent({ kind: 'account-required' });
    return;
  }
  rankedEvent({ kind: 'join', control });
  command({ type: 'ranked.join', control }, { kind: 'ranked' });
}

export function leaveRanked(): void {
  rejoin = undefined;
  rankedEvent({ kind: 'leave' });
  command({ type: 'ranked.leave' }, { kind: 'ranked' });
}

/** Back to the queue's start (after a match was shown, or on logging out). */
export function resetRanked(): void {
  rejoin = undefined;
  rankedEvent({ kind: 'reset' });
}
