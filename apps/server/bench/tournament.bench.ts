// pnpm bench:tournament — arena pairing latency with many entrants. One server in this process (PGlite,
// a fresh database; Postgres with DATABASE_URL), BENCH_ENTRANTS bot accounts (50) in an arena of
// BENCH_MINUTES clock minutes (5) on a clock BENCH_MS_PER_SECOND times faster than real (100 ms a clock
// second: 30 s of real time). Each bot ends its games at once (one of the two resigns), so what is
// measured is the server's side: for every entrant's next game, the real milliseconds from the end of
// its last game (as stored) to its new pairing (as stored), and how many games were played.
import { account, post } from '../test/support/http.ts';
import { botServerConfig, TournamentBot, untilTournament } from '../test/support/tournamentBot.ts';
import { startTestServer } from '../test/support/testServer.ts';

const ENTRANTS = Number(process.env.BENCH_ENTRANTS ?? 50);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 5);
const MS_PER_SECOND = Number(process.env.BENCH_MS_PER_SECOND ?? 100);

const server = await startTestServer(botServerConfig(MS_PER_SECOND));
const bots: TournamentBot[] = [];
try {
  // who wins a game: decided by the names, so each pair's result is fixed and both sides agree
  const rank = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1009, 7);
  for (let i = 0; i < ENTRANTS; i++) {
    const me = `bench${i}`;
    bots.push(await TournamentBot.create(server.url, me, (opponent) => (rank(me) > rank(opponent) ? 'win' : 'lose')));
  }
  const org = await account(server.url, 'organiser');
  const made = await post(server.url, '/api/tournaments', { kind: 'arena', name: 'Bench arena', startsAt: Date.now() + 3_600_000, minutes: MINUTES, control: '10m+30b' }, { bearer: org.token });
  const { id } = (await made.json()) as { id: string };
  for (const b of bots) await b.entry(id, 'join');
  bots.forEach((b) => b.start());
  await server.db.prisma.tournament.update({ where: { id }, data: { startsAt: new Date() } });
  const started = Date.now();
  await untilTournament(server.url, id, (t) => t.status === 'finished', MINUTES * 60 * MS_PER_SECOND + 120_000);
  const pairings = await server.db.prisma.tournamentPairing.findMany({ where: { tournamentId: id }, include: { game: true }, orderBy: { round: 'asc' } });
  const waits: number[] = [];
  for (const b of new Set(pairings.flatMap((p) => [p.blackId, p.whiteId]))) {
    const mine = pairings.filter((p) => p.blackId === b || p.whiteId === b);
    for (let i = 1; i < mine.length; i++) {
      const ended = mine[i - 1].game?.finishedAt;
      if (ended) waits.push(mine[i].createdAt.getTime() - ended.getTime());
    }
  }
  waits.sort((a, b) => a - b);
  const at = (p: number) => waits[Math.min(waits.length - 1, Math.floor((p / 100) * waits.length))];
  console.log(`arena: ${ENTRANTS} entrants, ${MINUTES} clock min at ${MS_PER_SECOND} ms a clock second (${((Date.now() - started) / 1000).toFixed(1)} s real), db ${server.db.kind}`);
  console.log(`games paired: ${pairings.length}, finished: ${pairings.filter((p) => p.result).length}`);
  console.log(`from a game's end to the entrant's next pairing (real ms, ${waits.length} waits): p50 ${at(50)}  p90 ${at(90)}  p99 ${at(99)}  max ${waits.at(-1)}`);
  console.log('(an entrant may wait for a free opponent who fits: not the last one, colours not leaning the same way)');
} finally {
  await Promise.all(bots.map((b) => b.stop()));
  await server.stop();
}
process.exit(0);
