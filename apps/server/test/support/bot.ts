import { rulesOptions } from '@chu/protocol';
import { Game } from '@chu/rules';
import { TestClient } from './TestClient.ts';

/**
 * A bot playing Black against the server's CPU (White), timing each of its moves from send to ack.
 * It moves at most every `pauseMs`, as a quick person would, inside a seated player's message rate.
 */
export class CpuGameBot {
  private constructor(readonly client: TestClient, private readonly pauseMs: number) {}

  static async start(url: string, who: string | { token: string; deviceId: string } = 'Bot', pauseMs = 120): Promise<CpuGameBot> {
    const client = await TestClient.connect(url, who);
    const room = await client.createRoom();
    client.send({ type: 'room.sit', code: room.code, color: 'black' });
    await client.nextOf('room', (m) => m.room.seats.black.kind === 'human');
    client.send({ type: 'room.cpu', code: room.code, color: 'white', level: 1 });
    await client.nextOf('room', (m) => m.room.seats.white.kind === 'cpu');
    client.send({ type: 'room.start', code: room.code });
    await client.nextOf('game', (m) => m.reason === 'start');
    return new CpuGameBot(client, pauseMs);
  }

  /** Plays up to `moves` moves (fewer if the game ends); returns each move's round trip in ms. */
  async play(moves: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < moves; i++) {
      const view = this.client.game!;
      if (view.status !== 'active') break;
      const game = Game.replay(view.moves, rulesOptions(view.options), view.startSfen);
      if (!game.ok) throw new Error(`the bot's game does not replay: ${JSON.stringify(game.error)}`);
      if (game.value.outcome()) break;
      const legal = game.value.legalMoves();
      const usi = legal[(i * 7919) % legal.length];
      await new Promise((r) => setTimeout(r, this.pauseMs));
      const t0 = performance.now();
      const r = await this.client.move(usi);
      times.push(performance.now() - t0);
      if (r.type !== 'ack') throw new Error(`bot move refused: ${JSON.stringify(r)}`);
      // the CPU's answer (or the end) before the next move
      await this.client.until(() => this.client.game!.turn === 'black' || this.client.game!.status !== 'active');
    }
    return times;
  }

  close(): void { this.client.close(); }
}

export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
