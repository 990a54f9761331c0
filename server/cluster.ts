import cluster, { type Worker } from "node:cluster";

/**
 * The primary of WEB_CONCURRENCY > 1 (decision 0153): forks that many portal processes, each
 * running server/index.ts's main() and sharing the public port (node:cluster hands each new
 * connection to the next worker in turn). It serves nothing itself.
 * - A worker that dies is replaced, after a delay that doubles with each death in a row of the
 *   same slot (1 s, 2 s, 4 s… up to a minute) so that a worker failing at once (PostgreSQL
 *   away) is not forked in a tight loop; a worker that ran a minute resets its slot's count.
 * - Until every slot has started once, a death stops everything with exit code 1, as the single
 *   process does when it cannot start: a wrong setting is not retried forever.
 * - SIGTERM or SIGINT: SIGTERM to every worker (each drains, server/shutdown.ts); the primary
 *   exits when they all have, 0 if they all exited 0. A second signal kills them (exit 1).
 */

export interface SupervisorLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SupervisorOptions {
  count: number;
  logger: SupervisorLogger;
  /** First replacement delay; doubles with each death in a row of a slot. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** A worker that ran this long before dying resets its slot's count of deaths in a row. */
  stableAfterMs?: number;
  /** After SIGTERM, workers still there this long later are killed (their drain takes 10 s at most). */
  stopTimeoutMs?: number;
}

/** What a worker sends the primary once its server listens (server/index.ts). */
export const WORKER_READY = "portal-ready";

interface Slot {
  index: number;
  worker: Worker | null;
  startedAt: number;
  deathsInARow: number;
  restartTimer: NodeJS.Timeout | null;
}

const DEFAULTS = { restartDelayMs: 1000, maxRestartDelayMs: 60_000, stableAfterMs: 60_000, stopTimeoutMs: 30_000 };

export function superviseWorkers(options: SupervisorOptions): void {
  const settings = { ...DEFAULTS, ...options };
  const { logger } = settings;
  const slots: Slot[] = Array.from({ length: settings.count }, (_, index) => ({
    index: index + 1,
    worker: null,
    startedAt: 0,
    deathsInARow: 0,
    restartTimer: null,
  }));
  const started = new Set<number>();
  let stopping = false;
  let exitCode = 0;
  let restarts = 0;

  const live = () => slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
  const finishIfDone = () => {
    if (!stopping || live().length > 0) return;
    logger.info({ code: exitCode }, "Tous les processus du portail sont arrêtés");
    process.exit(exitCode);
  };

  const stopAll = (code: number) => {
    stopping = true;
    exitCode = Math.max(exitCode, code);
    for (const slot of slots) if (slot.restartTimer) clearTimeout(slot.restartTimer);
    // process.kill, not worker.kill(): that one first disconnects the worker, which closes its
    // servers at once instead of letting them drain.
    for (const worker of live()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      logger.error({ pids: live().map((worker) => worker.process.pid) }, "Processus du portail toujours là après l'arrêt : tués");
      exitCode = 1;
      for (const worker of live()) worker.process.kill("SIGKILL");
    }, settings.stopTimeoutMs);
    finishIfDone();
  };

  const fork = (slot: Slot) => {
    slot.restartTimer = null;
    slot.startedAt = Date.now();
    const worker = cluster.fork();
    slot.worker = worker;
    worker.on("message", (message: unknown) => {
      if (message !== WORKER_READY || started.has(slot.index)) return;
      started.add(slot.index);
      if (started.size === slots.length) logger.info({ workers: slots.length }, "Tous les processus du portail sont démarrés");
    });
    worker.once("exit", (code: number | null, signal: NodeJS.Signals | null) => {
      slot.worker = null;
      if (stopping) {
        if (code !== 0) exitCode = 1;
        finishIfDone();
        return;
      }
      if (started.size < slots.length) {
        logger.error({ workerPid: worker.process.pid, code, signal }, "Un processus du portail n'a pas pu démarrer : arrêt de tous");
        stopAll(1);
        return;
      }
      const ranMs = Date.now() - slot.startedAt;
      slot.deathsInARow = ranMs >= settings.stableAfterMs ? 1 : slot.deathsInARow + 1;
      const delayMs = Math.min(settings.restartDelayMs * 2 ** (slot.deathsInARow - 1), settings.maxRestartDelayMs);
      restarts += 1;
      logger.warn(
        { workerPid: worker.process.pid, code, signal, slot: slot.index, restarts, delayMs },
        "Un processus du portail s'est arrêté : remplacé après le délai",
      );
      slot.restartTimer = setTimeout(() => fork(slot), delayMs);
    });
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, "Second signal : processus du portail tués");
      for (const worker of live()) worker.process.kill("SIGKILL");
      process.exit(1);
    }
    logger.info({ signal, workers: live().length }, "Arrêt en cours");
    stopAll(0);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);

  logger.info({ workers: slots.length }, "Démarrage des processus du portail");
  for (const slot of slots) fork(slot);
}
