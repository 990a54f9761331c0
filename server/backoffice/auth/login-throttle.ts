import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { createClient } from "redis";
import {
  LOGIN_LADDERS,
  createLadderCounter,
  ladderLimiterOptions,
  loginAccountKey,
  type FailureLadder,
  type LadderCounter,
  type LoginLadderName,
} from "@shared/domain/login-throttle";

/**
 * The back-office's login throttle (decision 0136): POST /api/auth/login is the one door to a
 * token, whoever calls it, so it counts failures in a row per account for every caller, and per
 * client address for callers that are not this machine (the portal calls its own back-office
 * over loopback, after counting by the visitor's address itself). The ladders are the shared
 * ones (shared/domain/login-throttle.ts); counted with rate-limiter-flexible in memory, or in
 * Redis when several processes serve (REDIS_URL), the memory limiter standing in while Redis is
 * away, as the portal's throttles do (decision 0123). Keys are hashed: no login or address is kept.
 */

export interface LoginThrottleOptions {
  /** redis:// or rediss://: counted with every other back-office process. */
  redisUrl?: string;
  /** Prefix of the Redis keys (the portal's REALTIME_CHANNEL). */
  prefix?: string;
  /** Ladders that differ from LOGIN_LADDERS (tests use short waits). */
  ladders?: Partial<Record<LoginLadderName, FailureLadder>>;
  onError?: (error: Error) => void;
}

export interface LoginAttemptKeys {
  login: string;
  /** Express's req.ip (trust proxy is a hop count): the client's address. */
  address: string;
}

export type LoginGate = { allowed: true; settle(succeeded: boolean): Promise<void> } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Asks for one attempt; allowed, it must be settled once the password is checked. */
  attempt(keys: LoginAttemptKeys): Promise<LoginGate>;
  close(): Promise<void>;
}

const storedKey = (key: string): string => createHash("sha256").update(key).digest("base64url").slice(0, 32);

/** The portal's own calls, and any process on this machine: counted by the portal per visitor. */
export function isLocalAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, "");
  return plain === "::1" || /^127\./.test(plain);
}

/** An IPv4 address, or the /64 of an IPv6 one (one subscriber holds a whole /64). */
function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === "" ? [] : tail.split(":");
  const groups = address.includes("::")
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

export function createLoginThrottle(options: LoginThrottleOptions = {}): LoginThrottle {
  const onError = options.onError ?? (() => undefined);
  const prefix = `${options.prefix ?? "portail"}:backoffice:connexion`;
  const redis = options.redisUrl
    ? createClient({
        url: options.redisUrl,
        disableOfflineQueue: true,
        socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 3000) },
      })
    : null;
  redis?.on("error", (error: unknown) => onError(toError(error)));
  // Connected at once (every back-office takes logins); until it is, memory counts.
  redis?.connect().catch((error: unknown) => onError(toError(error)));
  const limiter = (limiterOptions: { points: number; duration: number; keyPrefix: string }): RateLimiterAbstract => {
    const memory = new RateLimiterMemory(limiterOptions);
    return redis
      ? new RateLimiterRedis({
          ...limiterOptions,
          storeClient: redis,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
  };
  const counterOf = (name: LoginLadderName): LadderCounter => {
    const ladder = options.ladders?.[name] ?? LOGIN_LADDERS[name];
    const limiters = ladderLimiterOptions(ladder, `${prefix}:${name}`);
    return createLadderCounter(ladder, limiter(limiters.failures), limiter(limiters.pauses));
  };
  const counters = { account: counterOf("account"), address: counterOf("address") };

  return {
    async attempt(keys) {
      const checks: Array<[LadderCounter, string, boolean]> = [[counters.account, storedKey(loginAccountKey(keys.login)), true]];
      if (!isLocalAddress(keys.address))
        checks.push([counters.address, storedKey(addressKey(keys.address.replace(/^::ffff:/i, ""))), false]);
      const counted: typeof checks = [];
      try {
        for (const check of checks) {
          const verdict = await check[0].attempt(check[1]);
          if (!verdict.allowed) {
            // The attempt is not made: what it counted under the keys before is taken back.
            await Promise.all(counted.map(([counter, key]) => counter.succeeded(key, false)));
            return verdict;
          }
          counted.push(check);
        }
      } catch (error) {
        // Neither Redis nor memory could count: let the login through rather than lock everyone out.
        onError(toError(error));
      }
      return {
        allowed: true,
        async settle(succeeded) {
          try {
            await Promise.all(counted.map(([counter, key, forget]) => (succeeded ? counter.succeeded(key, forget) : counter.failed(key))));
          } catch (error) {
            onError(toError(error));
          }
        },
      };
    },
    async close() {
      if (!redis?.isOpen) return;
      if (redis.isReady) await redis.close();
      else redis.destroy();
    },
  };
}
