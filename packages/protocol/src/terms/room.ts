import { DEFAULT_OPTIONS, type Options, type TimeControl, type Variant } from '@chu/rules';
import type { RoomOptions } from '../options.ts';

// Room options of RULES.md §7: their defaults and what they mean for a game. The rules' own options
// (their values and defaults) are the rules package's; options.ts checks room options with schemas built
// from these defaults.

// Room codes: 6 letters/digits without look-alikes (0/O, 1/I/L).
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const LANGUAGES = ['es', 'en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * What a room is when nothing is chosen (room.create's `{}`): the schema's defaults are these (typed here
 * field by field, since the schema's type is built from them; options.test.ts checks they parse to themselves).
 */
export const DEFAULT_ROOM_OPTIONS = {
  variant: 'chu' as Variant,       // the game: chu shogi (RULES.md), dai shogi (docs/dai-shogi.md) or Heisei chu (docs/heisei-chu.md)
  startSfen: null as string | null, // the variant's standard start; else a handicap (docs/handicaps.md) or any position
  promotion: DEFAULT_OPTIONS.promotion,
  lionTrading: DEFAULT_OPTIONS.lionTrading,
  bareKing: DEFAULT_OPTIONS.bareKing,
  moveLimit: DEFAULT_OPTIONS.moveLimit as number | null, // plies
  heiseiDrops: 'any' as NonNullable<Options['heiseiDrops']>, // heisei-chu.md §4: 'any' = a drop a turn, as often as the reserve lasts; 'once' = one per player (read in Heisei rooms only)
  timeControl: { kind: 'none' } as TimeControl,
  giveTime: true,       // casual clock games: a player may give the opponent 15 s
  alternateFirst: true,
  graceSeconds: 60,     // before the CPU takes over an absent player (RULES.md §8)
  public: false,        // listed in the lobby of open rooms and games being played
  takebacks: true,      // casual games: a player may ask to take a move back
  cpuTakebacks: false,  // …against a CPU seat too (the CPU says yes at once)
  language: 'es' as Language, // the room's language: the host sets it (room.create, room.options); shown in the lobby
};

/** What 'give-time' adds to the opponent's clock, in clock seconds. */
export const GIVEN_TIME_SECONDS = 15;

/**
 * Adjournment by agreement (RULES.md §7): only on a real clock (a turn limit is the casual site's quick
 * game, and correspondence players come and go anyway), once this many plies are played.
 */
export const ADJOURN_FROM_PLY = 20;
export const adjournable = (control: TimeControl): boolean => control.kind === 'clock';

/**
 * The rules' options a room sets: what `Game.start` / `Game.replay` take (turn time, seats and grace are
 * the room's). Dai has no lion trading (dai-shogi.md §4): a dai room plays 'off' whatever its lionTrading says.
 * Only a Heisei room passes heiseiDrops on (heisei-chu.md §4). Options stored before variants existed have
 * no variant: chu; before Heisei, no heiseiDrops: 'any'.
 */
type RoomRules = 'promotion' | 'lionTrading' | 'bareKing' | 'moveLimit';
export type RoomRulesOptions = Pick<Options, RoomRules | 'heiseiDrops'> & { variant: Variant };
export const rulesOptions = (room: Pick<RoomOptions, RoomRules> & { variant?: Variant; heiseiDrops?: RoomOptions['heiseiDrops'] }): RoomRulesOptions => {
  const variant = room.variant ?? 'chu';
  return {
    variant,
    promotion: room.promotion,
    lionTrading: variant === 'dai' ? 'off' : room.lionTrading,
    bareKing: room.bareKing,
    moveLimit: room.moveLimit,
    ...(variant === 'heisei' && { heiseiDrops: room.heiseiDrops ?? 'any' }),
  };
};
