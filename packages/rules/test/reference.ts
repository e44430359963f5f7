// A naive second reading of RULES.md §2–4 (Betza strings, lion powers, promotion, lion trading)
// on a plain array board, written apart from src/: reference.test.ts compares the two.
import type { Options } from '../src/index.ts';

type P = { white: boolean; code: string } | undefined;
type Board = P[]; // index row*12+col, col 0 = file 12
const RANKS = 'abcdefghijkl';
const name = (i: number) => `${12 - (i % 12)}${RANKS[Math.floor(i / 12)]}`;

const BETZA: Record<string, string> = {
  k: 'K', q: 'Q', d: 'RF', h: 'BW', r: 'R', b: 'B', o: 'FD', x: 'WA', e: 'FfsW', t: 'FsbW', f: 'FfbW', g: 'WfF',
  s: 'FfW', c: 'fFfWbW', v: 'fbRsW', m: 'sRfbW', a: 'fbR', l: 'fR', i: 'fbW', p: 'fW',
  '+d': 'RbB', '+h': 'BsRbR', '+r': 'RF', '+b': 'BW', '+x': 'Q', '+e': 'K', '+t': 'KvR', '+f': 'B', '+g': 'R',
  '+s': 'fbRsW', '+c': 'sRfbW', '+v': 'BvR', '+m': 'BsR', '+a': 'vRbB', '+l': 'fRfBbR', '+i': 'FfsW', '+p': 'WfF',
};
const LIONPOWER: Record<string, [number, number][]> = { '+h': [[0, -1]], '+d': [[-1, -1], [1, -1]] };
const isLion = (code: string) => code === 'n' || code === '+o';
const PROMOTABLE = new Set(['d', 'h', 'r', 'b', 'o', 'x', 'e', 't', 'f', 'g', 's', 'c', 'v', 'm', 'a', 'l', 'i', 'p']);

function dirs(mods: string, diag: boolean): [number, number][] {
  const all: Record<string, [number, number]> = diag
    ? { fl: [-1, -1], fr: [1, -1], bl: [-1, 1], br: [1, 1] }
    : { f: [0, -1], b: [0, 1], l: [-1, 0], r: [1, 0] };
  if (!mods) return Object.values(all);
  const out: [number, number][] = [];
  for (const [n, v] of Object.entries(all)) {
    let keep = false;
    for (const m of mods) {
      if (m === 'f' && n.startsWith('f')) keep = true;
      if (m === 'b' && n.startsWith('b')) keep = true;
      if (m === 's' && (n === 'l' || n === 'r')) keep = true;
      if (m === 'v' && (n === 'f' || n === 'b')) keep = true;
    }
    if (keep) out.push(v);
  }
  return out;
}

/** Squares a piece could move to (single-destination moves incl. lion-power steps/jumps), pseudo-legally. */
function reach(board: Board, from: number): number[] {
  const p = board[from]!;
  const s = p.white ? -1 : 1;
  const c0 = from % 12, r0 = Math.floor(from / 12);
  const out: number[] = [];
  const ok = (c: number, r: number) => c >= 0 && c < 12 && r >= 0 && r < 12;
  const land = (c: number, r: number) => {
    if (!ok(c, r)) return;
    const q = board[r * 12 + c];
    if (!q || q.white !== p.white) out.push(r * 12 + c);
  };
  if (isLion(p.code)) {
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx || dy) land(c0 + dx, r0 + dy);
    return out;
  }
  for (const [dx, dy] of LIONPOWER[p.code] ?? []) {
    land(c0 + s * dx, r0 + s * dy);
    land(c0 + 2 * s * dx, r0 + 2 * s * dy);
  }
  for (const [, mods, atom] of BETZA[p.code].matchAll(/([fbsv]*)([WFRBDAKQ])/g)) {
    const parts = atom === 'K' ? ['W', 'F'] : atom === 'Q' ? ['R', 'B'] : [atom];
    for (const a of parts) {
      const diag = a === 'F' || a === 'B' || a === 'A';
      for (const [dx, dy] of dirs(mods, diag)) {
        if (a === 'W' || a === 'F') land(c0 + s * dx, r0 + s * dy);
        else if (a === 'D' || a === 'A') land(c0 + 2 * s * dx, r0 + 2 * s * dy);
        else
          for (let k = 1; k < 12; k++) {
            const c = c0 + s * dx * k, r = r0 + s * dy * k;
            if (!ok(c, r)) break;
            land(c, r);
            if (board[r * 12 + c]) break;
          }
      }
    }
  }
  return out;
}

const attacked = (board: Board, target: number, byWhite: boolean) =>
  board.some((p, i) => p && p.white === byWhite && i !== target && reach(board, i).includes(target));

interface Cand { from: number; mid: number; to: number; promote: boolean }

/** The distinct successor SFENs of `sfen`, sorted (no history: no repetition rule). */
export function referenceSuccessors(sfen: string, options: Options): string[] {
  const [bf, tf, lf, nf] = sfen.split(' ');
  const board: Board = [];
  for (const rank of bf.split('/')) {
    for (let i = 0; i < rank.length; ) {
      const d = /^\d+/.exec(rank.slice(i));
      if (d) { for (let k = 0; k < Number(d[0]); k++) board.push(undefined); i += d[0].length; continue; }
      const promoted = rank[i] === '+';
      const ch = rank[i + (promoted ? 1 : 0)];
      board.push({ white: ch === ch.toLowerCase(), code: (promoted ? '+' : '') + ch.toLowerCase() });
      i += promoted ? 2 : 1;
    }
  }
  const white = tf === 'w';
  const lionSq = lf === '-' ? -1 : (() => { const m = /^(\d+)([a-l])$/.exec(lf)!; return RANKS.indexOf(m[2]) * 12 + 12 - Number(m[1]); })();
  const own = (i: number) => board[i] !== undefined && board[i]!.white === white;
  const enemy = (i: number) => board[i] !== undefined && board[i]!.white !== white;
  const zone = (i: number) => (white ? Math.floor(i / 12) >= 8 : Math.floor(i / 12) <= 3);
  const lastRank = (i: number) => (white ? Math.floor(i / 12) === 11 : Math.floor(i / 12) === 0);
  const adj = (a: number, b: number) => Math.max(Math.abs((a % 12) - (b % 12)), Math.abs(Math.floor(a / 12) - Math.floor(b / 12)));
  const cands: Cand[] = [];
  for (let from = 0; from < 144; from++) {
    if (!own(from)) continue;
    const p = board[from]!;
    const c0 = from % 12, r0 = Math.floor(from / 12);
    for (const to of reach(board, from)) {
      const capture = enemy(to);
      cands.push({ from, mid: -1, to, promote: false });
      if (!PROMOTABLE.has(p.code)) continue;
      const may = ((p.code === 'p' || p.code === 'l') && lastRank(to)) ||
        (options.promotion === 'shogi' ? zone(from) || zone(to) : (!zone(from) && zone(to)) || (capture && (zone(from) || zone(to))));
      if (may) cands.push({ from, mid: -1, to, promote: true });
    }
    const s = p.white ? -1 : 1;
    const ok = (c: number, r: number) => c >= 0 && c < 12 && r >= 0 && r < 12;
    if (isLion(p.code)) {
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        if (!ok(c0 + dx, r0 + dy)) continue;
        const mid = (r0 + dy) * 12 + c0 + dx;
        if (own(mid)) continue;
        if (!enemy(mid)) { cands.push({ from, mid, to: from, promote: false }); continue; } // pass
        for (let ey = -1; ey <= 1; ey++) for (let ex = -1; ex <= 1; ex++) {
          if (!ex && !ey) continue;
          const c = c0 + dx + ex, r = r0 + dy + ey;
          if (!ok(c, r)) continue;
          const to = r * 12 + c;
          if (to !== from && own(to)) continue;
          cands.push({ from, mid, to, promote: false });
        }
      }
    }
    for (const [dx, dy] of LIONPOWER[p.code] ?? []) {
      const c1 = c0 + s * dx, r1 = r0 + s * dy;
      if (!ok(c1, r1)) continue;
      const mid = r1 * 12 + c1;
      if (own(mid)) continue;
      if (!enemy(mid)) { cands.push({ from, mid, to: from, promote: false }); continue; }
      cands.push({ from, mid, to: from, promote: false }); // igui
      const c2 = c1 + s * dx, r2 = r1 + s * dy;
      if (ok(c2, r2) && !own(r2 * 12 + c2)) cands.push({ from, mid, to: r2 * 12 + c2, promote: false });
    }
  }
  const out = new Set<string>();
  for (const m of cands) {
    const after = board.slice();
    const piece = after[m.from]!;
    const capMid = m.mid >= 0 ? after[m.mid] : undefined;
    const capTo = m.to !== m.from ? after[m.to] : undefined;
    if (m.mid >= 0) after[m.mid] = undefined;
    after[m.from] = undefined;
    after[m.to] = m.promote ? { ...piece, code: '+' + piece.code } : piece;
    const lionAtTo = capTo && isLion(capTo.code);
    const lionAtMid = capMid && isLion(capMid.code);
    if (options.lionTrading !== 'off' && (lionAtTo || lionAtMid)) {
      if (isLion(piece.code)) {
        if (lionAtTo && adj(m.from, m.to) === 2) {
          const bridge = capMid && capMid.code !== 'p' && capMid.code !== 'i';
          if (!bridge && attacked(after, m.to, !white)) continue;
        }
      } else if (lionSq >= 0) {
        let bad = false;
        for (const [sq, cap] of [[m.mid, capMid], [m.to, capTo]] as const)
          if (cap && isLion(cap.code) && sq !== lionSq) {
            if (options.lionTrading === 'always' || attacked(after, sq, !white)) bad = true;
          }
        if (bad) continue;
      }
    }
    const newLion = isLion(piece.code) ? '-' : lionAtTo ? name(m.to) : lionAtMid ? name(m.mid) : '-';
    const rows: string[] = [];
    for (let r = 0; r < 12; r++) {
      let t = '', run = 0;
      for (let c = 0; c < 12; c++) {
        const q = after[r * 12 + c];
        if (!q) { run++; continue; }
        if (run) t += run;
        run = 0;
        t += q.white ? q.code : q.code.toUpperCase();
      }
      if (run) t += run;
      rows.push(t);
    }
    out.add(`${rows.join('/')} ${white ? 'b' : 'w'} ${newLion} ${Number(nf) + 1}`);
  }
  return [...out].sort();
}
