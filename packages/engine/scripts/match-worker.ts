import { parentPort, workerData } from 'node:worker_threads';
import { load, playGame, type GameJob, type SideSpec } from './match-game.ts';

// One match worker: loads both sides once, then plays whole games as they are sent.
const { a, b } = workerData as { a: SideSpec; b: SideSpec };
const players = { a: await load(a, 'a'), b: await load(b, 'b') };
parentPort!.on('message', (job: GameJob) => parentPort!.postMessage(playGame(job, players)));
parentPort!.postMessage('ready');
