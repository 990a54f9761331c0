import { fileNameForType } from "@shared/contracts/certificates";
import type { QuoteActor, QuoteAttachment, QuoteSide, QuoteState, QuoteSummary } from "@shared/contracts/quotes";
import { quoteStateOn, waitingFor } from "@shared/domain/quotes";

/** Rows as the contract shows them (shared/contracts/quotes.ts); the state is the one shown on `today`. */

export interface SummaryRow {
  id: number;
  number: string;
  org_id: number;
  org_ref: string;
  org_name: string;
  customer_ref: string;
  state: string;
  created_at: Date;
  requested_by: number;
  requested_by_name: string;
  updated_at: Date;
  wished_date: string | null;
  line_count: number | string;
  valid_until: string | null;
  total_ht: number | string | null;
}

export function actorOf(usrId: number | null, name: string, side: string): QuoteActor {
  return { usr_id: usrId, name, side: side as QuoteSide };
}

export function shownState(row: { state: string; valid_until: string | null }, today: string): QuoteState {
  return quoteStateOn(row.state as QuoteState, row.valid_until, today);
}

export function summaryView(row: SummaryRow, today: string): QuoteSummary {
  const state = shownState(row, today);
  return {
    quo_id: row.id,
    number: row.number,
    org_id: row.org_id,
    org_ref: row.org_ref,
    org_name: row.org_name,
    customer_ref: row.customer_ref,
    state,
    requested_at: row.created_at.toISOString(),
    requested_by: actorOf(row.requested_by, row.requested_by_name, "client"),
    updated_at: row.updated_at.toISOString(),
    wished_date: row.wished_date,
    line_count: Number(row.line_count),
    valid_until: row.valid_until,
    total_ht: row.total_ht === null ? null : Number(row.total_ht),
    waiting_for: waitingFor(state),
  };
}

export function attachmentView(row: { id: number; file_name: string; mime: string; size: number; created_at: Date }): QuoteAttachment {
  return {
    att_id: row.id,
    file_name: fileNameForType(row.file_name, row.mime as QuoteAttachment["mime"]),
    mime: row.mime as QuoteAttachment["mime"],
    size: row.size,
    created_at: row.created_at.toISOString(),
  };
}
