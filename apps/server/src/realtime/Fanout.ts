import { SERVER_EVENT, type ServerMessage } from '@chu/protocol';
import type { Server } from 'socket.io';
import type { RoomOutlet, Visitor } from '../rooms/ports.ts';

export const roomChannel = (code: string) => `room:${code}`;
export const deviceChannel = (id: string) => `device:${id}`; // every open socket of one device
export const accountChannel = (id: string) => `account:${id}`; // every open socket signed in as one account

// The one way out to clients: a room's channel, or one socket.
export class Fanout implements RoomOutlet {
  constructor(private readonly io: Server) {}

  /** `exceptAccounts`: accounts not told (those that blocked a chat message's writer). */
  toRoom(code: string, messages: ServerMessage[], exceptSocket?: string, exceptAccounts: string[] = []): void {
    if (messages.length === 0) return;
    const except = [...(exceptSocket ? [exceptSocket] : []), ...exceptAccounts.map(accountChannel)];
    const to = this.io.to(roomChannel(code));
    const channel = except.length > 0 ? to.except(except) : to;
    for (const m of messages) channel.emit(SERVER_EVENT, m);
  }

  async whoIsHere(code: string): Promise<{ socketId: string; device: Visitor }[]> {
    const sockets = await this.io.in(roomChannel(code)).fetchSockets();
    return sockets.flatMap((s) => {
      const device = (s.data as { device?: Visitor } | undefined)?.device;
      return device ? [{ socketId: s.id, device }] : [];
    });
  }

  /** Every open socket of these devices, on any process. */
  toDevices(deviceIds: string[], messages: ServerMessage[]): void {
    if (deviceIds.length === 0) return;
    const to = this.io.to(deviceIds.map(deviceChannel));
    for (const m of messages) to.emit(SERVER_EVENT, m);
  }

  /** Every open socket signed in as these accounts, on any process. */
  toAccounts(userIds: string[], message: ServerMessage): void {
    if (userIds.length === 0) return;
    this.io.to(userIds.map(accountChannel)).emit(SERVER_EVENT, message);
  }

  /** Which of these accounts have a socket open on some process of the site (the adapter asks them all). */
  async onlineAccounts(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const sockets = await this.io.in(userIds.map(accountChannel)).fetchSockets();
    return new Set(sockets.flatMap((s) => {
      const id = (s.data as { device?: Visitor } | undefined)?.device?.user?.id;
      return id ? [id] : [];
    }));
  }

  /** Whether any of these devices has a socket open, on any process (false for none asked). */
  async anyConnected(deviceIds: string[]): Promise<boolean> {
    if (deviceIds.length === 0) return false;
    return (await this.io.in(deviceIds.map(deviceChannel)).fetchSockets()).length > 0;
  }

  /**
   * Which of these devices have a socket open, on any process of the site, signed in to the account given
   * with each: a device logged out of it (logout-others from another) is not that account's presence.
   * Every process is asked; one that died is still waited for until the adapter stops counting it (its
   * heartbeat lapses, ~10 s): past `timeoutMs` this throws, for the caller to go on without knowing.
   */
  async connectedDevices(devices: { deviceId: string; userId: string }[], timeoutMs = 1000): Promise<Set<string>> {
    if (devices.length === 0) return new Set();
    const accountOf = new Map(devices.map((d) => [d.deviceId, d.userId]));
    const sockets = await this.io.timeout(timeoutMs).in(devices.map((d) => deviceChannel(d.deviceId))).fetchSockets();
    return new Set(sockets.flatMap((s) => {
      const device = (s.data as { device?: Visitor } | undefined)?.device;
      return device?.user && accountOf.get(device.id) === device.user.id ? [device.id] : [];
    }));
  }

  /** Whether this socket is still connected, on any process. */
  async socketConnected(socketId: string): Promise<boolean> {
    return (await this.io.in(socketId).fetchSockets()).length > 0;
  }

  toChannel(channel: string, message: ServerMessage): void {
    this.io.to(channel).emit(SERVER_EVENT, message);
  }

  toSocket(socketId: string, message: ServerMessage): void {
    this.io.to(socketId).emit(SERVER_EVENT, message);
  }
}
