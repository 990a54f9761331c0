import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ErrorLogger } from "../http/errors";
import { outboxSignal } from "./signal";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";
import { claimDue, markDelivered, scheduleRetry, setAside, setAsideFollowers, type ClaimedEvent, type Failure } from "./store";

/**
 * Posts the outbox's events to the ERP's webhook (decision 0183): at least once, in order within
 * each stream, retried with exponential back-off for a day while the receiver fails or is down,
 * then set aside for a replay. It runs beside the requests, after their commits, so a slow or
 * absent receiver never holds a buyer's confirmation. Every process on the database runs one;
 * the leases in the table (store.ts claimDue) make each event go out once between them.
 */

export interface WebhookTarget {
  url: string;
  secret: string;
}

export interface OutboxDelivererOptions {
  db: Kysely<Database>;
  target: WebhookTarget;
  logger: ErrorLogger;
  now?: () => Date;
  /** How often the table is looked at when nothing was written here (other processes' events, retries due). */
  pollMs?: number;
  /** Events posted at the same time at most (each the head of its own stream). */
  batch?: number;
  /** A receiver that has not answered by then failed this attempt. */
  timeoutMs?: number;
  /** First retry's delay; each next one doubles, up to an hour. */
  firstRetryMs?: number;
  /** How long an event is retried after its first attempt before it is set aside. */
  retryWindowMs?: number;
}

export const DEFAULT_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** After a write in this process, how often and how long the table is looked at (the commit is a moment away). */
const EAGER_EVERY_MS = 15;
const EAGER_FOR_MS = 1000;

/** 1 s, 2 s, 4 s… up to an hour, plus up to a tenth more so that many processes do not retry together. */
export function retryDelay(attempts: number, firstRetryMs: number, random = Math.random): number {
  const base = Math.min(MAX_RETRY_DELAY_MS, firstRetryMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + random() / 10));
}

export class OutboxDeliverer {
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly timeoutMs: number;
  private readonly firstRetryMs: number;
  private readonly retryWindowMs: number;
  private running: Promise<void> | null = null;
  private closed = false;
  private eagerUntil = 0;
  private wakeUp: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly unlisten: () => void;
  private readonly inFlight = new Set<AbortController>();

  constructor(private readonly options: OutboxDelivererOptions) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 1000;
    this.batch = options.batch ?? 16;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.firstRetryMs = options.firstRetryMs ?? 1000;
    this.retryWindowMs = options.retryWindowMs ?? DEFAULT_RETRY_WINDOW_MS;
    this.unlisten = outboxSignal.listen(() => {
      this.eagerUntil = Date.now() + EAGER_FOR_MS;
      this.wake();
    });
  }

  start(): void {
    if (this.running || this.closed) return;
    this.running = this.loop();
  }

  /** Looks at the table now (an event was written, a replay asked). */
  wake(): void {
    const wake = this.wakeUp;
    this.wakeUp = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    wake?.();
  }

  /** Stops looking; an event being posted is abandoned (its lease lapses and another attempt posts it again). */
  async close(): Promise<void> {
    this.closed = true;
    this.unlisten();
    for (const controller of this.inFlight) controller.abort();
    this.wake();
    await this.running;
  }

  /** One look: posts what is due, records each outcome; resolves with the number of events posted. */
  async tick(): Promise<number> {
    const { db } = this.options;
    const now = this.now();
    // Written into a stream behind a set-aside event: they wait for its replay, aside with it.
    await setAsideFollowers(db, now);
    const claimed = await claimDue(db, now, this.timeoutMs + 5000, this.batch);
    await Promise.all(claimed.map((event) => this.deliver(event)));
    return claimed.length;
  }

  private async loop(): Promise<void> {
    while (!this.closed) {
      let posted = 0;
      try {
        posted = await this.tick();
      } catch (error) {
        if (this.closed) break;
        this.options.logger.error({ err: error }, "outbox delivery failed");
      }
      if (this.closed) break;
      if (posted > 0) continue;
      const pause = Date.now() < this.eagerUntil ? EAGER_EVERY_MS : this.pollMs;
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        this.timer = setTimeout(() => this.wake(), pause);
        this.timer.unref();
      });
    }
  }

  private async deliver(event: ClaimedEvent): Promise<void> {
    const { db, target, logger } = this.options;
    const outcome = await this.post(event);
    if (this.closed && outcome.failure?.error === ABANDONED) return;
    const now = this.now();
    if (!outcome.failure) {
      await markDelivered(db, event.id, outcome.status, now);
      return;
    }
    if (now.getTime() - event.firstAttemptAt.getTime() >= this.retryWindowMs) {
      await setAside(db, event, outcome.failure, now);
      logger.error(
        { event: event.envelope.id, type: event.envelope.type, attempts: event.attempts, url: target.url },
        "outbox event set aside",
      );
      return;
    }
    const next = new Date(now.getTime() + retryDelay(event.attempts, this.firstRetryMs));
    await scheduleRetry(db, event.id, outcome.failure, next);
  }

  private async post(event: ClaimedEvent): Promise<{ status: number; failure: null } | { status: null; failure: Failure }> {
    const { target } = this.options;
    const body = JSON.stringify(event.envelope);
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(TIMED_OUT), this.timeoutMs);
    this.inFlight.add(controller);
    try {
      const response = await fetch(target.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Idempotency-Key": event.envelope.id,
          [SIGNATURE_HEADER]: signatureHeader(target.secret, body, new Date()),
          "X-Portail-Event": event.envelope.type,
          "User-Agent": "Portail-B2B-webhooks/1",
        },
        body,
        signal: controller.signal,
        redirect: "manual",
      });
      const text = await response.text().catch(() => "");
      if (response.status >= 200 && response.status < 300) return { status: response.status, failure: null };
      return {
        status: null,
        failure: { status: response.status, error: `HTTP ${response.status}${text ? ` : ${text.slice(0, 300)}` : ""}` },
      };
    } catch (error) {
      return { status: null, failure: { status: null, error: reasonOf(error, controller.signal, this.timeoutMs) } };
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}

const TIMED_OUT = "timed out";
const ABANDONED = "Envoi interrompu : le portail s'est arrêté.";

function reasonOf(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return signal.reason === TIMED_OUT ? `Pas de réponse en ${Math.round(timeoutMs / 1000)} s.` : ABANDONED;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause && typeof cause === "object" && "code" in cause ? String(cause.code) : "";
  const message = cause instanceof Error ? cause.message : String(cause);
  return `Injoignable${code ? ` (${code})` : ""} : ${message}`.slice(0, 300);
}
