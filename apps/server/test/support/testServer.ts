import { defaultConfig, type ServerConfig } from '../../src/config.ts';
import { startServer, type ChuServer } from '../../src/server.ts';
import { testDatabase, type TestDatabase } from './testDatabase.ts';

export interface TestServer extends ChuServer {
  target: TestDatabase;
  stop(): Promise<void>;
}

// An in-process server on a fresh database, with clocks shortened through msPerSecond.
export async function startTestServer(
  overrides: Partial<ServerConfig> = {}, reuse?: TestDatabase, opts: Parameters<typeof startServer>[1] = {},
): Promise<TestServer> {
  const target = reuse ?? (await testDatabase());
  const server = await startServer({
    ...defaultConfig(),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    webDist: '/nonexistent',
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    cpuDelayMs: 0,
    cpuSeed: 42,
    cpuPlayer: 'random',
    ...overrides,
  }, opts);
  return Object.assign(server, {
    target,
    async stop() {
      await server.close();
      if (!reuse) await target.dispose();
    },
  });
}
