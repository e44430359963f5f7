import { createInterface } from 'node:readline';
import { ALL_VARIANTS, Game, startSfenOf, withDefaults, type Color, type Options, type Variant } from '@chu/rules';
import { bestMove, clampLevel, freshMoves, MAX_LEVEL, newGame, warmUp, type Repetition, type SearchInfo } from './engine.ts';
import { allotTime, type Allotment } from './time.ts';

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
        say(`option name UCI_Variant type combo default ${given.variant ?? 'chu'} ${ALL_VARIANTS.map((v) => `var ${v}`).join(' ')}`);
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
        else if (m[1].toLowerCase() === 'uci_variant' && (ALL_VARIANTS as readonly string[]).includes(m[2])) {
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

/**
 * The think time of a `go` command for the side to move: `movetime` is the move's own time; a clock
 * (`btime`/`wtime`, `byoyomi`, `binc`/`winc`, `movestogo`) goes to the time manager (time.ts);
 * `infinite`, or nothing: 60 s (depth or nodes only: an hour). Searches stop at this limit.
 */
export function parseGo(args: string[], turn: Color): Allotment & { depth?: number; nodes?: number } {
  const num = (key: string) => {
    const i = args.indexOf(key);
    const v = i >= 0 ? Number(args[i + 1]) : NaN;
    return Number.isFinite(v) && v >= 0 ? v : undefined;
  };
  const depth = num('depth');
  const nodes = num('nodes');
  const movetime = num('movetime');
  // a movetime is spent as a byoyomi with no main time: all of it, but the margin
  if (movetime !== undefined) return { ...allotTime({ mainMs: 0, byoyomiMs: movetime, incrementMs: 0 }), depth, nodes };
  if (args.includes('infinite')) return { timeMs: 60_000, fixedTime: true, depth, nodes };
  const main = num(turn === 'black' ? 'btime' : 'wtime');
  const byoyomi = num('byoyomi');
  const increment = num(turn === 'black' ? 'binc' : 'winc');
  if (main === undefined && byoyomi === undefined && increment === undefined) {
    return { timeMs: depth !== undefined || nodes !== undefined ? 3_600_000 : 60_000, fixedTime: false, depth, nodes };
  }
  const clock = { mainMs: main ?? 0, byoyomiMs: byoyomi ?? 0, incrementMs: increment ?? 0, movesToGo: num('movestogo') };
  return { ...allotTime(clock), depth, nodes };
}

/** `multipv` k for the lines of a MultiPV search (USI's form), absent for a single line. */
function infoLine(i: SearchInfo, multipv?: number): string {
  const score = i.mate !== undefined ? `mate ${i.mate}` : `cp ${i.score}`;
  const nps = Math.round((i.nodes / Math.max(1, i.timeMs)) * 1000);
  const k = multipv === undefined ? '' : ` multipv ${multipv}`;
  return `info depth ${i.depth}${k} score ${score} nodes ${i.nodes} nps ${nps} time ${i.timeMs} pv ${i.pv.join(' ')}`;
}
