import { Readable } from 'node:stream';
import { ArchiveExportQuerySchema, ArchiveQuerySchema, UsernameSchema, type ArchivePage, type Viewer } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCursor, type Archive } from '../db/Archive.ts';
import type { GameRecords } from '../db/GameRecords.ts';
import { HttpRefusal } from './errors.ts';
import type { ServerConfig } from '../config.ts';
import type { Identity } from '../identity/Identity.ts';
import { parsed, requestViewer } from './requester.ts';
import { recordKif } from './records.ts';
import { pacedExport } from './exportPacing.ts';
import type { Slots } from './Slots.ts';

/**
 * A player's archive: `GET /api/players/:username/games` (a page at a time, filtered) and
 * `GET /api/players/:username/games.kif`, its games (same filters) as one KIF collection: the games'
 * records newest first, each separated from the next by an empty line, `limits.maxGames` at most a request
 * (the rest from `?cursor=` the reply's `X-Next-Cursor`).
 */
export function registerArchiveRoutes(
  app: FastifyInstance, identity: Identity, stored: GameRecords, archive: Archive, limits: ServerConfig['exports'], windowMs: number, slots: Slots,
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
  // exportPacing): a 100-ply game's replay is milliseconds; thousands in a row froze every clock (issue 46).
  app.get('/api/players/:username/games.kif', { config: { rateLimit: { max: limits.perWindow, timeWindow: windowMs } } }, async (req, reply) => {
    const { cursor, ...filter } = parsed(ArchiveExportQuerySchema, req.query, 'query');
    const after = cursor === undefined ? null : parseCursor(cursor);
    if (cursor !== undefined && !after) throw new HttpRefusal(400, 'malformed', 'Malformed query: cursor is not the `X-Next-Cursor` of an export.');
    const who = await player(req);
    const done = slots.take(req.ip, reply);
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
      const body = Readable.from(pacedExport(listed.ids, (ids) => stored.gameRecords(ids, viewer), (record, i) => `${i === 0 ? '' : '\n'}${recordKif(record, origin)}`));
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
}
