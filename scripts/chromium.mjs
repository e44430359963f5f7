// The browser tests drive Debian's Chromium and never download a browser. A fresh machine with only
// Node.js has none: as root with apt-get (as CI runs) this installs Debian's package, otherwise it stops
// at once with the one command to run, instead of failing browser test by browser test later.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-cjk']; // the fonts draw the kanji in screenshots
const COMMAND = `apt-get install -y ${PACKAGES.join(' ')}`;

if (!existsSync(CHROMIUM)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!root || !apt) {
    console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it with: sudo ${COMMAND}`);
    process.exit(1);
  }
  console.log(`Chromium is missing: ${COMMAND}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...PACKAGES]]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed. Install Chromium with: ${COMMAND}`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`${COMMAND} did not put Chromium at ${CHROMIUM}.`);
    process.exit(1);
  }
}
