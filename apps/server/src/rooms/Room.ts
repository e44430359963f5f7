import { Game } from '@chu/rules';
import {
  COLORS, DELETED_PLAYER, isAccount, nextSeats, opposite, ratedDenial, ratingPoolOf, RoomOptionsSchema, roomStartSfen, rulesOptions, sameOccupants, seatLabel, seatOf, setupOfRoom,
  type Color, type LiveGame, type OpenRoom, type RoomOptions, type RoomOptionsPatch, type RoomTournament, type RoomView, type Seat, type Seats, type SeatView,
  type GameEvent, type ServerMessage,
} from '@chu/protocol';
import type { RatedPlayers, RoomRecord } from '../db/Store.ts';
import { GameSession, restoreGame, type AckedMove, type Reply, type Step } from '../game/GameSession.ts';
import { loadLastGame, type LastGame } from './LastGame.ts';
import { SerialQueue } from '../game/SerialQueue.ts';
import { newId } from '../identity/secrets.ts';
import { GameDriver } from './GameDriver.ts';
import { LeaseGuard } from './LeaseGuard.ts';
import { refuse, type Pairing, type RoomDeps, type RoomStep, type Visitor } from './ports.ts';
import { humans, RoomChat, shownName } from './RoomChat.ts';

interface Presence { name: string; sockets: Set<string> }

// Game events that change nothing the room view shows: no room view follows them.
const GAME_ONLY = new Set<GameEvent['kind']>(['move', 'draw-offer', 'draw-decline', 'adjourn-offer', 'adjourn-decline', 'adjourn-accept', 'resume-offer', 'resume-decline']);

/**
 * A table friends meet at: two seats, spectators, options, and the current (or last) game.
 * Every command runs on the room's queue (rooms/commands.ts); it returns a `RoomStep` once stored,
 * and the runner acknowledges, then tells the room. The room's own timers (the game's next due time,
 * the CPU's move: GameDriver) run the same way and tell the room through its outlet.
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
  readonly muted: Set<string>;
  readonly queue = new SerialQueue();
  readonly chat: RoomChat;
  private readonly present = new Map<string, Presence>();
  private readonly driver: GameDriver;
  private readonly guard: LeaseGuard;
  private closed = false;

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
    this.driver = new GameDriver(this, deps);
    this.guard = new LeaseGuard(this, deps);
    this.chat = new RoomChat(this, deps);
    if (lastGame) {
      this.tournament = lastGame.game.tournament;
      this.session = this.restoredSession(lastGame);
      // After a restart nobody is here yet: every seated person is away, with a fresh grace period.
      this.driver.schedule(this.session);
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
  get superseded(): boolean { return this.guard.superseded; }

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
    if (game?.status === 'active' && (this.options.public || game.rated)) {
      const players = new Set(humans(game.seats));
      return {
        live: {
          code: this.code, gameId: game.id, black: seatLabel(game.seats.black), white: seatLabel(game.seats.white),
          accounts: { black: isAccount(game.seats.black), white: isAccount(game.seats.white) }, ply: game.ply,
          variant: game.options.variant, setup: game.setup, rated: game.rated, language: this.options.language, spectators: [...this.present.keys()].filter((d) => !players.has(d)).length,
        },
      };
    }
    const waiting = COLORS.flatMap((color) => {
      const s = this.seats[color];
      return s.kind === 'human' && this.present.has(s.deviceId) ? [{ color, name: s.name, account: isAccount(s) }] : [];
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

  /** What everyone here is shown after the room was read again: the room and its game as stored. */
  resync(): ServerMessage[] {
    const game = this.gameMessage('resync');
    return [{ type: 'room', room: this.view() }, ...(game ? [game] : [])];
  }

  seatedColor(deviceId: string): Color | null {
    return seatOf(this.liveGame?.seats ?? this.seats, deviceId);
  }

  isHere(deviceId: string): boolean { return this.present.has(deviceId); }

  /** Whether the person on `game`'s seat `color` has a socket in the room. */
  isPresent(color: Color, game: GameSession): boolean { return this.seatPresent(game.seats[color]); }

  private seatPresent(seat: Seat): boolean {
    return seat.kind === 'human' && this.present.has(seat.deviceId);
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

  /**
   * A deleted account's seats, as Identity.deleteAccount left the stored ones: the room's seat a guest's
   * with DELETED_PLAYER for a name, the running game's seat named DELETED_PLAYER. On the room's queue;
   * everyone here is shown the room and its game again.
   */
  forgetAccount(userId: string): void {
    const named = (s: Seat) => s.kind === 'human' && s.userId === userId;
    if (!COLORS.some((c) => named(this.seats[c]) || (this.liveGame && named(this.liveGame.seats[c])))) return;
    this.ownWork(async () => {
      const game = this.liveGame;
      for (const c of COLORS) {
        const seat = this.seats[c];
        if (seat.kind === 'human' && named(seat)) this.seats[c] = { ...seat, name: DELETED_PLAYER, userId: null };
        const played = game?.seats[c];
        if (played?.kind === 'human' && named(played)) game!.seats[c] = { ...played, name: DELETED_PLAYER };
      }
      return { reply: this.ok(), out: this.resync() };
    });
  }

  /** Reconciles presence on the room's queue and tells the room what changed. */
  reconcileNow(): void {
    this.ownWork(() => this.reconcile());
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
    this.seats[target] = { kind: 'human', deviceId: device.id, name: shownName(device), userId: device.user?.id ?? null, ...(device.user?.bot ? { bot: true } : {}) };
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

  /** The host mutes (or unmutes) a participant in the chat. */
  async mute(hostId: string, deviceId: string, muted: boolean): Promise<RoomStep> {
    if (hostId !== this.hostDeviceId) return refuse('not-host', 'Only the host mutes participants.');
    if (deviceId === hostId) return refuse('not-host', 'The host cannot mute themselves.');
    if (muted) this.muted.add(deviceId);
    else this.muted.delete(deviceId);
    return this.saved();
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

  private async startGame(rated: RatedPlayers | null, pairing: Pairing | null = null): Promise<RoomStep> {
    const pairingId = pairing?.id ?? null;
    if (this.liveGame) return refuse('game-running', 'A game is already running.');
    if (this.seats.black.kind === 'empty' || this.seats.white.kind === 'empty') return refuse('seats-not-filled', 'Both seats must be filled.');
    // a tournament's two CPU entrants play their game like anyone's
    if (this.seats.black.kind === 'cpu' && this.seats.white.kind === 'cpu' && pairingId === null) return refuse('seats-not-filled', 'At least one seat needs a person.');
    const unrated = rated && ratedDenial(this.options);
    if (unrated) return refuse(unrated.code, unrated.message);
    // RULES.md §8: each new game swaps who moves first, however it is started (policy's nextSeats)
    const seats = nextSeats(this.options, this.session?.seats ?? null, this.seats);
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
    this.driver.stopThinking();
    this.session = this.newSession({ id, options: this.options, seats, game, version: 0, rated: rated !== null, seatRatings, fence: this.fence });
    this.driver.schedule(this.session);
    this.driver.started(this.session);
    return { reply: { ok: true, version: 0 }, out: [{ type: 'room', room: this.view() }, this.gameMessage('start')!] };
  }

  private newSession(init: Omit<ConstructorParameters<typeof GameSession>[1], 'roomCode' | 'present'>): GameSession {
    const present = { black: this.seatPresent(init.seats.black), white: this.seatPresent(init.seats.white) };
    return new GameSession(this.deps, { ...init, roomCode: this.code, present });
  }

  // ---- the game's steps --------------------------------------------------------------------------

  /**
   * A command's step on the game, once stored: fenced (a write the database refused is answered as such),
   * then what is due next armed and the room's messages made. The runner does not start a command on a
   * superseded room (`superseded`).
   */
  played(step: Promise<Step>): Promise<RoomStep> {
    return this.guarded(async () => this.after(await step));
  }

  /** After a game's step: arm what is due next, and turn the game's events into messages. */
  private after(step: Step, roomToo = false): RoomStep {
    this.driver.schedule(this.session);
    if (this.session) this.driver.notice(this.session, step.events);
    const out: ServerMessage[] = step.events.map((event) => ({ type: 'event', event }));
    // seat changes and the end of a game show in the room view too; so does a move while a seat is
    // away on a timed game: the turn that passes to it brings its takeover forward (Absence.due), and
    // the room view is where watchers read the countdown
    const countdownMoved = !!this.session?.awayOnTimedTurns && step.events.some((e) => e.kind === 'move');
    if (roomToo || countdownMoved || step.events.some((e) => !GAME_ONLY.has(e.kind))) {
      out.push({ type: 'room', room: this.view() });
    }
    return { reply: step.reply, out, ...this.toSealer(step) };
  }

  // a move just sealed (by its player, or the CPU standing in): the sealer's device is told which
  private toSealer(step: Step): Pick<RoomStep, 'toDevices'> {
    const note = step.events.some((e) => e.kind === 'adjourn' && e.why === 'agreement') ? this.session?.sealedNote() : null;
    return note ? { toDevices: { deviceIds: [note.deviceId], messages: [note.message] } } : {};
  }

  /** The room's own work on `game` (a timer, a CPU answer: GameDriver), run on the queue and told to the room. */
  runOwn(work: () => Promise<Step>): void {
    this.ownWork(async () => this.after(await work()));
  }

  private ownWork(work: () => Promise<RoomStep>): void {
    void this.queue.run(async () => {
      if (this.closed) return;
      const step = await this.guarded(work);
      if (step.toDevices) this.deps.outlet.toDevices(step.toDevices.deviceIds, step.toDevices.messages);
      this.deps.outlet.toRoom(this.code, step.out);
    }).catch((err) => this.deps.log.error({ err, room: this.code }, 'room task failed'));
  }

  close(): void {
    this.closed = true;
    this.driver.close();
  }

  private seatViews(seats: Seats): Record<Color, SeatView> {
    // the game's own seats, or the room's when the same people sit there (after a restart the room's
    // seats are loaded apart from its last game's, and that game's ratings still belong next to them)
    const session = this.session;
    const game = session && (session.seats === seats || sameOccupants(session.seats, seats)) ? session : null;
    const view = (color: Color): SeatView => {
      const s = seats[color];
      const state = game?.seatState(color) ?? { status: 'present' as const, takeoverInMs: null, controller: s.kind === 'empty' ? 'none' as const : s.kind };
      const base = {
        color, status: state.status, takeoverInMs: state.takeoverInMs, controller: state.controller,
        account: isAccount(s), bot: s.kind === 'human' && s.bot === true, rating: game?.seatRatings[color] ?? null,
      };
      if (s.kind === 'empty') return { ...base, kind: 'empty', deviceId: null, name: null, level: null, connected: false };
      if (s.kind === 'cpu') return { ...base, kind: 'cpu', deviceId: null, name: seatLabel(s)!, level: s.level, connected: true };
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

  /** Runs work that writes the room's state, fenced by the room's lease (LeaseGuard). */
  guarded(work: () => Promise<RoomStep>): Promise<RoomStep> {
    return this.guard.run(work);
  }

  /** The room and its last game as stored (a reloaded game's turn starts afresh, as after a takeover). */
  async reload(): Promise<void> {
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
    this.driver.stopThinking();
    this.session = last && this.restoredSession(last);
    this.driver.schedule(this.session);
  }
}
