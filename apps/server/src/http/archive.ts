import { Readable } from 'node:stream';
import { setTimeout as pause } from 'node:timers/promises';
import { ArchiveExportQuerySchema, ArchiveQuerySchema, UsernameSchema, type ArchivePage, type Viewer } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCursor, type Archive } from '../db/Archive.ts';
import type { GameRecords } from '../db/GameRecords.ts';
import { HttpRefusal } from './errors.ts';
import type { ServerConfig } from '../config.ts';
import type { Identity } from '../identity/Identity.ts';
import { parsed, requestViewer } from './requester.ts';
import { recordKif } from './records.ts';

// a game's record a read: 20 at once (2,000 moves) held the loop ~60 ms on Postgres, and on PGlite a read runs on the loop (issue 46)
const RECORDS_PER_READ = 1;

/**
 * The export takes at most a quarter of the loop: after each step (a read, a game's replay) it pauses three
 * times as long as the step took. A move's few turns of the loop (its reads and writes) then meet one
 * step at most, not one at every turn (issue 46: a clock game's acks keep their pace during an export).
 * On the embedded database a read runs on the loop too, so the read's time counts.
 */
const yieldFor = (began: number) => pause(3 * (performance.now() - began));

/**
 * A player's archive: `GET /api/players/:username/games` (a page at a time, filtered) and
 * `GET /api/players/:username/games.kif`, its games (same filters) as one KIF collection: the games'
 * records newest first, each separated from the next by an empty line, `limits.maxGames` at most a request
 * (the rest from `?cursor=` the reply's `X-Next-Cursor`).
 */
export function registerArchiveRoutes(
  app: FastifyInstance, identity: Identity, stored: GameRecords, archive: Archive, limits: ServerConfig['exports'], windowMs: number,
) {
  const player = async (req: FastifyRequest) => {
    const name = UsernameSchema.safeParse((req.params as { username: string }).username);
    const found = name.success ? await archive.player(name.data) : null;
    if (!found) throw new HttpRefusal(404, 'no-player', 'No such player.');
    return found;
  };

  app.get('/api/players/:username/games', async (req): Promise<ArchivePage> => {
    const { cursor, limit, ...filter } = parsed(ArchiveQuerySchema, req.query, 'query');
    const after = cursor === undefined ? null : parseCursor(cursor);
    if (cursor !== undefined && !after) throw new HttpRefusal(400, 'malformed', 'Malformed query: cursor is not the `next` of a page.');
    return archive.page((await player(req)).id, filter, after, limit, await requestViewer(identity, req));
  });

  // One export holds a few records in memory at a time and replays one game at a time, then pauses (see
  // kifRecords): a 100-ply game's replay is milliseconds; thousands in a row froze every clock (issue 46).
  const running = new Map<string, number>();
  app.get('/api/players/:username/games.kif', { config: { rateLimit: { max: limits.perWindow, timeWindow: windowMs } } }, async (req, reply) => {
    const { cursor, ...filter } = parsed(ArchiveExportQuerySchema, req.query, 'query');
    const after = cursor === undefined ? null : parseCursor(cursor);
    if (cursor !== undefined && !after) throw new HttpRefusal(400, 'malformed', 'Malformed query: cursor is not the `X-Next-Cursor` of an export.');
    const who = await player(req);
    if ((running.get(req.ip) ?? 0) >= limits.perAddress) {
      void reply.header('retry-after', 5);
      throw new HttpRefusal(429, 'rate-limited', `At most ${limits.perAddress} exports at once from an address; wait for one to finish.`, 5000);
    }
    running.set(req.ip, (running.get(req.ip) ?? 0) + 1);
    const done = () => {
      const left = (running.get(req.ip) ?? 1) - 1;
      if (left > 0) running.set(req.ip, left);
      else running.delete(req.ip);
    };
    try {
      const viewer = await requestViewer(identity, req);
      const listed = await archive.ids(who.id, filter, after, limits.maxGames);
      // an empty file would read as a broken export: say there is nothing to download
      if (listed.ids.length === 0) throw new HttpRefusal(404, 'no-games', 'No games match these filters.');
      if (listed.next !== null) {
        const rest = new URLSearchParams({ ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])), cursor: listed.next });
        void reply.header('x-next-cursor', listed.next).header('link', `<${req.url.split('?')[0]}?${rest}>; rel="next"`);
      }
      const origin = `${req.protocol}://${req.host}`;
      const body = Readable.from(kifRecords(listed.ids, origin, viewer));
      body.once('close', done); // read to the end, or the client went away
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${who.username}-games.kif"`)
        .send(body);
    } catch (e) {
      done();
      throw e;
    }
  });

  /** The games' KIF records, an empty line between one and the next, read RECORDS_PER_READ at a time. */
  async function* kifRecords(ids: string[], origin: string, viewer: Viewer): AsyncGenerator<string> {
    let between = '';
    for (let i = 0; i < ids.length; i += RECORDS_PER_READ) {
      const read = performance.now();
      const records = await stored.gameRecords(ids.slice(i, i + RECORDS_PER_READ), viewer);
      await yieldFor(read);
      for (const record of records) {
        const began = performance.now();
        yield `${between}${recordKif(record, origin)}`;
        between = '\n';
        await yieldFor(began);
      }
    }
  }
}
