import type { ClientMessage, GameEvent } from '@chu/protocol';
import { expect } from 'vitest';
import { firstLegal, type TestClient } from './TestClient.ts';

// Adjournment by agreement (RULES.md §7) as players ask for it, for the server and cluster tests.

let acks = 0;
export const ackId = () => `adj${++acks}`;

const gameOf = (c: TestClient) => c.game!;
const command = (c: TestClient, m: Record<string, unknown>) => c.command({ gameId: gameOf(c).id, ...m } as ClientMessage, ackId());
export const adjourn = (c: TestClient, action: 'offer' | 'accept' | 'decline') => command(c, { type: 'adjourn', action });
export const resume = (c: TestClient, action: 'offer' | 'accept' | 'decline') => command(c, { type: 'resume', action });
export const seal = (c: TestClient, usi: string, ack = ackId()) =>
  c.command({ type: 'seal', gameId: gameOf(c).id, usi, version: gameOf(c).version } as ClientMessage, ack);
export const eventOf = (c: TestClient, kind: GameEvent['kind'], ms = 8000) =>
  c.nextOf('event', (m) => m.event.kind === kind, ms).then((m) => m.event);

/** Plays the rules' first legal move for whoever is to move until the game reaches `ply` (Black is `host`). */
export async function playTo({ host, guest }: { host: TestClient; guest: TestClient }, ply: number): Promise<void> {
  for (let n = gameOf(host).ply; n < ply; n++) {
    const mover = gameOf(host).turn === 'black' ? host : guest;
    await mover.until(() => gameOf(mover).ply === n);
    const answer = await mover.move(firstLegal(gameOf(mover).moves));
    expect(answer, JSON.stringify(answer)).toMatchObject({ type: 'ack' });
    await Promise.all([host, guest].map((c) => c.until(() => gameOf(c).ply === n + 1)));
  }
}

/** One player offers, the other accepts: `sealer` (to move) seals next. */
export async function agreeToAdjourn(offerer: TestClient, accepter: TestClient): Promise<void> {
  expect(await adjourn(offerer, 'offer')).toMatchObject({ type: 'ack' });
  await accepter.reach(gameOf(offerer).version);
  expect(await adjourn(accepter, 'accept')).toMatchObject({ type: 'ack' });
}
