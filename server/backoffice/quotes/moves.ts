import type { Kysely } from "kysely";
import type { QuoteAttachmentUpload, QuoteDetail } from "@shared/contracts/quotes";
import type { QuoteAction } from "@shared/domain/quotes";
import type { Database } from "../db/schema";
import type { ServiceDeps } from "../http/deps";
import { notFound } from "../http/errors";
import type { QuoteCaller } from "./access";
import type { QuoteNoticeKind } from "./notifier";
import { checkedFile } from "./attachments";
import { addMessage } from "./create";
import { loadQuoteDetail } from "./queries";
import { moveQuote, recordQuoteEvent } from "./workflow";

/**
 * The moves both routers share (docs/quotes.md): a message, a message that changes the state
 * (the representative's question, the customer's answer), a closing (refusal, cancellation).
 * Each is one transaction (moveQuote); the other side is told once it has committed.
 */

export async function answerDetail(db: Kysely<Database>, caller: QuoteCaller, quoId: number, now: Date): Promise<QuoteDetail> {
  const detail = await loadQuoteDetail(db, quoId, { scope: caller.scope, side: caller.side, prices: caller.prices }, now);
  if (!detail) throw notFound();
  return detail;
}

export function notify(deps: ServiceDeps, kind: QuoteNoticeKind, quoId: number, caller: QuoteCaller): void {
  deps.quoteNotifier.notify({ kind, quoId, bySide: caller.side });
}

/** The thread's moves: a plain message, or one that asks for or gives the information. */
const MESSAGE_MOVES = {
  message: { event: null, notice: "message" },
  ask_information: { event: { kind: "information_requested", state: "informations demandées" }, notice: "information_requested" },
  answer: { event: { kind: "information_given", state: "complété" }, notice: "information_given" },
} as const;

export async function writeMessage(
  deps: ServiceDeps,
  caller: QuoteCaller,
  quoId: number,
  action: keyof typeof MESSAGE_MOVES,
  input: { body: string; attachment?: QuoteAttachmentUpload },
): Promise<QuoteDetail> {
  // The file is checked before anything is written: a refused file changes nothing.
  const file = input.attachment ? checkedFile(input.attachment) : null;
  const now = deps.now();
  const move = MESSAGE_MOVES[action];
  await moveQuote(deps.db, { quoId, scope: caller.scope, side: caller.side, action, now }, async ({ trx, quote }) => {
    await addMessage(trx, { quoId: quote.id, actor: caller.actor, body: input.body, file, at: now });
    if (move.event) await recordQuoteEvent(trx, quote.id, { ...move.event, actor: caller.actor, at: now });
  });
  notify(deps, move.notice, quoId, caller);
  return answerDetail(deps.db, caller, quoId, now);
}

/** A move without content but an optional reason: start of the study, refusal, cancellation. */
const PLAIN_MOVES = {
  start_study: { kind: "study_started", state: "en cours d'étude", notice: null },
  refuse: { kind: "refused", state: "refusé", notice: "refused" },
  cancel: { kind: "cancelled", state: "annulé", notice: "cancelled" },
} as const satisfies Partial<Record<QuoteAction, unknown>>;

export async function plainMove(
  deps: ServiceDeps,
  caller: QuoteCaller,
  quoId: number,
  action: keyof typeof PLAIN_MOVES,
  reason?: string,
): Promise<QuoteDetail> {
  const now = deps.now();
  const move = PLAIN_MOVES[action];
  await moveQuote(deps.db, { quoId, scope: caller.scope, side: caller.side, action, now }, async ({ trx, quote }) => {
    await recordQuoteEvent(trx, quote.id, {
      kind: move.kind,
      state: move.state,
      actor: caller.actor,
      at: now,
      note: reason ? reason : null,
    });
  });
  if (move.notice) notify(deps, move.notice, quoId, caller);
  return answerDetail(deps.db, caller, quoId, now);
}
