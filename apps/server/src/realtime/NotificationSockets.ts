import { SERVER_EVENT, type ServerMessage } from '@chu/protocol';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import type { Notifications } from '../notifications/Notifications.ts';

/**
 * A socket of an account is told its unread notifications as it connects (after the Gateway set it up:
 * this listener is added after the Gateway's). A token rotated meanwhile (a login elsewhere) tells it
 * nothing: the Gateway is closing it.
 */
export function tellUnreadOnConnect(io: Server, identity: Identity, notifications: Notifications, log: Logger): void {
  io.on('connection', (socket) => {
    const st = socket.data as { device?: DeviceIdentity; credential?: string };
    const device = st.device;
    if (!device?.user) return;
    const account = device.user.id;
    void (async () => {
      const now = await identity.credentialsOf([device.id]);
      if (now.get(device.id) !== st.credential || socket.disconnected) return;
      const unread = await notifications.unread(account);
      socket.emit(SERVER_EVENT, { type: 'notifications', ...unread } satisfies ServerMessage);
    })().catch((err) => log.warn({ err, device: device.id }, 'unread notifications not sent'));
  });
}
