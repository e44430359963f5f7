// @vitest-environment node
// README's test line starts with scripts/chromium.mjs: on a machine without Debian's Chromium it
// installs it (root with apt-get) or stops at once with the command to run; it never downloads a browser.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/chromium.mjs', import.meta.url));
const check = (chromium: string, path: string) =>
  spawnSync(process.execPath, [script], { encoding: 'utf8', env: { CHROMIUM_PATH: chromium, PATH: path } });

describe('the test command before the browser tests', () => {
  it('goes on at once when Chromium is there', () => {
    const run = check(process.execPath, process.env.PATH ?? ''); // any executable stands for the browser
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
  });

  it('stops at once with the one command to run when it cannot install Chromium', () => {
    const run = check('/nonexistent/chromium', '/nonexistent'); // no apt-get on this PATH
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('apt-get install -y chromium fonts-noto-cjk');
  });
});
