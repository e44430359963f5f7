// This account's open challenges, live: loaded once a socket is signed in, then kept by the server's
// `challenge` messages (every socket of both accounts hears each step). An accepted challenge sends
// the tab that accepted it, and the challenger's tabs that know it, to the game's room.
import type { Challenge, ChallengeColor, RoomOptionsPatch } from '@chu/protocol';
import { go } from '../router.svelte';
import { answerRequest, challengeRequest, fetchChallenges } from './requests';

export const challenges = $state({
  incoming: [] as Challenge[], // to me, open, newest first
  outgoing: [] as Challenge[], // from me, open, newest first
  form: null as { to: string } | null, // the challenge form, open for this player
  error: null as { id: string | null; code: string } | null, // the last refusal (id: the challenge it was about)
  ended: null as Challenge | null, // one of mine (either way) that ended without a game: declined, cancelled, expired
  busy: false,
});

const without = (list: Challenge[], id: string) => list.filter((c) => c.id !== id);

/** A `challenge` message: a new one, or a step of one (it leaves the open lists once answered). */
export function challengeReceived(c: Challenge, me: string | undefined): void {
  const known = challenges.outgoing.some((x) => x.id === c.id);
  const shown = known || challenges.incoming.some((x) => x.id === c.id);
  challenges.incoming = without(challenges.incoming, c.id);
  challenges.outgoing = without(challenges.outgoing, c.id);
  if (c.status === 'open' && me) {
    if (c.to.toLowerCase() === me.toLowerCase()) challenges.incoming = [c, ...challenges.incoming];
    else challenges.outgoing = [c, ...challenges.outgoing];
  }
  if (c.status === 'accepted' && c.roomCode && known) go({ name: 'room', code: c.roomCode });
  if (shown && (c.status === 'declined' || c.status === 'cancelled' || c.status === 'expired')) challenges.ended = c;
}

/** The open challenges as the server has them (on a new signed-in socket: those made while away too). */
export async function loadChallenges(): Promise<void> {
  const r = await fetchChallenges();
  if (r.ok) Object.assign(challenges, { incoming: r.data.incoming, outgoing: r.data.outgoing });
}

export function forget(): void {
  Object.assign(challenges, { incoming: [], outgoing: [], form: null, error: null, ended: null });
}

/** Whether there is a challenge card to show (to me, of mine, or what became of one). */
export const hasChallengeCards = (): boolean =>
  challenges.incoming.length > 0 || challenges.outgoing.length > 0 || !!challenges.error?.id || !!challenges.ended;

export const openChallengeForm = (to: string): void => { challenges.form = { to }; challenges.error = null; };
export const closeChallengeForm = (): void => { challenges.form = null; };

export async function sendChallenge(to: string, options: RoomOptionsPatch, color: ChallengeColor): Promise<boolean> {
  challenges.busy = true;
  try {
    const r = await challengeRequest(to, options, color);
    if (!r.ok) {
      challenges.error = { id: null, code: r.code };
      return false;
    }
    challenges.error = null;
    if (!challenges.outgoing.some((c) => c.id === r.data.id)) challenges.outgoing = [r.data, ...challenges.outgoing];
    challenges.form = null;
    return true;
  } finally {
    challenges.busy = false;
  }
}

export async function answerChallenge(id: string, action: 'accept' | 'decline' | 'cancel'): Promise<void> {
  challenges.busy = true;
  try {
    const r = await answerRequest(id, action);
    challenges.incoming = without(challenges.incoming, id);
    challenges.outgoing = without(challenges.outgoing, id);
    challenges.ended = null; // this tab's own answer needs no notice
    if (!r.ok) {
      challenges.error = { id, code: r.code };
      return;
    }
    if (action === 'accept' && r.data.roomCode) go({ name: 'room', code: r.data.roomCode });
  } finally {
    challenges.busy = false;
  }
}
