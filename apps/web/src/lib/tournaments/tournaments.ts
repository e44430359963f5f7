// Tournaments over HTTP (the list, one tournament, creating, entering) and what their pages show.
// Answers are checked with the protocol's schemas; a refusal comes back as its error code.
import {
  ERROR_CODES,
  type CreateTournament, type ErrorCode, type TournamentGame, type TournamentStanding, type TournamentList, type TournamentView,
} from '@chu/protocol';
import { answerSchemas, type Reader } from '../answers';

export type Entry = 'join' | 'leave' | 'withdraw';
/** What an HTTP call came to: its JSON, or the protocol's error code ('internal' when there is none). */
export type Sent<T> = { ok: true; data: T } | { ok: false; code: ErrorCode | 'network' };

async function call<T>(method: string, path: string, parse: Reader<T>, body?: unknown): Promise<Sent<T>> {
  let res: Response;
  try {
    void answerSchemas().catch(() => {}); // on its way with the request
    res = await fetch(path, {
      method, credentials: 'same-origin',
      ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
  } catch {
    return { ok: false, code: 'network' };
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const code = (json as { code?: string } | null)?.code;
    return { ok: false, code: (ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as ErrorCode) : 'internal' };
  }
  try {
    return { ok: true, data: parse(json, await answerSchemas()) };
  } catch {
    return { ok: false, code: 'internal' };
  }
}

export const fetchTournaments = (): Promise<Sent<TournamentList>> => call('GET', '/api/tournaments', (j, s) => s.TournamentListSchema.parse(j));

export const fetchTournament = (id: string): Promise<Sent<TournamentView>> =>
  call('GET', `/api/tournaments/${encodeURIComponent(id)}`, (j, s) => s.TournamentViewSchema.parse((j as { tournament: unknown }).tournament));

export const createTournament = (settings: CreateTournament): Promise<Sent<string>> =>
  call('POST', '/api/tournaments', (j) => String((j as { id: unknown }).id), settings);

export const enter = (id: string, action: Entry): Promise<Sent<unknown>> =>
  call('POST', `/api/tournaments/${encodeURIComponent(id)}/${action}`, (j) => j, {});

/** Where a tournament's games download as one KIF collection. */
export const kifPath = (id: string): string => `/api/tournaments/${encodeURIComponent(id)}/games.kif`;

/** How soon a tournament may start, in minutes from when the form is sent; or 'at' a date and time chosen. */
export const START_IN_MINUTES = [1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120] as const;
export type StartChoice = (typeof START_IN_MINUTES)[number] | 'at';

/** The start (epoch ms) the form asks for: `minutes` from `now`, or the local date and time typed (`at`: "2026-12-05T18:30"). */
export const startsAtOf = (choice: StartChoice, at: string, now: number): number =>
  choice === 'at' ? new Date(at).getTime() : now + choice * 60_000;

/** "½", "1¼", "2¾": standings and Sonneborn–Berger as they are read (the latter in quarters). */
const QUARTERS: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };
export function score(n: number): string {
  const whole = Math.floor(n);
  const part = QUARTERS[n - whole];
  return part === undefined ? String(n) : `${whole === 0 ? '' : whole}${part}`;
}

/** What an entrant may do on the page now: join, leave, withdraw, or nothing. */
export function entryActions(t: TournamentView, username: string | null): Entry[] {
  if (!username || t.status === 'finished') return [];
  const me = t.entrants.find((e) => e.cpuLevel === null && e.name === username);
  if (t.status === 'upcoming') return me ? ['leave'] : ['join'];
  if (t.kind === 'arena') return me && !me.withdrawn ? ['leave'] : ['join'];
  return me && !me.withdrawn ? ['withdraw'] : [];
}

/** Seconds (site clock) until `at`, on a site whose clock runs at msPerSecond. */
export const countdownSeconds = (at: number, now: number, msPerSecond: number): number => Math.max(0, Math.ceil((at - now) / msPerSecond));

/** The standings row of an entrant. */
export const rowOf = (t: TournamentView, entrant: string): TournamentStanding | undefined => t.standings.find((s) => s.entrant === entrant);

/** The moment the page counts down to, what it is, and the clock it is on (the start is a wall-clock time; an arena's end and a round's deadline run on the site's clock). */
export function countdownOf(t: TournamentView): { what: 'starts' | 'ends' | 'roundEnds'; at: number; msPerSecond: number } | null {
  if (t.status === 'upcoming') return { what: 'starts', at: t.startsAt, msPerSecond: 1000 };
  if (t.status === 'running' && t.endsAt !== null) return { what: 'ends', at: t.endsAt, msPerSecond: t.msPerSecond };
  if (t.status === 'running' && t.roundEndsAt !== null) return { what: 'roundEnds', at: t.roundEndsAt, msPerSecond: t.msPerSecond };
  return null;
}

/** "1:05:09", "4:05", "0:09" */
export function clockText(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h > 0 ? `${h}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(sec).padStart(2, '0')}`;
}

/** A round of a round-robin: its games, and who sits out (an odd count, or someone who withdrew before it). */
export interface Round { round: number; games: TournamentGame[]; resting: string[] }

export function roundsOf(t: TournamentView): Round[] {
  const byRound = new Map<number, TournamentGame[]>();
  for (const g of t.games) byRound.set(g.round, [...(byRound.get(g.round) ?? []), g]);
  return [...byRound.entries()].sort(([a], [b]) => a - b).map(([round, games]) => {
    const seated = new Set(games.flatMap((g) => [g.black, g.white]));
    return { round, games, resting: t.entrants.filter((e) => !seated.has(e.id) && !e.withdrawn).map((e) => e.id) };
  });
}

/** How a game reads from one side, as a cross-table cell: 1, ½, 0; + and − for a forfeit; * in play; · not yet played. */
export type Mark = '1' | '½' | '0' | '+' | '−' | '*' | '·';

export function markFor(t: TournamentView, g: TournamentGame, entrant: string): Mark {
  // an unplayed game of a withdrawal is lost by whoever withdrew (both, when both did), as the standings count it
  if (g.forfeit) return t.entrants.find((e) => e.id === entrant)?.withdrawn ? '−' : '+';
  if (g.result === 'draw') return '½';
  if (g.result !== null) return g.result === (g.black === entrant ? 'black' : 'white') ? '1' : '0';
  return g.roomCode ? '*' : '·';
}

/** The cross-table's cell of `row` against `col`: one mark a game between them (two when twice round). */
export const crossMarks = (t: TournamentView, row: string, col: string): Mark[] =>
  t.games.filter((g) => (g.black === row && g.white === col) || (g.black === col && g.white === row)).map((g) => markFor(t, g, row));

/** Whether any game has a result yet (before, every rank is 1 and says nothing). */
export const anyResult = (t: TournamentView): boolean => t.games.some((g) => g.result !== null || g.forfeit);
