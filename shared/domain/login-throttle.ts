/**
 * The login throttle's policy (decision 0136), the same for the portal's /connexion and the
 * back-office's POST /api/auth/login: a few failures cost nothing (typos), the next ones make
 * the next attempt wait longer and longer, and then the key is blocked for a while. Counted by
 * account (the login typed, whether it exists or not) and by client address; a success forgets
 * the account's failures only, so that an attacker's own account cannot wipe an address's count.
 */

export interface FailureLadder {
  /** Failures that impose no wait. */
  freeFailures: number;
  /** The waits (seconds) after each further failure, in order; after the last one the block follows. */
  delaysSeconds: readonly number[];
  /** The wait after the failure that follows the delays, and after every one after it. */
  blockSeconds: number;
  /** Failures are forgotten this long after the first one of a series (a success forgets them at once for an account). */
  windowSeconds: number;
}

export const LOGIN_LADDERS = {
  /** Per account: 5 free failures, then 5 s, 15 s, 30 s, 1 min, and blocked 15 minutes at the 10th. */
  account: { freeFailures: 5, delaysSeconds: [5, 15, 30, 60], blockSeconds: 15 * 60, windowSeconds: 60 * 60 },
  /** Per client address (an office behind one NAT address has many people): 20 free, blocked 15 minutes at the 25th. */
  address: { freeFailures: 20, delaysSeconds: [5, 15, 30, 60], blockSeconds: 15 * 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, FailureLadder>;

export type LoginLadderName = keyof typeof LOGIN_LADDERS;

/** The failure at which the key is blocked (the 10th for an account). */
export function blockingFailure(ladder: FailureLadder): number {
  return ladder.freeFailures + ladder.delaysSeconds.length + 1;
}

/** How long the next attempt must wait after the `failures`-th failure in a row (0: at once). */
export function waitAfterFailures(ladder: FailureLadder, failures: number): number {
  if (failures <= ladder.freeFailures) return 0;
  return ladder.delaysSeconds[failures - ladder.freeFailures - 1] ?? ladder.blockSeconds;
}

/** The account a login names, as the back-office looks it up (trimmed, case ignored). */
export function loginAccountKey(login: string): string {
  return login.trim().toLowerCase();
}

/** « dans 7 minutes »: how long to wait, in the words of a refusal. */
export function waitWords(seconds: number): string {
  if (seconds < 60) return `dans ${seconds} seconde${seconds > 1 ? "s" : ""}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `dans ${minutes} minute${minutes > 1 ? "s" : ""}`;
  return `dans ${Math.ceil(minutes / 60)} heures`;
}

/** The French refusal of a throttled attempt (« Trop de tentatives de connexion… »). */
export function throttledMessage(retryAfterSeconds: number, what = "tentatives"): string {
  return `Trop de ${what} en peu de temps. Pour la sécurité de tous, réessayez ${waitWords(retryAfterSeconds)}.`;
}

/**
 * What a ladder needs of a counter store: rate-limiter-flexible's limiters (memory or Redis)
 * have exactly these, so the portal and the back-office count with the same code.
 */
export interface LadderStore {
  get(key: string): Promise<{ consumedPoints: number; msBeforeNext: number } | null>;
  penalty(key: string, points: number): Promise<{ consumedPoints: number }>;
  reward(key: string, points: number): Promise<unknown>;
  block(key: string, seconds: number): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}

export type LadderVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LadderCounter {
  /** Refused while the last failure's wait runs; otherwise counted at once as a failure, to be settled. */
  attempt(key: string): Promise<LadderVerdict>;
  /** The attempt failed: the next one waits as the ladder says. */
  failed(key: string): Promise<void>;
  /** The attempt succeeded: `forget` clears the key's failures (an account); otherwise only this attempt is uncounted (an address). */
  succeeded(key: string, forget: boolean): Promise<void>;
}

/** The two limiters' options: `failures` never refuses by itself, `pauses` is only set with block(). */
export function ladderLimiterOptions(ladder: FailureLadder, keyPrefix: string) {
  return {
    failures: { points: 1_000_000, duration: ladder.windowSeconds, keyPrefix: `${keyPrefix}:echecs` },
    pauses: { points: 1, duration: 1, keyPrefix: `${keyPrefix}:attente` },
  };
}

const secondsOf = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * One ladder over two stores: `failures` counts a key's failures in a row over the window,
 * `pauses` holds the wait the last failure imposed (blocked: consumed over its single point).
 */
export function createLadderCounter(ladder: FailureLadder, failures: LadderStore, pauses: LadderStore): LadderCounter {
  const blocking = blockingFailure(ladder);
  return {
    async attempt(key) {
      const pause = await pauses.get(key);
      if (pause !== null && pause.consumedPoints > 1) return { allowed: false, retryAfterSeconds: secondsOf(pause.msBeforeNext) };
      // Counted before the password is checked: parallel attempts each get their own number,
      // and none past the blocking one goes through, whatever pauses they raced.
      const counted = await failures.penalty(key, 1);
      if (counted.consumedPoints > blocking) {
        await failures.reward(key, 1);
        return { allowed: false, retryAfterSeconds: ladder.blockSeconds };
      }
      return { allowed: true };
    },
    async failed(key) {
      const counted = await failures.get(key);
      const inRow = counted?.consumedPoints ?? 1;
      const wait = waitAfterFailures(ladder, inRow);
      if (wait > 0) await pauses.block(key, wait);
      // Blocked: once the block is over one more attempt may be made, and blocks again if it fails.
      if (inRow >= blocking) await failures.reward(key, inRow - blocking + 1);
    },
    async succeeded(key, forget) {
      if (!forget) {
        await failures.reward(key, 1);
        return;
      }
      await Promise.all([failures.delete(key), pauses.delete(key)]);
    },
  };
}
