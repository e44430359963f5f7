// Positions from anywhere: a KIF (lishogi, 81Dojo, ours), a SFEN, or a USI move list, read by the
// rules' own parsers; every move is checked by the rules.
import { Game, START_SFEN, parseKif, type IllegalReason, type KifError } from '@chu/rules';
import type { PositionSpec } from './protocol';

export type ImportError =
  | { kind: 'empty' }
  /** the rules' code and parameters: { code: 'not-a-move', line: 5, variant: 'chu', text: '2 ほげ' } */
  | { kind: 'kif'; error: KifError }
  | { kind: 'sfen'; message: string }
  /** move `index` (1-based) of the list, `usi` as written */
  | { kind: 'usi'; index: number; usi: string; reason: IllegalReason };

export type Imported = { ok: true; value: PositionSpec & { format: 'kif' | 'sfen' | 'usi' } } | { ok: false; error: ImportError };

/** Japanese text, or our `#rules`/`#sfen` lines: a KIF. Anything else is SFEN or USI. */
const looksLikeKif = (text: string) => /[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/.test(text) || /^\s*#\s*(rules|sfen)\s*[:：]/m.test(text);

export function importPosition(text: string): Imported {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: { kind: 'empty' } };
  if (looksLikeKif(trimmed)) {
    const r = parseKif(text);
    if (!r.ok) return { ok: false, error: { kind: 'kif', error: r.error } };
    return { ok: true, value: { format: 'kif', sfen: r.value.sfen, moves: r.value.moves, options: r.value.options } };
  }
  return importUsi(trimmed.split(/\s+/));
}

/**
 * `startpos moves 7i7h 6d6e`, `position sfen <sfen> moves …`, a bare SFEN (its move number and hand
 * optional) with or without moves after it, or a bare move list from the start.
 */
function importUsi(tokens: string[]): Imported {
  let i = 0;
  if (tokens[i] === 'position') i++;
  let sfen = START_SFEN;
  let format: 'sfen' | 'usi' = 'usi';
  if (tokens[i] === 'startpos') i++;
  else {
    if (tokens[i] === 'sfen') i++;
    if (tokens[i]?.includes('/')) {
      const fields = [tokens[i++]];
      if (/^[bw]$/.test(tokens[i] ?? '')) {
        fields.push(tokens[i++]);
        if (tokens[i] === '-') {
          fields.push(tokens[i++]);
          if (/^\d+$/.test(tokens[i] ?? '')) fields.push(tokens[i++]);
        }
      }
      sfen = [...fields, ...['b', '-', '1'].slice(fields.length - 1)].join(' ');
      format = 'sfen';
    }
  }
  const start = Game.fromSfen(sfen);
  if (!start.ok) return { ok: false, error: { kind: 'sfen', message: start.error } };
  const game = start.value;
  if (tokens[i] === 'moves') i++;
  for (let n = 1; i < tokens.length; i++, n++) {
    const r = game.play(tokens[i]);
    if (!r.ok) return { ok: false, error: { kind: 'usi', index: n, usi: tokens[i], reason: r.error } };
  }
  return { ok: true, value: { format, sfen: game.startSfen, moves: [...game.moves], options: game.options } };
}

/** A dropped file's text: UTF-8, or Shift_JIS as older KIF files are written. */
export function decodeFile(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}
