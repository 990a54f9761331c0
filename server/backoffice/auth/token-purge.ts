import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ErrorLogger } from "../http/errors";

/** How long an expired token is kept (to tell why someone was logged out), then deleted. */
export const EXPIRED_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;
/** At most one purge per hour of the back-office's clock. */
export const TOKEN_PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Every login adds a row to auth_tokens and nothing else removes one: left alone, the table
 * grows by the number of logins, forever. A login that finds the last purge an hour old or
 * more deletes the tokens expired for over a day, in the background (the login does not wait),
 * then vacuums the table: embedded PGlite has no autovacuum. An expired token is refused
 * whether its row exists or not, so the purge changes no answer.
 */
export class TokenPurge {
  private lastRun: number | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: ErrorLogger,
  ) {}

  /** Called after each login with the back-office's clock. */
  loggedIn(now: Date): void {
    if (this.running) return;
    if (this.lastRun !== null && now.getTime() - this.lastRun < TOKEN_PURGE_EVERY_MS) return;
    this.lastRun = now.getTime();
    const before = new Date(now.getTime() - EXPIRED_TOKEN_RETENTION_MS);
    this.running = this.purge(before).finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the purge under way, if any, is over (tests, shutdown). */
  async settled(): Promise<void> {
    await this.running;
  }

  private async purge(expiredBefore: Date): Promise<void> {
    try {
      const deleted = await this.db.deleteFrom("auth_tokens").where("expires_at", "<", expiredBefore).executeTakeFirst();
      if (deleted.numDeletedRows > 0n) await sql`vacuum auth_tokens`.execute(this.db);
    } catch (error) {
      // Housekeeping only: logins go on, the next hour tries again.
      this.logger.error({ err: error }, "expired tokens purge failed");
    }
  }
}
