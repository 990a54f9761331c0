import { formatDate } from "@shared/domain/french-format";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { QuoteActor, QuoteEventKind, QuoteState } from "@shared/contracts/quotes";
import { parisDate } from "@shared/domain/index";
import { mayAct, quoteActionRefusal, quoteStateOn, type ActingSide, type QuoteAction } from "@shared/domain/quotes";
import type { Database, QuotesTable } from "../db/schema";
import { ApiFailure, notFound } from "../http/errors";
import { inScope, type QuoteScope } from "./access";

/**
 * Every change of a quote goes through moveQuote (docs/quotes.md): in ONE transaction the
 * quote's row is locked (FOR UPDATE, so concurrent moves of one quote run one after another),
 * the state shown today is checked against the action (shared/domain/quotes.ts), the change is
 * written with its timeline event. A refused move changes nothing, except that a proposal found
 * past its validity is persisted as « expiré » first (with its event), then the move refused.
 */

export type QuoteRow = Selectable<QuotesTable>;

export interface MoveContext {
  trx: Transaction<Database>;
  quote: QuoteRow;
  /** The state shown today, before the move. */
  state: QuoteState;
  now: Date;
  today: string;
}

export interface Move {
  quoId: number;
  scope: QuoteScope;
  side: ActingSide;
  action: QuoteAction;
  now: Date;
}

export interface EventInput {
  kind: QuoteEventKind;
  state: QuoteState;
  actor: QuoteActor;
  at: Date;
  note?: string | null;
}

/** Appends an event to the timeline; the quote's state and updated_at follow. */
export async function recordQuoteEvent(trx: Transaction<Database> | Kysely<Database>, quoId: number, event: EventInput): Promise<void> {
  await trx
    .insertInto("quote_events")
    .values({
      quo_id: quoId,
      at: event.at,
      kind: event.kind,
      state: event.state,
      author_id: event.actor.usr_id,
      author_name: event.actor.name,
      side: event.actor.side,
      note: event.note ?? null,
    })
    .execute();
  await trx.updateTable("quotes").set({ state: event.state, updated_at: event.at }).where("id", "=", quoId).execute();
}

export const SYSTEM_ACTOR: QuoteActor = { usr_id: null, name: "Portail", side: "système" };

/** Persists a proposal's expiry found by a write or by the job (the event is dated now). */
export async function persistExpiry(trx: Transaction<Database> | Kysely<Database>, quote: QuoteRow, now: Date): Promise<void> {
  await recordQuoteEvent(trx, quote.id, {
    kind: "expired",
    state: "expiré",
    actor: SYSTEM_ACTOR,
    at: now,
    note: quote.valid_until ? `Validité dépassée (jusqu'au ${formatDate(quote.valid_until)}).` : null,
  });
}

/** The refusal of a move the state does not allow: 409 with a French message. */
export function stateRefusal(action: QuoteAction, state: QuoteState): ApiFailure {
  return new ApiFailure(409, "quote_state", quoteActionRefusal(action, state), { state });
}

/**
 * Runs `work` on the locked quote when `side` may do `action` on it today; 404 outside the
 * scope, 409 when the state refuses. What `work` returns is returned after the commit.
 */
export async function moveQuote<T>(db: Kysely<Database>, move: Move, work: (context: MoveContext) => Promise<T>): Promise<T> {
  const today = parisDate(move.now);
  const outcome = await db.transaction().execute(async (trx): Promise<{ done: T } | { refused: ApiFailure }> => {
    const quote = await trx
      .selectFrom("quotes as q")
      .selectAll("q")
      .where("q.id", "=", move.quoId)
      .where(inScope(move.scope))
      .forUpdate()
      .executeTakeFirst();
    if (!quote) throw notFound();
    const state = quoteStateOn(quote.state as QuoteState, quote.valid_until, today);
    if (!mayAct(move.side, state, move.action)) {
      const refusal = stateRefusal(move.action, state);
      // The expiry is a fact whatever the move: kept, then the move refused after the commit.
      if (state === "expiré" && quote.state !== "expiré") {
        await persistExpiry(trx, quote, move.now);
        return { refused: refusal };
      }
      throw refusal;
    }
    return { done: await work({ trx, quote, state, now: move.now, today }) };
  });
  if ("refused" in outcome) throw outcome.refused;
  return outcome.done;
}
