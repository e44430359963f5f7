// Bridges the rules library to the screens: positions from a start SFEN and a move list.
import { Game } from '@chu/rules';
import type { Piece } from './board/types';

export interface RuleOptions {
  promotion?: 'association' | 'shogi';
  lionTrading?: 'off' | 'protected' | 'always';
  bareKing?: boolean;
  moveLimit?: number | null;
}

export function ruleOptions(o: RuleOptions | undefined): RuleOptions {
  if (!o) return {};
  return { promotion: o.promotion, lionTrading: o.lionTrading, bareKing: o.bareKing, moveLimit: o.moveLimit ?? null };
}

/** Replays moves from a start position; stops at the first move the rules refuse. */
export function replay(startSfen: string | undefined, moves: readonly string[], options?: RuleOptions): Game {
  const opts = ruleOptions(options);
  const r = Game.replay([...moves], opts, startSfen);
  if (r.ok) return r.value;
  // keep what is legal: a view must never show an impossible position
  const good = moves.slice(0, r.error.ply);
  const again = Game.replay(good, opts, startSfen);
  return again.ok ? again.value : Game.start(opts);
}

export function pieces(game: Game): (Piece | undefined)[] {
  return game.board().map((p) => (p ? { color: p.color, code: p.code } : undefined));
}

export function notations(game: Game, style: 'hodges' | 'kanji'): string[] {
  const out: string[] = [];
  for (let i = 0; i < game.ply; i++) {
    let s: string | undefined;
    try {
      s = game.notation(i, style);
    } catch {
      s = undefined;
    }
    out.push(s || game.moves[i]);
  }
  return out;
}

/** A KIF file (Japanese game record) with USI-derived kanji notation where the rules give it. */
export function toKif(game: Game, meta: { black: string; white: string; result?: string }): string {
  const lines = [
    '# KIF形式棋譜ファイル',
    '手合割：中将棋',
    `先手：${meta.black}`,
    `後手：${meta.white}`,
    '手数----指手---------消費時間--',
  ];
  const kanji = notations(game, 'kanji');
  kanji.forEach((n, i) => lines.push(`${String(i + 1).padStart(4, ' ')} ${n.replace(/^[▲△☗☖]/, '')}`));
  if (meta.result) lines.push(`まで${game.ply}手で${meta.result}`);
  return lines.join('\r\n') + '\r\n';
}

export { Game };
