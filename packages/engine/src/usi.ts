import { createInterface } from 'node:readline';
import { Game, VARIANTS, startSfenOf, withDefaults, type Color, type Options, type Variant } from '@chu/rules';
import { bestMove, clampLevel, freshMoves, MAX_LEVEL, newGame, warmUp, type Repetition, type SearchInfo } from './engine.ts';

const NAME = 'Chu Shogi Online CPU';
const MAX_MULTI_PV = 10;

/**
 * USI mode: reads commands from `input`, answers on `output`, until `quit` or the end of input.
 * Searches run synchronously, one at a time, so `stop` has nothing to interrupt.
 */
export async function runUsi(given: Options, input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<void> {
  const say = (line: string) => output.write(line + '\n');
  let level = MAX_LEVEL;
  let seed = 0;
  let repetition: Repetition = 'fourth';
  let multiPv = 1;
  // UCI_Variant (the option chess GUIs use for variants): the game `startpos` and SFENs are read as
  const optionsOf = (variant: Variant): Options => (variant === (given.variant ?? 'chu') ? given : withDefaults({ ...given, variant }));
  let options = given;
  let game = Game.start(options);

  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    const line = raw.trim();
    if (!line) continue;
    const [command, ...args] = line.split(/\s+/);
    switch (command) {
      case 'usi':
        say(`id name ${NAME}`);
        say('id author Chu Shogi Online');
        say(`option name Level type spin default ${MAX_LEVEL} min 1 max ${MAX_LEVEL}`);
        say('option name Seed type spin default 0 min 0 max 2147483647');
        say('option name Repetition type combo default fourth var fourth var never');
        say(`option name UCI_Variant type combo default ${given.variant ?? 'chu'} ${VARIANTS.map((v) => `var ${v}`).join(' ')}`);
        say(`option name MultiPV type spin default 1 min 1 max ${MAX_MULTI_PV}`);
        say('usiok');
        break;
      case 'isready':
        warmUp();
        say('readyok');
        break;
      case 'setoption': {
        const m = /^name\s+(\S+)\s+value\s+(\S+)/i.exec(args.join(' '));
        if (!m) say(`info string bad setoption: ${line}`);
        else if (m[1].toLowerCase() === 'level') level = clampLevel(Number(m[2]));
        else if (m[1].toLowerCase() === 'seed') seed = Number(m[2]) | 0;
        else if (m[1].toLowerCase() === 'repetition' && (m[2] === 'fourth' || m[2] === 'never')) repetition = m[2];
        else if (m[1].toLowerCase() === 'multipv') multiPv = Math.min(MAX_MULTI_PV, Math.max(1, Math.round(Number(m[2])) || 1));
        else if (m[1].toLowerCase() === 'uci_variant' && (VARIANTS as readonly string[]).includes(m[2])) {
          options = optionsOf(m[2] as Variant);
          game = Game.start(options);
        } else say(`info string unknown option ${m[1]}`);
        break;
      }
      case 'usinewgame':
        game = Game.start(options);
        newGame();
        break;
      case 'position': {
        const g = parsePosition(args, options);
        if (typeof g === 'string') say(`info string ${g}`);
        else game = g;
        break;
      }
      case 'go': {
        // with 'never', a position whose every move repeats has no move for the GUI: it is lost
        if (game.legalPacked().length === 0 || (repetition === 'never' && freshMoves(game).length === 0)) {
          say('bestmove resign');
          break;
        }
        // every iteration is shown; the last info line is always the move played (bestMove's promise)
        const r = bestMove(game, {
          level, seed, ...parseGo(args, game.turn), repetition,
          multiPv: multiPv > 1 ? multiPv : undefined,
          onInfo: (i) => (i.lines ? i.lines.forEach((l, k) => say(infoLine({ ...i, score: l.score, mate: l.mate, pv: l.pv }, k + 1))) : say(infoLine(i))),
        });
        say(`bestmove ${r.move}`);
        break;
      }
      case 'quit':
        return;
      case 'stop':
      case 'ponderhit':
      case 'gameover':
        break;
      default:
        say(`info string unknown command ${command}`);
    }
  }
}

function parsePosition(args: string[], options: Options): Game | string {
  const movesAt = args.indexOf('moves');
  const head = movesAt < 0 ? args : args.slice(0, movesAt);
  const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
  let sfen: string;
  if (head[0] === 'startpos') sfen = startSfenOf(options);
  else if (head[0] === 'sfen' && head.length >= 3) sfen = head.slice(1).join(' ');
  else return `bad position command: position ${args.join(' ')}`;
  const g = Game.replay(moves, options, sfen);
  if (!g.ok) return g.error.ply < 0 ? `bad sfen: ${sfen}` : `illegal move ${moves[g.error.ply]}: ${g.error.reason}`;
  return g.value;
}

/** Time kept back from a clock's limit: the reply has to reach the GUI (a few ms of it is ours). */
const MARGIN_MS = 30;

/**
 * The think time of a `go` command for the side to move: `movetime` as given; with a clock, a
 * 30th of the main time left (or of `movestogo`'s share) plus the increment and most of the
 * byoyomi, never more than half the main time plus the byoyomi; byoyomi only (a per-turn clock, as
 * in a 30 or 60 s room): all of it but a margin. `infinite`, or nothing: 60 s (depth or nodes only:
 * an hour). Searches stop at this limit. `fixedTime`: the time is the move's own (movetime, infinite,
 * or a byoyomi that no main time or increment backs), so the search uses all of it; otherwise it starts no
 * iteration past 45 % of it and leaves the rest on the clock.
 */
export function parseGo(args: string[], turn: Color): { timeMs: number; fixedTime: boolean; depth?: number; nodes?: number } {
  const num = (key: string) => {
    const i = args.indexOf(key);
    const v = i >= 0 ? Number(args[i + 1]) : NaN;
    return Number.isFinite(v) && v >= 0 ? v : undefined;
  };
  const depth = num('depth');
  const nodes = num('nodes');
  const limit = (ms: number) => Math.max(1, Math.floor(ms - Math.min(MARGIN_MS, ms / 10)));
  const movetime = num('movetime');
  if (movetime !== undefined) return { timeMs: limit(movetime), fixedTime: true, depth, nodes };
  const main = num(turn === 'black' ? 'btime' : 'wtime');
  const inc = num(turn === 'black' ? 'binc' : 'winc') ?? 0;
  const byoyomi = num('byoyomi') ?? 0;
  const togo = num('movestogo');
  let timeMs: number;
  let fixedTime = false;
  if (args.includes('infinite')) (timeMs = 60_000), (fixedTime = true);
  else if (main !== undefined && main > 0) {
    const share = main / Math.max(1, Math.min(togo ?? 30, 30)) + inc + 0.8 * byoyomi;
    timeMs = limit(Math.min(share, main / 2 + byoyomi + inc));
  } else if (byoyomi > 0 || inc > 0) {
    timeMs = limit(byoyomi + inc);
    fixedTime = inc === 0;
  }
  else if (main !== undefined) timeMs = 1; // out of time: the first legal move found
  else timeMs = depth !== undefined || nodes !== undefined ? 3_600_000 : 60_000;
  return { timeMs, fixedTime, depth, nodes };
}

/** `multipv` k for the lines of a MultiPV search (USI's form), absent for a single line. */
function infoLine(i: SearchInfo, multipv?: number): string {
  const score = i.mate !== undefined ? `mate ${i.mate}` : `cp ${i.score}`;
  const nps = Math.round((i.nodes / Math.max(1, i.timeMs)) * 1000);
  const k = multipv === undefined ? '' : ` multipv ${multipv}`;
  return `info depth ${i.depth}${k} score ${score} nodes ${i.nodes} nps ${nps} time ${i.timeMs} pv ${i.pv.join(' ')}`;
}
