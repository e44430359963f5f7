import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Variant } from '@chu/rules';

// One USI engine process, for one game: started with `usi`, its options, `isready` and `usinewgame`;
// asked for a move with `position` and `go`; ended with `quit`, then killed if it lingers.

/** How to start the engine: a shell command line, or (null) this same `chu` command in USI mode. */
function launch(command: string | null): ChildProcess {
  if (command === null) {
    // the running chu (node, with tsx's loader when run from source) with `usi` instead of `bot …`
    return spawn(process.execPath, [...process.execArgv, process.argv[1], 'usi'], { stdio: ['pipe', 'pipe', 'inherit'], detached: true });
  }
  return spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'inherit'], detached: true });
}

export class UsiEngine {
  private readonly child: ChildProcess;
  private readonly waiting: { pred: (line: string) => boolean; resolve: (line: string) => void; reject: (e: Error) => void }[] = [];
  private exited = false;

  private constructor(command: string | null) {
    this.child = launch(command);
    createInterface({ input: this.child.stdout! }).on('line', (raw) => {
      const line = raw.trim();
      const i = this.waiting.findIndex((w) => w.pred(line));
      if (i >= 0) this.waiting.splice(i, 1)[0].resolve(line);
    });
    const gone = (why: string) => {
      this.exited = true;
      for (const w of this.waiting.splice(0)) w.reject(new Error(`the engine ${why}`));
    };
    this.child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
    this.child.on('error', (e) => gone(`could not start: ${e.message}`));
    this.child.stdin!.on('error', () => {}); // a dead engine's pipe: the exit handler says so
  }

  /** A started engine, ready for a game of `variant`. */
  static async start(command: string | null, variant: Variant, options: [string, string][]): Promise<UsiEngine> {
    const e = new UsiEngine(command);
    try {
      await e.ask('usi', (l) => l === 'usiok');
      // USI engines play chu shogi by default; other games by UCI_Variant, as `chu usi` names it
      if (variant !== 'chu') e.say(`setoption name UCI_Variant value ${variant}`);
      for (const [name, value] of options) e.say(`setoption name ${name} value ${value}`);
      await e.ask('isready', (l) => l === 'readyok');
      e.say('usinewgame');
      return e;
    } catch (err) {
      e.stop();
      throw err;
    }
  }

  /** The engine's move: `position` and `go` as given; `resign` and `win` come back as they are. */
  async bestMove(position: string, go: string): Promise<string> {
    this.say(position);
    const line = await this.ask(go, (l) => l.startsWith('bestmove'));
    return line.split(/\s+/)[1] ?? 'resign';
  }

  /** `quit`, then a kill of its process group if it has not gone in a second. */
  stop(): void {
    if (this.exited) return;
    this.say('quit');
    const timer = setTimeout(() => this.kill(), 1_000);
    timer.unref();
    this.child.once('exit', () => clearTimeout(timer));
  }

  private kill(): void {
    if (this.exited || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL'); // the group: a shell's engine goes with the shell
    } catch {
      // gone meanwhile
    }
  }

  private say(line: string): void {
    if (!this.exited) this.child.stdin!.write(line + '\n');
  }

  private ask(line: string, pred: (l: string) => boolean): Promise<string> {
    if (this.exited) return Promise.reject(new Error('the engine has exited'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ pred, resolve, reject });
      this.say(line);
    });
  }
}
