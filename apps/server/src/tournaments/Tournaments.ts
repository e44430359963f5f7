import { DEFAULT_ROOM_OPTIONS, ratedAccounts, ratingPoolOf, tournamentControl, type Color, type ServerMessage, type TournamentView } from '@chu/protocol';
import type { Logger } from 'pino';
import type { NotificationInput } from '../notifications/Notifications.ts';
import type { LeaseHolder } from '../db/Leases.ts';
import { PairingTaken, roomTournament } from '../db/Store.ts';
import { StaleTournamentOwner, type EntrantRecord, type PairingRecord, type TournamentState, type TournamentStore } from '../db/TournamentStore.ts';
import type { RatingBook } from '../ranked/RatingBook.ts';
import type { GameStarts, Player } from '../rooms/GameStarts.ts';
import { tournamentHost } from '../rooms/ports.ts';
import { pairArena, type FreeEntrant } from './arenaPairing.ts';
import type { GameResult } from './results.ts';
import { roundRobinSchedule } from './roundRobin.ts';
import { standingsOf, tournamentView } from './view.ts';

/** Where a tournament's news goes: its page's watchers, and an entrant's devices. realtime/Fanout is one. */
export interface TournamentOutlet {
  toChannel(channel: string, message: ServerMessage): void;
  toDevices(deviceIds: string[], messages: ServerMessage[]): void;
}

export const tournamentChannel = (id: string) => `tournament:${id}`;

/** Which of these devices have a socket open as their account, on any process of the site (realtime/Fanout); throws when it cannot tell. */
export interface TournamentPresence {
  connectedDevices(devices: { deviceId: string; userId: string }[]): Promise<Set<string>>;
}

export interface TournamentDeps {
  store: TournamentStore;
  /** Sets up each pairing's game in a room of its own (rooms/GameStarts). */
  starts: Pick<GameStarts, 'inNewRoom'>;
  ratings: RatingBook;
  outlet: TournamentOutlet;
  /** Who is on the site: an arena pairs only those who are (and its CPU entrants). */
  presence: TournamentPresence;
  /** Who runs which tournament: this process alone (soleOwner), or through tournament_leases. */
  leases: LeaseHolder;
  log: Logger;
  msPerSecond: number;
  /** Tells an account what it should know though it is not looking: the event starting, its round's game ready. */
  notify: (accountId: string, input: NotificationInput, opts: { once: string }) => Promise<unknown>;
}

const DAY_S = 24 * 3600;
/**
 * How long, in real milliseconds, an arena waits past its end before it closes. A game stamped as ended
 * before the end may be stored a moment later by its room (on this process or another); closing at once
 * could leave its result out of the final table. No pairing is made in this while.
 */
export const ARENA_CLOSING_MS = 1500;
const PLAYING = new Set(['active', 'adjourned']);

/**
 * Runs the tournaments: every little while (half a clock second), this process takes the lease of each
 * tournament that is due (started, or past its start time) and free, and moves it on from what is
 * stored: results copied from finished games, the start (the round-robin's schedule, the arena's end
 * time), arena pairings, the next round, the end, and the games of new pairings started in rooms this
 * process owns. Nothing lives only in memory, so a restart or a takeover by another process carries on
 * from the database; every write is fenced by the lease's token. Pairing happens here, never in a browser.
 */
export class Tournaments {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private readonly shown = new Map<string, string>(); // tournament → the view last sent to its watchers
  private readonly held = new Map<string, number | null>();
  private readonly away = new Map<string, Set<string>>(); // arena → its free entrants last found away (the view's "paused")

  constructor(private readonly deps: TournamentDeps) {}

  get tickMs(): number { return Math.max(20, Math.floor(this.deps.msPerSecond / 2)); }

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      this.tick().catch((err) => this.deps.log.error({ err }, 'tournament upkeep failed')).finally(() => { this.running = false; });
    }, this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The tournament as its page shows it now, from the database (any process). */
  async view(id: string): Promise<TournamentView | null> {
    const state = await this.deps.store.load(id);
    return state && tournamentView(state, this.deps.msPerSecond, await this.awayOf(state, unpaired(state)));
  }

  /** Tells the tournament's watchers how it is now (after an entry changed, on any process). */
  async announce(id: string): Promise<void> {
    const view = await this.view(id);
    if (view) this.show(view);
  }

  /** One round of upkeep over every tournament that is due. */
  async tick(now = Date.now()): Promise<void> {
    for (const id of await this.deps.store.due(now)) {
      const held = await this.deps.leases.acquire(id); // ours already: renewed
      if (!('token' in held)) {
        this.held.delete(id);
        continue;
      }
      // a token past the first, newly ours: another process ran it before (and stopped renewing)
      if (!this.held.has(id) && held.token !== null && held.token > 1) this.deps.log.info({ tournament: id }, 'took over a tournament');
      this.held.set(id, held.token);
      try {
        await this.advance(id, held.token, now);
      } catch (err) {
        this.held.delete(id);
        if (err instanceof StaleTournamentOwner) this.deps.log.warn({ tournament: id }, 'tournament lease lost: another process runs it now');
        // one tournament's failure holds no other back; it is tried again at the next upkeep
        else this.deps.log.error({ err, tournament: id }, 'tournament upkeep failed');
      }
    }
  }

  private async advance(id: string, token: number | null, now: number): Promise<void> {
    const { store } = this.deps;
    let state = await store.load(id);
    if (!state) return;
    const again = async () => (await store.load(id))!;
    if (await this.settle(state, token)) state = await again();
    if (state.tournament.status === 'upcoming') {
      await this.begin(state, token, now);
      state = await again();
      if (state.tournament.status === 'running') this.tellStarting(state);
    } else if (state.tournament.status === 'running' && (await this.moveOn(state, token, now))) {
      state = await again();
    }
    if (state.tournament.status === 'running' && (await this.startGames(state, token))) state = await again();
    this.show(tournamentView(state, this.deps.msPerSecond, this.away.get(id)));
  }

  /** Results of games that ended, copied to their pairings; an aborted game is played again (round-robin) or dropped (arena). */
  private async settle(state: TournamentState, token: number | null): Promise<boolean> {
    const results: { pairingId: string; result: GameResult; finishedAt: number }[] = [];
    const replay: string[] = [];
    const drop: string[] = [];
    const { endsAt } = state.tournament; // an arena's: a game that ends after it does not count
    for (const p of state.pairings) {
      if (p.result !== null || p.game?.status !== 'finished') continue;
      if (endsAt !== null && (p.game.finishedAt ?? 0) > endsAt) continue;
      if (p.game.reason === 'abort') (state.tournament.kind === 'arena' ? drop : replay).push(p.id);
      else results.push({ pairingId: p.id, result: resultOf(p.game.winner), finishedAt: p.game.finishedAt ?? Date.now() });
    }
    if (!results.length && !replay.length && !drop.length) return false;
    await this.deps.store.settle(state.tournament.id, token, { results, replay, drop });
    return true;
  }

  private async begin({ tournament: t, entrants }: TournamentState, token: number | null, now: number): Promise<void> {
    const s = t.settings;
    if (s.kind === 'arena') {
      await this.deps.store.start(t.id, token, { endsAt: t.startsAt + s.minutes * 60 * this.deps.msPerSecond, rounds: null, roundEndsAt: null, pairings: [] });
      return;
    }
    const playing = entrants.filter((e) => !e.withdrawn);
    // too few to hold it: it ends at once, with no games
    if (playing.length < 3) return this.deps.store.finish(t.id, token, t.kind);
    const schedule = roundRobinSchedule(playing.length, s.cycles);
    await this.deps.store.start(t.id, token, {
      endsAt: null, rounds: schedule.rounds, roundEndsAt: this.roundDeadline(s.roundDays, now),
      pairings: schedule.games.map((g) => ({ round: g.round, black: playing[g.black].id, white: playing[g.white].id })),
    });
  }

  private roundDeadline(days: number | null, from: number): number | null {
    return days === null ? null : from + days * DAY_S * this.deps.msPerSecond;
  }

  /** A running tournament: the arena's end or new pairings; the round-robin's next round or end. True when it wrote. */
  private async moveOn(state: TournamentState, token: number | null, now: number): Promise<boolean> {
    const t = state.tournament;
    const { store } = this.deps;
    if (t.settings.kind === 'arena') {
      if (now >= t.endsAt!) {
        if (now < t.endsAt! + ARENA_CLOSING_MS) return false; // settle() picks up the last results meanwhile
        await store.finish(t.id, token, t.kind);
        return true;
      }
      const pairs = pairArena(await this.freeEntrants(state));
      if (pairs.length === 0) return false;
      await store.addPairings(t.id, token, pairs);
      return true;
    }
    const withdrawn = new Set(state.entrants.filter((e) => e.withdrawn).map((e) => e.id));
    const round = state.pairings.filter((p) => p.round === t.round);
    // a round is over when each of its games has a result, or will never be played (a withdrawal)
    const over = round.every((p) => p.result !== null || (!inPlay(p) && (withdrawn.has(p.black) || withdrawn.has(p.white))));
    const last = t.round >= (t.rounds ?? 0);
    // a correspondence round's deadline moves the event on; the games still in play go on and count
    const late = t.roundEndsAt !== null && now >= t.roundEndsAt && !last;
    if (!over && !late) return false;
    if (last) await store.finish(t.id, token, t.kind);
    else await store.nextRound(t.id, token, t.round + 1, this.roundDeadline(t.settings.roundDays, now));
    return true;
  }

  /**
   * Arena entrants in, not playing nor about to, and here: their score, rating, last opponent and
   * colours. Someone away from the site (no socket open on the device they entered with, on any
   * process) is paused, as on lichess: paired, they would only lose on time. They are paired again as
   * soon as they are back, at the next upkeep. A CPU entrant is always here.
   */
  private async freeEntrants(state: TournamentState): Promise<FreeEntrant[]> {
    const candidates = unpaired(state);
    // one alone cannot be paired: nobody need be asked who is here
    if (candidates.length < 2) return [];
    const away = await this.awayOf(state, candidates);
    this.away.set(state.tournament.id, away);
    const scores = new Map(standingsOf(state).map((s) => [s.entrant, s.score]));
    const free: FreeEntrant[] = [];
    for (const e of candidates) {
      if (away.has(e.id)) continue;
      const mine = state.pairings.filter((p) => p.black === e.id || p.white === e.id); // in pairing order
      const last = mine.at(-1);
      free.push({
        id: e.id,
        score: scores.get(e.id) ?? 0,
        rating: e.userId ? (await this.deps.ratings.current(e.userId, ratingPoolOf(tournamentControl(state.tournament.settings)))).rating : 1500,
        lastOpponent: last ? (last.black === e.id ? last.white : last.black) : null,
        balance: mine.filter((p) => p.black === e.id).length - mine.filter((p) => p.white === e.id).length,
        lastColor: last ? (last.black === e.id ? 'black' : 'white') : null,
        cpu: e.cpuLevel !== null,
      });
    }
    return free;
  }

  /**
   * Of these entrants of a running arena, the people away from the site. Not knowing (a process that
   * died is still waited for until the adapter gives up on it) holds nobody back: pairing goes on as
   * if everyone were here, as it did before anyone was paused.
   */
  private async awayOf(state: TournamentState, entrants: EntrantRecord[]): Promise<Set<string>> {
    const t = state.tournament;
    // an entrant is its account: its device counts only while signed in to it (issue 46 §5)
    const people = entrants.filter((e) => e.cpuLevel === null && e.deviceId !== null && e.userId !== null);
    if (t.kind !== 'arena' || t.status !== 'running' || people.length === 0) return new Set();
    try {
      const here = await this.deps.presence.connectedDevices(people.map((e) => ({ deviceId: e.deviceId!, userId: e.userId! })));
      return new Set(people.filter((e) => !here.has(e.deviceId!)).map((e) => e.id));
    } catch (err) {
      this.deps.log.warn({ err, tournament: t.id }, 'who is here is not known: nobody is paused');
      return new Set();
    }
  }

  /** Starts the game of every pairing due to be played that has none yet (after a restart too). True when it did any. */
  private async startGames(state: TournamentState, token: number | null): Promise<boolean> {
    const t = state.tournament;
    const entrants = new Map(state.entrants.map((e) => [e.id, e]));
    const due = state.pairings.filter((p) => p.game === null && p.result === null && (t.kind === 'arena' || p.round <= t.round));
    const gone: string[] = [];
    const starting: Promise<void>[] = [];
    for (const p of due) {
      const [black, white] = [entrants.get(p.black)!, entrants.get(p.white)!];
      if (black.withdrawn || white.withdrawn) {
        if (t.kind === 'arena') gone.push(p.id); // left before their game started: no game
        continue;
      }
      starting.push(this.startGame(state, p, black, white)); // each in its own room: side by side
    }
    await Promise.all(starting);
    if (gone.length) await this.deps.store.settle(t.id, token, { results: [], replay: [], drop: gone });
    return due.length > 0;
  }

  private async startGame(state: TournamentState, p: PairingRecord, black: EntrantRecord, white: EntrantRecord): Promise<void> {
    const t = state.tournament;
    // people's games are rated, when their control is long enough to rate (a CPU's never)
    const control = tournamentControl(t.settings);
    const player = (e: EntrantRecord): Player => (e.cpuLevel !== null
      ? { cpu: e.cpuLevel }
      : { person: { id: e.deviceId!, name: e.name, user: { id: e.userId!, username: e.name } } });
    let started: Awaited<ReturnType<GameStarts['inNewRoom']>>;
    try {
      started = await this.deps.starts.inNewRoom({
        host: tournamentHost(t.id),
        players: { black: player(black), white: player(white) },
        rated: ratedAccounts({ black: black.userId, white: white.userId }, control),
        pairing: { id: p.id, tournament: roomTournament(t, p.round) },
      }, { ...DEFAULT_ROOM_OPTIONS, timeControl: control, alternateFirst: false }, { tournament: t.id, pairing: p.id });
    } catch (err) {
      if (err instanceof PairingTaken) return; // another owner started it meanwhile
      throw err;
    }
    if (!started.ok) return;
    const { room, gameId } = started;
    this.deps.log.info({ tournament: t.id, game: gameId, room: room.code }, 'tournament game started');
    for (const [color, e] of [['black', black], ['white', white]] as [Color, EntrantRecord][]) {
      if (e.deviceId) this.deps.outlet.toDevices([e.deviceId], [{ type: 'tournament.game', tournamentId: t.id, roomCode: room.code, gameId, color }]);
      // a league's player may be away for days: their round's game waits in their notifications
      if (e.userId && t.kind === 'round-robin') {
        this.deps.notify(e.userId, { kind: 'round-ready', tournamentId: t.id, name: t.name, round: p.round, roomCode: room.code }, { once: `round-ready:${p.id}` })
          .catch((err) => this.deps.log.warn({ err, tournament: t.id }, 'round not notified'));
      }
    }
  }

  /** Every person entered hears the event has started (once, whichever process starts it). */
  private tellStarting({ tournament: t, entrants }: TournamentState): void {
    for (const e of entrants) {
      if (!e.userId || e.withdrawn) continue;
      this.deps.notify(e.userId, { kind: 'tournament-starting', tournamentId: t.id, name: t.name, startsAt: t.startsAt }, { once: `tournament-starting:${t.id}` })
        .catch((err) => this.deps.log.warn({ err, tournament: t.id }, 'tournament start not notified'));
    }
  }

  private show(view: TournamentView): void {
    const json = JSON.stringify(view);
    if (this.shown.get(view.id) === json) return;
    this.shown.set(view.id, json);
    this.deps.outlet.toChannel(tournamentChannel(view.id), { type: 'tournament', tournament: view });
  }
}

/** Entrants in the tournament, neither playing nor about to. */
function unpaired(state: TournamentState): EntrantRecord[] {
  const busy = new Set(state.pairings.filter((p) => p.result === null).flatMap((p) => [p.black, p.white]));
  return state.entrants.filter((e) => !e.withdrawn && !busy.has(e.id));
}

const resultOf = (winner: string | null): GameResult => (winner === 'black' || winner === 'white' ? winner : 'draw');
const inPlay = (p: PairingRecord): boolean => !!p.game && PLAYING.has(p.game.status);
