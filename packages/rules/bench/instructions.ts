// pnpm bench:rules:instructions [--base <commit>] [--reps 2] — chu's perft cost in CPU instructions,
// this tree against an older commit's rules (default 3e096c8, the last before the dai variant), counted by valgrind (callgrind): a count does not depend
// on what else the machine is doing, so a ±5 % question gets an answer on a busy machine too.
// Each side's rules are bundled with esbuild and run perft(4) and perft(2) from the start under
// callgrind; perft(4) − perft(2) is the search itself (Node's start-up and the JIT's own work cancel).
// Prints figures; asserts nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { base: { type: 'string', default: '3e096c8' }, reps: { type: 'string', default: '2' } } });
const here = dirname(fileURLToPath(import.meta.url));
const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: here }).toString().trim();
const work = mkdtempSync(join(tmpdir(), 'rules-instructions-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('valgrind is not installed (apt-get install -y valgrind): no instruction counts');
  process.exit(0);
}

async function bundle(label: string, rulesDir: string): Promise<string> {
  const out = join(work, `${label}.mjs`);
  await build({ entryPoints: [join(rulesDir, 'src/index.ts')], bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'warning' });
  return out;
}

const runner = join(work, 'perft.mjs');
writeFileSync(runner, [
  'const [depth, file] = [Number(process.argv[2]), process.argv[3]];',
  'const { perft, parseSfen, START_SFEN } = await import(file);',
  'const pos = parseSfen(START_SFEN);',
  'console.log(perft(pos.ok ? pos.value : pos, depth));',
].join('\n'));

function instructions(file: string, depth: number): number {
  const log = join(work, 'callgrind.log');
  execFileSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${join(work, 'callgrind.out')}`, `--log-file=${log}`, 'node', runner, String(depth), file]);
  const m = /Collected : (\d+)/.exec(readFileSync(log, 'utf8'));
  if (!m) throw new Error('callgrind printed no count');
  return Number(m[1]);
}

const baseDir = join(work, 'base');
execFileSync('sh', ['-c', `mkdir -p ${baseDir} && git -C ${repo} archive ${values.base} packages/rules/src | tar -x -C ${baseDir}`]);
const sides = { [values.base!]: await bundle('base', join(baseDir, 'packages/rules')), 'this tree': await bundle('tree', join(repo, 'packages/rules')) };
const reps = Number(values.reps);
console.log(`chu perft(4) − perft(2) from the start, instructions (callgrind), ${reps} runs each`);
const best: Record<string, number> = {};
for (let r = 0; r < reps; r++)
  for (const [label, file] of Object.entries(sides)) {
    const cost = instructions(file, 4) - instructions(file, 2);
    best[label] = Math.min(best[label] ?? Infinity, cost);
    console.log(`  ${label.padEnd(10)} run ${r + 1}: ${(cost / 1e6).toFixed(1)} M`);
  }
const [base, tree] = [best[values.base!], best['this tree']];
console.log(`best: ${values.base} ${(base / 1e6).toFixed(1)} M, this tree ${(tree / 1e6).toFixed(1)} M: ${(((tree - base) / base) * 100).toFixed(1)} %`);
