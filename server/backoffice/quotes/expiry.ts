import { formatDate } from "@shared/domain/french-format";
import type { Kysely } from "kysely";
import type { ExpiringQuote } from "@shared/contracts/quotes";
import { addDaysTo, parisDate } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { persistExpiry, SYSTEM_ACTOR } from "./workflow";

/**
 * Proposals near or past their validity (docs/quotes.md). The reminder job (quotes/mail/)
 * claims the ones expiring within a few days: reminded_at is set by the very statement that
 * picks them, so two runs (or two processes) never remind one proposal twice; a revision
 * clears it (a new validity, a new reminder). The job also persists the expiries that reads
 * only compute.
 */

function expiringQuery(db: Kysely<Database>, today: string, withinDays: number) {
  return db
    .selectFrom("quotes as q")
    .select("q.id")
    .where("q.state", "=", "proposé")
    .where("q.reminded_at", "is", null)
    .where("q.valid_until", ">=", today)
    .where("q.valid_until", "<=", addDaysTo(today, withinDays));
}

/** The proposals valid today and at most `withinDays` days more, not yet reminded: a read (GET /api/erp/quotes/expiring). */
export async function listExpiringQuotes(db: Kysely<Database>, now: Date, withinDays: number): Promise<ExpiringQuote[]> {
  const rows = await db
    .selectFrom("quotes as q")
    .innerJoin("organizations as g", "g.id", "q.org_id")
    .select(["q.id", "q.number", "q.org_id", "g.ref as org_ref", "q.customer_ref", "q.version", "q.valid_until"])
    .where("q.id", "in", expiringQuery(db, parisDate(now), withinDays))
    .orderBy("q.valid_until")
    .orderBy("q.number")
    .execute();
  return rows.map((row) => ({
    quo_id: row.id,
    number: row.number,
    org_id: row.org_id,
    org_ref: row.org_ref,
    customer_ref: row.customer_ref,
    version: row.version,
    valid_until: row.valid_until ?? "",
  }));
}

/**
 * Claims the proposals to remind now: marks them reminded in one statement and returns them,
 * each with a « reminded » event. Concurrent claims split the proposals, never share one.
 */
export async function claimExpiringQuotes(db: Kysely<Database>, now: Date, withinDays: number): Promise<ExpiringQuote[]> {
  const today = parisDate(now);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("quotes as q")
      .set({ reminded_at: now })
      .from("organizations as g")
      .whereRef("g.id", "=", "q.org_id")
      .where("q.id", "in", expiringQuery(trx, today, withinDays))
      // Re-checked on the row once locked: a concurrent claim that took it first made it non-null.
      .where("q.reminded_at", "is", null)
      .returning(["q.id", "q.number", "q.org_id", "g.ref as org_ref", "q.customer_ref", "q.version", "q.valid_until", "q.state"])
      .execute();
    for (const quote of claimed) {
      await trx
        .insertInto("quote_events")
        .values({
          quo_id: quote.id,
          at: now,
          kind: "reminded",
          state: quote.state,
          author_id: null,
          author_name: SYSTEM_ACTOR.name,
          side: "système",
          note: `Rappel : proposition valable jusqu'au ${formatDate(quote.valid_until ?? "")}.`,
        })
        .execute();
    }
    return claimed
      .map((row) => ({
        quo_id: row.id,
        number: row.number,
        org_id: row.org_id,
        org_ref: row.org_ref,
        customer_ref: row.customer_ref,
        version: row.version,
        valid_until: row.valid_until ?? "",
      }))
      .sort((a, b) => a.valid_until.localeCompare(b.valid_until) || a.number.localeCompare(b.number));
  });
}

/** Persists « expiré » on every proposal past its validity (each with its event); returns their ids. */
export async function persistExpiredQuotes(db: Kysely<Database>, now: Date): Promise<number[]> {
  const today = parisDate(now);
  return db.transaction().execute(async (trx) => {
    const past = await trx
      .selectFrom("quotes")
      .selectAll()
      .where("state", "=", "proposé")
      .where("valid_until", "<", today)
      .forUpdate()
      .execute();
    for (const quote of past) await persistExpiry(trx, quote, now);
    return past.map((quote) => quote.id);
  });
}
