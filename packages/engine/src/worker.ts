import { parentPort } from 'node:worker_threads';
import { Game } from '@chu/rules';
import { bestMove, newGame, warmUp } from './engine.ts';
import { thinkTime, type WorkerReply, type WorkerRequest } from './pool.ts';

// One search at a time per worker; cancellation arrives through the shared stop flag, since
// this thread is busy searching and reads no messages until it is done.
warmUp();
// the warm-up's table holds whatever its time allowed: cleared, a worker's first searches depend on
// their seed alone (a node-limited level plays the same moves in the same game, as BestMoveOptions.seed says)
newGame();

parentPort!.on('message', (req: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const game = Game.replay(req.moves, req.options, req.sfen);
    if (!game.ok) throw new Error(`illegal position: ${game.error.reason} at ply ${game.error.ply}`);
    const stopFlag = new Int32Array(req.stop);
    const { deadline: _, ...search } = req.search;
    reply = { id: req.id, ok: true, result: bestMove(game.value, { ...search, timeMs: thinkTime(req.search, Date.now()), stopFlag }) };
  } catch (e) {
    reply = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
