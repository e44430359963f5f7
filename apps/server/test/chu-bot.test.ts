// Issue 50's done-when for `chu bot`: a person challenges a bot account on a real server; the bridge
// (packages/cli, run as its user runs it: a child process speaking HTTP and NDJSON) accepts, and plays
// the game with `chu usi` until it ends. Midway, the bridge is killed and started again, or the server
// is stopped and started again on the same database: the game goes on from its stream's gameFull.
// Both the bot's game stream and the person's socket carry every move in order, none twice, none lost.
import { ChallengeResponseSchema } from '@chu/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { aMove, BOT_SCOPES, stream, tokenFor } from './support/botApi.ts';
import { ChuBot } from './support/chuBot.ts';
import { account, post } from './support/http.ts';
import type { NdjsonReader } from './support/ndjson.ts';
import { TcpProxy } from './support/tcpProxy.ts';
import { TestClient } from './support/TestClient.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const SLOW = 180_000; // a whole game, a restart, on a loaded machine
const config = { httpLimits: { ...defaultConfig().httpLimits, devices: 200, registers: 100 }, api: { keepAliveMs: 200, idleMs: 5_000 } };
/** The person resigns once the game has this many plies, if the CPU has not won by then. */
const PLIES = 30;
/** After the person's move at this ply, the bridge is killed (its engine thinking) and started again. */
const BRIDGE_KILLED_AT = 10;
/** After the bot's move at this ply, the server stops and starts again on the same database. */
const SERVER_RESTARTED_AFTER = 15;

/** A server, a bot account with its token, a person on a socket, and the bridges started so far. */
class Scene {
  readonly bridges: ChuBot[] = [];
  readonly streams: NdjsonReader[] = [];
  person!: TestClient;
  secret!: string;
  private session!: string;
  private personDevice!: { token: string; deviceId: string };

  private constructor(public server: TestServer, readonly target: TestDatabase) {}

  static async open(): Promise<Scene> {
    const target = await testDatabase();
    const s = new Scene(await startTestServer(config, target), target);
    const robo = await account(s.server.url, 'robo_cli');
    s.session = robo.token;
    s.secret = await tokenFor(s.server.url, robo.token, BOT_SCOPES);
    expect((await post(s.server.url, '/api/bot/account/upgrade', {}, { bearer: s.secret })).status).toBe(200);
    s.personDevice = await account(s.server.url, 'ana_cli');
    s.person = await TestClient.connect(s.server.url, s.personDevice);
    return s;
  }

  /** A bridge to the server, or to `url` (a proxy in front of it), with our engine (`chu usi`) at level 1. */
  bridge(url = this.server.url, more: string[] = []): ChuBot {
    const b = new ChuBot(['--url', url, '--token', this.secret, '--variants', 'chu', '--min-seconds', '60', '--engine-option', 'Level=1', ...more]);
    this.bridges.push(b);
    return b;
  }

  /** The person challenges the bot (the person Black, 300 s and 5 s byoyomi); the challenge. */
  async challenge(variant: 'chu' | 'dai') {
    const timeControl = { kind: 'clock' as const, initialSeconds: 300, byoyomiSeconds: 5, periods: 1, incrementSeconds: 0 };
    const sent = await post(this.server.url, '/api/challenges', { to: 'robo_cli', color: 'black', options: { timeControl, variant } }, { bearer: this.personDevice.token });
    expect(sent.status, await sent.clone().text()).toBe(200);
    return ChallengeResponseSchema.parse(await sent.json()).challenge;
  }

  /** The bridge has accepted `challengeId`: the person sits at the game; its id and room. */
  async seated(challengeId: string): Promise<{ gameId: string; code: string }> {
    const accepted = (await this.person.nextOf('challenge', (m) => m.challenge.id === challengeId && m.challenge.status === 'accepted')).challenge;
    const gameId = accepted.gameId!;
    await this.person.join(accepted.roomCode!);
    await this.person.until(() => this.person.game?.id === gameId);
    return { gameId, code: accepted.roomCode! };
  }

  /** The bot's game stream as the test reads it, with a token of its own (the bot's account). */
  async watch(gameId: string): Promise<NdjsonReader> {
    const watcher = await tokenFor(this.server.url, this.session, ['bot:play']);
    const s = await stream(this.server.url, `/api/bot/game/stream/${gameId}`, watcher);
    this.streams.push(s);
    return s;
  }

  /** The person back at the board after the server restarted. */
  async rejoin(code: string): Promise<void> {
    this.person = await TestClient.connect(this.server.url, this.personDevice);
    await this.person.join(code);
    await this.person.nextOf('game');
  }

  /** The server stopped, and started again on the same address and database. */
  async restartServer(): Promise<void> {
    const port = Number(new URL(this.server.url).port);
    this.streams.forEach((s) => s.close());
    this.person.close();
    await this.server.close();
    this.server = await startTestServer({ ...config, port }, this.target);
  }

  /**
   * The person (Black) plays legal moves and waits for each answer, until the game ends or reaches
   * PLIES (then resigns); `between(ply)` runs before the person's move at each of its plies, `after(ply)`
   * once it is in.
   */
  async playOut(gameId: string, between: (ply: number) => Promise<void>, after: (ply: number) => Promise<void> = async () => {}): Promise<string[]> {
    const view = () => this.person.game!;
    while (!view().outcome && view().moves.length < PLIES) {
      const ply = view().moves.length;
      if (ply % 2 === 0) {
        await between(ply);
        expect((await this.person.move(aMove(view(), view().moves, ply + 1))).type).toBe('ack');
        await after(ply);
      }
      await this.person.until(() => view().outcome !== null || view().moves.length > ply, 30_000);
    }
    if (!view().outcome) this.person.send({ type: 'resign', gameId });
    await this.person.until(() => view().outcome !== null, 10_000);
    return view().moves;
  }

  /** Every move once and in order, in the person's view, the bot's streams and the bridges' logs. */
  async expectEveryMoveOnce(gameId: string, moves: string[]): Promise<void> {
    expect(moves.length).toBeGreaterThanOrEqual(20);
    const last = this.streams.at(-1)!;
    expect(await last.next((l) => l.type === 'gameState' && l.status !== 'started', 30_000)).toMatchObject({ moves: moves.join(' ') });
    await last.untilEnd();
    // the states the streams carried, one after another (a reopened stream's gameFull repeats the last)
    const seen = this.streams.flatMap((s) => s.lines.flatMap((l) =>
      l.type === 'gameState' ? [l.moves as string] : l.type === 'gameFull' ? [(l.state as { moves: string }).moves] : []));
    const distinct = seen.filter((m, i) => m !== seen[i - 1]);
    expect(distinct).toEqual(['', ...moves.map((_, i) => moves.slice(0, i + 1).join(' '))]);
    // every line the server sent read by the bridge's schemas (@chu/protocol apiStreams.ts)
    expect(this.bridges.flatMap((b) => b.log).filter((l) => l.includes('skipped a line'))).toEqual([]);
    const played = this.bridges.flatMap((b) => b.played(gameId)).sort((a, b) => a[0] - b[0]);
    expect(played).toEqual(moves.flatMap((usi, ply) => (ply % 2 === 1 ? [[ply, usi]] : [])));
  }

  async close(): Promise<void> {
    this.streams.forEach((s) => s.close());
    this.person?.close();
    await Promise.all(this.bridges.map((b) => b.kill('SIGKILL')));
    await this.server.close();
    await this.target.dispose();
  }
}

describe('chu bot plays a person on the site', () => {
  const scenes: Scene[] = [];
  afterAll(async () => { await Promise.all(scenes.map((s) => s.close())); });

  it('declines what it does not play, accepts a timed chu challenge, and plays to the end through a kill of itself', async () => {
    const scene = await Scene.open();
    scenes.push(scene);
    let bot = scene.bridge();
    await bot.saw(/signed in as robo_cli \(BOT\)/); // its name, from GET /api/account
    await bot.saw(/listening on/);

    // this bridge plays chu only: a dai shogi challenge is declined, naming the variant
    const dai = await scene.challenge('dai');
    await bot.saw(new RegExp(`challenge ${dai.id} from ana_cli: declining \\(variant\\)`));
    await scene.person.nextOf('challenge', (m) => m.challenge.id === dai.id && m.challenge.status === 'declined');

    const chu = await scene.challenge('chu');
    await bot.saw(new RegExp(`challenge ${chu.id} from ana_cli: accepting`));
    const { gameId } = await scene.seated(chu.id);
    const watched = await scene.watch(gameId);
    expect(await watched.next()).toMatchObject({ type: 'gameFull', id: gameId, gote: { name: 'robo_cli', title: 'BOT' } });

    const moves = await scene.playOut(gameId, async (ply) => {
      if (ply !== BRIDGE_KILLED_AT + 2) return;
      // the person's move at BRIDGE_KILLED_AT is in, and the bot's answer: now kill it as it would die, and start another
      // (once it has said so: the answer reaches the person before the bridge's own reply is read and logged)
      await bot.saw(new RegExp(`game ${gameId}: ply ${ply - 1}: played`));
      await bot.kill('SIGKILL');
      bot = scene.bridge();
      await bot.saw(new RegExp(`game ${gameId}: playing gote`));
    });
    await scene.expectEveryMoveOnce(gameId, moves);
    await bot.saw(new RegExp(`game ${gameId}: over`));
    expect(scene.bridges.map((b) => b.played(gameId).length > 0)).toEqual([true, true]); // both bridges played

    // SIGINT: a clean exit, nothing resigned
    expect(await bot.kill('SIGINT')).toBe(0);
    // a token the site does not know: said, and exit 1 (waiting would not mend it)
    const refused = new ChuBot(['--url', scene.server.url, '--token', `chu_${'x'.repeat(43)}`]);
    scene.bridges.push(refused);
    expect(await refused.exited).toBe(1);
    expect(refused.log.join('\n')).toMatch(/the account was refused: 401/);
  }, SLOW);

  it('a restart of the server mid-game: the bridge reconnects and the game goes on, no move lost or repeated', async () => {
    const scene = await Scene.open();
    scenes.push(scene);
    // the engine named as any other is: a command line, run by the shell
    const bot = scene.bridge(scene.server.url, ['--engine', `${JSON.stringify(process.execPath)} --import tsx packages/cli/src/chu.ts usi`]);
    await bot.saw(/listening on/);
    const { gameId, code } = await scene.seated((await scene.challenge('chu')).id);
    await scene.watch(gameId);

    const moves = await scene.playOut(gameId, async (ply) => {
      if (ply !== SERVER_RESTARTED_AFTER + 1) return;
      // the bot's move at SERVER_RESTARTED_AFTER is in; the person is to move: the server goes down and comes back
      await scene.restartServer();
      await bot.saw(/the event stream (dropped|ended)/);
      await scene.rejoin(code);
      await scene.watch(gameId);
      await bot.saw(new RegExp(`game ${gameId}: playing gote \\(ana_cli v robo_cli\\), ${SERVER_RESTARTED_AFTER + 1} moves so far`), 30_000);
    });
    await scene.expectEveryMoveOnce(gameId, moves);
    expect(await bot.kill('SIGINT')).toBe(0);
  }, SLOW);

  it('a network that cuts all of the bridge\'s connections again and again, its posts in flight too: every move once', async () => {
    const scene = await Scene.open();
    scenes.push(scene);
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(scene.server.url).port) });
    const bot = scene.bridge(`http://127.0.0.1:${proxy.port}`);
    await bot.saw(/listening on/);
    const { gameId } = await scene.seated((await scene.challenge('chu')).id);
    await scene.watch(gameId);

    // after every other move of the person, a cut: at once (the bot hears nothing), or a moment later (its engine
    // thinking, or its move on the wire)
    const moves = await scene.playOut(gameId, async () => {}, async (ply) => {
      if (ply % 4 !== 0) return;
      await new Promise((r) => setTimeout(r, (ply / 4) % 3 === 0 ? 0 : 20 * ((ply / 4) % 3)));
      await proxy.down();
      await proxy.up();
    });
    await scene.expectEveryMoveOnce(gameId, moves);
    expect(bot.log.filter((l) => /stream dropped|stream ended before/.test(l)).length).toBeGreaterThan(3);
    expect(await bot.kill('SIGINT')).toBe(0);
    await proxy.down();
  }, SLOW);
});
