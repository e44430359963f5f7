import type { TimeControl } from '@chu/rules';
import { z } from 'zod';
import { ColorSchema, CpuLevelSchema, IdSchema, shownName } from './common.ts';
import { TimeControlSchema } from './options.ts';
import { RankedControlIdSchema } from './ranked.ts';
import { RANKED_CONTROLS } from './terms/ranked.ts';
import { ARENA_CONTROL_IDS, ARENA_MINUTES, MAX_CPU_ENTRANTS, ROUND_ROBIN_ENTRANTS, TOURNAMENT_KINDS, TOURNAMENT_STATUSES } from './terms/tournaments.ts';

// Tournaments (issue 38): the schemas; kinds, limits and arena controls are terms/tournaments.ts's.
export const TournamentKindSchema = z.enum(TOURNAMENT_KINDS);
export const TournamentStatusSchema = z.enum(TOURNAMENT_STATUSES);

export const ArenaControlIdSchema = RankedControlIdSchema.refine((id) => ARENA_CONTROL_IDS.includes(id), {
  error: `control: an arena is played in real time: one of ${ARENA_CONTROL_IDS.join(', ')}`,
});

// shown to everyone, in lists and notifications: the display names' rule (no bidi or invisible characters)
export const TournamentNameSchema = shownName(60);
// when it starts (epoch ms): from now to TOURNAMENT_ANNOUNCE_MS ahead (the server checks "now"); the
// schema's bound (the year 2100) keeps any number it lets through a date the database stores
const StartsAtSchema = z.number().int().min(0).max(Date.UTC(2100, 0, 1));

/** POST /api/tournaments: an account creates one (at most TOURNAMENTS_PER_ACCOUNT not yet finished). */
export const CreateTournamentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('arena'),
    name: TournamentNameSchema,
    startsAt: StartsAtSchema,
    minutes: z.number().int().min(ARENA_MINUTES.min).max(ARENA_MINUTES.max),
    control: ArenaControlIdSchema,
    cpu: z.array(CpuLevelSchema).max(MAX_CPU_ENTRANTS).default([]),
  }).strict(),
  z.object({
    kind: z.literal('round-robin'),
    name: TournamentNameSchema,
    startsAt: StartsAtSchema,
    // each meets each once, or twice with colours swapped
    cycles: z.union([z.literal(1), z.literal(2)]),
    timeControl: TimeControlSchema,
    // correspondence: each round has a deadline, this many days after it starts; real-time rounds have none
    roundDays: z.number().int().min(1).max(60).nullable().default(null),
    cpu: z.array(CpuLevelSchema).max(MAX_CPU_ENTRANTS).default([]),
  }).strict().superRefine((t, ctx) => {
    if (t.timeControl.kind === 'none') ctx.addIssue({ code: 'custom', path: ['timeControl'], message: 'timeControl: a round-robin is played on a clock (or by correspondence)' });
    const corr = t.timeControl.kind === 'correspondence';
    if (corr && t.roundDays === null) ctx.addIssue({ code: 'custom', path: ['roundDays'], message: 'roundDays: a correspondence round-robin gives each round a deadline' });
    if (!corr && t.roundDays !== null) ctx.addIssue({ code: 'custom', path: ['roundDays'], message: 'roundDays: only correspondence rounds have a deadline' });
  }),
]);
export type CreateTournament = z.infer<typeof CreateTournamentSchema>;

/** The time control a tournament's games are played at. */
export const tournamentControl = (t: CreateTournament): TimeControl => (t.kind === 'arena' ? RANKED_CONTROLS[t.control] : t.timeControl);

export const TournamentIdParamsSchema = z.object({ id: IdSchema }).strict();

/** An entrant as everyone sees them. */
export const EntrantViewSchema = z.object({
  id: IdSchema,
  name: z.string(), // the account's username, or "CPU 3"
  cpuLevel: CpuLevelSchema.nullable(),
  withdrawn: z.boolean(), // round-robin: withdrew (remaining games lost); arena: left (not paired until back)
  // the game they are playing now, to watch or to go to
  playing: z.object({ roomCode: z.string(), gameId: IdSchema }).nullable(),
  // a running arena's: away from the site (no socket open), so not paired until back; absent otherwise
  paused: z.boolean().optional(),
});
export type EntrantView = z.infer<typeof EntrantViewSchema>;

export const TournamentStandingSchema = z.object({
  entrant: IdSchema,
  rank: z.number().int(),
  score: z.number(), // arena: arena points; round-robin: 1 a win, ½ a draw
  played: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  // arena: each game's points in the order they ended, and whether a streak doubles the next
  points: z.array(z.number()).nullable(),
  onFire: z.boolean(),
  // round-robin tie-breaks
  sonnebornBerger: z.number().nullable(),
  headToHead: z.number().nullable(),
});
export type TournamentStanding = z.infer<typeof TournamentStandingSchema>;

export const TournamentGameResultSchema = z.enum(['black', 'white', 'draw']);
/** How a tournament game ended: the winner's colour, or a draw. */
export type TournamentGameResult = z.infer<typeof TournamentGameResultSchema>;

export const TournamentGameSchema = z.object({
  round: z.number().int(), // round-robin: its round; arena: the n-th pairing
  black: IdSchema, // entrant ids
  white: IdSchema,
  result: TournamentGameResultSchema.nullable(), // null: not played yet, or in play
  forfeit: z.boolean(), // lost unplayed by an entrant who withdrew
  roomCode: z.string().nullable(),
  gameId: IdSchema.nullable(),
});
export type TournamentGame = z.infer<typeof TournamentGameSchema>;

/** What every mention of a tournament says of it. */
const TournamentHeadSchema = z.object({
  id: IdSchema,
  kind: TournamentKindSchema,
  name: z.string(),
  organiser: z.string(),
  status: TournamentStatusSchema,
  startsAt: z.number().int(),
  timeControl: TimeControlSchema,
});

/** A tournament as its page shows it (GET /api/tournaments/:id, and the `tournament` socket message). */
export const TournamentViewSchema = TournamentHeadSchema.extend({
  endsAt: z.number().int().nullable(), // arena: when pairing stops
  cycles: z.number().int().nullable(),
  roundDays: z.number().int().nullable(),
  round: z.number().int(), // round-robin: the round being played (0 before the start)
  rounds: z.number().int().nullable(), // round-robin: how many, once the schedule is made
  roundEndsAt: z.number().int().nullable(), // correspondence round-robin: this round's deadline
  msPerSecond: z.number().int(), // 1000; tests run the site's clocks faster (the countdown follows)
  entrants: z.array(EntrantViewSchema),
  standings: z.array(TournamentStandingSchema),
  games: z.array(TournamentGameSchema),
});
export type TournamentView = z.infer<typeof TournamentViewSchema>;

/** A tournament in the list. */
export const TournamentSummarySchema = TournamentHeadSchema.extend({ entrants: z.number().int() });
export type TournamentSummary = z.infer<typeof TournamentSummarySchema>;

/** GET /api/tournaments */
export const TournamentListSchema = z.object({
  upcoming: z.array(TournamentSummarySchema),
  running: z.array(TournamentSummarySchema),
  finished: z.array(TournamentSummarySchema), // the latest
});
export type TournamentList = z.infer<typeof TournamentListSchema>;

/** Client → server (members of ClientMessageSchema): follow a tournament's page live. */
export const TournamentClientMessages = [
  z.object({ type: z.literal('tournament.watch'), id: IdSchema }).strict(),
  z.object({ type: z.literal('tournament.unwatch'), id: IdSchema }).strict(),
] as const;

/** Server → client (members of ServerMessageSchema). */
export const TournamentServerMessages = [
  // the tournament as it is now: on watching, and whenever its standings, games or entrants change
  z.object({ type: z.literal('tournament'), tournament: TournamentViewSchema }),
  // your game is ready: it has started in this room; go there
  z.object({ type: z.literal('tournament.game'), tournamentId: IdSchema, roomCode: z.string(), gameId: IdSchema, color: ColorSchema }),
] as const;
