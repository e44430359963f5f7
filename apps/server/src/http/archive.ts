import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { ArchiveExportQuerySchema, ArchiveQuerySchema, EXPORT_MAX_GAMES, UsernameSchema, type ArchivePage } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCursor, type Archive } from '../db/Archive.ts';
import type { GameRecords } from '../db/GameRecords.ts';
import { HttpRefusal } from './errors.ts';
import { parsed } from './requester.ts';
import { recordKif } from './records.ts';

const RECORDS_PER_READ = 50;
const EXPORTS_PER_ADDRESS = 2;
const EXPORTS_PER_WINDOW = 20;

/**
 * A player's archive: `GET /api/players/:username/games` (a page at a time, filtered) and
 * `GET /api/players/:username/games.kif`, its games (same filters) as one KIF collection: the games'
 * records newest first, each separated from the next by an empty line, EXPORT_MAX_GAMES at most a request
 * (the rest from `?cursor=` the reply's `X-Next-Cursor`).
 */
export function registerArchiveRoutes(app: FastifyInstance, stored: GameRecords, archive: Archive, windowMs: number) {
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
    return archive.page((await player(req)).id, filter, after, limit);
  });

  // One export holds a few records in memory at a time and replays one game between two turns of the
  // event loop (a 100-ply game's replay is milliseconds; thousands in a row froze every clock: issue 46).
  // An address runs EXPORTS_PER_ADDRESS at once and EXPORTS_PER_WINDOW per window.
  const running = new Map<string, number>();
  app.get('/api/players/:username/games.kif', { config: { rateLimit: { max: EXPORTS_PER_WINDOW, timeWindow: windowMs } } }, async (req, reply) => {
    const { cursor, ...filter } = parsed(ArchiveExportQuerySchema, req.query, 'query');
    const after = cursor === undefined ? null : parseCursor(cursor);
    if (cursor !== undefined && !after) throw new HttpRefusal(400, 'malformed', 'Malformed query: cursor is not the `X-Next-Cursor` of an export.');
    const who = await player(req);
    if ((running.get(req.ip) ?? 0) >= EXPORTS_PER_ADDRESS) {
      void reply.header('retry-after', 5);
      throw new HttpRefusal(429, 'rate-limited', `At most ${EXPORTS_PER_ADDRESS} exports at once from an address; wait for one to finish.`, 5000);
    }
    running.set(req.ip, (running.get(req.ip) ?? 0) + 1);
    const done = () => {
      const left = (running.get(req.ip) ?? 1) - 1;
      if (left > 0) running.set(req.ip, left);
      else running.delete(req.ip);
    };
    try {
      const listed = await archive.page(who.id, filter, after, EXPORT_MAX_GAMES);
      if (listed.next !== null) {
        const rest = new URLSearchParams({ ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])), cursor: listed.next });
        void reply.header('x-next-cursor', listed.next).header('link', `<${req.url.split('?')[0]}?${rest}>; rel="next"`);
      }
      const origin = `${req.protocol}://${req.host}`;
      const body = Readable.from(kifRecords(listed.games.map((g) => g.gameId), origin));
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
  async function* kifRecords(ids: string[], origin: string): AsyncGenerator<string> {
    let between = '';
    for (let i = 0; i < ids.length; i += RECORDS_PER_READ) {
      for (const record of await stored.gameRecords(ids.slice(i, i + RECORDS_PER_READ))) {
        yield `${between}${recordKif(record, origin)}`;
        between = '\n';
        await setImmediate();
      }
    }
  }
}
