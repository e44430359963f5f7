import { accountSeatDenial, type ClientMessageOf, type ClientMessageType, type ServerMessage } from '@chu/protocol';
import { isStorageOutage, OUTAGE_RETRY_MS } from '../db/outage.ts';
import type { GameSession, Reply, Step } from '../game/GameSession.ts';
import { GameStarts } from './GameStarts.ts';
import { refusedWrite } from './LeaseGuard.ts';
import { refuse, type RoomDeps, type RoomStep, type Visitor } from './ports.ts';
import type { Room } from './Room.ts';

/** Who sent a command: a socket (on any process of the site), its device, and the lag measured on its connection. */
export interface Caller { socketId: string; device: Visitor; lagMs: number }

/** What a command did, as data: the runner stores nothing more; it answers, then tells. */
export interface Outcome extends RoomStep {
  /** Told to the caller before its answer (a newcomer's room, game and chat; a sync's missed events). */
  first?: ServerMessage[];
  /** Told to the caller after its answer (the game as it stands, after a refused move). */
  then?: ServerMessage[];
  /** `out` is not told to the caller (it had the room in `first`). */
  notCaller?: boolean;
  /** The caller sits in the game it addressed: a fact for its own process (a seated socket's allowance). */
  seated?: boolean;
}

/**
 * Where a command is run, which the edge reads to route it: in a room it opens for the caller (`new`),
 * in the room it names, entering or leaving it (`enter`, `leave`: the socket joins or leaves the room's
 * channel), or in the room of the game it names (`game`).
 */
export type Target = 'new' | 'enter' | 'leave' | 'room' | 'game';

/**
 * A command on the room (`run`), or on the room's current game (`play`: the game decides and stores).
 * `timed`: its round trip on the edge is the site's move round trip (/metrics).
 */
type Entry<T extends ClientMessageType> =
  | { target: Target; run(room: Room, caller: Caller, m: ClientMessageOf<T>): Promise<Outcome> }
  | { target: 'game'; timed?: true; play(game: GameSession, caller: Caller, m: ClientMessageOf<T>): Promise<Step> };

/** The one table over every room and game command of the protocol: the command types are its keys. */
export const COMMANDS = {
  'room.create': { target: 'new', run: async (room) => ({ reply: { ok: true, version: room.session?.version ?? 0 }, out: [] }) },
  // "Play the CPU": the room, the seats and the start, on the server (not in a browser tab that may close)
  'room.cpuGame': { target: 'new', run: (room, c, m) => GameStarts.cpuGame(room, c.device, m.color ?? 'black', m.level) },
  'room.join': { target: 'enter', run: join },
  // an empty room leaves memory by itself a while later (Lobby.letEmptyRoomsGo)
  'room.leave': { target: 'leave', run: (room, c) => room.exit(c.device.id, c.socketId) },
  'room.sit': { target: 'room', run: (room, c, m) => room.sit(c.device, m.color) },
  'room.stand': { target: 'room', run: (room, c) => room.stand(c.device.id) },
  'room.cpu': { target: 'room', run: (room, c, m) => room.setCpu(c.device.id, m.color, m.level) },
  'room.options': { target: 'room', run: (room, c, m) => room.setOptions(c.device.id, m.options) },
  'room.start': { target: 'room', run: (room, c) => room.start(c.device.id) },
  'room.rematch': { target: 'room', run: (room, c, m) => room.rematch(c.device.id, m.action) },
  'chat.send': { target: 'room', run: (room, c, m) => room.chat.send(c.device, m.channel, m.text) },
  'chat.mute': { target: 'room', run: (room, c, m) => room.mute(c.device.id, m.deviceId, m.muted) },
  sync: { target: 'game', run: sync },
  move: { target: 'game', timed: true, play: (g, c, m) => g.move(c.device.id, m.usi, m.version, m.ack, c.lagMs) },
  'give-time': { target: 'game', play: (g, c) => g.giveTime(c.device.id) },
  resign: { target: 'game', play: (g, c) => g.resign(c.device.id) },
  abort: { target: 'game', play: (g, c) => g.abort(c.device.id) },
  draw: { target: 'game', play: (g, c, m) => g.draw(c.device.id, m.action) },
  takeback: { target: 'game', play: (g, c, m) => g.takeback(c.device.id, m.action) },
  adjourn: { target: 'game', play: (g, c, m) => g.adjourn(c.device.id, m.action) },
  seal: { target: 'game', play: (g, c, m) => g.seal(c.device.id, m.usi, m.version, m.ack, c.lagMs) },
  resume: { target: 'game', play: (g, c, m) => g.resume(c.device.id, m.action) },
} as const satisfies { [T in ClientMessageType]?: Entry<T> };

export type RoomCommandType = keyof typeof COMMANDS;
export type RoomCommand = ClientMessageOf<RoomCommandType>;

export const isRoomCommand = (m: { type: ClientMessageType }): m is RoomCommand => Object.hasOwn(COMMANDS, m.type);

/** What the edge reads of a message's entry, or null when it is not a room command: where it runs, and whether it is timed. */
export function routeOf(m: { type: ClientMessageType }): { target: Target; timed: boolean } | null {
  if (!isRoomCommand(m)) return null;
  const entry = COMMANDS[m.type];
  return { target: entry.target, timed: 'timed' in entry };
}

/**
 * The owner's side of every room command: on the room's queue, the command runs and is stored; then,
 * in that same turn, the caller is answered and the room is told (persist → ack → broadcast). Returns
 * the facts the caller's own process keeps (`seated`).
 */
export function execute(room: Room, caller: Caller, m: RoomCommand, deps: Pick<RoomDeps, 'outlet' | 'log'>): Promise<{ seated: boolean }> {
  return room.queue.run(async () => {
    let outcome: Outcome;
    try {
      outcome = await outcomeOf(room, caller, m);
    } catch (err) {
      if (!isStorageOutage(err)) throw err;
      // Nothing was applied (GameSession restores the game on a failed write): the client sends the
      // same message again, with the same ack id, once storage is back.
      deps.log.warn({ err: (err as Error).message, device: caller.device.id, type: m.type }, 'storage unreachable');
      deps.outlet.toSocket(caller.socketId, unavailable(m.ack));
      return { seated: false };
    }
    const { outlet } = deps;
    for (const msg of [...(outcome.first ?? []), ...answer(outcome.reply, m.ack), ...(outcome.then ?? [])]) outlet.toSocket(caller.socketId, msg);
    if (outcome.toDevices) outlet.toDevices(outcome.toDevices.deviceIds, outcome.toDevices.messages);
    outlet.toRoom(room.code, outcome.out, outcome.notCaller ? caller.socketId : undefined, outcome.hiddenFrom);
    return { seated: outcome.seated ?? false };
  });
}

function outcomeOf(room: Room, caller: Caller, m: RoomCommand): Promise<Outcome> {
  const entry = COMMANDS[m.type] as Entry<typeof m.type>;
  return 'play' in entry ? onGame(room, caller, m as GameCommand, entry.play as Play) : entry.run(room, caller, m as never);
}

type GameCommand = Extract<RoomCommand, { gameId: string }>;
type Play = (game: GameSession, caller: Caller, m: GameCommand) => Promise<Step>;

/** A command on the room's current game: the game decides and stores; the room arms what is due next. */
async function onGame(room: Room, caller: Caller, m: GameCommand, play: Play): Promise<Outcome> {
  const game = room.session;
  if (game?.id !== m.gameId) return refuse('no-game', 'That game is over.');
  const color = game.colorOf(caller.device.id);
  const denial = color && accountSeatDenial(game.seats[color], caller.device, game.rated || room.tournament !== null);
  if (denial) return refuse(denial.code, denial.message);
  const seated = color !== null;
  if (room.superseded) return { ...refusedWrite(), seated };
  const step = await room.played(play(game, caller, m));
  const resync = !step.reply.ok && step.reply.resync ? room.gameMessage('resync') : null;
  return { ...step, then: resync ? [resync] : [], seated };
}

/** A newcomer gets the room and its game as they are now (this step included), or catches up from the version it had; the others are told what changed. */
async function join(room: Room, caller: Caller, m: ClientMessageOf<'room.join'>): Promise<Outcome> {
  const step = await room.enter(caller.device, caller.socketId);
  const first: ServerMessage[] = [{ type: 'room', room: room.view() }];
  const session = room.session;
  if (session && m.game?.id === session.id) first.push(...catchUp(room, session, m.game.version));
  else {
    const game = room.gameMessage('join');
    if (game) first.push(game);
  }
  const sealed = session?.sealedFor(caller.device.id); // back after a reload: the sealer sees its sealed move again
  if (sealed) first.push(sealed);
  first.push({ type: 'chat.history', code: room.code, messages: await room.chat.history(caller.device) });
  return { ...step, first, notCaller: true };
}

async function sync(room: Room, _caller: Caller, m: ClientMessageOf<'sync'>): Promise<Outcome> {
  const session = room.session;
  if (session?.id !== m.gameId) return refuse('no-game', 'No such game.');
  return { reply: { ok: true, version: session.version }, out: [], first: catchUp(room, session, m.version) };
}

// Missing events when the short history still has them, otherwise the whole game.
function catchUp(room: Room, session: GameSession, version: number): ServerMessage[] {
  const events = session.eventsSince(version);
  if (events !== null) return events.map((event) => ({ type: 'event', event }));
  const game = room.gameMessage('resync');
  return game ? [game] : [];
}

/** The sender's answer: its ack once done, or the refusal carrying the ack. */
function answer(r: Reply, ack: string | undefined): ServerMessage[] {
  if (r.ok) return ack !== undefined ? [{ type: 'ack', ack, version: r.version, serverNow: Date.now() }] : [];
  return [{ type: 'error', code: r.code, message: r.message, ...(ack !== undefined ? { ack } : {}), ...(r.reason ? { reason: r.reason } : {}) }];
}

/** Storage was unreachable: nothing was applied, and the client sends the same message again shortly. */
export const unavailable = (ack: string | undefined): ServerMessage => ({
  type: 'error', code: 'unavailable', message: 'Storage is unreachable; nothing was applied. Retry shortly.',
  ...(ack !== undefined ? { ack } : {}), retryAfterMs: OUTAGE_RETRY_MS,
});
