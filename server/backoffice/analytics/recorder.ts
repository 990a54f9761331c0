import type { Kysely } from "kysely";
import { parisDate } from "@shared/domain/index";
import type { Database } from "../db/schema";
import type { ErrorLogger } from "../http/errors";
import { purgeAnalytics, saltOfDay, saveViews, type CountedViews } from "./store";
import { randomSalt, visitorKey, VISITOR_KEY_LENGTH } from "./visitor";

/** A page view as the portal's server sees it; the address and agent never leave this module. */
export interface PageView {
  path: string;
  address: string;
  userAgent: string;
}

export interface PageViewRecorderDeps {
  db: Kysely<Database>;
  now: () => Date;
  logger: ErrorLogger;
  /** How often the counts are written (and the purge looked at): 10 s by default. */
  flushEveryMs?: number;
  /** Distinct (day, page, visitor) counts held before an early write. */
  maxPending?: number;
  randomSalt?: () => string;
}

export const DEFAULT_FLUSH_EVERY_MS = 10_000;
const DEFAULT_MAX_PENDING = 5000;
/** Views held while the day's salt is read (the first view of a day or of the process). */
const MAX_WAITING = 1000;
const DAY_LENGTH = 10;
/** After the salt could not be read, views are dropped this long rather than asking the database for each. */
const SALT_RETRY_MS = 30_000;

/**
 * Counts page views in memory and writes them every few seconds (docs/analytics.md, decision
 * 0125): recording is a hash and a map update, so a page never waits for the database. The
 * visitor key is computed at once with the day's salt; only while that salt is being read (a
 * few milliseconds, once a day) are views held as they came, then hashed or dropped. A write
 * that fails is logged and its counts dropped: analytics never grow without bound.
 * Once a day (the first pass of each day) the views past 25 months are purged.
 */
export class PageViewRecorder {
  private salt: { day: string; value: string } | null = null;
  private saltLoading: Promise<void> | null = null;
  private saltRetryAt = 0;
  private waiting: (PageView & { day: string })[] = [];
  private counts = new Map<string, number>();
  private purgedOn: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: PageViewRecorderDeps) {}

  record(view: PageView): void {
    const day = parisDate(this.deps.now());
    if (this.salt?.day === day) {
      this.count(day, view.path, visitorKey(this.salt.value, view.address, view.userAgent));
      return;
    }
    if (this.deps.now().getTime() < this.saltRetryAt) return;
    if (this.waiting.length < MAX_WAITING) this.waiting.push({ ...view, day });
    void this.loadSalt(day);
  }

  /** Starts the periodic writes (and the daily purge); the timer does not keep the process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.deps.flushEveryMs ?? DEFAULT_FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is counted. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.saltLoading;
    await this.flush();
  }

  /** One pass: the daily purge when the day changed, then the write. */
  async tick(): Promise<void> {
    const today = parisDate(this.deps.now());
    if (this.purgedOn !== today) {
      this.purgedOn = today;
      await purgeAnalytics(this.deps.db, today).catch((error: unknown) => {
        this.purgedOn = null; // tried again on the next pass
        this.deps.logger.error({ err: error }, "analytics purge failed");
      });
    }
    await this.flush();
  }

  /** Writes the counts held now; the writes follow one another. */
  flush(): Promise<void> {
    if (this.counts.size === 0) return this.writing;
    const batch = this.counts;
    this.counts = new Map();
    const rows: CountedViews[] = [...batch].map(([key, views]) => ({
      day: key.slice(0, DAY_LENGTH),
      visitor: key.slice(DAY_LENGTH, DAY_LENGTH + VISITOR_KEY_LENGTH),
      path: key.slice(DAY_LENGTH + VISITOR_KEY_LENGTH),
      views,
    }));
    this.writing = this.writing
      .then(() => saveViews(this.deps.db, rows))
      .catch((error: unknown) => this.deps.logger.error({ err: error, rows: rows.length }, "analytics write failed"));
    return this.writing;
  }

  private count(day: string, path: string, visitor: string): void {
    // Fixed widths (day, key) before the path: the key splits back without a separator.
    const key = `${day}${visitor}${path}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (this.counts.size >= (this.deps.maxPending ?? DEFAULT_MAX_PENDING)) void this.flush();
  }

  private loadSalt(day: string): Promise<void> {
    this.saltLoading ??= saltOfDay(this.deps.db, day, (this.deps.randomSalt ?? randomSalt)())
      .then((value) => {
        this.salt = { day, value };
      })
      .catch((error: unknown) => {
        this.saltRetryAt = this.deps.now().getTime() + SALT_RETRY_MS;
        this.deps.logger.error({ err: error }, "analytics salt unavailable");
      })
      .finally(() => {
        this.saltLoading = null;
        this.releaseWaiting();
      });
    return this.saltLoading;
  }

  /** The views held for the salt: counted with it when of its day, else dropped (a day that just ended). */
  private releaseWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    const salt = this.salt;
    for (const view of waiting) {
      if (salt?.day === view.day) this.count(view.day, view.path, visitorKey(salt.value, view.address, view.userAgent));
    }
  }
}
