import { pino, type Logger } from 'pino';

export type { Logger };
// JSON lines on stdout, or appended to `file` (LOG_FILE) when given.
export const createLogger = (level: string, file: string | null = null): Logger =>
  pino({ level, base: { app: 'chu-server' } }, file ? pino.destination({ dest: file, sync: true, mkdir: true }) : undefined);
