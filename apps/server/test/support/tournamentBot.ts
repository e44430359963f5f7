import { rulesOptions, type ServerMessage } from '@chu/protocol';
import { Game } from '@chu/rules';
import { defaultConfig, type ServerConfig } from '../../src/config.ts';
import { account, post } from './http.ts';
import { TestClient } from './TestClient.ts';

/** How a bot means a game to end, given its opponent's name (a CPU's is "CPU n"). */
export type Plan = (opponent: string) => 'win' | 'lose' | 'draw';

/**
 * A tournament entrant played by a program: an account, a socket, and on every "your game is ready"
 * it goes to the game and ends it as its plan says: it resigns a game it means to lose, offers a draw
 * in one it means to draw (the other's offer then agrees), and waits for the other to resign in one it
 * means to win. Against a CPU it plays a legal move first, then resigns, so the CPU has played too.
 */
export class TournamentBot {
  readonly played: string[] = []; // game ids, in the order they were announced
  private stopped = false;
  private loop: Promise<void> | null = null;
  failure: Error | null = null;

  private constructor(
    readonly username: string, public client: TestClient, private readonly who: { token: string; deviceId: string }, private readonly plan: Plan,
    private readonly joinMs: number,
  ) {}

  get token(): string { return this.who.token; }

  /**
   * `joinMs`: how long a join may take. A cluster test's bots wait out a failover (the room's owner just
   * died: its lease lapses, another process takes it over) on a machine busy with a whole arena's games.
   */
  static async create(url: string, username: string, plan: Plan, joinMs = 8000): Promise<TournamentBot> {
    const who = await account(url, username);
    return new TournamentBot(username, await TestClient.connect(url, who), who, plan, joinMs);
  }

  /**
   * After a restart (the server elsewhere now): a new socket there, the game it was playing (if the
   * tournament shows one) played on, and the next ones as before.
   */
  async moveTo(url: string, tournamentId: string): Promise<void> {
    if (!this.stopped) await this.stop();
    this.stopped = false;
    this.client = await TestClient.connect(url, this.who);
    const t = await tournamentOf(url, tournamentId);
    const me = t.entrants.find((e) => e.name === this.username);
    const game = me?.playing && t.games.find((g) => g.gameId === me.playing!.gameId);
    this.start(game ? { roomCode: game.roomCode!, gameId: game.gameId!, color: game.black === me!.id ? 'black' : 'white' } : null);
  }

  /** POST /api/tournaments/:id/<action> as this bot's account: the HTTP status. */
  async entry(tournamentId: string, action: 'join' | 'leave' | 'withdraw'): Promise<number> {
    return (await post(this.client.url, `/api/tournaments/${tournamentId}/${action}`, {}, { bearer: this.token })).status;
  }

  /** Plays every game it is called to (after `current`, one already under way), until stopped. */
  start(current: { roomCode: string; gameId: string; color: 'black' | 'white' } | null = null): void {
    this.loop = (async () => {
      if (current) await this.playOne(current.roomCode, current.gameId, current.color);
      while (!this.stopped) {
        let ready: Extract<ServerMessage, { type: 'tournament.game' }>;
        try {
          ready = await this.client.nextOf('tournament.game', () => true, 500);
        } catch {
          continue; // nothing yet
        }
        this.played.push(ready.gameId);
        await this.playOne(ready.roomCode, ready.gameId, ready.color);
      }
    })().catch((err: Error) => { if (!this.stopped) this.failure = err; });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.client.close(); // a game under way ends its wait at once
    await this.loop;
  }

  private async playOne(code: string, gameId: string, color: 'black' | 'white'): Promise<void> {
    const c = this.client;
    await c.join(code, undefined, this.joinMs).catch((err: Error) => { throw new Error(`joining ${code} for game ${gameId}: ${err.message}`); });
    await c.until(() => this.stopped || c.game?.id === gameId, 15_000);
    if (this.stopped) return;
    const opponent = c.game!.seats[color === 'black' ? 'white' : 'black'];
    const plan = opponent.kind === 'cpu' ? 'cpu' : this.plan(opponent.name ?? '');
    const over = () => this.stopped || c.game!.id !== gameId || c.game!.status === 'finished';
    if (plan === 'cpu') {
      await c.until(() => over() || c.game!.turn === color, 30_000);
      if (!over()) {
        const g = Game.replay(c.game!.moves, rulesOptions(c.game!.options), c.game!.startSfen);
        if (g.ok) await c.move(g.value.legalMoves()[0]);
        await c.until(() => over() || (c.game!.turn === color && c.game!.ply >= 2), 30_000);
      }
    }
    if (!over() && (plan === 'lose' || plan === 'cpu')) c.send({ type: 'resign', gameId });
    if (!over() && plan === 'draw') c.send({ type: 'draw', gameId, action: 'offer' });
    await c.until(over, 60_000);
    if (!this.stopped) c.send({ type: 'room.leave', code });
  }
}

/** The tournament as the server shows it now. */
export async function tournamentOf(url: string, id: string) {
  const res = await fetch(`${url}/api/tournaments/${id}`);
  if (res.status !== 200) throw new Error(`tournament ${id}: ${res.status}`);
  return ((await res.json()) as { tournament: import('@chu/protocol').TournamentView }).tournament;
}

/** Waits (polling the API) until `cond` holds of the tournament. */
export async function untilTournament(url: string, id: string, cond: (t: import('@chu/protocol').TournamentView) => boolean, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const t = await tournamentOf(url, id);
    if (cond(t)) return t;
    if (Date.now() > deadline) throw new Error(`tournament ${id} never reached the condition: ${JSON.stringify({ status: t.status, round: t.round, games: t.games.length })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A server for tournament bots: its clock runs `msPerSecond` to a second, and the bots, which play a
 * game in moments where people take minutes, get as many messages and accounts as they need (the
 * limits are for people: their own tests are elsewhere).
 */
export function botServerConfig(msPerSecond: number): Partial<ServerConfig> {
  const d = defaultConfig();
  return {
    msPerSecond,
    rateLimit: { ...d.rateLimit, capacity: 10_000, refillPerSecond: 10_000, spectatorRefillPerSecond: 10_000, newDeviceCapacity: 10_000 },
    httpLimits: { ...d.httpLimits, perAddress: 100_000, devices: 10_000, registers: 10_000 },
    handshakes: { ...d.handshakes, perAddress: 10_000 },
  };
}

/** botServerConfig for a server process (support/cluster.ts's nodes): the same clock and limits, as its environment. */
export function botServerEnv(msPerSecond: number): Record<string, string> {
  return {
    CHU_MS_PER_SECOND: String(msPerSecond),
    CHU_RATE_CAPACITY: '10000', CHU_RATE_REFILL: '10000', CHU_RATE_NEW_DEVICE: '10000',
    CHU_HTTP_PER_MINUTE: '100000', CHU_DEVICES_PER_MINUTE: '10000', CHU_HANDSHAKES_PER_MINUTE: '10000',
  };
}
