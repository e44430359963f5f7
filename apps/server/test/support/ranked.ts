import { expect } from 'vitest';
import type { Color, RankedControlId } from '@chu/protocol';
import { TestClient, type Who } from './TestClient.ts';

/** Both queue for `control`; resolves when both are told of the match and have joined its room. */
export async function matched(a: TestClient, b: TestClient, control: RankedControlId) {
  a.send({ type: 'ranked.join', control });
  expect((await a.nextOf('ranked', (m) => m.queue !== null)).queue).toMatchObject({ control });
  b.send({ type: 'ranked.join', control });
  const [ma, mb] = await Promise.all([a.nextOf('ranked.match'), b.nextOf('ranked.match')]);
  expect(ma.gameId).toBe(mb.gameId);
  expect(ma.roomCode).toBe(mb.roomCode);
  expect(new Set([ma.color, mb.color])).toEqual(new Set(['black', 'white']));
  await a.join(ma.roomCode);
  await b.join(mb.roomCode);
  await Promise.all([a.nextOf('game'), b.nextOf('game')]);
  // Both were away until they arrived (RULES.md §8): wait until each sees both seats present.
  await Promise.all([a, b].map((c) => c.until(() => c.game!.seats.black.status === 'present' && c.game!.seats.white.status === 'present')));
  const byColor: Record<Color, TestClient> = ma.color === 'black' ? { black: a, white: b } : { black: b, white: a };
  return { ...byColor, gameId: ma.gameId, code: ma.roomCode };
}

/** Two people connected and matched by the ranked queue on 30m+30f (the first joins it first). */
export async function rankedPair(url: string, first: Who, second: Who) {
  const a = await TestClient.connect(url, first);
  const b = await TestClient.connect(url, second);
  const m = await matched(a, b, '30m+30f');
  const color: Color = m.black === a ? 'black' : 'white';
  return { a, b, match: { gameId: m.gameId, roomCode: m.code, color } };
}
