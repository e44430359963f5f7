import { configFromEnv } from './config.ts';
import { startEngineProcess } from './engineProcess.ts';
import { startServer } from './server.ts';
import { startupFailure } from './startup.ts';

// CHU_ROLE=engine: an engine-only process (`pnpm start:engine`), serving the site's CPU move queue.
const role = process.env.CHU_ROLE === 'engine' ? 'engine' : 'server';
const start = role === 'engine' ? startEngineProcess : startServer;

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
