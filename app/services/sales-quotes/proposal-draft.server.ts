import type { QuoteAskedLine, QuoteDetail } from "@shared/contracts/quotes";
import { addDaysTo } from "@shared/domain/index";
import { latestValidity } from "@shared/domain/quotes";
import { EXTRA_PROPOSAL_ROWS, type ProposalFormDraft, type ProposalRowDraft } from "./types";
import { formatPlainAmount } from "@shared/domain/french-format";

/** A new proposal is valid a month by default (the representative may change it). */
const DEFAULT_VALIDITY_DAYS = 30;

function askedLabel(line: QuoteAskedLine | undefined): string | null {
  if (!line) return null;
  return `Ligne ${line.position} demandée : ${line.obj_ref ? `${line.obj_ref} · ` : ""}${line.title} (× ${line.qty})`;
}

const emptyRow = (): ProposalRowDraft => ({ answersPosition: null, asked: null, ref: "", qty: "", price: "", note: "" });

/**
 * The proposal form as first drawn: a revision starts from the proposal in force (its lines,
 * prices, validity and conditions), a first proposal from the asked lines (their product and
 * quantity; the price is the representative's to set). A few empty rows follow for products
 * the representative adds; a row left without a reference is not proposed.
 */
export function proposalDraftOf(quote: QuoteDetail, today: string): ProposalFormDraft {
  const latest = latestValidity(today);
  const current = quote.proposals.at(-1);
  const byPosition = new Map(quote.asked_lines.map((line) => [line.position, line]));
  const rows: ProposalRowDraft[] = current
    ? current.lines.map((line) => ({
        answersPosition: line.answers_position,
        asked: line.answers_position === null ? null : askedLabel(byPosition.get(line.answers_position)),
        ref: line.obj_ref,
        qty: String(line.qty),
        price: formatPlainAmount(line.unit_price),
        note: line.note ?? "",
      }))
    : quote.asked_lines.map((line) => ({
        answersPosition: line.position,
        asked: askedLabel(line),
        ref: line.obj_ref ?? "",
        qty: String(line.qty),
        price: "",
        note: "",
      }));
  const fallback = addDaysTo(today, DEFAULT_VALIDITY_DAYS);
  const validUntil = current && current.valid_until >= today ? current.valid_until : fallback <= latest ? fallback : latest;
  return {
    rows: [...rows, ...Array.from({ length: EXTRA_PROPOSAL_ROWS }, emptyRow)],
    validUntil,
    conditions: current?.conditions ?? "",
    message: "",
    revising: current !== undefined,
    today,
    latest,
  };
}
