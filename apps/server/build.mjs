// `pnpm build` (server part): the server and the workspace packages it imports, bundled to plain JS in
// dist/, so production runs `node dist/main.mjs` without tsx. npm dependencies stay external and load
// from node_modules (PGlite and Prisma find their .wasm files next to their own modules). The engine's
// worker thread is bundled as dist/worker-boot.mjs, the name the engine's pool asks for beside itself.
// Then the built web client's text files get .br and .gz siblings, which the server sends as they are
// (`--server-only` skips that step).
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const webDist = join(here, '../web/dist');
const pkg = JSON.parse(await readFile(join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@chu/'));

await rm(join(here, 'dist'), { recursive: true, force: true }); // chunks are named by hash: no stale ones left beside
const result = await build({
  entryPoints: { main: join(here, 'src/main.ts'), 'worker-boot': join(here, '../../packages/engine/src/worker.ts') },
  outdir: join(here, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  // modules loaded with import() (the job queue, Redis, Web Push) become chunks of their own, so their
  // npm dependencies load only when a process uses them
  splitting: true,
  target: 'node20',
  sourcemap: true,
  external,
  // CommonJS code bundled from workspace dependencies may call require()
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
});
for (const [file, out] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.mjs')) console.log(`${relative(process.cwd(), file)}  ${(out.bytes / 1024).toFixed(0)} kB`);
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

// Only where it pays: a sibling no smaller than the file itself would just cost a disk read.
async function precompress(dir) {
  let before = 0;
  let after = 0;
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = await readFile(path);
    const br = await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gzipped = await gz(bytes, { level: 9 });
    if (br.length < bytes.length) await writeFile(`${path}.br`, br);
    if (gzipped.length < bytes.length) await writeFile(`${path}.gz`, gzipped);
    before += bytes.length;
    after += Math.min(br.length, bytes.length);
  }
  console.log(`web client precompressed: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB (br)`);
}

if (!process.argv.includes('--server-only')) {
  if (await stat(join(webDist, 'index.html')).catch(() => null)) await precompress(webDist);
  else console.log('no web client built (apps/web/dist); only the server was bundled');
}
