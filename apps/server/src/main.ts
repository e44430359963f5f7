import { configFromEnv, type ServerConfig } from './config.ts';
import { startupFailure } from './startup.ts';

// CHU_ROLE=engine: an engine-only process (`pnpm start:engine`), serving the site's CPU move queue.
// Each role loads only its own modules: a site's server never holds the engine process's job worker.
const role = process.env.CHU_ROLE === 'engine' ? 'engine' : 'server';
const start = async (config: ServerConfig) => role === 'engine'
  ? (await import('./engineProcess.ts')).startEngineProcess(config)
  : (await import('./server.ts')).startServer(config);

// A failed start prints one line that names the cause, and exits non-zero (no stack for an operator to dig through).
const server = await Promise.resolve().then(() => start(configFromEnv())).catch((err: unknown) => {
  process.stderr.write(`chu ${role} did not start: ${startupFailure(err, process.env)}\n`);
  process.exit(1);
});

process.on('unhandledRejection', (err) => server.log.error({ err }, 'unhandled rejection'));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(() => process.exit(0), () => process.exit(1));
  });
}
