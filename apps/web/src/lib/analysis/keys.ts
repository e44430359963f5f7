// ←/→ (and Home/End) through a game's plies, as the replay, the analysis board and a live game read them.

/** The key went to a field (chat, import box, a select): it is text, not a command. */
export function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || !!el.isContentEditable);
}

/**
 * The ply a key asks for, from `ply` of `total`; undefined for other keys, a key with a modifier,
 * one typed into a field, or one the board already used (its keyboard cursor).
 */
export function plyKey(e: KeyboardEvent, ply: number, total: number): number | undefined {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return undefined;
  const to = ({ ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: total } as Record<string, number>)[e.key];
  return to === undefined ? undefined : Math.max(0, Math.min(total, to));
}
