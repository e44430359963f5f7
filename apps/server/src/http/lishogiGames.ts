import { API_VARIANTS, ApiGameExportQuerySchema, ApiGamesQuerySchema, IdSchema, UsernameSchema, type GameRecord } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { GameLink, type GameLine } from '../api/GameLink.ts';
import { gameJson, userJson } from '../api/lishogiShapes.ts';
import type { Loopback } from '../api/Loopback.ts';
import { MoveStream } from '../api/moveStream.ts';
import type { NdjsonStreams } from '../api/NdjsonStreams.ts';
import { parseCursor, type Archive, type ArchiveCursor } from '../db/Archive.ts';
import type { GameRecords } from '../db/GameRecords.ts';
import type { GameFacts, PublicFacts } from '../db/PublicFacts.ts';
import type { ServerConfig } from '../config.ts';
import type { Identity } from '../identity/Identity.ts';
import { HttpRefusal } from './errors.ts';
import { pacedExport } from './exportPacing.ts';
import type { Slots } from './Slots.ts';
import { recordKif } from './records.ts';
import { parsed, requestViewer } from './requester.ts';

export interface LishogiGamesDeps {
  identity: Identity;
  records: GameRecords;
  archive: Archive;
  facts: PublicFacts;
  slots: Slots; // shared with the archive's KIF export: an address's exports at once, whichever door
  limits: ServerConfig['exports'];
  windowMs: number;
  origin(req: FastifyRequest): string;
  /** A spectator's stream of a game: the API's socket to this process, its NDJSON streams, the streams an address has open. */
  watch: { loopback: Loopback; streams: NdjsonStreams; slots: Slots };
}

/** A spectator's game streams open at once from one address (lishogi's number). */
export const WATCH_STREAMS_PER_ADDRESS = 8;

/** KIF when asked for (`?format=kif`, or an Accept naming KIF before JSON); else lishogi's JSON. */
function wantsKif(req: FastifyRequest, format: string | undefined): boolean {
  if (format) return format === 'kif';
  const accept = req.headers.accept ?? '';
  return accept.includes('application/x-kif');
}

/**
 * The game export in lishogi's shapes (issue 50), open to anyone as the site's own records are:
 * `GET /api/games/user/{username}` (a player's finished games, newest first, NDJSON or KIF, paced as the
 * archive's export is), `GET /api/game/export/{id}` (one game) and `GET /api/user/{username}` (an account).
 */
export function registerLishogiGames(app: FastifyInstance, deps: LishogiGamesDeps) {
  const { identity, records, archive, facts, slots, limits } = deps;

  /** Records with their facts, read together for the few ids of a step. */
  const withFacts = async (ids: string[], viewer: Awaited<ReturnType<typeof requestViewer>>) => {
    const [read, known] = await Promise.all([records.gameRecords(ids, viewer), facts.games(ids)]);
    return read.flatMap((record) => {
      const f = known.get(record.id);
      return f ? [{ record, facts: f }] : [];
    });
  };

  app.get('/api/games/user/:username', { config: { rateLimit: { max: limits.perWindow, timeWindow: deps.windowMs } } }, async (req, reply) => {
    const q = parsed(ApiGamesQuerySchema, req.query, 'query');
    const name = UsernameSchema.safeParse((req.params as { username: string }).username);
    const who = name.success ? await archive.player(name.data) : null;
    if (!who) throw new HttpRefusal(404, 'no-player', 'No such player.');
    // lishogi pages by `until`; our cursor (X-Next-Cursor) continues an export exactly where the cap cut it
    let after: ArchiveCursor | null = q.until === undefined ? null : { finishedAt: new Date(q.until + 1), id: '' };
    if (q.cursor !== undefined) {
      after = parseCursor(q.cursor);
      if (!after) throw new HttpRefusal(400, 'malformed', 'Malformed query: cursor is not the `X-Next-Cursor` of an export.');
    }
    const kif = wantsKif(req, q.format);
    const done = slots.take(req.ip, reply);
    try {
      const viewer = await requestViewer(identity, req);
      const filter = {
        ...(q.rated !== undefined ? { rated: q.rated } : {}),
        ...(q.variant ? { variant: API_VARIANTS[q.variant] } : {}),
        ...(q.vs ? { opponent: q.vs } : {}),
      };
      const span = { ...(q.since !== undefined ? { since: new Date(q.since) } : {}), ...(q.color ? { color: q.color === 'sente' ? 'black' as const : 'white' as const } : {}) };
      const listed = await archive.ids(who.id, filter, after, Math.min(q.max ?? limits.maxGames, limits.maxGames), span);
      // more than the cap asked for: the rest from the cursor (a smaller `max` asked for no more)
      if (listed.next !== null && (q.max === undefined || q.max > limits.maxGames)) {
        const { cursor: _, until: __, ...rest } = req.query as Record<string, string>;
        const next = new URLSearchParams({ ...rest, cursor: listed.next });
        void reply.header('x-next-cursor', listed.next).header('link', `<${req.url.split('?')[0]}?${next}>; rel="next"`);
      }
      const origin = deps.origin(req);
      const render = kif
        ? (g: { record: GameRecord }, i: number) => `${i === 0 ? '' : '\n'}${recordKif(g.record, origin)}`
        : (g: { record: GameRecord; facts: GameFacts }) => `${JSON.stringify(gameJson(g.record, g.facts))}\n`;
      const body = Readable.from(pacedExport(listed.ids, (ids) => withFacts(ids, viewer), render));
      body.once('close', done); // read to the end, or the client went away
      return reply.type(kif ? 'text/plain; charset=utf-8' : 'application/x-ndjson').send(body);
    } catch (e) {
      done();
      throw e;
    }
  });

  app.get('/api/game/export/:id', async (req, reply) => {
    const q = parsed(ApiGameExportQuerySchema, req.query, 'query');
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    const found = id.success ? (await withFacts([id.data], await requestViewer(identity, req)))[0] : undefined;
    if (!found) throw new HttpRefusal(404, 'no-game', 'No such game.');
    if (wantsKif(req, q.format)) return reply.type('text/plain; charset=utf-8').send(recordKif(found.record, deps.origin(req)));
    return gameJson(found.record, found.facts);
  });

  // a spectator's stream of a game in play (lishogi's MoveStream): any game the site shows the requester
  app.get('/api/stream/game/:id', async (req, reply) => {
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    const record = id.success ? (await records.gameRecords([id.data], await requestViewer(identity, req)))[0] : undefined;
    // a private room's game is its players' to see: to anyone else it is no game at all
    if (!record?.roomCode) throw new HttpRefusal(404, 'no-game', 'No such game.');
    const done = deps.watch.slots.take(req.ip, reply);
    const opened = await GameLink.watch(deps.watch.loopback, record.roomCode, record.id).catch(() => null);
    if (!opened?.ok) {
      done();
      throw new HttpRefusal(404, 'no-game', opened?.message ?? 'No such game in play.');
    }
    const link = opened.link;
    const stream = deps.watch.streams.open(reply, null);
    stream.onEnd(() => { done(); link.close(); });
    const moves = new MoveStream(link.view!);
    const { full, stop } = link.follow((line: GameLine) => {
      if (line === null) return stream.end();
      if (line.type !== 'gameState') return; // the spectators' chat is not in lishogi's stream
      const position = moves.position(line);
      if (position) stream.write(position);
      if (line.status !== 'started') {
        stream.write(moves.description(line));
        stream.end();
      }
    });
    stream.onEnd(stop);
    if (!full) return stream.end();
    stream.write(moves.description(full.state));
    stream.write(moves.position(full.state, true)!);
    if (full.state.status !== 'started') stream.end();
  });

  app.get('/api/user/:username', async (req) => {
    const name = UsernameSchema.safeParse((req.params as { username: string }).username);
    const found = name.success ? await facts.account(name.data) : null;
    if (!found) throw new HttpRefusal(404, 'no-player', 'No such player.');
    return userJson(found, deps.origin(req));
  });
}
