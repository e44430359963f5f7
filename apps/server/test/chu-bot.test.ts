// Issue 50's done-when for `chu bot`: a person challenges a bot account on a real server; the bridge
// (packages/cli, run as its user runs it, a child process speaking HTTP and NDJSON) accepts, and plays
// the game with `chu usi` until it ends. Midway the bridge is killed and started again: it picks the
// game up from its stream's gameFull. Both the bot's game stream and the person's socket carry every
// move in order, none twice, none lost.
import { ChallengeResponseSchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { aMove, BOT_SCOPES, stream, tokenFor } from './support/botApi.ts';
import { ChuBot } from './support/chuBot.ts';
import { account, post } from './support/http.ts';
import type { NdjsonReader } from './support/ndjson.ts';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const roomy = { ...defaultConfig().httpLimits, devices: 200, registers: 100 };
/** The person resigns once the game has this many plies, if the CPU has not won by then. */
const PLIES = 30;
/** The bridge is killed after this many plies, and started again. */
const KILLED_AT = 11;

describe('chu bot plays a person on the site', () => {
  let server: TestServer;
  const open: { close(): void }[] = [];
  const bots: ChuBot[] = [];
  beforeAll(async () => { server = await startTestServer({ httpLimits: roomy, api: { keepAliveMs: 200, idleMs: 5_000 } }); });
  afterAll(async () => {
    open.forEach((o) => o.close());
    await Promise.all(bots.map((b) => b.kill('SIGKILL')));
    await server?.stop();
  });

  const bridge = (secret: string) => {
    const b = new ChuBot(['--url', server.url, '--token', secret, '--variants', 'chu', '--min-seconds', '60', '--engine-option', 'Level=1']);
    bots.push(b);
    return b;
  };

  it('accepts a timed challenge, declines one it does not play, and plays to the end through a restart of itself', async () => {
    const url = server.url;
    const robo = await account(url, 'robo_cli');
    const secret = await tokenFor(url, robo.token, BOT_SCOPES);
    expect((await post(url, '/api/bot/account/upgrade', {}, { bearer: secret })).status).toBe(200);
    const ana = await account(url, 'ana_cli');
    const anaSocket = await TestClient.connect(url, ana);
    open.push(anaSocket);

    let bot = bridge(secret);
    await bot.saw(/listening on/);

    // a dai shogi challenge: this bridge plays chu only, so it declines, naming the variant
    const challenge = async (variant: 'chu' | 'dai', initialSeconds: number) => {
      const timeControl = { kind: 'clock' as const, initialSeconds, byoyomiSeconds: 5, periods: 1, incrementSeconds: 0 };
      const sent = await post(url, '/api/challenges', { to: 'robo_cli', color: 'black', options: { timeControl, variant } }, { bearer: ana.token });
      expect(sent.status, await sent.clone().text()).toBe(200);
      return ChallengeResponseSchema.parse(await sent.json()).challenge;
    };
    const dai = await challenge('dai', 300);
    await bot.saw(new RegExp(`challenge ${dai.id} from ana_cli: declining \\(variant\\)`));
    await anaSocket.nextOf('challenge', (m) => m.challenge.id === dai.id && m.challenge.status === 'declined');
    const chu = await challenge('chu', 300);
    await bot.saw(new RegExp(`challenge ${chu.id} from ana_cli: accepting`));
    const accepted = (await anaSocket.nextOf('challenge', (m) => m.challenge.id === chu.id && m.challenge.status === 'accepted')).challenge;
    const gameId = accepted.gameId!;
    await anaSocket.join(accepted.roomCode!);
    await anaSocket.until(() => anaSocket.game?.id === gameId);

    // the bot's game stream, read here too (a second token of the bot's account)
    const watcher = await tokenFor(url, robo.token, ['bot:play']);
    const game: NdjsonReader = await stream(url, `/api/bot/game/stream/${gameId}`, watcher);
    open.push(game);
    expect(await game.next()).toMatchObject({ type: 'gameFull', id: gameId, gote: { name: 'robo_cli', title: 'BOT' } });

    // the person (Black) plays legal moves; the bot answers each; the bridge dies once and comes back
    const view = () => anaSocket.game!;
    let killed = false;
    while (!view().outcome && view().moves.length < PLIES) {
      const ply = view().moves.length;
      if (ply % 2 === 0) {
        expect((await anaSocket.move(aMove(view(), view().moves, ply + 1))).type).toBe('ack');
        if (ply + 1 >= KILLED_AT && !killed) {
          // killed while its engine thinks on the person's move: nothing resigned, nothing lost
          killed = true;
          await bot.kill('SIGKILL');
          bot = bridge(secret);
        }
      }
      await anaSocket.until(() => view().outcome !== null || view().moves.length > ply, 30_000);
    }
    if (!view().outcome) anaSocket.send({ type: 'resign', gameId });
    const last = await game.next((l) => l.type === 'gameState' && l.status !== 'started', 30_000);
    await game.untilEnd();
    await bot.saw(new RegExp(`game ${gameId}: over`));

    // every move once, in order: the person's socket, the bot's stream, and what the bridges say they played
    const moves = view().moves;
    expect(moves.length).toBeGreaterThanOrEqual(20);
    expect(last.moves).toBe(moves.join(' '));
    const seen = game.lines.filter((l) => l.type === 'gameState').map((l) => l.moves as string);
    const distinct = seen.filter((m, i) => m !== seen[i - 1]);
    expect(distinct).toEqual(moves.map((_, i) => moves.slice(0, i + 1).join(' ')));
    const played = [...bots.flatMap((b) => b.played(gameId))].sort((a, b) => a[0] - b[0]);
    expect(played).toEqual(moves.flatMap((usi, ply) => (ply % 2 === 1 ? [[ply, usi]] : [])));
    expect(bots.at(-2)!.played(gameId).length).toBeGreaterThan(0); // both bridges played
    expect(bots.at(-1)!.played(gameId).length).toBeGreaterThan(0);

    // SIGINT: a clean exit, nothing resigned
    expect(await bot.kill('SIGINT')).toBe(0);
  }, 60_000);
});
