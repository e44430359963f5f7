// What a first visit downloads before a screen is usable: builds the client (Vite, with its manifest),
// then for each screen of src/screens/ adds up the entry chunk and its static imports, the messages of
// one language (loaded before the first screen draws), the screen's own chunk and its static imports,
// and the CSS of all of them. Sizes are raw, gzip and brotli at the levels `pnpm build` precompresses
// with (apps/server/build.mjs), i.e. what the server sends. A printout only: no size is asserted.
// Usage: pnpm bench:web
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const LANGS = ['es', 'en', 'ja'] as const;

const dist = mkdtempSync(join(tmpdir(), 'chu-bench-first-load-'));
try {
  await build({ root: WEB, logLevel: 'error', build: { outDir: dist, emptyOutDir: true, manifest: true } });
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  report(manifest);
} finally {
  rmSync(dist, { recursive: true, force: true });
}

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

function report(manifest: Manifest): void {
  const sizes = new Map<string, Size>();
  const sizeOf = (file: string): Size => {
    let s = sizes.get(file);
    if (!s) {
      const bytes = readFileSync(join(dist, file));
      s = {
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
      };
      sizes.set(file, s);
    }
    return s;
  };
  const total = (files: Iterable<string>): Size => {
    const t = { raw: 0, gzip: 0, brotli: 0 };
    for (const f of files) {
      const s = sizeOf(f);
      t.raw += s.raw;
      t.gzip += s.gzip;
      t.brotli += s.brotli;
    }
    return t;
  };

  /** A chunk's file, its static imports' files (all the way down) and the CSS of each, into `into`. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };

  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  const first = closure(entry);
  // before the split every language's messages were in the entry: then none is fetched on its own
  const messages = LANGS.map((lang) => ({ lang, key: `src/lib/i18n/${lang}.json` })).filter(({ key }) => manifest[key]);
  // the language whose messages weigh the most, so a figure holds for every visitor
  const heaviest = messages.map(({ lang, key }) => ({ lang, files: closure(key, new Set()) }))
    .sort((a, b) => total(b.files).brotli - total(a.files).brotli)[0];
  const boot = new Set([...first, ...(heaviest?.files ?? [])]);

  const kB = (n: number) => (n / 1000).toFixed(1).padStart(7); // kB as Vite and issue 48 write them: 1000 bytes
  const row = (name: string, s: Size, note = '') => console.log(`${name.padEnd(22)} ${kB(s.raw)} ${kB(s.gzip)} ${kB(s.brotli)}  ${note}`);
  const header = (title: string) => console.log(`\n${title}\n${''.padEnd(22)} ${'raw kB'.padStart(7)} ${'gzip'.padStart(7)} ${'brotli'.padStart(7)}`);

  header(`first visit, per screen (entry + ${heaviest ? `${heaviest.lang} messages + ` : ''}screen chunk + their static imports + CSS)`);
  const screens = readdirSync(join(WEB, 'src/screens')).filter((f) => f.endsWith('.svelte')).sort();
  for (const file of screens) {
    const key = `src/screens/${file}`;
    const own = manifest[key] && !manifest[key].isEntry ? closure(key, new Set(boot)) : boot;
    const extra = [...own].filter((f) => !boot.has(f));
    row(basename(file, '.svelte'), total(own), extra.length ? `+ ${extra.length} file(s) beyond the first load` : 'in the first load');
  }

  header('the first load (#/: Home)');
  row('JS + CSS', total(boot), `${boot.size} files`);
  if (manifest[entry].file) row('index.html', sizeOf('index.html'));
  header('the first load, file by file');
  for (const f of [...boot].sort((a, b) => sizeOf(b).brotli - sizeOf(a).brotli)) row(basename(f), sizeOf(f));

  if (messages.length) {
    header('messages, one language each (only the visitor\'s is fetched)');
    for (const { lang, key } of messages) row(lang, total(closure(key, new Set())));
  }

  header('the biggest chunks');
  const chunks = [...new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))].filter((f) => /\.(js|css)$/.test(f));
  for (const f of chunks.sort((a, b) => sizeOf(b).raw - sizeOf(a).raw).slice(0, 12)) row(basename(f), sizeOf(f), boot.has(f) ? 'first load' : '');
}
