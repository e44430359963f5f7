// pnpm plan:archive — the query plans of a player's archive (GET /api/players/:name/games) on Postgres,
// for a player with 10,000 finished games among 50,000. It makes a fresh database on DATABASE_URL's
// server, applies the migrations as the server does, seeds it in SQL, ANALYZEs, and prints
// EXPLAIN (ANALYZE, BUFFERS) of the archive's own SQL (Archive.pageSql): the first page, a page deep
// behind a cursor, and a filtered page. The database is dropped at the end (ARCHIVE_PLAN_KEEP=1 keeps it).
// Env: DATABASE_URL (required, e.g. postgresql://postgres@127.0.0.1:5432/postgres).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { defaultConfig } from '../src/config.ts';
import { Archive } from '../src/db/Archive.ts';
import { openDatabase, type Prisma } from '../src/db/database.ts';
import { Prisma as P } from '../src/generated/prisma/client.ts';

const PLAYER_GAMES = 10_000;
const OTHER_GAMES = 40_000;
const base = process.env.DATABASE_URL;
if (!base) throw new Error('DATABASE_URL: a Postgres server to make the database on');

const name = `chu_archive_plan_${Date.now()}`;
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
};
await admin(`CREATE DATABASE "${name}"`);
const url = new URL(base);
url.pathname = `/${name}`;
const db = await openDatabase({
  databaseUrl: url.toString(), dataDir: await mkdtemp(join(tmpdir(), 'chu-plan-')), migrationsDir: defaultConfig().migrationsDir,
});
const prisma = db.prisma;

// Users u0 … u199; 'ana' is u0. Her games alternate seats, variants, time controls and results; the other
// games are between the others. One room per game, as a casual room or a ranked pairing makes.
await prisma.$executeRawUnsafe(`
  INSERT INTO users (id, username, password_hash) SELECT 'u' || i, CASE WHEN i = 0 THEN 'ana' ELSE 'player' || i END, 'x'
  FROM generate_series(0, 199) i`);
await prisma.$executeRawUnsafe(`
  INSERT INTO rooms (id, code, host_device_id, options, seats)
  SELECT 'r' || i, 'C' || i, 'd', '{}', '{}' FROM generate_series(1, ${PLAYER_GAMES + OTHER_GAMES}) i`);
await prisma.$executeRawUnsafe(`
  INSERT INTO games (id, room_id, number, options, start_sfen, seats, status, winner, reason, rated, created_at, finished_at)
  SELECT 'g' || lpad(i::text, 6, '0'), 'r' || i, 1,
    jsonb_build_object('variant', CASE WHEN i % 5 = 0 THEN 'dai' ELSE 'chu' END, 'startSfen', NULL,
      'turnTime', CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN 30 ELSE 60 END),
    'sfen',
    jsonb_build_object(
      'black', jsonb_build_object('kind', 'human', 'deviceId', 'd' || b, 'name', CASE WHEN b = 0 THEN 'ana' ELSE 'player' || b END, 'userId', 'u' || b),
      'white', jsonb_build_object('kind', 'human', 'deviceId', 'd' || w, 'name', 'player' || w, 'userId', 'u' || w)),
    'finished', CASE i % 3 WHEN 0 THEN 'black' WHEN 1 THEN 'white' ELSE NULL END, 'resign', i % 2 = 0,
    timestamp '2026-01-01' + i * interval '1 minute', timestamp '2026-01-01' + i * interval '1 minute' + interval '20 minutes'
  FROM (
    SELECT i,
      CASE WHEN i <= ${PLAYER_GAMES} AND i % 2 = 0 THEN 0 ELSE 1 + (i * 7) % 199 END AS b,
      CASE WHEN i <= ${PLAYER_GAMES} AND i % 2 = 1 THEN 0 ELSE 1 + (i * 13) % 199 END AS w
    FROM generate_series(1, ${PLAYER_GAMES + OTHER_GAMES}) i
  ) s`);
await prisma.$executeRawUnsafe('ANALYZE');

const archive = new Archive(prisma);
const ana = (await archive.player('ana'))!;
const explain = async (title: string, sql: Prisma.Sql) => {
  const rows = await prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(P.sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`);
  console.log(`\n## ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
};
const count = await prisma.$queryRaw<{ n: number }[]>(P.sql`SELECT count(*)::int AS n FROM games WHERE seats->'black'->>'userId' = 'u0' OR seats->'white'->>'userId' = 'u0'`);
console.log(`ana has ${count[0].n} finished games of ${PLAYER_GAMES + OTHER_GAMES}`);
await explain('first page (limit 20)', archive.pageSql(ana.id, {}, null, 21));
const middle = await prisma.$queryRaw<{ finished_at: Date; id: string }[]>(P.sql`SELECT finished_at, id FROM games WHERE id = 'g005000'`);
await explain('a page behind a cursor, 5,000 games deep', archive.pageSql(ana.id, {}, { finishedAt: middle[0].finished_at, id: middle[0].id }, 21));
await explain('filtered: variant=dai, result=loss, control=turn30, opponent=player8', archive.pageSql(ana.id, { variant: 'dai', result: 'loss', control: 'turn30', opponent: 'player8' }, null, 21));

await db.close();
if (!process.env.ARCHIVE_PLAN_KEEP) await admin(`DROP DATABASE "${name}" WITH (FORCE)`);
