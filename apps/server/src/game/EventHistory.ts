import type { GameEvent } from '@chu/protocol';

// The last events of a game, so a reconnecting client catches up with what it missed; older gaps get
// a full resync.
export class EventHistory {
  private readonly events: GameEvent[] = [];

  constructor(private readonly size = 256) {}

  push(e: GameEvent): void {
    this.events.push(e);
    if (this.events.length > this.size) this.events.shift();
  }

  /** Events after `version` up to `current`, or null when the history no longer reaches back that far. */
  since(version: number, current: number): GameEvent[] | null {
    if (version > current) return null;
    if (version === current) return [];
    const first = this.events[0]?.version ?? current + 1;
    if (version + 1 < first) return null;
    return this.events.filter((e) => e.version > version);
  }
}
