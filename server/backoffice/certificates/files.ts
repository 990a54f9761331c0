import { unlink } from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { CERTIFICATE_RETENTION_MONTHS } from "@shared/contracts/certificates";
import type { Database } from "../db/schema";
import type { ErrorLogger } from "../http/errors";
import { certificatesDb, type CertificatesDb } from "./store";

/**
 * When an MMSI certificate (a person's licence: personal data) is deleted, row and file
 * (decision 0142, docs/cart.md): at once when a cart save takes it off the cart (its line
 * removed, the certificate detached) and no order refers to it; when the portal gives up a
 * change after uploading it (DELETE /api/oms/certificates/:id); and by a purge, at most once an
 * hour after a login, for those no cart nor order refers to after a day (a crash between the
 * upload and the save) and those of orders older than the retention period.
 */

/** A certificate uploaded but in no cart nor order is kept this long (the save that attaches it follows the upload at once). */
export const UNATTACHED_CERTIFICATE_GRACE_MS = 24 * 60 * 60 * 1000;
/** At most one purge per hour of the back-office's clock. */
export const CERTIFICATE_PURGE_EVERY_MS = 60 * 60 * 1000;

/** The start of the retention period that ends `now`. */
export function retentionStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - CERTIFICATE_RETENTION_MONTHS);
  return start;
}

export class CertificateFiles {
  private readonly db: CertificatesDb;
  private lastPurge: number | null = null;
  private purging: Promise<void> | null = null;

  constructor(
    db: Kysely<Database>,
    readonly dir: string,
    private readonly logger: ErrorLogger,
  ) {
    this.db = certificatesDb(db);
  }

  /** The certificates of this cart version (read before a save, so that the save's removals are known). */
  async idsInCart(orgId: number, version: number): Promise<string[]> {
    if (version === 0) return [];
    // Only the ids leave the database: reading the whole stored cart and checking it with its
    // schema before every save took a tenth of a 100-line save's time on the main thread.
    const { rows } = await sql<{ cer_id: string }>`
      select certificate ->> 'cer_id' as cer_id
      from carts,
        json_array_elements(case when json_typeof(carts.data -> 'products') = 'array' then carts.data -> 'products' else '[]'::json end) as line,
        json_array_elements(case when json_typeof(line -> 'certificates') = 'array' then line -> 'certificates' else '[]'::json end) as certificate
      where carts.org_id = ${orgId} and carts.version = ${version} and certificate ->> 'cer_id' is not null`.execute(this.db);
    return rows.map((row) => row.cer_id);
  }

  /**
   * Deletes these certificates of the organization that its cart and its orders no longer
   * refer to (checked in the DELETE itself: a save or an order of the meantime keeps them),
   * then their files. Returns the ids deleted. Never throws: a failure is logged, the purge
   * tries again later.
   */
  async dropUnused(orgId: number, cerIds: readonly string[]): Promise<string[]> {
    if (cerIds.length === 0) return [];
    try {
      const deleted = await this.db
        .deleteFrom("certificates as c")
        .where("c.org_id", "=", orgId)
        .where("c.cer_id", "in", [...cerIds])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("carts")
                .select(sql`1`.as("one"))
                .where("carts.org_id", "=", orgId)
                .where(sql<boolean>`strpos(carts.data::text, c.cer_id) > 0`),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("order_lines")
                .innerJoin("orders", "orders.id", "order_lines.order_id")
                .select(sql`1`.as("one"))
                .where("orders.org_id", "=", orgId)
                .where(sql<boolean>`strpos(order_lines.certificates::text, c.cer_id) > 0`),
            ),
          ),
        )
        .returning(["c.cer_id", "c.storage_name"])
        .execute();
      await this.unlinkAll(deleted.map((row) => row.storage_name));
      return deleted.map((row) => row.cer_id);
    } catch (error) {
      this.logger.error({ err: error, orgId }, "certificates not deleted (the purge will)");
      return [];
    }
  }

  /** Called after each login with the back-office's clock: a purge now and then, in the background. */
  loggedIn(now: Date): void {
    if (this.purging) return;
    if (this.lastPurge !== null && now.getTime() - this.lastPurge < CERTIFICATE_PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    this.purging = this.purge(now)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error }, "certificates purge failed"),
      )
      .finally(() => {
        this.purging = null;
      });
  }

  /** Resolves when the purge under way, if any, is over (tests, shutdown). */
  async settled(): Promise<void> {
    await this.purging;
  }

  /**
   * Deletes the certificates that no cart refers to and no order of the retention period,
   * uploaded over a day ago (an order's are older than its order). Returns how many.
   */
  async purge(now: Date): Promise<number> {
    const uploadedBefore = new Date(now.getTime() - UNATTACHED_CERTIFICATE_GRACE_MS);
    const retainedSince = retentionStart(now);
    const deleted = await this.db
      .deleteFrom("certificates as c")
      .where("c.created_at", "<", uploadedBefore)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("carts")
              .select(sql`1`.as("one"))
              .whereRef("carts.org_id", "=", "c.org_id")
              .where(sql<boolean>`strpos(carts.data::text, c.cer_id) > 0`),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("order_lines")
              .innerJoin("orders", "orders.id", "order_lines.order_id")
              .select(sql`1`.as("one"))
              .whereRef("orders.org_id", "=", "c.org_id")
              .where("orders.created_at", ">=", retainedSince)
              .where(sql<boolean>`strpos(order_lines.certificates::text, c.cer_id) > 0`),
          ),
        ),
      )
      .returning(["c.storage_name"])
      .execute();
    await this.unlinkAll(deleted.map((row) => row.storage_name));
    return deleted.length;
  }

  /** Files whose row is gone; one already missing is no error (a purge after a crash). */
  async unlinkAll(storageNames: readonly string[]): Promise<void> {
    for (const name of storageNames) {
      await unlink(path.join(this.dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") this.logger.error({ err: error, name }, "certificate file not deleted");
      });
    }
  }
}
