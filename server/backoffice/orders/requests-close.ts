import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import { recordEvents } from "./events";

/** How a pending request ends when the line it is about stops waiting. */
export interface RequestClosing {
  orderId: number;
  /** Lines whose remainder was cancelled (requests granted) or sent (requests refused). */
  positions: readonly number[];
  outcome: "acceptée" | "refusée";
  answer: string;
  author: string;
  at: Date;
}

/**
 * Answers the pending cancellation requests of lines that no longer wait: a remainder cancelled
 * grants them, a remainder sent refuses them (there is nothing left to cancel). A refusal is in
 * the timeline; a grant is, as the line's cancellation.
 */
export async function closeRequests(trx: Transaction<Database>, closing: RequestClosing): Promise<void> {
  if (closing.positions.length === 0) return;
  const closed = await trx
    .updateTable("cancellation_requests as r")
    .set({ status: closing.outcome, answered_at: closing.at, answered_by: closing.author, answer: closing.answer })
    .where("r.order_id", "=", closing.orderId)
    .where("r.position", "in", closing.positions)
    .where("r.status", "=", "en attente")
    .returning(["r.position", "r.qty"])
    .execute();
  if (closing.outcome !== "refusée" || closed.length === 0) return;
  const refs = await trx
    .selectFrom("order_lines")
    .select(["position", "ref"])
    .where("order_id", "=", closing.orderId)
    .where(
      "position",
      "in",
      closed.map((row) => row.position),
    )
    .execute();
  await recordEvents(
    trx,
    refs.map((line) => ({
      orderId: closing.orderId,
      at: closing.at,
      kind: "cancellation_refused",
      author: closing.author,
      note: closing.answer,
      data: { obj_ref: line.ref },
    })),
  );
}
