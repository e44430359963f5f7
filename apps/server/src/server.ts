import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import { FRAME_CAP, sitePrefix, type ServerConfig } from './config.ts';
import { CpuDesk } from './cpu/CpuDesk.ts';
import type { CpuPlayer } from './cpu/CpuPlayer.ts';
import { LocalMoves, type MoveSource } from './cpu/MoveSource.ts';
import { openDatabase, type Database } from './db/database.ts';
import { Archive } from './db/Archive.ts';
import { NotificationStore } from './db/NotificationStore.ts';
import { PushStore } from './db/PushStore.ts';
import { Store } from './db/Store.ts';
import { GameRecords } from './db/GameRecords.ts';
import { TournamentStore } from './db/TournamentStore.ts';
import { clientErrorHandler, engineErrorsAsProtocol, frameworkErrors, installErrorHandling, installNotFound } from './http/errors.ts';
import { acceptJsonBodies } from './http/json.ts';
import { openRedis, registerLimits } from './http/limits.ts';
import { registerArchiveRoutes } from './http/archive.ts';
import { registerChallengeRoutes } from './http/challenges.ts';
import { registerApiTokenRoutes } from './http/apiTokens.ts';
import { apiDoor } from './http/apiCaller.ts';
import { apiAccount, registerLishogiApi } from './http/lishogiApi.ts';
import { registerLishogiGames, WATCH_STREAMS_PER_ADDRESS } from './http/lishogiGames.ts';
import { Slots } from './http/Slots.ts';
import { PublicFacts } from './db/PublicFacts.ts';
import { GameLinks } from './api/GameLinks.ts';
import { Loopback } from './api/Loopback.ts';
import { NdjsonStreams } from './api/NdjsonStreams.ts';
import { ApiTokens } from './identity/ApiTokens.ts';
import { registerFriendRoutes } from './http/friends.ts';
import { Challenges } from './friends/Challenges.ts';
import { Friends } from './friends/Friends.ts';
import { Whereabouts } from './friends/Whereabouts.ts';
import { registerRecordRoutes } from './http/records.ts';
import { registerRoutes } from './http/routes.ts';
import { registerTournamentRoutes } from './http/tournaments.ts';
import { registerNotificationRoutes } from './http/notifications.ts';
import { registerLearnRoutes } from './http/learn.ts';
import { LessonProgress } from './learn/LessonProgress.ts';
import { registerPuzzleRoutes } from './http/puzzles.ts';
import { PuzzleDesk } from './puzzles/PuzzleDesk.ts';
import { serveWebClient } from './http/webClient.ts';
import { Health } from './health.ts';
import { Identity } from './identity/Identity.ts';
import { Bots } from './identity/Bots.ts';
import { openCluster } from './cluster.ts';
import { Metrics } from './metrics.ts';
import { createLogger, type Logger } from './log.ts';
import { Fanout } from './realtime/Fanout.ts';
import { Forwarding } from './realtime/Forwarding.ts';
import { Gateway } from './realtime/Gateway.ts';
import { LobbyFeed } from './realtime/LobbyFeed.ts';
import { RankedPairing } from './realtime/RankedPairing.ts';
import { tellUnreadOnConnect } from './realtime/NotificationSockets.ts';
import { GameNoticesToAccounts } from './notifications/GameNotices.ts';
import { Notifications } from './notifications/Notifications.ts';
import { WebPush } from './notifications/WebPush.ts';
import { GameStarts } from './rooms/GameStarts.ts';
import { Lobby } from './rooms/Lobby.ts';
import { Matchmaker } from './ranked/Matchmaker.ts';
import { RatingBook } from './ranked/RatingBook.ts';
import { Tournaments } from './tournaments/Tournaments.ts';

export interface ChuServer {
  url: string;
  port: number;
  db: Database;
  app: FastifyInstance;
  io: SocketServer;
  log: Logger;
  notifications: Notifications;
  close(): Promise<void>;
}

// Builds and starts the whole server: database (migrated), HTTP, Socket.IO, restored games.
export async function startServer(config: ServerConfig, opts: { cpu?: CpuPlayer } = {}): Promise<ChuServer> {
  const log = createLogger(config.logLevel, config.logFile);
  const redis = config.redisUrl ? await openRedis(config.redisUrl, log) : null;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrationsDir: config.migrationsDir, log });
  const store = new Store(db.prisma);
  const records = new GameRecords(db.prisma); // the HTTP read models of stored games
  const archive = new Archive(db.prisma);
  let ready = false;

  const app = Fastify({
    loggerInstance: log,
    bodyLimit: config.maxMessageBytes,
    // A slow or stalled client (headers or a body that never end) is answered 408 (http/errors.ts) and
    // let go; Node looks for them every second instead of its default 30.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs) },
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
  }) as unknown as FastifyInstance;
  installErrorHandling(app);
  acceptJsonBodies(app);
  await app.register(fastifyCookie);
  const limits = await registerLimits(app, config, redis);
  const io = new SocketServer(app.server, {
    maxHttpBufferSize: FRAME_CAP * config.maxMessageBytes,
    serveClient: false,
    pingInterval: config.pingIntervalMs,
    pingTimeout: 8_000,
  });
  engineErrorsAsProtocol(io.engine);

  const cluster = await openCluster(config, db, io, redis, log);
  const identity = new Identity(db.prisma, config.deviceIdleDays, cluster.identityChanges);
  const metrics = new Metrics({ role: 'server', process: cluster.self });
  const local = opts.cpu ? LocalMoves.fromPlayer(opts.cpu) : await LocalMoves.forConfig(config, log);
  // the job queue (bullmq, ~15 MB resident) loads only where there is a Redis to hold it
  const cpu: MoveSource = redis
    ? await (await import('./cpu/QueuedMoves.ts')).QueuedMoves.open({ redis, prefix: sitePrefix(config), local, id: cluster.self, metrics, log })
    : local;
  // Built in the order they depend on each other: the way out, the rooms, then the edge that feeds them.
  const fanout = new Fanout(io);
  const webPush = await WebPush.open(new PushStore(db.prisma), config.push, log);
  const notifications = new Notifications(new NotificationStore(db.prisma), fanout, webPush, log);
  const ratings = new RatingBook(db.prisma);
  const friends = new Friends(db.prisma);
  const lobby = new Lobby({
    store, ratings, cpu: new CpuDesk(cpu, { replyMs: config.cpuReplyMs ?? undefined, metrics }), outlet: fanout, log, msPerSecond: config.msPerSecond, cpuDelayMs: config.cpuDelayMs,
    blocks: friends,
    notices: new GameNoticesToAccounts(notifications, log),
  }, cluster.ownership, config.rooms);
  const starts = new GameStarts(lobby, { outlet: fanout, log });
  const challenges = new Challenges(db.prisma, friends, starts, fanout, config.challenges, log, {
    // stored for the bell (and pushed when no tab is open); told once per challenge
    challenged: async (accountId, c) => { await notifications.notify(accountId, { kind: 'challenge', challengeId: c.id, from: c.from }, { once: `challenge:${c.id}` }); },
  });
  const bots = new Bots(db.prisma);
  const matchmaker = new Matchmaker(ratings, bots, cluster.seekers);
  const tournamentStore = new TournamentStore(db.prisma);
  const tournaments = new Tournaments({
    store: tournamentStore, starts, ratings, outlet: fanout, presence: fanout, leases: cluster.tournamentLeases, log, msPerSecond: config.msPerSecond,
    notify: (accountId, input, opts) => notifications.notify(accountId, input, opts),
  });
  const lobbyFeed = new LobbyFeed(io, lobby, fanout, config, log);
  const pairing = new RankedPairing(matchmaker, starts, fanout, log);
  const forwarding = new Forwarding(io, lobby, store, cluster.ownership, fanout, config, log);
  const apiTokens = new ApiTokens(db.prisma);
  // the API's socket to this process itself (api/Loopback): its address once the server listens
  const loopback = new Loopback(() => `http://${loopbackHost(config.host)}:${(app.server.address() as { port: number }).port}`);
  const gateway = new Gateway(io, fanout, identity, lobby, forwarding, lobbyFeed, { pairing, matchmaker }, tournaments, config, redis, log, metrics, { tokens: apiTokens, key: loopback.key });
  metrics.read.games = () => lobby.activeGames();
  metrics.read.sockets = () => io.engine.clientsCount;
  gateway.attach();
  tellUnreadOnConnect(io, identity, notifications, log);

  const health = new Health([
    { name: 'database', ping: () => db.prisma.$queryRaw`SELECT 1` },
    ...(redis ? [{ name: 'redis', ping: () => redis.ping() }] : []),
  ], config.healthTimeoutMs, () => ready);
  const lessons = new LessonProgress(db.prisma);
  const door = apiDoor(apiTokens, limits);
  const facts = new PublicFacts(db.prisma);
  const siteOrigin = (req: FastifyRequest) => config.publicOrigin ?? `${req.protocol}://${req.host}`;
  registerRoutes(app, {
    apiAccount: apiAccount(door, facts, siteOrigin),
    identity, lobby, records, archive, lessons, ratings, health, metrics, limits, origin: config, deviceIdleDays: config.deviceIdleDays, dbKind: db.kind, msPerSecond: config.msPerSecond,
    identityChanged: (devices) => gateway.identityChanged(devices),
    accountDeleted: (userId) => gateway.accountDeleted(userId),
  });
  registerRecordRoutes(app, identity, records);
  registerTournamentRoutes(app, identity, records, tournamentStore, tournaments, config.httpLimits.windowMs);
  const exportSlots = new Slots(config.exports.perAddress, `At most ${config.exports.perAddress} exports at once from an address; wait for one to finish.`);
  registerArchiveRoutes(app, identity, records, archive, config.exports, config.httpLimits.windowMs, exportSlots);
  registerFriendRoutes(app, { identity, friends, whereabouts: new Whereabouts(db.prisma, fanout), challenges, limits });
  registerChallengeRoutes(app, { identity, challenges, limits });
  registerNotificationRoutes(app, identity, notifications, webPush);
  registerLearnRoutes(app, identity, lessons);
  registerApiTokenRoutes(app, { identity, tokens: apiTokens, limits });
  const apiStreams = new NdjsonStreams(config.api.keepAliveMs, apiTokens);
  const gameLinks = new GameLinks(loopback, store, apiTokens, config.api.idleMs);
  registerLishogiApi(app, {
    door, bots, links: gameLinks, loopback, streams: apiStreams, challenges, limits,
    gameStreams: new Slots(1, 'This token streams this game already: one stream per game and token; close the other first.'),
    gamesInPlay: (userId) => bots.gamesInPlay(userId),
    origin: siteOrigin,
  });
  registerLishogiGames(app, {
    identity, records, archive, facts, slots: exportSlots, limits: config.exports, windowMs: config.httpLimits.windowMs,
    watch: { loopback, streams: apiStreams, slots: new Slots(WATCH_STREAMS_PER_ADDRESS, `At most ${WATCH_STREAMS_PER_ADDRESS} game streams at once from an address; close one first.`) },
    origin: siteOrigin,
  });
  registerPuzzleRoutes(app, identity, new PuzzleDesk(db.prisma, () => import('@chu/puzzles').then((m) => m.PuzzleBook.shipped())));
  const web = await serveWebClient(app, config.webDist);
  if (!web) installNotFound(app);

  const restored = await lobby.restore();
  if (config.redisUrl) lobby.keepLeases(config.leaseMs);
  lobby.letEmptyRoomsGo();
  await app.listen({ port: config.port, host: config.host });
  pairing.start();
  lobbyFeed.start();
  tournaments.start();
  challenges.startExpiring();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  ready = true;
  log.info({ port, db: db.kind, restored, web }, 'chu server ready');

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    db,
    app,
    io,
    log,
    notifications,
    async close() {
      ready = false;
      gateway.stop();
      pairing.stop();
      lobbyFeed.stop();
      tournaments.stop();
      challenges.stop();
      apiStreams.closeAll();
      gameLinks.close();
      // Sockets first (their disconnects still reach the rooms), then the rooms' timers, then storage.
      io.disconnectSockets(true);
      await new Promise((r) => setImmediate(r));
      lobby.close();
      await notifications.settled();
      webPush.close();
      // an API stream's connection whose client hung up may linger half-open: the streams ended, so every connection goes
      app.server.closeAllConnections();
      await new Promise<void>((r) => io.close(() => r()));
      await app.close().catch(() => undefined);
      await cpu.close();
      cluster.close();
      redis?.disconnect();
      await db.close();
    },
  };
}

/** Where this process reaches itself: the address it listens on, or loopback when it listens on all. */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
