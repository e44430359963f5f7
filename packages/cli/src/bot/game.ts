import { ApiGameLineSchema, type ApiGameFull, type ApiGameLine, type ApiGameState } from '@chu/protocol';
import { UsiEngine } from './engine.ts';
import { variantOfKey, type BotOptions } from './options.ts';
import { Backoff, type Site } from './site.ts';

// One game the bot plays: its stream followed (and reopened after a drop, from its gameFull), a move
// asked of the engine whenever the stream says it is the bot's turn, and posted once.
//
// Never twice: a move is posted only for a ply the stream shows the bot to move at, and only if no
// move was posted for that ply yet. A post whose answer was lost to the network leaves the ply
// `unsure`: the stream is reopened, and its gameFull says whether the move landed (the server
// persists a move before it answers, so the state it streams after that has it).

type Side = 'sente' | 'gote';
const FINISH_GRACE_MS = 5_000;
interface Posted { usi: string; unsure: boolean }

export class GamePlayer {
  private full: ApiGameFull | null = null;
  private side: Side | null = null;
  private engine: Promise<UsiEngine> | null = null;
  private readonly posted = new Map<number, Posted>();
  private thinking: number | null = null; // the ply the engine is thinking on
  private over = false;
  private readonly abort = new AbortController();
  private reopen: AbortController | null = null;
  readonly done: Promise<void>;

  constructor(
    readonly id: string,
    private readonly site: Site,
    private readonly options: BotOptions,
    private readonly me: () => string | null,
    private readonly log: (line: string) => void,
  ) {
    this.done = this.follow().finally(() => this.engine?.then((e) => e.stop(), () => {}));
  }

  /** Stops following (SIGINT): nothing is resigned. */
  stop(): void {
    this.abort.abort();
  }

  /**
   * The event stream says the game finished: its own stream says how with its last gameState, which
   * may come a moment later; if that stream is gone, the game is let go a little later anyway.
   */
  finished(): void {
    setTimeout(() => this.stop(), FINISH_GRACE_MS).unref();
  }

  private async follow(): Promise<void> {
    const backoff = new Backoff();
    while (!this.over && !this.abort.signal.aborted) {
      this.reopen = new AbortController();
      const signal = AbortSignal.any([this.abort.signal, this.reopen.signal]);
      let end;
      try {
        end = await this.site.stream(`/api/bot/game/stream/${this.id}`, ApiGameLineSchema, (l) => this.onLine(l, backoff), signal);
      } catch (e) {
        this.log(`game ${this.id}: stream dropped (${(e as Error).message}); reconnecting`);
        await backoff.wait(this.abort.signal);
        continue;
      }
      if (end.kind === 'refused') {
        // 404: no such game in play for this account (it ended meanwhile); 4xx: a refusal that a retry will not change
        if (end.status >= 400 && end.status < 500 && end.status !== 429) {
          this.log(`game ${this.id}: stream refused ${end.status} ${end.text}`);
          return;
        }
        this.log(`game ${this.id}: stream refused ${end.status}; retrying`);
      } else if (end.kind === 'ended' && !this.over) {
        this.log(`game ${this.id}: stream ended before the game did; reconnecting`);
      }
      if (!this.over) await backoff.wait(this.abort.signal);
    }
  }

  private onLine(line: ApiGameLine, backoff: Backoff): void {
    if (line.type === 'gameFull') {
      backoff.reset();
      this.full = line;
      this.side ??= this.sideOf(line);
      if (this.side === null) {
        this.log(`game ${this.id}: neither seat is this bot's (sente ${line.sente.name}, gote ${line.gote.name}); not playing it`);
        this.over = true;
        this.abort.abort();
        return;
      }
      this.log(`game ${this.id}: playing ${this.side} (${line.sente.name} v ${line.gote.name}), ${movesOf(line.state).length} moves so far`);
      this.onState(line.state, true);
    } else if (line.type === 'gameState') {
      this.onState(line, false);
    } else if (line.type === 'chatLine') {
      this.log(`game ${this.id}: chat ${line.username}: ${line.text}`);
    }
  }

  /** The bot's side: the seat with its name, or else the only BOT at the board. */
  private sideOf(full: ApiGameFull): Side | null {
    const me = this.me()?.toLowerCase();
    if (me !== undefined) {
      if (full.sente.id === me) return 'sente';
      if (full.gote.id === me) return 'gote';
    }
    const senteBot = full.sente.title === 'BOT';
    const goteBot = full.gote.title === 'BOT';
    return senteBot && !goteBot ? 'sente' : goteBot && !senteBot ? 'gote' : null;
  }

  private onState(state: ApiGameState, fresh: boolean): void {
    if (state.status !== 'started') {
      this.over = true;
      this.log(`game ${this.id}: over, ${state.status}${state.winner ? `, ${state.winner} wins` : ''}`);
      this.abort.abort();
      return;
    }
    const moves = movesOf(state);
    const ply = moves.length;
    if (fresh) this.settle(moves);
    const mine = this.sideToMove(ply) === this.side;
    const earlier = this.posted.get(ply);
    if (earlier?.unsure && fresh) {
      // a fresh gameFull still at this ply: the lost post did not land, so it is made again
      if (mine) void this.post(ply, earlier.usi);
      return;
    }
    if (!mine || earlier || this.thinking === ply) return;
    void this.think(ply, state);
  }

  /** Unanswered posts of plies the game has passed: they landed (the move there is the one posted) or did not. */
  private settle(moves: string[]): void {
    for (const [ply, p] of this.posted) {
      if (!p.unsure || ply >= moves.length) continue;
      this.posted.set(ply, { ...p, unsure: false });
      this.log(moves[ply] === p.usi ? `game ${this.id}: ply ${ply}: played ${p.usi} (its answer lost; the game stream has it)` : `game ${this.id}: ply ${ply}: ${p.usi} did not land; the game has ${moves[ply]}`);
    }
  }

  private sideToMove(ply: number): Side {
    // the first mover is the initial SFEN's side to move (`startpos`: sente)
    const first = this.full!.initialSfen === 'startpos' || this.full!.initialSfen.split(' ')[1] !== 'w' ? 'sente' : 'gote';
    return ply % 2 === 0 ? first : first === 'sente' ? 'gote' : 'sente';
  }

  private async think(ply: number, state: ApiGameState): Promise<void> {
    this.thinking = ply;
    try {
      const engine = await this.engineForGame();
      const moves = movesOf(state);
      const start = this.full!.initialSfen === 'startpos' ? 'startpos' : `sfen ${this.full!.initialSfen}`;
      const position = `position ${start}${moves.length ? ` moves ${moves.join(' ')}` : ''}`;
      const go = `go btime ${state.btime} wtime ${state.wtime}${state.byo > 0 ? ` byoyomi ${state.byo}` : ''}${state.binc > 0 || state.winc > 0 ? ` binc ${state.binc} winc ${state.winc}` : ''}`;
      const usi = await engine.bestMove(position, go);
      if (this.over || this.abort.signal.aborted || this.posted.has(ply)) return;
      if (usi === 'resign') {
        this.posted.set(ply, { usi, unsure: false });
        this.log(`game ${this.id}: ply ${ply}: the engine resigns`);
        await this.site.post(`/api/bot/game/${this.id}/resign`).catch(() => {});
        return;
      }
      await this.post(ply, usi);
    } catch (e) {
      this.log(`game ${this.id}: ply ${ply}: ${(e as Error).message}`);
    } finally {
      if (this.thinking === ply) this.thinking = null;
    }
  }

  private async post(ply: number, usi: string): Promise<void> {
    this.posted.set(ply, { usi, unsure: false });
    try {
      const r = await this.site.post(`/api/bot/game/${this.id}/move/${usi}`);
      if (r.ok) this.log(`game ${this.id}: ply ${ply}: played ${usi}`);
      else this.log(`game ${this.id}: ply ${ply}: ${usi} refused ${r.status} ${r.text}`);
    } catch (e) {
      this.posted.set(ply, { usi, unsure: true });
      this.log(`game ${this.id}: ply ${ply}: ${usi} unanswered (${(e as Error).message}); rereading the game`);
      this.reopen?.abort(); // the next gameFull decides
    }
  }

  private engineForGame(): Promise<UsiEngine> {
    if (!this.engine) {
      const variant = variantOfKey(this.full!.variant.key) ?? 'chu';
      this.engine = UsiEngine.start(this.options.engine, variant, this.options.engineOptions);
      this.engine.catch(() => { this.engine = null; }); // the next turn tries a fresh one
    }
    return this.engine;
  }
}

const movesOf = (state: ApiGameState): string[] => state.moves.split(' ').filter(Boolean);
