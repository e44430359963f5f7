import { Game } from '@chu/rules';
import {
  COLORS, opposite, RATED_MIN_ESTIMATED_SECONDS, rateable, ratingPoolOf, RoomOptionsSchema, roomStartSfen, rulesOptions, sameOccupant, seatOf, setupOfRoom, standardStart,
  type ChatChannel, type ChatMessage, type LiveGame, type OpenRoom,
  type Color, type RatingChanges, type RoomOptions, type RoomOptionsPatch, type RoomTournament, type RoomView, type Seat, type Seats, type SeatView,
  type GameEvent, type Outcome, type ServerMessage, DEADLINE_NOTICE_AT,
} from '@chu/protocol';
import type { Logger } from 'pino';
import type { CpuDesk } from '../cpu/CpuDesk.ts';
import type { RatingBook } from '../ranked/RatingBook.ts';
import { MovesAhead, StaleOwner, type RatedPlayers, type RoomRecord, type StoredGame, type Store } from '../db/Store.ts';
import { GameSession, restoreGame, type AckedMove, type CpuTurn, type Refusal, type Reply, type Step } from '../game/GameSession.ts';
import { SerialQueue } from '../game/SerialQueue.ts';
import { newId } from '../identity/secrets.ts';

/** Where a room's own news goes (timers, CPU moves): everyone in the room. realtime/Fanout is one. */
export interface RoomOutlet {
  toRoom(code: string, messages: ServerMessage[]): void;
  /** The sockets in the room's channel on every server process, with their devices. */
  whoIsHere(code: string): Promise<{ socketId: string; device: Visitor }[]>;
}

export interface RoomDeps {
  store: Store;
  ratings: RatingBook;
  cpu: CpuDesk;
  outlet: RoomOutlet;
  log: Logger;
  msPerSecond: number;
  cpuDelayMs: number;
  /** Who is told of a game while not looking at it (notifications/GameNotices); without one, nobody is. */
  notices?: GameNotices;
  /** Blocks between accounts (friends/Friends): a blocker reads nothing its blocked players write. Without it, nobody is hidden. */
  blocks?: ChatBlocks;
}

/** Whose chat an account does not read: the accounts it blocked. */
export interface ChatBlocks {
  /** The accounts that blocked `userId`: its messages do not reach them. */
  blockersOf(userId: string): Promise<string[]>;
  /** The devices of the accounts `userId` blocked: their past messages are left out of what it reads. */
  blockedDevices(userId: string): Promise<Set<string>>;
}

/** A game's news for one of its seats (`color`), told once it is stored. */
export interface GameNotice { gameId: string; roomCode: string; seats: Seats; color: Color }

/**
 * What a room tells about its games to players who may not be looking. Correspondence players come and
 * go for days: whoever the turn passes to is told, and warned when most of the turn's time is gone.
 */
export interface GameNotices {
  /** A correspondence move passed the turn (ply `ply`) to `color`, due at `deadline` (epoch ms). */
  yourTurn(notice: GameNotice & { ply: number; deadline: number }): void;
  /** DEADLINE_NOTICE_AT of that turn's time is gone. Told again after a restart: the receiver tells it once. */
  deadlineNear(notice: GameNotice & { ply: number; deadline: number }): void;
  /** The other player offered a draw or a takeback while `color` had no socket in the room. */
  offerWhileAway(notice: GameNotice & { offer: 'draw' | 'takeback' }): void;
  /** The game ended (told for each seat). */
  finished(notice: GameNotice & { outcome: Outcome }): void;
}

/** What a room command did: the answer for the sender, and what everyone in the room is told. */
export interface RoomStep {
  reply: Reply;
  out: ServerMessage[];
  /** For some people only (the players' chat): their devices, and what they are told. */
  toDevices?: { deviceIds: string[]; messages: ServerMessage[] };
  /** Accounts `out` is not sent to: those that blocked the writer of a chat message. */
  hiddenFrom?: string[];
}

interface Presence { name: string; sockets: Set<string> }

/** Who a device is in a room: logged in, its account's username; a guest, its display name. */
export interface Visitor { id: string; name: string; user: { id: string; username: string } | null }
const shownName = (d: Visitor) => d.user?.username ?? d.name;
const humans = (seats: Seats): string[] => COLORS.flatMap((c) => { const s = seats[c]; return s.kind === 'human' ? [s.deviceId] : []; });

/**
 * The host of a tournament's room: nobody's device, so nobody starts its next game. Its one game is the
 * tournament's pairing; whatever follows is the tournament's to pair, never a rematch in the room.
 */
export const tournamentHost = (tournamentId: string): string => `tournament-${tournamentId}`;

/** A tournament's pairing a room's game is started for. */
export interface Pairing { id: string; tournament: RoomTournament }

/** What a room loads with: its last game, and the ratings to show beside that game's seats. */
export interface LastGame { game: StoredGame; seatRatings: GameSession['seatRatings']; ratingChanges: RatingChanges | null }

/** A room's last game as stored, with its ratings: on loading the room, and on reading it again. */
export async function loadLastGame(deps: Pick<RoomDeps, 'store' | 'ratings'>, roomId: string): Promise<LastGame | null> {
  const game = await deps.store.lastGame(roomId);
  if (!game) return null;
  const rated = game.rated && game.status === 'finished' ? await deps.ratings.changes(game.id) : null;
  return {
    game,
    ratingChanges: rated?.changes ?? null,
    // a finished rated game shows the ratings it was played at, "?" where they were provisional
    seatRatings: rated?.playedAt ?? await deps.ratings.seatRatings(game.seats, ratingPoolOf(game.options.timeControl)),
  };
}

// Game events that change nothing the room view shows: no room view follows them.
const GAME_ONLY = new Set<GameEvent['kind']>(['move', 'draw-offer', 'draw-decline', 'adjourn-offer', 'adjourn-decline', 'adjourn-accept', 'resume-offer', 'resume-decline']);

const CHAT_PER_WINDOW = 5;
const CHAT_WINDOW_MS = 10_000;

const refuse = (code: Refusal['code'], message: string): RoomStep => ({ reply: { ok: false, code, message }, out: [] });
// A refused write (see `guarded`): nothing was applied; the web client sends it again by itself, and
// by then the room is served by its new owner, or afresh from the database.
const REFUSED_WRITE = 'This room\'s server changed while it was storing that; nothing was applied. Send it again.';

/**
 * A table friends meet at: two seats, spectators, options, and the current (or last) game.
 * Every command runs on the room's queue, called by whoever received it; it returns a `RoomStep`
 * once stored, and the caller acknowledges, then tells the room. The room's own timers (the game's
 * next due time, the CPU's move) run the same way and tell the room through its outlet.
 */
export class Room {
  readonly id: string;
  readonly code: string;
  hostDeviceId: string;
  options: RoomOptions;
  seats: Seats;
  gameNumber: number;
  session: GameSession | null = null;
  rematchOfferBy: Color | null = null;
  /** The tournament that paired this room's game (a tournament's room holds that one game only). */
  tournament: RoomTournament | null = null;
  private readonly muted: Set<string>;
  private readonly chatTimes = new Map<string, number[]>(); // device → times of its recent messages
  readonly queue = new SerialQueue();
  private readonly present = new Map<string, Presence>();
  private wakeTimer: NodeJS.Timeout | undefined;
  private warning: { key: string; timer: NodeJS.Timeout } | null = null; // a correspondence turn's deadline warning, armed
  private thinking: { turn: CpuTurn; stop: AbortController } | null = null;
  private closed = false;
  private lost = false; // another process took the room over: this copy writes nothing more

  /** The lease token this process holds the room with (see db/Leases); carried by every write. */
  readonly fence: number | null;

  constructor(private readonly deps: RoomDeps, rec: RoomRecord, lastGame: LastGame | null = null, fence: number | null = null) {
    this.fence = fence;
    this.id = rec.id;
    this.code = rec.code;
    this.hostDeviceId = rec.hostDeviceId;
    this.options = rec.options;
    this.seats = rec.seats;
    this.gameNumber = rec.gameNumber;
    this.muted = new Set(rec.muted);
    if (lastGame) {
      this.tournament = lastGame.game.tournament;
      this.session = this.restoredSession(lastGame);
      // After a restart nobody is here yet: every seated person is away, with a fresh grace period.
      this.schedule();
    }
  }

  private restoredSession({ game: last, seatRatings, ratingChanges }: LastGame): GameSession {
    const acks = new Map<string, AckedMove>();
    // Versions of old moves are not stored per move; the game's version acknowledges a retry as already applied.
    last.moves.forEach((m, ply) => { if (m.ackId && m.deviceId) acks.set(`${m.deviceId}:${m.ackId}`, { ply, usi: m.usi, version: last.version }); });
    return this.newSession({
      id: last.id, options: last.options, seats: last.seats, version: last.version, acks, rated: last.rated,
      status: last.status, outcome: last.outcome, fence: this.fence, seatRatings, ratingChanges,
      clocks: last.moves.map((m) => m.clock), turnStartedAt: last.turnStartedAt, sealer: last.sealer, sealed: last.sealed,
      game: restoreGame(last.startSfen, last.moves.map((m) => m.usi), last.options),
    });
  }

  /** Another process took the room over (a write of ours was refused): this copy must not answer for it. */
  get superseded(): boolean { return this.lost; }

  get record(): RoomRecord {
    return {
      id: this.id, code: this.code, hostDeviceId: this.hostDeviceId, options: this.options, seats: this.seats,
      gameNumber: this.gameNumber, muted: [...this.muted],
    };
  }

  /** The game in play or adjourned: seats and options wait for it. */
  get liveGame(): GameSession | null { return this.session?.live ? this.session : null; }
  // Nobody here and nothing running: the room can leave memory (it stays in the database).
  get idle(): boolean { return this.present.size === 0 && this.session?.status !== 'active' && this.queue.size === 0; }

  view(): RoomView {
    return {
      code: this.code,
      invitePath: `/r/${this.code}`,
      hostDeviceId: this.hostDeviceId,
      options: this.options,
      setup: setupOfRoom(this.options),
      seats: this.seatViews(this.liveGame?.seats ?? this.seats),
      present: [...this.present].map(([deviceId, p]) => ({
        deviceId, name: p.name, role: this.seatedColor(deviceId) ? 'player' as const : 'spectator' as const,
      })),
      gameId: this.session?.id ?? null,
      gameNumber: this.gameNumber,
      rematchOfferBy: this.rematchOfferBy,
      muted: [...this.muted],
      tournament: this.tournament,
    };
  }

  /** What the lobby shows of this room: open (public, someone waiting for an opponent) or a game to watch. */
  listing(): { open?: OpenRoom; live?: LiveGame } {
    const game = this.liveGame;
    const name = (s: Seat) => (s.kind === 'human' ? s.name : s.kind === 'cpu' ? `CPU ${s.level}` : null);
    if (game?.status === 'active' && (this.options.public || game.rated)) {
      const players = new Set(humans(game.seats));
      return {
        live: {
          code: this.code, gameId: game.id, black: name(game.seats.black), white: name(game.seats.white), ply: game.ply,
          variant: game.options.variant, setup: game.setup, rated: game.rated, language: this.options.language, spectators: [...this.present.keys()].filter((d) => !players.has(d)).length,
        },
      };
    }
    const waiting = COLORS.flatMap((color) => {
      const s = this.seats[color];
      return s.kind === 'human' && this.present.has(s.deviceId) ? [{ color, name: s.name }] : [];
    });
    const seatFree = COLORS.some((c) => this.seats[c].kind === 'empty');
    if (!game && this.options.public && waiting.length > 0 && seatFree) {
      return { open: { code: this.code, options: this.options, setup: setupOfRoom(this.options), language: this.options.language, waiting, present: this.present.size } };
    }
    return {};
  }

  /** The current or last game, as a newcomer (or a resync) sees it. */
  gameMessage(reason: 'start' | 'join' | 'resync'): ServerMessage | null {
    const s = this.session;
    return s && { type: 'game', game: s.view(this.seatViews(s.seats)), reason };
  }

  seatedColor(deviceId: string): Color | null {
    return seatOf(this.liveGame?.seats ?? this.seats, deviceId);
  }

  // ---- presence ----------------------------------------------------------------------------------

  /** A socket of this device entered the room. A seated person is back (RULES.md §8). */
  async enter(device: Visitor, socketId: string): Promise<RoomStep> {
    const p = this.present.get(device.id) ?? { name: shownName(device), sockets: new Set<string>() };
    p.name = shownName(device);
    p.sockets.add(socketId);
    this.present.set(device.id, p);
    const color = this.seatedColor(device.id);
    const game = this.liveGame;
    if (color && game) return this.guarded(async () => this.after(await game.arrive(color), true));
    // Between games a seat shows the name its person goes by now (a guest who renamed, a login).
    const seat = color && this.seats[color];
    if (seat && seat.kind === 'human' && (seat.name !== shownName(device) || (seat.userId ?? null) !== (device.user?.id ?? null))) {
      this.seats[color!] = { ...seat, name: shownName(device), userId: device.user?.id ?? null };
      return this.saved();
    }
    return this.roomChanged();
  }

  /** A socket left. When it was the device's last one here, a seated person is away. */
  async exit(deviceId: string, socketId: string): Promise<RoomStep> {
    const p = this.present.get(deviceId);
    if (!p?.sockets.delete(socketId) || p.sockets.size > 0) return { reply: this.ok(), out: [] };
    this.present.delete(deviceId);
    const color = this.seatedColor(deviceId);
    const game = this.liveGame;
    if (color && game) return this.guarded(async () => this.after(await game.leave(color), true));
    return this.roomChanged();
  }

  // ---- seats and options, between games ----------------------------------------------------------

  async sit(device: Visitor, color?: Color): Promise<RoomStep> {
    if (this.liveGame) return refuse('game-running', 'Seats change between games.');
    const current = seatOf(this.seats, device.id);
    const target = color ?? (current ?? COLORS.find((c) => this.seats[c].kind === 'empty'));
    if (!target) return refuse('seat-taken', 'Both seats are taken.');
    if (current === target) return this.saved();
    if (this.seats[target].kind !== 'empty') return refuse('seat-taken', 'That seat is taken.');
    if (current) this.seats[current] = { kind: 'empty' };
    this.seats[target] = { kind: 'human', deviceId: device.id, name: shownName(device), userId: device.user?.id ?? null };
    // a public room is an open challenge: whoever takes its last free seat accepts it, and the game
    // starts (with the seats), not waiting on the host's page
    if (this.options.public && !current && COLORS.every((c) => this.seats[c].kind !== 'empty')) {
      return this.guarded(() => this.startGame(null));
    }
    return this.saved();
  }

  async stand(deviceId: string): Promise<RoomStep> {
    if (this.liveGame) return refuse('game-running', 'Seats change between games.');
    const current = seatOf(this.seats, deviceId);
    if (!current) return refuse('not-seated', 'You are not seated.');
    this.seats[current] = { kind: 'empty' };
    return this.saved();
  }

  async setCpu(deviceId: string, color: Color, level: number | null): Promise<RoomStep> {
    if (deviceId !== this.hostDeviceId) return refuse('not-host', 'Only the host can seat the CPU.');
    if (this.liveGame) return refuse('game-running', 'Seats change between games.');
    const s = this.seats[color];
    if (s.kind === 'human' && s.deviceId !== deviceId) return refuse('seat-taken', 'A person holds that seat.');
    this.seats[color] = level === null ? { kind: 'empty' } : { kind: 'cpu', level };
    return this.saved();
  }

  async setOptions(deviceId: string, patch: RoomOptionsPatch): Promise<RoomStep> {
    if (deviceId !== this.hostDeviceId) return refuse('not-host', 'Only the host changes the options.');
    if (this.liveGame) return refuse('game-running', 'Options change between games.');
    // judged as the room would be after the change: a new variant alone may not fit the start position
    const next = RoomOptionsSchema.safeParse({ ...this.options, ...patch });
    if (!next.success) return refuse('malformed', next.error.issues[0]?.message ?? 'Those options do not fit together.');
    this.options = next.data;
    return this.saved();
  }

  /**
   * "Play the CPU" (room.cpuGame), in the room just made for it: the host sits at `color`, the CPU at
   * `level` takes the other seat, and the game starts.
   */
  async cpuGame(device: Visitor, color: Color, level: number): Promise<RoomStep> {
    if (this.gameNumber > 0) return refuse('game-running', 'This room has had its game already.');
    for (const seat of [() => this.sit(device, color), () => this.setCpu(device.id, opposite(color), level)]) {
      const step = await seat();
      if (!step.reply.ok) return step;
    }
    return this.guarded(() => this.startGame(null));
  }

  // ---- the next game -----------------------------------------------------------------------------

  /**
   * The host starts the next game once both seats are filled. `rated`: the accounts of a ranked game.
   * `pairing`: a tournament's game, linked to its pairing as it is stored; the room names its tournament.
   */
  async start(deviceId: string, rated: RatedPlayers | null = null, pairing: Pairing | null = null): Promise<RoomStep> {
    if (deviceId !== this.hostDeviceId) return refuse('not-host', 'Only the host starts a game; ask for a rematch instead.');
    return this.guarded(() => this.startGame(rated, pairing));
  }

  /**
   * A seated player asks for the next game; it starts when the other player asks too (or at once
   * against a CPU seat). `decline` turns the other's offer down.
   */
  async rematch(deviceId: string, action: 'offer' | 'decline' = 'offer'): Promise<RoomStep> {
    if (this.tournament) return refuse('no-rematch', 'A tournament game has no rematch: the tournament pairs the next one.');
    if (this.liveGame) return refuse('game-running', 'A game is already running.');
    if (this.gameNumber === 0) return refuse('no-game', 'There was no game to rematch.');
    const color = seatOf(this.seats, deviceId);
    if (!color) return refuse('not-seated', 'Only a seated player can ask for a rematch.');
    const other = opposite(color);
    if (action === 'decline') {
      if (this.rematchOfferBy !== other) return refuse('no-rematch-offer', 'There is no rematch offer to answer.');
      this.rematchOfferBy = null;
      return this.roomChanged();
    }
    if (this.rematchOfferBy === other || this.seats[other].kind === 'cpu') return this.guarded(() => this.startGame(null));
    this.rematchOfferBy = color;
    return this.roomChanged();
  }

  // ---- chat ----------------------------------------------------------------------------------------

  /**
   * A chat message: 'spectators' is everyone's channel, 'players' the players' own (see
   * `playersChannel`). Muted participants cannot write; everyone gets a few messages per window.
   */
  async chat(device: Visitor, channel: ChatChannel, text: string): Promise<RoomStep> {
    if (!this.present.has(device.id)) return refuse('not-in-room', 'Join the room first.');
    if (this.muted.has(device.id)) return refuse('muted', 'The host muted you in this room\'s chat.');
    const players = channel === 'players' ? this.playersChannel() : null;
    if (channel === 'players' && !players) return refuse('no-game', 'The players\' chat belongs to a game, and none has started here yet.');
    if (players && !players.readers.includes(device.id)) return refuse('not-seated', 'Only the game\'s players who still sit write in the players\' chat.');
    const now = Date.now();
    const recent = (this.chatTimes.get(device.id) ?? []).filter((t) => now - t < CHAT_WINDOW_MS);
    if (recent.length >= CHAT_PER_WINDOW) return refuse('rate-limited', `At most ${CHAT_PER_WINDOW} messages every ${CHAT_WINDOW_MS / 1000} s.`);
    this.chatTimes.set(device.id, [...recent, now]);
    const hiddenFrom = device.user && this.deps.blocks ? await this.deps.blocks.blockersOf(device.user.id) : [];
    return this.guarded(async () => {
      const message = await this.deps.store.addChat(
        this.id, { channel, gameId: players?.gameId ?? null, deviceId: device.id, name: shownName(device), text }, this.fence,
      );
      const msg: ServerMessage = { type: 'chat', code: this.code, message };
      if (players) {
        const blockers = new Set(hiddenFrom);
        const hidden = new Set(COLORS.flatMap((c) => {
          const s = this.session!.seats[c];
          return s.kind === 'human' && s.userId && blockers.has(s.userId) ? [s.deviceId] : [];
        }));
        return { reply: this.ok(), out: [], toDevices: { deviceIds: players.readers.filter((d) => !hidden.has(d)), messages: [msg] } };
      }
      return { reply: this.ok(), out: [msg], hiddenFrom };
    });
  }

  /** The host mutes (or unmutes) a participant in the chat. */
  async mute(hostId: string, deviceId: string, muted: boolean): Promise<RoomStep> {
    if (hostId !== this.hostDeviceId) return refuse('not-host', 'Only the host mutes participants.');
    if (deviceId === hostId) return refuse('not-host', 'The host cannot mute themselves.');
    if (muted) this.muted.add(deviceId);
    else this.muted.delete(deviceId);
    return this.saved();
  }

  /**
   * The recent messages this device may read: the room's channel, and the players' when it is one of
   * their readers; none written by the players its account blocked.
   */
  async chatFor(device: Visitor): Promise<ChatMessage[]> {
    const players = this.playersChannel();
    const messages = await this.deps.store.recentChat(this.id, players?.readers.includes(device.id) ? players.gameId : null);
    if (!device.user || !this.deps.blocks) return messages;
    const hidden = await this.deps.blocks.blockedDevices(device.user.id);
    return messages.filter((m) => !hidden.has(m.deviceId));
  }

  /**
   * The players' channel belongs to one game (issue 34): the game in play, or between games the last
   * one, until the next starts afresh. Its readers are that game's people who still sit at the table:
   * one who stood up reads no more, and one who sat down since reads nothing of a game they did not play.
   */
  private playersChannel(): { gameId: string; readers: string[] } | null {
    const game = this.session;
    if (!game) return null;
    const seated = new Set(humans(this.seats));
    return { gameId: game.id, readers: humans(game.seats).filter((d) => seated.has(d)) };
  }

  // ---- commands on the game ----------------------------------------------------------------------

  async play(command: (game: GameSession) => Promise<Step>): Promise<RoomStep> {
    const game = this.session;
    if (!game) return refuse('no-game', 'No such game.');
    return this.guarded(async () => this.after(await command(game)));
  }

  /** The room's own work (a timer, a CPU answer), run on the queue and told to the room. */
  private runOwn(work: () => Promise<RoomStep>): void {
    void this.queue.run(async () => {
      if (this.closed) return;
      const step = await this.guarded(work);
      this.deps.outlet.toRoom(this.code, step.out);
    }).catch((err) => this.deps.log.error({ err, room: this.code }, 'room task failed'));
  }

  /**
   * Presence as the sockets themselves say it, on every process: after this process took the room
   * over, and from time to time, since a process that died could not say its sockets left.
   */
  async reconcile(): Promise<RoomStep> {
    const here = await this.deps.outlet.whoIsHere(this.code);
    const out: ServerMessage[] = [];
    const live = new Set(here.map((h) => h.socketId));
    for (const [deviceId, p] of [...this.present]) {
      for (const socketId of [...p.sockets]) if (!live.has(socketId)) out.push(...(await this.exit(deviceId, socketId)).out);
    }
    for (const h of here) {
      if (!this.present.get(h.device.id)?.sockets.has(h.socketId)) out.push(...(await this.enter(h.device, h.socketId)).out);
    }
    return { reply: this.ok(), out };
  }

  /** Reconciles presence on the room's queue and tells the room what changed. */
  reconcileNow(): void {
    this.runOwn(() => this.reconcile());
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.wakeTimer);
    clearTimeout(this.warning?.timer);
    this.warning = null;
    this.stopThinking();
  }

  // ---- inside ------------------------------------------------------------------------------------

  private async startGame(rated: RatedPlayers | null, pairing: Pairing | null = null): Promise<RoomStep> {
    const pairingId = pairing?.id ?? null;
    if (this.liveGame) return refuse('game-running', 'A game is already running.');
    if (this.seats.black.kind === 'empty' || this.seats.white.kind === 'empty') return refuse('seats-not-filled', 'Both seats must be filled.');
    // a tournament's two CPU entrants play their game like anyone's
    if (this.seats.black.kind === 'cpu' && this.seats.white.kind === 'cpu' && pairingId === null) return refuse('seats-not-filled', 'At least one seat needs a person.');
    // Ratings are chu's from its standard start (README: ranked); ranked rooms are made with the defaults.
    if (rated && (this.options.variant !== 'chu' || !standardStart(this.options))) {
      return refuse('malformed', 'Ranked games are chu shogi from the standard start.');
    }
    // RULES.md §7: ranked games are always timed, and long enough to rate by lishogi's estimate
    if (rated && !rateable(this.options.timeControl)) {
      return refuse('malformed', `Ranked games are timed, with an estimated length of at least ${RATED_MIN_ESTIMATED_SECONDS} s.`);
    }
    // RULES.md §8: each new game swaps who moves first, however it is started; a pair who already
    // changed seats since the last game is left as it sat. From a set start position (a handicap, which
    // belongs to the stronger player's side) nobody swaps: handicaps.md §3.
    const last = this.session?.seats;
    const swap = this.options.alternateFirst && this.options.startSfen === null;
    const seats: Seats = swap && last && sameOccupant(last.black, this.seats.black) && sameOccupant(last.white, this.seats.white)
      ? { black: this.seats.white, white: this.seats.black }
      : structuredClone(this.seats);
    // the options were checked when set (startSfenProblem), so the position is one of the variant's
    const started = Game.fromSfen(roomStartSfen(this.options), rulesOptions(this.options));
    if (!started.ok) return refuse('malformed', `startSfen: ${started.error}`);
    const game = started.value;
    const seatRatings = await this.deps.ratings.seatRatings(seats, ratingPoolOf(this.options.timeControl));
    const number = this.gameNumber + 1;
    const id = newId();
    await this.deps.store.createGame(
      { id, roomId: this.id, number, options: this.options, startSfen: game.startSfen, seats },
      { ...this.record, seats, gameNumber: number },
      rated,
      this.fence,
      pairingId,
    );
    this.seats = structuredClone(seats);
    this.gameNumber = number;
    this.tournament = pairing?.tournament ?? null;
    this.rematchOfferBy = null;
    this.stopThinking();
    this.session = this.newSession({ id, options: this.options, seats, game, version: 0, rated: rated !== null, seatRatings, fence: this.fence });
    this.schedule();
    // a correspondence game's first mover may be far away too (a challenge accepted while they were out)
    const first = this.session.turnWarning(DEADLINE_NOTICE_AT);
    if (first) this.deps.notices?.yourTurn({ gameId: id, roomCode: this.code, seats, color: first.color, ply: first.ply, deadline: first.deadline });
    return { reply: { ok: true, version: 0 }, out: [{ type: 'room', room: this.view() }, this.gameMessage('start')!] };
  }

  private newSession(init: Omit<ConstructorParameters<typeof GameSession>[1], 'roomCode' | 'present'>): GameSession {
    const present = { black: this.isPresent(init.seats.black), white: this.isPresent(init.seats.white) };
    return new GameSession(this.deps, { ...init, roomCode: this.code, present });
  }

  private isPresent(seat: Seat): boolean {
    return seat.kind === 'human' && this.present.has(seat.deviceId);
  }

  /** After a game command: arm what is due next, and turn the game's events into messages. */
  private after(step: Step, roomToo = false): RoomStep {
    this.schedule();
    this.noticeGame(step.events);
    const out: ServerMessage[] = step.events.map((event) => ({ type: 'event', event }));
    // seat changes and the end of a game show in the room view too; so does a move while a seat is
    // away on a timed game: the turn that passes to it brings its takeover forward (Absence.due), and
    // the room view is where watchers read the countdown
    const countdownMoved = !!this.session?.awayOnTimedTurns && step.events.some((e) => e.kind === 'move');
    if (roomToo || countdownMoved || step.events.some((e) => !GAME_ONLY.has(e.kind))) {
      out.push({ type: 'room', room: this.view() });
    }
    return { reply: step.reply, out };
  }

  /** Tells players who may not be looking what these stored events mean for them (RoomDeps.notices). */
  private noticeGame(events: Step['events']): void {
    const session = this.session;
    const notices = this.deps.notices;
    if (!notices || !session) return;
    const base = { gameId: session.id, roomCode: this.code, seats: session.seats };
    for (const e of events) {
      if (e.kind === 'move' && e.clock?.deadline && session.options.timeControl.kind === 'correspondence') {
        notices.yourTurn({ ...base, color: e.turn, ply: e.ply + 1, deadline: e.clock.deadline });
      }
      if (e.kind === 'draw-offer' || e.kind === 'takeback-offer') {
        const to = opposite(e.by);
        if (!this.isPresent(session.seats[to])) notices.offerWhileAway({ ...base, color: to, offer: e.kind === 'draw-offer' ? 'draw' : 'takeback' });
      }
      if (e.kind === 'end') for (const color of COLORS) notices.finished({ ...base, color, outcome: e.outcome });
    }
  }

  /**
   * A correspondence turn's warning, armed from the turn's stored start: a restarted process (or a new
   * owner) arms it again when it loads the game, and one already due fires at once.
   */
  private armWarning(game: GameSession): void {
    const w = this.deps.notices ? game.turnWarning(DEADLINE_NOTICE_AT) : null;
    const key = w && `${game.id}:${w.ply}`;
    if (this.warning?.key === key) return;
    clearTimeout(this.warning?.timer);
    this.warning = null;
    if (!w || !key) return;
    // at most 80 % of 14 days: within what a timer can wait (24.8 days)
    const timer = setTimeout(() => {
      this.deps.notices?.deadlineNear({ gameId: game.id, roomCode: this.code, seats: game.seats, color: w.color, ply: w.ply, deadline: w.deadline });
    }, Math.max(0, w.at - performance.now()));
    timer.unref();
    this.warning = { key, timer };
  }

  /** One timer for whatever the game has due next, and the CPU's move when it is the CPU's turn. */
  private schedule(): void {
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    const game = this.session;
    if (this.closed || !game) return;
    const at = game.nextWakeAt();
    if (at !== null) {
      this.wakeTimer = setTimeout(() => this.runOwn(async () => this.after(await game.tick())), Math.max(0, at - performance.now()));
    }
    this.armWarning(game);
    const turn = game.cpuTurn();
    const asked = this.thinking?.turn;
    if (asked && (!turn || asked.ply !== turn.ply || asked.positionVersion !== turn.positionVersion || asked.color !== turn.color)) this.stopThinking();
    if (turn && !this.thinking) this.think(game, turn);
  }

  private think(game: GameSession, turn: CpuTurn): void {
    const stop = new AbortController();
    this.thinking = { turn, stop };
    const answer = async () => {
      await new Promise((r) => setTimeout(r, this.deps.cpuDelayMs));
      if (stop.signal.aborted) return;
      const usi = await this.deps.cpu.move(turn.game, {
        gameId: game.id, positionVersion: turn.positionVersion, standIn: turn.standIn, level: turn.level, clock: turn.clock, signal: stop.signal,
      });
      if (stop.signal.aborted) return;
      this.runOwn(async () => {
        if (this.thinking?.stop === stop) this.thinking = null;
        return this.after(await game.cpuMove(turn, usi));
      });
    };
    answer().catch((err) => {
      if (stop.signal.aborted) return;
      if (this.thinking?.stop === stop) this.thinking = null;
      this.deps.log.error({ err, room: this.code }, 'cpu move failed');
    });
  }

  private stopThinking(): void {
    this.thinking?.stop.abort();
    this.thinking = null;
  }

  private seatViews(seats: Seats): Record<Color, SeatView> {
    // the game's own seats, or the room's when the same people sit there (after a restart the room's
    // seats are loaded apart from its last game's, and that game's ratings still belong next to them)
    const session = this.session;
    const game = session && (session.seats === seats || COLORS.every((c) => sameOccupant(session.seats[c], seats[c]))) ? session : null;
    const view = (color: Color): SeatView => {
      const s = seats[color];
      const state = game?.seatState(color) ?? { status: 'present' as const, takeoverInMs: null, controller: s.kind === 'empty' ? 'none' as const : s.kind };
      const base = {
        color, status: state.status, takeoverInMs: state.takeoverInMs, controller: state.controller,
        account: s.kind === 'human' && !!s.userId, rating: game?.seatRatings[color] ?? null,
      };
      if (s.kind === 'empty') return { ...base, kind: 'empty', deviceId: null, name: null, level: null, connected: false };
      if (s.kind === 'cpu') return { ...base, kind: 'cpu', deviceId: null, name: `CPU ${s.level}`, level: s.level, connected: true };
      return { ...base, kind: 'human', deviceId: s.deviceId, name: s.name, level: null, connected: this.present.has(s.deviceId) };
    };
    return { black: view('black'), white: view('white') };
  }

  private ok(): Reply { return { ok: true, version: this.session?.version ?? 0 }; }

  private roomChanged(): RoomStep {
    return { reply: this.ok(), out: [{ type: 'room', room: this.view() }] };
  }

  private async saved(): Promise<RoomStep> {
    this.rematchOfferBy = null;
    return this.guarded(async () => {
      await this.deps.store.saveRoom(this.record, this.fence);
      return this.roomChanged();
    });
  }

  /**
   * Runs work that writes the room's state. The database may refuse such a write: the lease is gone
   * or ran out (StaleOwner), or the game in memory is behind the stored one (MovesAhead, a ply that is
   * already there). Then nothing of it was applied, and the sender is told so instead of an ack. The
   * room does not stay as it was, which would refuse the same way for ever: taken over by another
   * process, it stops here (its timers and CPU; every later write refused at once) until the lease
   * upkeep drops it (Lobby.keepLeases) and commands go to the new owner; still this process's, it is
   * read again from the database, where the truth is.
   */
  private async guarded(work: () => Promise<RoomStep>): Promise<RoomStep> {
    if (this.lost) return refuse('unavailable', REFUSED_WRITE);
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof StaleOwner || err instanceof MovesAhead)) throw err;
      if (await this.deps.store.leaseLost(this.id, this.fence)) {
        this.deps.log.warn({ room: this.code, err: err.message }, 'write refused: another process owns the room now');
        this.lost = true;
        this.close();
        return refuse('unavailable', REFUSED_WRITE);
      }
      this.deps.log.warn({ room: this.code, err: err.message }, 'write refused: loading the room again from the database');
      await this.reload();
      // everyone here sees the room and its game as stored (their next event would not follow on)
      const game = this.gameMessage('resync');
      return { ...refuse('unavailable', REFUSED_WRITE), out: [{ type: 'room', room: this.view() }, ...(game ? [game] : [])] };
    }
  }

  /** The room and its last game as stored (a reloaded game's turn starts afresh, as after a takeover). */
  private async reload(): Promise<void> {
    const rec = await this.deps.store.findRoomById(this.id);
    if (!rec) throw new Error(`room ${this.code} is not in the database`);
    const last = await loadLastGame(this.deps, this.id);
    this.hostDeviceId = rec.hostDeviceId;
    this.options = rec.options;
    this.seats = rec.seats;
    this.gameNumber = rec.gameNumber;
    this.muted.clear();
    for (const d of rec.muted) this.muted.add(d);
    this.rematchOfferBy = null;
    this.stopThinking();
    this.session = last && this.restoredSession(last);
    this.schedule();
  }
}
