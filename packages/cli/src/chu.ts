import { createInterface } from 'node:readline';
import { ALL_VARIANTS, Game, MAX_MOVES, makeSfen, parseKif, parseSfen, perft, startSfenOf, toKif, withDefaults, type Options, type Variant } from '@chu/rules';
import { kifErrorText } from './kif-errors.ts';

// The `chu` command line (contract used by other tools — keep it exactly as specified).
const USAGE = `usage: chu <moves|successors|perft <depth>|play <usi>…|kif|unkif|start|usi|bot …> [--variant chu|dai|heisei] [--promotion association|shogi] [--lion-trading off|protected|always] [--bare-king on|off] [--knight-second-chance on|off] [--heisei-drops any|once]`;

function fail(message: string, code: number): never {
  process.stderr.write(message + '\n');
  process.exit(code);
}

/** `given`: only the options named on the command line (they override a KIF's own). */
function parseArgs(argv: string[]): { command: string; rest: string[]; options: Options; given: Partial<Options> } {
  const options: Partial<Options> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i] ?? fail(`${a} needs a value`, 2);
    if (a === '--promotion') {
      const v = value();
      if (v !== 'association' && v !== 'shogi') fail(`--promotion must be association or shogi, got ${v}`, 2);
      options.promotion = v;
    } else if (a === '--lion-trading') {
      const v = value();
      if (v !== 'off' && v !== 'protected' && v !== 'always') fail(`--lion-trading must be off, protected or always, got ${v}`, 2);
      options.lionTrading = v;
    } else if (a === '--bare-king') {
      const v = value();
      if (v !== 'on' && v !== 'off') fail(`--bare-king must be on or off, got ${v}`, 2);
      options.bareKing = v === 'on';
    } else if (a === '--variant') {
      const v = value();
      if (!(ALL_VARIANTS as readonly string[]).includes(v))
        fail(`--variant must be ${ALL_VARIANTS.slice(0, -1).join(', ')} or ${ALL_VARIANTS[ALL_VARIANTS.length - 1]}, got ${v}`, 2);
      options.variant = v as Variant;
    } else if (a === '--knight-second-chance') {
      const v = value();
      if (v !== 'on' && v !== 'off') fail(`--knight-second-chance must be on or off, got ${v}`, 2);
      options.knightSecondChance = v === 'on';
    } else if (a === '--heisei-drops') {
      const v = value();
      if (v !== 'any' && v !== 'once') fail(`--heisei-drops must be any or once, got ${v}`, 2);
      options.heiseiDrops = v;
    } else rest.push(a);
  }
  const [command, ...args] = rest;
  if (!command) fail(USAGE, 2);
  // dai-shogi.md §3, §4: said rather than silently dropped
  if (options.variant === 'dai' && options.lionTrading !== undefined && options.lionTrading !== 'off')
    fail(`dai shogi has no lion-trading rules: --lion-trading ${options.lionTrading} does not apply`, 2);
  if (options.variant !== 'dai' && options.knightSecondChance !== undefined) fail('--knight-second-chance is a dai shogi option (--variant dai)', 2);
  // heisei-chu.md §4
  if (options.variant !== 'heisei' && options.heiseiDrops !== undefined) fail('--heisei-drops is a heisei chu shogi option (--variant heisei)', 2);
  return { command, rest: args, options: withDefaults(options), given: options };
}

async function lines(): Promise<string[]> {
  const out: string[] = [];
  for await (const line of createInterface({ input: process.stdin })) if (line.trim()) out.push(line.trim());
  return out;
}

/** The game after `usis` from `sfen`; an illegal move ends the command with exit 1 and its reason code. */
function played(sfen: string, usis: string[], options: Options): Game {
  const game = Game.fromSfen(sfen, options);
  if (!game.ok) fail(`invalid SFEN "${sfen}": ${game.error}`, 2);
  for (const usi of usis) {
    const r = game.value.play(usi);
    if (!r.ok) {
      // the reason code is this command's answer: on stdout for tools, on stderr for people
      process.stdout.write(r.error + '\n');
      fail(r.error, 1);
    }
  }
  return game.value;
}

/** All of stdin as it is: KIF errors count its lines, blank ones included. */
async function text(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  if (process.argv[2] === 'bot') {
    // the bridge to the site's Bot API has flags of its own (bot/options.ts)
    const { botCommand } = await import('./bot/bot.ts');
    process.exit(await botCommand(process.argv.slice(3)));
  }
  const { command, rest, options, given } = parseArgs(process.argv.slice(2));
  const positions = async () =>
    (await lines()).map((sfen) => {
      const pos = parseSfen(sfen, options);
      return pos.ok ? pos.value : fail(`invalid SFEN "${sfen}": ${pos.error}`, 2);
    });
  const out: string[] = [];
  switch (command) {
    case 'moves':
      for (const pos of await positions()) {
        const buf = new Int32Array(MAX_MOVES);
        const n = pos.generate(buf);
        out.push(JSON.stringify(Array.from(buf.subarray(0, n), (m) => pos.tables.usiOf(m)).sort()));
      }
      break;
    case 'successors':
      for (const pos of await positions()) {
        const buf = new Int32Array(MAX_MOVES);
        const n = pos.generate(buf);
        const set = new Set<string>();
        for (let i = 0; i < n; i++) {
          pos.make(buf[i]);
          set.add(makeSfen(pos));
          pos.unmake();
        }
        out.push(JSON.stringify([...set].sort()));
      }
      break;
    case 'perft': {
      const depth = Number(rest[0]);
      if (!Number.isInteger(depth) || depth < 0) fail(`perft needs a depth, got ${rest[0] ?? 'nothing'}`, 2);
      for (const pos of await positions()) out.push(String(perft(pos, depth)));
      break;
    }
    case 'play': {
      const [sfen] = await lines();
      if (!sfen) fail('play needs one SFEN on stdin', 2);
      out.push(played(sfen, rest, options).sfen());
      break;
    }
    case 'kif': {
      const [first, ...more] = await lines();
      if (!first) fail('kif needs `startpos` or an SFEN on the first line of stdin, then the moves', 2);
      // `startpos` may carry the moves on its own line, as in USI: `startpos moves 7i7h 7d7e`
      const [sfen, tail] = /^startpos(\s|$)/.test(first) ? [startSfenOf(options), first.slice(8)] : [first, ''];
      const usis = `${tail} ${more.join(' ')}`.split(/\s+/).filter((t) => t && t !== 'moves');
      out.push(toKif(played(sfen, usis, options)).trimEnd());
      break;
    }
    case 'unkif': {
      const kif = parseKif(await text(), given);
      if (!kif.ok) fail(kifErrorText(kif.error), 2);
      out.push(kif.value.sfen, kif.value.moves.join(' '));
      break;
    }
    case 'start':
      out.push(startSfenOf(options));
      break;
    case 'usi': {
      // the CPU player speaks USI to GUIs and other engines (packages/engine); --variant sets UCI_Variant's default
      const { runUsi } = await import('@chu/engine');
      await runUsi(options, process.stdin, process.stdout);
      return;
    }
    default:
      fail(`unknown command "${command}"\n${USAGE}`, 2);
  }
  process.stdout.write(out.map((l) => l + '\n').join(''));
}

await main();
