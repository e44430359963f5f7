// A process's /metrics (Prometheus text), read as tests need it.
/**
 * The sum of a figure on a process's /metrics (Prometheus text), over the samples whose labels include
 * `labels`: `figure(text, 'chu_cpu_moves_total', { by: 'queue' })`.
 */
export function figure(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (m[2] ?? '').includes(`${k}="${v}"`));
    if (has) sum += Number(m[3]);
  }
  return sum;
}

/** A process's /metrics, read again until `ok` holds of it. */
export async function untilMetrics(url: string, ok: (text: string) => boolean, ms = 20_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const text = await (await fetch(`${url}/metrics`)).text();
    if (ok(text)) return text;
    if (Date.now() > deadline) throw new Error(`${url}/metrics never showed what was awaited:\n${text.split('\n').filter((l) => l.startsWith('chu_')).join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
