import { ApiAccountSchema, ApiEventLineSchema, type ApiEventLine } from '@chu/protocol';
import { GamePlayer } from './game.ts';
import { parseBotArgs, type BotOptions } from './options.ts';
import { judge } from './policy.ts';
import { Backoff, Site } from './site.ts';

// `chu bot`: a bridge between the site's Bot API and a USI engine. It listens on the account's event
// stream (reopened after a drop), answers the challenges sent to it by its rules, and plays each game
// that starts (game.ts). SIGINT or SIGTERM stop it cleanly: streams closed, engines quit, nothing
// resigned; the games stay, and a bridge started again goes on with them.

const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);

/** Runs until stopped (SIGINT, SIGTERM): 'stopped'; or until the site refuses the token: 'refused'. */
export async function runBot(options: BotOptions): Promise<'stopped' | 'refused'> {
  const site = new Site(options.url, options.token, log);
  const stop = new AbortController();
  const games = new Map<string, GamePlayer>();
  let refused = false;
  let me: string | null = null; // this account's name, as GET /api/account says it

  const onEvent = (e: ApiEventLine) => {
    if (e.type === 'challenge') {
      const c = e.challenge;
      if (c.direction === 'out') return;
      const verdict = judge(c, options);
      const from = c.challenger?.name ?? 'someone';
      if (verdict.accept) {
        log(`challenge ${c.id} from ${from}: accepting`);
        void site.post(`/api/challenge/${c.id}/accept`).then(
          (r) => { if (!r.ok) log(`challenge ${c.id}: accept refused ${r.status} ${r.text}`); },
          (err: Error) => log(`challenge ${c.id}: accept failed (${err.message})`),
        );
      } else {
        log(`challenge ${c.id} from ${from}: declining (${verdict.reason})`);
        void site.post(`/api/challenge/${c.id}/decline`, { reason: verdict.reason }).catch((err: Error) => log(`challenge ${c.id}: decline failed (${err.message})`));
      }
    } else if (e.type === 'gameStart') {
      const id = e.game.id;
      if (games.has(id) || stop.signal.aborted) return; // a reopened event stream tells the games in play again
      const player = new GamePlayer(id, site, options, () => me, log);
      games.set(id, player);
      void player.done.then(() => games.delete(id));
    } else if (e.type === 'gameFinish') {
      games.get(e.game.id)?.finished();
    }
  };

  const quit = () => {
    log('stopping: streams closed, engines quit, no game resigned');
    stop.abort();
    for (const g of games.values()) g.stop();
  };
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);

  const backoff = new Backoff();
  // who it plays as, before anything else: its games' seats are found by this name
  while (me === null && !stop.signal.aborted) {
    try {
      const r = await site.get('/api/account', ApiAccountSchema);
      if (r.ok) {
        me = r.value.id;
        log(`signed in as ${r.value.username}${r.value.title === 'BOT' ? ' (BOT)' : ''}`);
        break;
      }
      log(`the account was refused: ${r.status} ${r.text}`);
      // a bad token does not mend by waiting
      if (r.status === 401 || r.status === 403) { refused = true; quit(); break; }
    } catch (e) {
      log(`the site is not reachable (${(e as Error).message}); retrying`);
    }
    await backoff.wait(stop.signal);
  }
  backoff.reset();
  if (!stop.signal.aborted) log(`listening on ${options.url} for challenges (${options.variants.join(', ')})`);
  while (!stop.signal.aborted) {
    try {
      const end = await site.stream('/api/stream/event', ApiEventLineSchema, (e) => { backoff.reset(); onEvent(e); }, stop.signal);
      if (end.kind === 'refused') {
        log(`the event stream was refused: ${end.status} ${end.text}`);
        // a bad token or a missing scope does not mend by waiting
        if (end.status === 401 || end.status === 403) { refused = true; quit(); break; }
      } else if (end.kind === 'ended') log('the event stream ended; reconnecting');
    } catch (e) {
      log(`the event stream dropped (${(e as Error).message}); reconnecting`);
    }
    await backoff.wait(stop.signal);
  }
  log(`the event stream is closed; ${games.size} game(s) to let go`);
  await Promise.all([...games.values()].map((g) => g.done));
  log('stopped');
  process.off('SIGINT', quit);
  process.off('SIGTERM', quit);
  return refused ? 'refused' : 'stopped';
}

/** `chu bot …`: exit 2 with a one-line reason for arguments it cannot read; 1 if the token is refused. */
export async function botCommand(argv: string[]): Promise<number> {
  const options = parseBotArgs(argv, process.env);
  if (typeof options === 'string') {
    process.stderr.write(options + '\n');
    return 2;
  }
  return (await runBot(options)) === 'refused' ? 1 : 0;
}
