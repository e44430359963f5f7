import { CreateTournamentSchema, TOURNAMENT_ANNOUNCE_MS, TournamentIdParamsSchema, type TournamentList, type TournamentView } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GameRecords } from '../db/GameRecords.ts';
import type { Done, TournamentStore } from '../db/TournamentStore.ts';
import type { Identity } from '../identity/Identity.ts';
import type { Tournaments } from '../tournaments/Tournaments.ts';
import { HttpRefusal } from './errors.ts';
import { kifCollection } from './records.ts';
import { parsed, requestAccount } from './requester.ts';

/** How many creations, and how many entry changes, one address makes within the limits' window. */
export const TOURNAMENT_LIMITS = { creates: 10, entries: 60 } as const;

const STATUS = { 'no-tournament': 404, 'tournament-closed': 409, 'tournament-full': 409, 'too-many-tournaments': 409 } as const;

/**
 * Tournaments over HTTP: the list, one tournament, its games as one KIF collection; and, with an
 * account, creating one, joining, leaving and withdrawing. An entry change is stored, then answered,
 * then told to the tournament's watchers; the process that runs the tournament reads it from the
 * database at its next upkeep.
 */
export function registerTournamentRoutes(
  app: FastifyInstance, identity: Identity, stored: GameRecords, tournaments: TournamentStore, runner: Tournaments, windowMs: number,
) {
  const account = (req: FastifyRequest) => requestAccount(identity, req);
  const idOf = (req: FastifyRequest): string => {
    const p = TournamentIdParamsSchema.safeParse(req.params);
    if (!p.success) throw new HttpRefusal(404, 'no-tournament', 'No such tournament.');
    return p.data.id;
  };
  const done = async <T>(id: string | null, r: Done<T>): Promise<T> => {
    if (!r.ok) throw new HttpRefusal(STATUS[r.code], r.code, r.message);
    if (id) await runner.announce(id);
    return r.value;
  };
  const entries = { config: { rateLimit: { max: TOURNAMENT_LIMITS.entries, timeWindow: windowMs } } };

  app.get('/api/tournaments', async (): Promise<TournamentList> => tournaments.list());

  app.post('/api/tournaments', { config: { rateLimit: { max: TOURNAMENT_LIMITS.creates, timeWindow: windowMs } } }, async (req) => {
    const settings = parsed(CreateTournamentSchema, req.body);
    const who = await account(req);
    // a minute's slack for a form filled in just before the hour
    if (settings.startsAt < Date.now() - 60_000) throw new HttpRefusal(400, 'malformed', 'Malformed body: startsAt is in the past.');
    // one announced for a far year would hold a place in its organiser's limit for ever
    if (settings.startsAt > Date.now() + TOURNAMENT_ANNOUNCE_MS) throw new HttpRefusal(400, 'malformed', `Malformed body: startsAt is more than ${TOURNAMENT_ANNOUNCE_MS / 86_400_000} days ahead.`);
    const id = await done(null, await tournaments.create(who.user.id, settings));
    return { id };
  });

  app.get('/api/tournaments/:id', async (req): Promise<{ tournament: TournamentView }> => {
    const view = await runner.view(idOf(req));
    if (!view) throw new HttpRefusal(404, 'no-tournament', 'No such tournament.');
    return { tournament: view };
  });

  app.post('/api/tournaments/:id/join', entries, async (req) => {
    const id = idOf(req);
    const who = await account(req);
    await done(id, await tournaments.join(id, who.user, who.id));
    return { ok: true };
  });

  app.post('/api/tournaments/:id/leave', entries, async (req) => {
    const id = idOf(req);
    await done(id, await tournaments.leave(id, (await account(req)).user.id));
    return { ok: true };
  });

  app.post('/api/tournaments/:id/withdraw', entries, async (req) => {
    const id = idOf(req);
    await done(id, await tournaments.withdraw(id, (await account(req)).user.id));
    return { ok: true };
  });

  // Every game of the tournament that started, in pairing order, as one KIF collection.
  app.get('/api/tournaments/:id/games.kif', async (req, reply) => {
    const view = await runner.view(idOf(req));
    if (!view) throw new HttpRefusal(404, 'no-tournament', 'No such tournament.');
    const records = [];
    for (const g of view.games) {
      const record = g.gameId ? await stored.gameRecord(g.gameId, null) : null; // a tournament's games are listed: codes for anyone
      if (record) records.push(record);
    }
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="tournament-${view.id}.kif"`)
      .send(kifCollection(records, `${req.protocol}://${req.host}`));
  });
}
