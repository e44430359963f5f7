import { SERVER_EVENT, type ServerMessage } from '@chu/protocol';
import type { Server } from 'socket.io';
import type { RoomOutlet, Visitor } from '../rooms/Room.ts';

export const roomChannel = (code: string) => `room:${code}`;
export const deviceChannel = (id: string) => `device:${id}`; // every open socket of one device

// The one way out to clients: a room's channel, or one socket.
export class Fanout implements RoomOutlet {
  constructor(private readonly io: Server) {}

  toRoom(code: string, messages: ServerMessage[], exceptSocket?: string): void {
    if (messages.length === 0) return;
    const to = this.io.to(roomChannel(code));
    const channel = exceptSocket ? to.except(exceptSocket) : to;
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

  /** Whether any of these devices has a socket open, on any process (false for none asked). */
  async anyConnected(deviceIds: string[]): Promise<boolean> {
    if (deviceIds.length === 0) return false;
    return (await this.io.in(deviceIds.map(deviceChannel)).fetchSockets()).length > 0;
  }

  toChannel(channel: string, message: ServerMessage): void {
    this.io.to(channel).emit(SERVER_EVENT, message);
  }

  toSocket(socketId: string, message: ServerMessage): void {
    this.io.to(socketId).emit(SERVER_EVENT, message);
  }
}
