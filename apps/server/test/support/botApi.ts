import { CreatedApiTokenSchema, rulesOptions, type ApiScope, type GameView } from '@chu/protocol';
import { Game } from '@chu/rules';
import { post } from './http.ts';
import { NdjsonReader } from './ndjson.ts';

// Programs on the lishogi-shaped API (issue 50), as tests drive them.

export const BOT_SCOPES: ApiScope[] = ['bot:play', 'challenge:read', 'challenge:write'];

/** A personal API token of the account signed in with `session`, with these scopes: its secret. */
export async function tokenFor(url: string, session: string, scopes: ApiScope[]): Promise<string> {
  const res = await post(url, '/api/account/tokens', { description: 'bot', scopes }, { bearer: session });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  return CreatedApiTokenSchema.parse(await res.json()).secret;
}

/** An NDJSON stream the server accepted (a refusal throws, naming it). */
export async function stream(url: string, path: string, secret: string | null): Promise<NdjsonReader> {
  const s = await NdjsonReader.open(url, path, secret);
  if (!(s instanceof NdjsonReader)) throw new Error(`stream refused: ${s.status} ${JSON.stringify(s.body)}`);
  return s;
}

/** A legal move of the game's position after `moves`, picked by `seed`. */
export function aMove(view: GameView, moves: string[], seed: number): string {
  const g = Game.replay(moves, rulesOptions(view.options), view.startSfen);
  if (!g.ok) throw new Error(`the game does not replay: ${JSON.stringify(g.error)}`);
  const legal = g.value.legalMoves();
  return legal[(seed * 7919) % legal.length];
}

/** A stream opened again after the last one was dropped: refused (429) until the server has heard the hang-up. */
export async function reopened(url: string, path: string, bearer: string | null, ms = 5_000): Promise<NdjsonReader> {
  const until = Date.now() + ms;
  for (;;) {
    const s = await NdjsonReader.open(url, path, bearer);
    if (s instanceof NdjsonReader) return s;
    if (s.status !== 429 || Date.now() > until) throw new Error(`stream refused: ${s.status} ${JSON.stringify(s.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
