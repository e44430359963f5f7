import { CLIENT_EVENT, SERVER_EVENT, type ClientMessage, type ErrorCode, type ServerMessage } from '@chu/protocol';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';

/** A command's answer, as the socket's ack or refusal says it. */
export type CommandAnswer = { ok: true; version: number } | { ok: false; code: ErrorCode; message: string };

type Command = ClientMessage extends infer M ? (M extends { ack?: string } ? Omit<M, 'ack'> : never) : never;

const ANSWER_MS = 15_000; // a room's failover may hold a command this long (Forwarding waits out a lease)

/**
 * The API's way into the site (issue 50): a Socket.IO connection of this process to itself, signed in
 * with the program's token as the account's API seat. Through it a program's requests are socket
 * messages like a browser's: the same handshake, flood limits, commands (rooms/commands, Forwarding to
 * the room's owner), answers and room events, on whichever process owns the game. Only this process
 * knows `key`, so no program opens such a socket itself.
 */
export class Loopback {
  readonly key = randomBytes(24).toString('base64url');

  constructor(private readonly url: () => string) {}

  /** A socket signed in as the token's account, on its API seat. */
  open(secret: string): Promise<LoopSocket> {
    return this.connect({ apiToken: secret });
  }

  /** A socket of a spectator with no account (a game's public stream). */
  watch(): Promise<LoopSocket> {
    return this.connect({ watch: true });
  }

  private async connect(auth: { apiToken: string } | { watch: true }): Promise<LoopSocket> {
    // the client library loads with the first program that plays: a site without bots never holds it
    const { io } = await import('socket.io-client');
    const socket = io(this.url(), { auth: { ...auth, key: this.key }, transports: ['websocket'], reconnection: false, forceNew: true });
    const link = new LoopSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err: Error & { data?: { code?: string } }) => {
        socket.close();
        reject(Object.assign(new Error(err.data?.code ?? err.message), { code: err.data?.code }));
      });
    });
    return link;
  }
}

export class LoopSocket {
  private readonly listeners = new Set<(m: ServerMessage) => void>();
  private readonly waiting = new Map<string, (a: CommandAnswer) => void>();
  private seq = 0;
  readonly closed: Promise<void>;

  constructor(private readonly socket: Socket) {
    socket.on(SERVER_EVENT, (m: ServerMessage) => {
      if (m.type === 'ack') this.waiting.get(m.ack)?.({ ok: true, version: m.version });
      else if (m.type === 'error' && m.ack !== undefined) this.waiting.get(m.ack)?.({ ok: false, code: m.code, message: m.message });
      for (const l of this.listeners) l(m);
    });
    this.closed = new Promise((resolve) => socket.once('disconnect', () => resolve()));
  }

  get connected(): boolean { return this.socket.connected; }

  /** Everything the server sends this socket; returns the way to stop listening. */
  listen(listener: (m: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(m: ClientMessage): void {
    this.socket.emit(CLIENT_EVENT, m);
  }

  /** Sends a command with an ack id of its own and waits for its ack or refusal. */
  command(m: Command, ms = ANSWER_MS): Promise<CommandAnswer> {
    const ack = `api.${++this.seq}.${randomBytes(4).toString('hex')}`;
    return new Promise((resolve) => {
      const done = (a: CommandAnswer) => {
        clearTimeout(timer);
        this.waiting.delete(ack);
        resolve(a);
      };
      const timer = setTimeout(() => done({ ok: false, code: 'internal', message: 'The game\'s server did not answer; try again.' }), ms);
      this.waiting.set(ack, done);
      void this.closed.then(() => done({ ok: false, code: 'internal', message: 'The connection closed before an answer; try again.' }));
      this.send({ ...m, ack } as ClientMessage);
    });
  }

  close(): void {
    this.socket.disconnect();
  }
}
