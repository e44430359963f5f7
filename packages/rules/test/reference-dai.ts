// A naive second reading of dai shogi, written from seed 001's piece table (the Betza column, copied
// as the seed writes it) and docs/dai-shogi.md's decisions, on a plain 15×15 array, apart from src/:
// reference-dai.test.ts compares the two. Nothing here is shared with the engine but the SFEN text.

type P = { white: boolean; code: string } | undefined;
type Board = P[]; // index row*15+col, col 0 = file 15, row 0 = rank a
const N = 15;

/** The seed's "Notación Betza" column (its `Washington` is the Phoenix's WA); promoted dai pieces are Gold Generals. */
const BETZA: Record<string, string> = {
  // seed: jabalí enojado, obispo, tigre ciego, espada de gato, cobre, caballo dragón, rey dragón, elefante borracho
  "a'": 'W', b: 'B', t: 'FrlbW', "c'": 'F', c: 'fKbW', h: 'BW', d: 'RF', e: 'FfrlW',
  // lobo malvado, leopardo feroz, dragón volador, ir entre, general de oro, general de hierro, rey, kirin
  "e'": 'frlK', f: 'FfbW', "f'": 'B2', i: 'fbW', g: 'WfF', "i'": 'fK', k: 'K', o: 'FD',
  // caballero, lanza, león, peón, fénix, reina, carro inverso, torre, mover lateral, plata, piedra
  "n'": 'ffN', l: 'fR', n: 'NAD[aK]', p: 'fW', x: 'WA', q: 'Q', a: 'fbR', r: 'R', m: 'WrlR', s: 'FfW', "s'": 'fF',
  // motor vertical, buey violento
  v: 'WfbR', "v'": 'R2',
  // the promoted ones: (promotes to) buey volador, ciervo volador, jabalí libre, halcón cornudo, príncipe, águila, ballena, caballo blanco
  '+v': 'BfbR', '+t': 'fbRK', '+m': 'BrlR', '+h': 'BrlbRf[avW]fD', '+e': 'K', '+d': 'RbBf[avF]fA', '+a': 'fRbQ', '+l': 'fQbR',
  // and the ones that become a piece of the table: rey dragón, caballo dragón, león, reina, obispo, torre, motor vertical, mover lateral, elefante, oro
  '+r': 'RF', '+b': 'BW', '+o': 'NAD[aK]', '+x': 'Q', '+f': 'B', '+g': 'R', '+s': 'WfbR', '+c': 'WrlR', '+i': 'FfrlW', '+p': 'WfF',
  "+i'": 'WfF', "+s'": 'WfF', "+n'": 'WfF', "+a'": 'WfF', "+c'": 'WfF', "+e'": 'WfF', "+v'": 'WfF', "+f'": 'WfF',
};
/** "El rey, la reina y el león no ascienden"; nor does a piece promoted already, nor the two lion-power promotions. */
const PROMOTABLE = new Set(['b', 't', 'c', 'h', 'd', 'e', 'f', 'i', 'g', 'o', 'l', 'p', 'x', 'a', 'r', 'm', 's', 'v',
  "a'", "c'", "e'", "f'", "i'", "n'", "s'", "v'"]);
/** dai-shogi.md §3: stuck unpromoted on its last ranks (Pawn, Stone, Iron, Lance: one; Knight: two). */
const TRAPPED: Record<string, number> = { p: 1, l: 1, "s'": 1, "i'": 1, "n'": 2 };

type Vec = [number, number];
const ORTH: Record<string, Vec> = { f: [0, -1], b: [0, 1], l: [-1, 0], r: [1, 0] };
const DIAG: Record<string, Vec> = { fl: [-1, -1], fr: [1, -1], bl: [-1, 1], br: [1, 1] };

/** The directions an atom's modifiers pick: f, b, r, l for the orthogonal ones; f, b (both diagonals) for the diagonal ones. */
function dirs(mods: string, diagonal: boolean): Vec[] {
  const pool = diagonal ? DIAG : ORTH;
  if (!mods) return Object.values(pool);
  return Object.entries(pool).filter(([name]) => [...mods].some((m) => (diagonal ? name.startsWith(m) : name === m))).map(([, v]) => v);
}

interface Atoms {
  /** [dx, dy, max distance, leaps over pieces] */
  lines: [number, number, number, boolean][];
  /** lion power along these lines (Falcon, Eagle), or everywhere (Lion) */
  lionLines: Vec[];
  fullLion: boolean;
}

/** Black's view: dy -1 is forward. */
function atoms(betza: string): Atoms {
  const out: Atoms = { lines: [], lionLines: [], fullLion: betza === 'NAD[aK]' };
  if (out.fullLion) return out;
  // f[avW]fD, f[avF]fA: one or two steps along the forward line(s), which is lion power
  const lion = /([fb]*)\[av([WF])\][fb]*[DA]/.exec(betza);
  if (lion) out.lionLines = dirs(lion[1], lion[2] === 'F');
  for (const [, mods, atom, limit] of betza.replace(/[fb]*\[av[WF]\][fb]*[DA]/, '').matchAll(/([fbrl]*)([WFRBDANKQ])(\d?)/g)) {
    const parts = atom === 'K' ? ['W', 'F'] : atom === 'Q' ? ['R', 'B'] : [atom];
    for (const a of parts) {
      if (a === 'N') {
        // ffN: the two leaps two ranks forward, one file aside
        out.lines.push([-1, -2, 1, true], [1, -2, 1, true]);
        continue;
      }
      const diagonal = a === 'F' || a === 'B' || a === 'A';
      const max = a === 'R' || a === 'B' ? Number(limit || N) : 1;
      const scale = a === 'D' || a === 'A' ? 2 : 1;
      for (const [dx, dy] of dirs(mods, diagonal)) out.lines.push([dx * scale, dy * scale, max, scale === 2]);
    }
  }
  return out;
}

const ATOMS = Object.fromEntries(Object.entries(BETZA).map(([code, b]) => [code, atoms(b)]));

export interface DaiReferenceOptions {
  promotion: 'association' | 'shogi';
  knightSecondChance: boolean;
}

function readBoard(field: string): Board {
  const board: Board = [];
  for (const rank of field.split('/'))
    for (const [, run, promoted, letter, prime] of rank.matchAll(/(\d+)|(\+?)([a-zA-Z])('?)/g)) {
      if (run) for (let k = 0; k < Number(run); k++) board.push(undefined);
      else board.push({ white: letter === letter.toLowerCase(), code: `${promoted}${letter.toLowerCase()}${prime}` });
    }
  return board;
}

function writeBoard(board: Board): string {
  const rows: string[] = [];
  for (let r = 0; r < N; r++) {
    let t = '';
    let run = 0;
    for (let c = 0; c < N; c++) {
      const q = board[r * N + c];
      if (!q) {
        run++;
        continue;
      }
      if (run) t += run;
      run = 0;
      t += q.white ? q.code : q.code.toUpperCase();
    }
    rows.push(run ? t + run : t);
  }
  return rows.join('/');
}

/** The distinct successor SFENs of a dai `sfen`, sorted (no history: no repetition rule). */
export function referenceDaiSuccessors(sfen: string, options: DaiReferenceOptions): string[] {
  const [boardField, turn, , number] = sfen.split(' ');
  const board = readBoard(boardField);
  const white = turn === 'w';
  const on = (c: number, r: number) => c >= 0 && c < N && r >= 0 && r < N;
  const own = (i: number) => board[i] !== undefined && board[i]!.white === white;
  const enemy = (i: number) => board[i] !== undefined && board[i]!.white !== white;
  // ranks from the mover's far edge: 0 = its last rank; the zone is the five far ranks (dai-shogi.md §3)
  const far = (i: number) => (white ? N - 1 - Math.floor(i / N) : Math.floor(i / N));
  const zone = (i: number) => far(i) < 5;
  const out = new Set<string>();
  const result = (from: number, mid: number, to: number, promote: boolean) => {
    const after = board.slice();
    const piece = after[from]!;
    if (mid >= 0) after[mid] = undefined;
    after[from] = undefined;
    after[to] = promote ? { ...piece, code: `+${piece.code}` } : piece;
    out.add(`${writeBoard(after)} ${white ? 'b' : 'w'} - ${Number(number) + 1}`);
  };
  for (let from = 0; from < N * N; from++) {
    if (!own(from)) continue;
    const p = board[from]!;
    const s = white ? -1 : 1; // White's forward is down the board
    const c0 = from % N;
    const r0 = Math.floor(from / N);
    const a = ATOMS[p.code];
    const land = (to: number, capture: boolean) => {
      result(from, -1, to, false);
      if (!PROMOTABLE.has(p.code)) return;
      const trapped = TRAPPED[p.code] ?? 0;
      const secondChance = p.code === "n'" && !options.knightSecondChance ? 0 : trapped;
      const may =
        far(to) < secondChance ||
        (options.promotion === 'shogi' ? zone(from) || zone(to) : (!zone(from) && zone(to)) || (capture && (zone(from) || zone(to))));
      if (may) result(from, -1, to, true);
    };
    for (const [dx, dy, max, leap] of a.lines)
      for (let k = 1; k <= max; k++) {
        const c = c0 + s * dx * k;
        const r = r0 + s * dy * k;
        if (!on(c, r)) break;
        const to = r * N + c;
        if (own(to)) break;
        land(to, enemy(to));
        if (board[to] || leap) break;
      }
    if (a.fullLion) {
      // "puede caminar una casilla en cualquier dirección hasta dos veces en un turno" or jump within two squares
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const to = (r0 + dy) * N + c0 + dx;
          if ((dx || dy) && on(c0 + dx, r0 + dy) && !own(to)) land(to, enemy(to));
        }
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const mid = (r0 + dy) * N + c0 + dx;
          if (!(dx || dy) || !on(c0 + dx, r0 + dy) || own(mid)) continue;
          // an empty first square: the second step lands where a step or jump would; back home is a pass
          if (!enemy(mid)) {
            result(from, -1, from, false);
            continue;
          }
          for (let ey = -1; ey <= 1; ey++)
            for (let ex = -1; ex <= 1; ex++) {
              const c = c0 + dx + ex;
              const r = r0 + dy + ey;
              const to = r * N + c;
              if ((ex || ey) && on(c, r) && (to === from || !own(to))) result(from, mid, to, false);
            }
        }
    }
    for (const [dx, dy] of a.lionLines) {
      // one or two steps along the line, the first may capture; igui and a pass return home
      const c1 = c0 + s * dx;
      const r1 = r0 + s * dy;
      if (!on(c1, r1)) continue;
      const mid = r1 * N + c1;
      if (!own(mid)) {
        land(mid, enemy(mid));
        result(from, enemy(mid) ? mid : -1, from, false);
      }
      const c2 = c1 + s * dx;
      const r2 = r1 + s * dy;
      if (!on(c2, r2) || own(r2 * N + c2)) continue;
      land(r2 * N + c2, enemy(r2 * N + c2));
      if (enemy(mid)) result(from, mid, r2 * N + c2, false);
    }
  }
  return [...out].sort();
}
