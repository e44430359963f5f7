import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (Postgres): `down()` cuts every connection and
 * refuses new ones, as a crashed or unreachable database does; `up()` listens again on the same port.
 * `stall()` keeps connections open but passes nothing (a hung database), `flow()` lets it through again.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly open = new Set<Socket>();
  private stalled = false;

  port = 0; // chosen at the first listen, kept across down/up

  private constructor(private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const p = new TcpProxy(target);
    p.port = await p.listen(0);
    return p;
  }

  /** The target URL with its host and port replaced by this proxy's. */
  static urlThrough(url: string, proxy: TcpProxy): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(proxy.port);
    return u.toString();
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.open) s.destroy();
    this.open.clear();
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }

  stall(): void {
    this.stalled = true;
    for (const s of this.open) s.pause();
  }

  flow(): void {
    this.stalled = false;
    for (const s of this.open) s.resume();
  }

  async up(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  private listen(port: number): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      this.open.add(client);
      this.open.add(upstream);
      const drop = () => { client.destroy(); upstream.destroy(); this.open.delete(client); this.open.delete(upstream); };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.stalled) { client.pause(); upstream.pause(); }
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const a = server.address();
        resolve(typeof a === 'object' && a ? a.port : port);
      });
    });
  }
}
