import { usernameKey } from '@chu/protocol';
import fastifyRateLimit, { type CreateRateLimitOptions, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { sitePrefix, type ServerConfig } from '../config.ts';
import { hostPort, StartupError } from '../startup.ts';
import { HttpRefusal } from './errors.ts';
import { failedLogins } from './FailedLogins.ts';

// HTTP limits with @fastify/rate-limit: every route per client address, tighter ones on the doors an
// attacker leans on (device creation, register, login), and logins per account as well. Counters live
// in Redis when REDIS_URL is set (shared by every instance), in this process's memory otherwise.
//
// continueExceeding: a client that keeps knocking while refused restarts its own wait, so guessing
// passwords backs off, while one that waits Retry-After gets in. (The memory store's exponentialBackoff
// only lengthens the Retry-After it reports, not the wait, so it is not used.) A wait that others share
// (an account's, across addresses) is the exception: one knocking address must not prolong it for the
// owner, so it runs out at the end of its window whatever is refused meanwhile.
//
// The account-wide limit counts failures, not attempts, and refuses only an address that has failed on
// the account in its window: guesses from many addresses (forwarded ones are cheap) hold those addresses
// back, never the owner typing the right password from an address that has not failed; and a device
// signed in to the account (the owner's, with a valid session) is never held back by it.

type Check = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Which door into an account is knocked on: a password ('login', and the account's own doors that take
 * one) or a recovery code. Each counts its own attempts and failures, so a household member's wrong
 * passwords never hold back the owner's recovery, nor wrong codes the owner's login.
 */
export type AccountDoor = 'login' | 'recovery';

export interface RouteLimits {
  register: { max: number; timeWindow: number };
  login: { max: number; timeWindow: number };
  /** Counts a device about to be made for this address (a returning device costs nothing); throws a 429 refusal. */
  newDevice: Check;
  /**
   * Counts a login attempt on this account from the request's address (or from `signedIn`, the id of a
   * device signed in to the account: the owner's); then, unless it comes from such a device, refuses it
   * when the account has failed too often in its window from every address together and this address is
   * one that failed. Throws a 429 refusal. `username` as the body's schema gave it.
   */
  account(username: string, req: FastifyRequest, reply: FastifyReply, signedIn?: string, door?: AccountDoor): Promise<void>;
  /** A wrong password or code for this account from the request's address: what the account-wide limit reads. */
  failed(username: string, req: FastifyRequest, door?: AccountDoor): Promise<void>;
  /** Counts a challenge sent by this account; throws a 429 refusal. */
  challenge(userId: string, req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts a change to this account's friends (follow, block, who may challenge it); throws a 429 refusal. */
  friends(userId: string, req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts a personal API token made by this account; throws a 429 refusal. */
  tokens(userId: string, req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts an API request by this personal token, and by its address; throws a 429 refusal (with Retry-After). */
  api(tokenId: string, req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export async function registerLimits(app: FastifyInstance, config: ServerConfig, redis: Redis | null): Promise<RouteLimits> {
  const { windowMs, perAddress, devices, registers, loginsPerAddress, loginsPerAccount, loginsPerAccountAddress, challenges, friends, apiPerToken, apiPerAddress } = config.httpLimits;
  await app.register(fastifyRateLimit, {
    global: true,
    max: perAddress,
    timeWindow: windowMs,
    continueExceeding: true, // inherited by every route's and createRateLimit's limiter
    ...(redis ? { redis, nameSpace: rateLimitNamespace(config) } : {}),
    // Redis gone: serve (the counters are a guard, not the game), and /health/ready says so.
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) =>
      new HttpRefusal(ctx.statusCode, 'rate-limited', `Too many requests; retry in ${ctx.after}.`, Math.max(1000, ctx.ttl)),
  });

  const check = (max: number, key: (req: FastifyRequest) => string, message: string, continueExceeding = true): Check => {
    // createRateLimit merges its options as a route's are, continueExceeding included (its types omit it)
    const options: CreateRateLimitOptions & Pick<RateLimitOptions, 'continueExceeding'> = { max, timeWindow: windowMs, keyGenerator: key, continueExceeding };
    const limit = app.createRateLimit(options);
    return async (req, reply) => {
      const r = await limit(req);
      if (r.isAllowed || !r.isExceeded) return;
      void reply.header('retry-after', Math.max(1, r.ttlInSeconds));
      throw new HttpRefusal(429, 'rate-limited', message, Math.max(1000, r.ttl));
    };
  };
  // the account a login names, as the lookup finds it, and who tries it: the address, or the device
  // signed in to it (a limiter's key sees only the request)
  const attemptOf = new WeakMap<FastifyRequest, string>();
  const fromAddress = {
    login: check(loginsPerAccountAddress, (req) => `login:${attemptOf.get(req)}`,
      'Too many login attempts for this account from this address; wait and try again.'),
    recovery: check(loginsPerAccountAddress, (req) => `recovery:${attemptOf.get(req)}`,
      'Too many recovery attempts for this account from this address; wait and try again.'),
  };
  const failures = failedLogins(windowMs, redis, `${rateLimitNamespace(config)}failed:`);
  // a login's keys are those from before recovery had its own (counters in Redis keep their meaning)
  const failureKeys = (username: string, req: FastifyRequest, door: AccountDoor) => {
    const account = `${door === 'login' ? 'account' : door}:${usernameKey(username)}`;
    return [account, `${account}:${req.ip}`];
  };
  // an account's own doors, keyed by the account (the limiter's key sees only the request)
  const userOf = new WeakMap<FastifyRequest, string>();
  const perAccount = (max: number, kind: string, message: string) => {
    const limit = check(max, (req) => `${kind}:${userOf.get(req)}`, message);
    return async (userId: string, req: FastifyRequest, reply: FastifyReply) => {
      userOf.set(req, userId);
      await limit(req, reply);
    };
  };
  const apiPerTokenLimit = perAccount(apiPerToken, 'api-token', 'Too many API requests with this token; wait and try again.');
  const apiFromAddress = check(apiPerAddress, (req) => `api:${req.ip}`, 'Too many API requests from this address; wait and try again.');
  return {
    async api(tokenId, req, reply) {
      await apiFromAddress(req, reply);
      await apiPerTokenLimit(tokenId, req, reply);
    },
    tokens: perAccount(friends, 'tokens', 'Too many API tokens made; wait and try again.'),
    challenge: perAccount(challenges, 'challenge', 'Too many challenges sent; wait and try again.'),
    friends: perAccount(friends, 'friends', 'Too many changes to your friends; wait and try again.'),
    register: { max: registers, timeWindow: windowMs },
    login: { max: loginsPerAddress, timeWindow: windowMs },
    newDevice: check(devices, (req) => `device:${req.ip}`, 'Too many new devices from this address; wait and try again.'),
    async account(username, req, reply, signedIn, door = 'login') {
      // a signed-in device is held to its own attempts, never to those of others at its address
      attemptOf.set(req, `${usernameKey(username)}:${signedIn ? `device:${signedIn}` : req.ip}`);
      await fromAddress[door](req, reply);
      if (signedIn) return;
      const [account, address] = await failures.read(failureKeys(username, req, door));
      if (account.count < loginsPerAccount || address.count === 0) return;
      // the account's window, not this address's: it ends with its minute whatever is refused meanwhile
      void reply.header('retry-after', Math.max(1, Math.ceil(account.msLeft / 1000)));
      const what = door === 'login' ? 'logins' : 'recoveries';
      throw new HttpRefusal(429, 'rate-limited', `Too many failed ${what} for this account; wait and try again.`, Math.max(1000, account.msLeft));
    },
    failed: (username, req, door = 'login') => failures.add(failureKeys(username, req, door)),
  };
}

// Instances of one site share a database, and so their counters; two sites (or two test servers) on one
// Redis do not.
export const rateLimitNamespace = (config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string => `${sitePrefix(config)}:rl:`;

/** Redis for the rate-limit counters; connected before the server listens, so a bad REDIS_URL stops the start. */
export async function openRedis(url: string, log: Logger): Promise<Redis> {
  // No offline queue: while Redis is down a command fails at once (and the limit is skipped) instead of
  // holding the request until it comes back.
  // ioredis (~10 MB resident) loads only in a process that has a REDIS_URL
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  let down = true; // until the first connect: a failed start says it once, in its own line
  redis.on('error', (err: Error) => {
    if (!down) log.warn({ err: err.message }, 'redis unreachable');
    down = true;
  });
  let started = false;
  redis.on('ready', () => {
    if (started && down) log.info('redis back');
    started = true;
    down = false;
  });
  try {
    await redis.connect();
  } catch {
    redis.disconnect();
    throw new StartupError(`redis unreachable at ${hostPort(url, 6379)}`);
  }
  return redis;
}
