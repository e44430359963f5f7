import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// `chu bot` (packages/cli) as a child process, as its user runs it, with its log (stderr) kept for the
// test to read: the lines it writes as it accepts, plays and reconnects.

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const CHU = fileURLToPath(new URL('../../../../packages/cli/src/chu.ts', import.meta.url));

export class ChuBot {
  readonly log: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  /** Started on node with tsx's loader (one process, so a kill ends the bridge itself). */
  constructor(args: string[]) {
    this.child = spawn(process.execPath, ['--import', 'tsx', CHU, 'bot', ...args], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    let rest = '';
    this.child.stderr!.on('data', (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const lines = rest.split('\n');
      rest = lines.pop()!;
      this.log.push(...lines);
      if (process.env.CHU_BOT_LOG) lines.forEach((l) => process.stderr.write(`[chu bot] ${l}\n`));
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** Waits for a log line matching `re`. */
  async saw(re: RegExp, ms = 20_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const line = this.log.find((l) => re.test(l));
      if (line) return line;
      if (Date.now() > deadline) throw new Error(`chu bot never logged ${re}; its log:\n${this.log.slice(-15).join('\n')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The moves it says it played: ply → USI. */
  played(gameId: string): [number, string][] {
    const re = new RegExp(`game ${gameId}: ply (\\d+): played (\\S+)`);
    return this.log.flatMap((l) => { const m = re.exec(l); return m ? [[Number(m[1]), m[2]] as [number, string]] : []; });
  }

  kill(signal: NodeJS.Signals): Promise<number | null> {
    this.child.kill(signal);
    return this.exited;
  }
}
