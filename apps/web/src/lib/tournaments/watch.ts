// Following a tournament's page over the socket (tournament.watch), again after every reconnect.
import { send } from '../link/link.svelte';
import { onRejoin } from '../client/store.svelte';

const watched = new Map<string, number>(); // tournament → pages of this tab following it

/** Follows a tournament until the returned function is called. */
export function watchTournament(id: string): () => void {
  watched.set(id, (watched.get(id) ?? 0) + 1);
  if (watched.get(id) === 1) send({ type: 'tournament.watch', id });
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (watched.get(id) ?? 1) - 1;
    if (n > 0) return void watched.set(id, n);
    watched.delete(id);
    send({ type: 'tournament.unwatch', id });
  };
}

onRejoin(() => [...watched.keys()].map((id) => ({ type: 'tournament.watch' as const, id })));
