import { ArchiveFilterSchema, ArchiveQuerySchema, UsernameSchema, type ArchivePage, type GameRecord } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCursor, type Archive } from '../db/Archive.ts';
import type { GameRecords } from '../db/GameRecords.ts';
import { HttpRefusal } from './errors.ts';
import { parsed } from './requester.ts';
import { kifCollection } from './records.ts';

const EXPORT_PAGE = 100;

/**
 * A player's archive: `GET /api/players/:username/games` (a page at a time, filtered) and
 * `GET /api/players/:username/games.kif`, every game (same filters) as one KIF collection: the games'
 * records newest first, each separated from the next by an empty line.
 */
export function registerArchiveRoutes(app: FastifyInstance, stored: GameRecords, archive: Archive) {
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

  app.get('/api/players/:username/games.kif', async (req, reply) => {
    const filter = parsed(ArchiveFilterSchema, req.query, 'query');
    const who = await player(req);
    const origin = `${req.protocol}://${req.host}`;
    const records: GameRecord[] = [];
    const first = await archive.page(who.id, filter, null, EXPORT_PAGE);
    // an empty file would read as a broken export: say there is nothing to download
    if (first.games.length === 0) throw new HttpRefusal(404, 'no-games', 'No games match these filters.');
    for (let page = first; ; ) {
      for (const g of page.games) {
        const record = await stored.gameRecord(g.gameId);
        if (record) records.push(record);
      }
      const next = page.next === null ? null : parseCursor(page.next);
      if (!next) break;
      page = await archive.page(who.id, filter, next, EXPORT_PAGE);
    }
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${who.username}-games.kif"`)
      .send(kifCollection(records, origin));
  });
}
