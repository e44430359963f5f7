// The test line's tools from Debian, never downloaded by a test: Chromium for the browser tests (they
// never download a browser; the CJK fonts draw the kanji in screenshots) and Caddy, the documented
// reverse proxy, which the server's proxy test runs in front of a real server. A fresh machine with only
// Node.js has neither: as root with apt-get (as CI runs) this installs Debian's packages, otherwise it
// stops at once with the one command to run, instead of failing test by test later.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const missing = [
  ...(existsSync(CHROMIUM) ? [] : ['chromium', 'fonts-noto-cjk']),
  ...(onPath('caddy') ? [] : ['caddy']),
];

if (missing.length > 0) {
  const command = `apt-get install -y ${missing.join(' ')}`;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !onPath('apt-get')) {
    console.error(`The tests need ${missing.join(', ')}. Install them with: sudo ${command}`);
    process.exit(1);
  }
  console.log(`Missing for the tests: ${command}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed. Install them with: ${command}`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM) || !onPath('caddy')) {
    console.error(`${command} did not put Chromium at ${CHROMIUM} and Caddy on the PATH.`);
    process.exit(1);
  }
}
