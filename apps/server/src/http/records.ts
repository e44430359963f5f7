import { DELETED_PLAYER, IdSchema, rulesOptions, type GameRecord } from '@chu/protocol';
import { Game, kifDate, kifTimeControl, toKif } from '@chu/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GameRecords } from '../db/GameRecords.ts';
import type { Identity } from '../identity/Identity.ts';
import { requestViewer } from './requester.ts';

const PlyQuerySchema = z.object({ ply: z.coerce.number().int().min(0).max(100_000).optional() }).strict();

// A stored game always replays; if it does not, that is a bug to hear about, not a 4xx.
function replay(record: GameRecord, plies = record.moves.length): Game {
  const game = Game.replay(record.moves.slice(0, plies), rulesOptions(record.options), record.startSfen);
  if (!game.ok) throw new Error(`stored game ${record.id} does not replay at ply ${game.error.ply}`);
  return game.value;
}

// A file leaves the site with no client to word the marker, so a deleted account is named in the file's own words.
const kifName = (name: string | null): string | undefined => (name === DELETED_PLAYER ? 'deleted player' : name ?? undefined);

/**
 * Each move's time as KIF writes it: what the server measured, less the lag it credited back (the time
 * the mover's clock was charged). A real-time clock's only: lishogi writes none for correspondence, whose
 * moves take days, and an untimed game has no clock.
 */
function moveTimes(record: GameRecord): number[] | undefined {
  const kind = record.options.timeControl.kind;
  if (kind !== 'clock' && kind !== 'turn') return undefined;
  return record.times.map((ms, ply) => Math.max(0, ms - (record.clocks[ply]?.lagCreditMs ?? 0)));
}

/** A stored game as chu KIF, its site under `origin` ("https://chu.example"): its time control and each move's time. */
export function recordKif(record: GameRecord, origin: string): string {
  return toKif(replay(record), {
    black: kifName(record.seats.black.name),
    white: kifName(record.seats.white.name),
    start: kifDate(new Date(record.createdAt)),
    ...(record.finishedAt ? { end: kifDate(new Date(record.finishedAt)) } : {}),
    event: record.tournament?.name ?? 'Chu Shogi Online', // a tournament's game names its tournament
    site: record.roomCode === null ? origin : `${origin}/r/${record.roomCode}`,
    ...(kifTimeControl(record.options.timeControl) ? { timeControl: kifTimeControl(record.options.timeControl)! } : {}),
    ...(record.outcome ? { outcome: record.outcome } : {}),
  }, moveTimes(record));
}

/** Records as one KIF collection: each game's KIF, an empty line between one and the next. */
export const kifCollection = (records: GameRecord[], origin: string): string => records.map((r) => recordKif(r, origin)).join('\n');

/**
 * Game records that travel: `GET /api/games/:id.kif` in the chu KIF lishogi reads, and
 * `GET /api/games/:id.sfen` for the position after the last move (or after `?ply=N` moves).
 */
export function registerRecordRoutes(app: FastifyInstance, identity: Identity, records: GameRecords) {
  const load = async (req: FastifyRequest, reply: FastifyReply): Promise<GameRecord | undefined> => {
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    const record = id.success ? await records.gameRecord(id.data, await requestViewer(identity, req)) : null;
    if (!record) void reply.code(404).send({ code: 'no-game', message: 'No such game.' });
    return record ?? undefined;
  };

  app.get('/api/games/:id.kif', async (req, reply) => {
    const record = await load(req, reply);
    if (!record) return;
    const kif = recordKif(record, `${req.protocol}://${req.host}`);
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${record.options.variant}-${record.id}.kif"`)
      .send(kif);
  });

  app.get('/api/games/:id.sfen', async (req, reply) => {
    const query = PlyQuerySchema.safeParse(req.query ?? {});
    if (!query.success) return reply.code(400).send({ code: 'malformed', message: `Malformed query: ${query.error.issues[0]?.message ?? 'invalid'}.` });
    const record = await load(req, reply);
    if (!record) return;
    const ply = query.data.ply ?? record.moves.length;
    if (ply > record.moves.length) return reply.code(400).send({ code: 'malformed', message: `The game has ${record.moves.length} moves, not ${ply}.` });
    return reply.type('text/plain; charset=utf-8').send(`${replay(record, ply).sfen()}\n`);
  });
}
