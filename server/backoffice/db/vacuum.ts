import { sql, type Kysely } from "kysely";
import type { ErrorLogger } from "../http/errors";
import type { Database } from "./schema";

export const DEFAULT_CART_VACUUM_EVERY = 100;

/**
 * Embedded PGlite has no autovacuum (no background workers): every cart save leaves its old
 * version behind, tens of kilobytes of TOAST for a large cart, and the database only grows
 * (213 MB for 10 carts after a few benchmark runs). So the back-office vacuums the table
 * itself after every `every` changes, in the background, one pass at a time. On PostgreSQL
 * autovacuum does the same; the extra pass is cheap (docs/decisions/0085-cart-revalidation.md).
 */
export class TableVacuum {
  private changes = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: keyof Database,
    private readonly every: number,
    private readonly logger: ErrorLogger,
  ) {}

  /** Counts one change; starts a pass when enough have accumulated and none is running. */
  changed(): void {
    if (this.every <= 0) return;
    this.changes += 1;
    if (this.changes < this.every || this.running) return;
    this.changes = 0;
    this.running = this.pass().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the pass under way, if any, is over (tests, shutdown). */
  async settled(): Promise<void> {
    await this.running;
  }

  private async pass(): Promise<void> {
    try {
      await sql`vacuum ${sql.table(this.table)}`.execute(this.db);
    } catch (error) {
      // Maintenance only: the saves go on, the next pass tries again.
      this.logger.error({ err: error, table: this.table }, "vacuum failed");
    }
  }
}
