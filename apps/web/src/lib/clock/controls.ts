// The room form's time controls (RULES.md §7): the common presets, and what a control reads as.
import type { RoomOptions } from '@chu/protocol';
import { clockAt } from '@chu/rules';
import type { Key, Vars } from '../i18n/messages';

type TimeControl = RoomOptions['timeControl'];

export const PRESETS: readonly { id: string; control: TimeControl }[] = [
  { id: 'none', control: { kind: 'none' } },
  { id: 'turn30', control: { kind: 'turn', seconds: 30 } },
  { id: 'turn60', control: { kind: 'turn', seconds: 60 } },
  { id: 'byoyomi', control: { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } },
  { id: 'fischer', control: { kind: 'clock', initialSeconds: 1800, byoyomiSeconds: 0, periods: 1, incrementSeconds: 30 } },
  { id: 'days3', control: { kind: 'correspondence', daysPerMove: 3 } },
];

/** A custom clock starts from the byoyomi preset. */
export const CUSTOM_START = PRESETS[3].control;

/** The preset a control is, or 'custom'. */
export const presetOf = (tc: TimeControl): string =>
  PRESETS.find((p) => JSON.stringify(p.control) === JSON.stringify(tc))?.id ?? 'custom';

type Translate = (key: Key, vars?: Vars) => string;

/** "10 min + 30 s byoyomi", "30 min + 30 s Fischer", "30 s a move", "3 days a move", "no clock". */
export function describeControl(tc: TimeControl, t: Translate): string {
  switch (tc.kind) {
    case 'none': return t('tc.none');
    case 'turn': return t('tc.turn', { n: tc.seconds });
    case 'correspondence': return t('tc.days', { n: tc.daysPerMove });
    case 'clock': {
      const main = tc.initialSeconds % 60 === 0 ? t('tc.min', { n: tc.initialSeconds / 60 }) : t('tc.sec', { n: tc.initialSeconds });
      const parts = [main];
      if (tc.byoyomiSeconds > 0) parts.push(t(tc.periods > 1 ? 'tc.byoyomiPeriods' : 'tc.byoyomi', { n: tc.byoyomiSeconds, p: tc.periods }));
      if (tc.incrementSeconds > 0) parts.push(t('tc.fischer', { n: tc.incrementSeconds }));
      return parts.join(' + ');
    }
  }
}

type ClockView = NonNullable<import('@chu/protocol').GameView['clock']>;

/** A side's clock as it reads: the time shown (main time, else the current period's), the periods left. */
export interface ClockReading {
  ms: number; // 8400
  periods: number; // byoyomi periods left, the current one included: 2
  byoyomi: boolean; // main time is spent: `ms` is the current period's
}

/**
 * What a side's clock shows at `serverNow` (the server's time now, as serverTime.ts estimates it): the
 * running side's time counts from its turn start, both measured on the server's clock, so the offset
 * between the machines does not show. The rules' clockAt says main time, then the current period.
 */
export function clockReading(clock: ClockView, color: 'black' | 'white', serverNow: number): ClockReading {
  const side = clock[color];
  const config = { initialMs: 0, byoyomiMs: clock.byoyomiMs, periods: side.periods, incrementMs: clock.incrementMs, lag: null };
  const elapsed = clock.running === color && clock.turnStartedAt !== null ? Math.max(0, serverNow - clock.turnStartedAt) : 0;
  const at = clockAt(config, { ...side, lagQuotaMs: 0 }, elapsed);
  return { ms: at.mainMs > 0 ? at.mainMs : at.byoyomiMs, periods: at.periods, byoyomi: at.mainMs <= 0 };
}
