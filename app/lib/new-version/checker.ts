import type { BuildCheck } from "./latest-build";

/** How often an open page asks whether a new build is out. */
export const CHECK_EVERY_MS = 5 * 60 * 1000;
/** Coming back to the tab asks again, but not more often than this. */
export const FOCUS_GAP_MS = 30 * 1000;

export interface VersionCheckerOptions {
  check: () => Promise<BuildCheck>;
  /** Told once, the first time a check says the build changed; the checks stop then. */
  onNewVersion: () => void;
  now: () => number;
  everyMs?: number;
  focusGapMs?: number;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (timer: unknown) => void;
}

export interface VersionChecker {
  /** Starts the periodic checks; returns what stops them. */
  start(): () => void;
  /** The window got the focus back (or the tab became visible). */
  focused(): Promise<void>;
  checkNow(): Promise<void>;
}

/**
 * Asks every five minutes and on focus, one check at a time, until a new build is seen
 * (decision 0126). The clock and the timers are given, so tests drive them.
 */
export function createVersionChecker(options: VersionCheckerOptions): VersionChecker {
  const every = options.everyMs ?? CHECK_EVERY_MS;
  const gap = options.focusGapMs ?? FOCUS_GAP_MS;
  const setTimer = options.setInterval ?? ((run, ms) => setInterval(run, ms));
  const clearTimer = options.clearInterval ?? ((timer) => clearInterval(timer as ReturnType<typeof setInterval>));
  let lastCheck = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  let found = false;
  let timer: unknown = null;

  const stop = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const checkNow = (): Promise<void> => {
    if (found) return Promise.resolve();
    running ??= (async () => {
      lastCheck = options.now();
      const answer = await options.check();
      if (answer === "changed" && !found) {
        found = true;
        stop();
        options.onNewVersion();
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    start() {
      if (timer === null && !found) timer = setTimer(() => void checkNow(), every);
      return stop;
    },
    focused() {
      return options.now() - lastCheck < gap ? Promise.resolve() : checkNow();
    },
    checkNow,
  };
}
