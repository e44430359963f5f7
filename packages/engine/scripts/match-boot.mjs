// Match worker entry: register tsx in this thread (as src/worker-boot.mjs does), then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./match-worker.ts');
