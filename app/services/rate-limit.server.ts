import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { createClient } from "redis";
import {
  LOGIN_LADDERS,
  createLadderCounter,
  ladderLimiterOptions,
  throttledMessage,
  type FailureLadder,
  type LadderCounter,
  type LoginLadderName,
} from "@shared/domain/login-throttle";

/**
 * The portal's throttles (docs/decisions/0123-public-forms-honeypot-and-rate-limit.md), one
 * rule per name, counted with rate-limiter-flexible: in this process's memory by default, in
 * Redis when the portal runs on several instances (REDIS_URL), so that every instance counts
 * the same attempts. While Redis cannot be reached, each instance counts in its own memory
 * instead of letting everything through or refusing everyone. Keys are hashed before they are
 * stored: Redis never holds an e-mail or an IP address. The login throttle's ladders (decision
 * 0136: failures in a row make the next attempt wait, then block) are counted here too.
 */

export interface RateRule {
  /** Attempts allowed within the window. */
  points: number;
  durationSeconds: number;
}

export const RATE_LIMIT_RULES = {
  /** The contact form, per client address. */
  contact: { points: 5, durationSeconds: 10 * 60 },
  /** The account opening form, per client address. */
  accountOpening: { points: 3, durationSeconds: 60 * 60 },
  /** Forgotten password requests, per client address and per account (the address typed). */
  passwordResetByAddress: { points: 5, durationSeconds: 15 * 60 },
  passwordResetByAccount: { points: 3, durationSeconds: 15 * 60 },
  /**
   * The password change form, per account (decision 0162): each attempt checks the current
   * password and judges the new one; ten in 15 minutes leave room for typos and weak tries.
   */
  passwordChange: { points: 10, durationSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;

export interface RateLimitConfig {
  /** redis:// or rediss://: share the counts between instances. */
  redisUrl?: string;
  /** Prefix of the Redis keys: portals sharing one Redis for different sites must differ. */
  prefix?: string;
  /** Rules that differ from RATE_LIMIT_RULES (tests use tiny windows). */
  rules?: Partial<Record<RateLimitName, RateRule>>;
  /** Login ladders that differ from LOGIN_LADDERS (tests use short waits). */
  ladders?: Partial<Record<LoginLadderName, FailureLadder>>;
  /** Told when Redis fails (the counts then go on in memory). */
  onError?: (error: Error) => void;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimits {
  /** Counts one attempt for `key` under `name`'s rule; refused once the rule's points are spent. */
  consume(name: RateLimitName, key: string): Promise<RateVerdict>;
  /** Forgets `key`'s attempts (a login that succeeds, say). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /**
   * A login attempt under a ladder (decision 0136): refused while the wait of the last failure
   * runs, otherwise counted at once as a failure (so that a burst of parallel attempts cannot
   * pass the blocking one), to be settled by `failed` or `succeeded`.
   */
  attempt(ladder: LoginLadderName, key: string): Promise<RateVerdict>;
  /** The attempt failed: the next one waits as long as the ladder says for this many failures. */
  failed(ladder: LoginLadderName, key: string): Promise<void>;
  /** The attempt succeeded: `forget` clears the key's failures (an account), otherwise this attempt is uncounted (an address). */
  succeeded(ladder: LoginLadderName, key: string, forget: boolean): Promise<void>;
  close(): Promise<void>;
}

/** A key as stored: a hash, so that neither memory dumps nor Redis keep who tried. */
function storedKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 32);
}

/**
 * The part of a client address that names one client: an IPv4 address, or the /64 network of
 * an IPv6 one (a single subscriber gets a whole /64 and could otherwise walk through it).
 */
export function clientKey(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (!isIPv6(plain)) return plain === "" ? "inconnue" : plain;
  const [head = "", tail = ""] = plain.toLowerCase().split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === "" ? [] : tail.split(":");
  const groups = plain.includes("::")
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

export function createRateLimits(config: RateLimitConfig = {}): RateLimits {
  const onError = config.onError ?? (() => undefined);
  const prefix = config.prefix ?? "portail";
  const redis = config.redisUrl
    ? createClient({
        url: config.redisUrl,
        // Refused at once while disconnected: the memory limiter answers meanwhile.
        disableOfflineQueue: true,
        socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 3000) },
      })
    : null;
  redis?.on("error", (error: unknown) => onError(toError(error)));
  // Connected on first use: a portal whose forms are never sent opens no connection.
  let connectStarted = false;
  const connect = () => {
    if (!redis || connectStarted) return;
    connectStarted = true;
    redis.connect().catch((error: unknown) => onError(toError(error)));
  };
  const limiter = (options: { points: number; duration: number; keyPrefix: string }): RateLimiterAbstract => {
    const memory = new RateLimiterMemory(options);
    return redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
  };
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  const limiterOf = (name: RateLimitName): RateLimiterAbstract => {
    let found = limiters.get(name);
    if (!found) {
      const rule = config.rules?.[name] ?? RATE_LIMIT_RULES[name];
      found = limiter({ points: rule.points, duration: rule.durationSeconds, keyPrefix: `${prefix}:limite:${name}` });
      limiters.set(name, found);
    }
    return found;
  };
  const ladders = new Map<LoginLadderName, LadderCounter>();
  const ladderOf = (name: LoginLadderName): LadderCounter => {
    let found = ladders.get(name);
    if (!found) {
      const ladder = config.ladders?.[name] ?? LOGIN_LADDERS[name];
      const options = ladderLimiterOptions(ladder, `${prefix}:connexion:${name}`);
      found = createLadderCounter(ladder, limiter(options.failures), limiter(options.pauses));
      ladders.set(name, found);
    }
    return found;
  };
  // A store failure with no fallback left (Redis and memory both): told, and the login goes on
  // rather than locking everyone out.
  const settle = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      onError(toError(error));
    }
  };
  return {
    async attempt(name, key) {
      connect();
      try {
        return await ladderOf(name).attempt(storedKey(key));
      } catch (error) {
        onError(toError(error));
        return { allowed: true };
      }
    },
    failed: (name, key) => settle(() => ladderOf(name).failed(storedKey(key))),
    succeeded: (name, key, forget) => settle(() => ladderOf(name).succeeded(storedKey(key), forget)),
    async consume(name, key) {
      connect();
      try {
        await limiterOf(name).consume(storedKey(key));
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        // A store failure with no fallback left: let the attempt through rather than lock everyone out.
        onError(toError(rejection));
        return { allowed: true };
      }
    },
    async reset(name, key) {
      connect();
      await limiterOf(name).delete(storedKey(key));
    },
    async close() {
      if (!redis?.isOpen) return;
      // Still trying to reach Redis: stop now rather than wait for a connection that may never come.
      if (redis.isReady) await redis.close();
      else redis.destroy();
    },
  };
}

/** The French refusal of a throttled form, and the Retry-After header of its 429 answer. */
export function throttled(retryAfterSeconds: number, what = "tentatives"): { message: string; headers: Record<string, string> } {
  return {
    message: throttledMessage(retryAfterSeconds, what),
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}
