import { createInterface } from 'node:readline';
import { Game, MAX_MOVES, makeSfen, parseSfen, perft, usiOf, withDefaults, type Options } from '@chu/rules';

// The `chu` command line (contract used by other tools — keep it exactly as specified).
const USAGE = `usage: chu <moves|successors|perft <depth>|play <usi>…|usi> [--promotion association|shogi] [--lion-trading off|protected|always] [--bare-king on|off]`;

function fail(message: string, code: number): never {
  process.stderr.write(message + '\n');
  process.exit(code);
}

function parseArgs(argv: string[]): { command: string; rest: string[]; options: Options } {
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
    } else rest.push(a);
  }
  const [command, ...args] = rest;
  if (!command) fail(USAGE, 2);
  return { command, rest: args, options: withDefaults(options) };
}

async function lines(): Promise<string[]> {
  const out: string[] = [];
  for await (const line of createInterface({ input: process.stdin })) if (line.trim()) out.push(line.trim());
  return out;
}

async function main(): Promise<void> {
  const { command, rest, options } = parseArgs(process.argv.slice(2));
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
        out.push(JSON.stringify(Array.from(buf.subarray(0, n), usiOf).sort()));
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
      const game = Game.fromSfen(sfen, options);
      if (!game.ok) fail(`invalid SFEN "${sfen}": ${game.error}`, 2);
      for (const usi of rest) {
        const r = game.value.play(usi);
        if (!r.ok) {
          // the reason code is this command's answer: on stdout for tools, on stderr for people
          process.stdout.write(r.error + '\n');
          fail(r.error, 1);
        }
      }
      out.push(game.value.sfen());
      break;
    }
    case 'usi': {
      // the CPU player speaks USI to GUIs and other engines (packages/engine)
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
