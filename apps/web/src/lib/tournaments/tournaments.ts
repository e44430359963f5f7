// Tournaments over HTTP (the list, one tournament, creating, entering) and what their pages show.
// Answers are checked with the protocol's schemas; a refusal comes back as its error code.
import {
  ERROR_CODES, TournamentListSchema, TournamentViewSchema,
  type CreateTournament, type ErrorCode, type TournamentStanding, type TournamentList, type TournamentView,
} from '@chu/protocol';

export type Entry = 'join' | 'leave' | 'withdraw';
/** What an HTTP call came to: its JSON, or the protocol's error code ('internal' when there is none). */
export type Sent<T> = { ok: true; data: T } | { ok: false; code: ErrorCode | 'network' };

async function call<T>(method: string, path: string, parse: (j: unknown) => T, body?: unknown): Promise<Sent<T>> {
  let res: Response;
  try {
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
    return { ok: true, data: parse(json) };
  } catch {
    return { ok: false, code: 'internal' };
  }
}

export const fetchTournaments = (): Promise<Sent<TournamentList>> => call('GET', '/api/tournaments', (j) => TournamentListSchema.parse(j));

export const fetchTournament = (id: string): Promise<Sent<TournamentView>> =>
  call('GET', `/api/tournaments/${encodeURIComponent(id)}`, (j) => TournamentViewSchema.parse((j as { tournament: unknown }).tournament));

export const createTournament = (settings: CreateTournament): Promise<Sent<string>> =>
  call('POST', '/api/tournaments', (j) => String((j as { id: unknown }).id), settings);

export const enter = (id: string, action: Entry): Promise<Sent<unknown>> =>
  call('POST', `/api/tournaments/${encodeURIComponent(id)}/${action}`, (j) => j, {});

/** Where a tournament's games download as one KIF collection. */
export const kifPath = (id: string): string => `/api/tournaments/${encodeURIComponent(id)}/games.kif`;

/** "½" for halves, as standings are read. */
export function score(n: number): string {
  const whole = Math.floor(n);
  return n - whole === 0.5 ? (whole === 0 ? '½' : `${whole}½`) : String(n);
}

/** What an entrant may do on the page now: join, leave, withdraw, or nothing. */
export function entryActions(t: TournamentView, username: string | null): Entry[] {
  if (!username || t.status === 'finished') return [];
  const me = t.entrants.find((e) => e.cpuLevel === null && e.name === username);
  if (t.status === 'upcoming') return me ? ['leave'] : ['join'];
  if (t.kind === 'arena') return me && !me.withdrawn ? ['leave'] : ['join'];
  return me && !me.withdrawn ? ['withdraw'] : [];
}

/** Milliseconds (site clock) until `at`, on a site whose clock runs at msPerSecond. */
export const countdownSeconds = (at: number, now: number, msPerSecond: number): number => Math.max(0, Math.ceil((at - now) / msPerSecond));

/** The standings row of an entrant. */
export const rowOf = (t: TournamentView, entrant: string): TournamentStanding | undefined => t.standings.find((s) => s.entrant === entrant);
