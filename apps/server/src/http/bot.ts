import type { FastifyInstance } from 'fastify';
import type { Bots } from '../identity/Bots.ts';
import type { ApiDoor } from './apiCaller.ts';
import { HttpRefusal } from './errors.ts';

/** The Bot API (issue 50), as lishogi's: https://lishogi.org/api#tag/Bot */
export function registerBotRoutes(app: FastifyInstance, deps: { door: ApiDoor; bots: Bots }) {
  const { door, bots } = deps;

  // lishogi answers { ok: true }; a refusal is a 400 there too
  app.post('/api/bot/account/upgrade', async (req, reply) => {
    const caller = await door(req, reply, 'bot:play');
    const r = await bots.upgrade(caller.user.id);
    if (r.ok) return { ok: true };
    throw r.code === 'already-bot'
      ? new HttpRefusal(400, 'already-bot', 'This account is a bot already.')
      : new HttpRefusal(400, 'has-games', 'Only an account that has played no game can become a bot; make a new account for it.');
  });
}
