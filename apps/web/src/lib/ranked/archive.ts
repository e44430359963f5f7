// A player's archive on the profile: the filters as the user picks them, and the query string the server's
// ArchiveQuerySchema reads (an unset filter is left out).
import type { ArchiveControl, ArchiveGame, ArchiveResult } from '@chu/protocol';

export interface ArchiveFilters {
  variant: ArchiveGame['variant'] | ''; // '' = any
  result: ArchiveResult | '';
  rated: 'true' | 'false' | '';
  control: ArchiveControl | '';
  opponent: string;            // "ben", "CPU 3"; '' = anyone
}

export const NO_FILTERS: ArchiveFilters = { variant: '', result: '', rated: '', control: '', opponent: '' };

/** `?variant=dai&result=loss&cursor=…` for a page, or the same filters for the KIF export (no cursor). */
export function archiveQuery(f: ArchiveFilters, cursor: string | null = null): string {
  const q = new URLSearchParams();
  for (const key of ['variant', 'result', 'rated', 'control'] as const) if (f[key]) q.set(key, f[key]);
  if (f.opponent.trim()) q.set('opponent', f.opponent.trim());
  if (cursor) q.set('cursor', cursor);
  const s = q.toString();
  return s ? `?${s}` : '';
}
