import { configFromEnv } from './config.ts';
import { startServer } from './server.ts';

const server = await startServer(configFromEnv());

process.on('unhandledRejection', (err) => server.log.error({ err }, 'unhandled rejection'));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(() => process.exit(0), () => process.exit(1));
  });
}
