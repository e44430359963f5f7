// The server's clock decides; the client only shows it ticking. Each server message that carries the
// server's time gives a sample of the offset between the two clocks; the sample that travelled fastest
// is the truest (its transit time is the smallest error), so it is kept until a better one arrives.
// A command's ack is a round trip (sent, answered); a game view alone is one way, its transit unknown,
// so it serves only until the first round trip is measured.

export interface ServerTime {
  offsetMs: number; // add to the client's Date.now() to get the server's: -1250
  errorMs: number; // how far off that can be (half the round trip it was measured on): 12
}

export const UNSYNCED: ServerTime = Object.freeze({ offsetMs: 0, errorMs: Infinity });

/**
 * A round trip: the client sent at `sentAt` and received at `receivedAt` (both its own clock) an answer
 * stamped `serverNow`. The server stamped it somewhere in between: assume the middle.
 */
export function sample(time: ServerTime, sentAt: number, serverNow: number, receivedAt: number): ServerTime {
  const errorMs = Math.max(0, receivedAt - sentAt) / 2;
  if (errorMs > time.errorMs) return time;
  return { offsetMs: Math.round(serverNow - (sentAt + errorMs)), errorMs };
}

/** A message stamped `serverNow` received at `receivedAt`: the offset as if it took no time, until a round trip says better. */
export const oneWay = (time: ServerTime, serverNow: number, receivedAt: number): ServerTime =>
  time.errorMs === Infinity ? { offsetMs: Math.round(serverNow - receivedAt), errorMs: Infinity } : time;

/** The server's time now, by the client's clock. */
export const serverNow = (time: ServerTime, clientNow: number): number => clientNow + time.offsetMs;
