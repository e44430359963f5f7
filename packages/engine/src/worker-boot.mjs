// Worker entry: teach this thread TypeScript (tsx), then load the real worker.
// (`execArgv: ['--import', 'tsx']` is not honoured by worker threads on Node 20.)
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
