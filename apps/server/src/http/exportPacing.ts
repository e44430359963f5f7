import { setTimeout as pause } from 'node:timers/promises';

// What every long export of stored games shares (the archive's KIF, the API's games of a user): it reads
// and renders one game at a time and leaves the loop to play between them, and an address runs a few at once.

// a game's record a read: 20 at once (2,000 moves) held the loop ~60 ms on Postgres, and on PGlite a read runs on the loop (issue 46)
const RECORDS_PER_READ = 1;

/**
 * An export takes at most a quarter of the loop: after each step (a read, a game's rendering) it pauses
 * three times as long as the step took. A move's few turns of the loop (its reads and writes) then meet one
 * step at most, not one at every turn (issue 46: a clock game's acks keep their pace during an export).
 * On the embedded database a read runs on the loop too, so the read's time counts.
 */
const yieldFor = (began: number) => pause(3 * (performance.now() - began));

/** The games of `ids`, read RECORDS_PER_READ at a time, each as `render` writes it, paced (above). */
export async function* pacedExport<T>(ids: string[], read: (ids: string[]) => Promise<T[]>, render: (game: T, index: number) => string): AsyncGenerator<string> {
  let index = 0;
  for (let i = 0; i < ids.length; i += RECORDS_PER_READ) {
    const began = performance.now();
    const games = await read(ids.slice(i, i + RECORDS_PER_READ));
    await yieldFor(began);
    for (const game of games) {
      const rendering = performance.now();
      yield render(game, index++);
      await yieldFor(rendering);
    }
  }
}
