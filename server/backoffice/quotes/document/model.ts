import type { QuoteDetail, QuoteProposalLine } from "@shared/contracts/quotes";
import type { BuyerParty, SellerParty } from "../../documents/parties";

/**
 * Everything the PDF of one version of a quote's proposal prints (docs/quote-pdf.md), built
 * from the quote as the back-office answers it (QuoteDetail) and the parties: the renderer
 * reads nothing else, so the same version gives the same document.
 */

export interface QuoteRepresentative {
  name: string;
  title: string | null;
  email: string | null;
}

export interface QuotePdfLine extends QuoteProposalLine {
  /** The asked line's designation, for a « produit de remplacement ». */
  replaces: string | null;
}

export interface QuoteProposalDocument {
  number: string;
  version: number;
  /** How many versions the quote has: a PDF of an older one says it was replaced. */
  latest_version: number;
  customer_ref: string;
  /** YYYY-MM-DD (France): the day the version was proposed, the request's day. */
  proposed_on: string;
  requested_on: string;
  valid_until: string;
  /** The proposal's instant: every date inside the file is this one (same bytes every time). */
  created_at: string;
  seller: SellerParty;
  buyer: BuyerParty;
  representative: QuoteRepresentative;
  lines: QuotePdfLine[];
  /** Σ qty × unit price, before tax and ecotax. */
  total_ht: number;
  /** Σ qty × unit ecotax. */
  total_ecotax: number;
  conditions: string;
  /** False for a people account without `prices` (decision 0107): the page shows no amount. */
  show_prices: boolean;
}

/** The document of `version`, or undefined when the quote has no such version. */
export function proposalDocument(
  quote: QuoteDetail,
  version: number,
  parties: { seller: SellerParty; buyer: BuyerParty; representative: QuoteRepresentative },
  franceDate: (instant: Date) => string,
  showPrices = true,
): QuoteProposalDocument | undefined {
  const proposal = quote.proposals.find((candidate) => candidate.version === version);
  if (!proposal) return undefined;
  const asked = new Map(quote.asked_lines.map((line) => [line.position, line]));
  const lines = proposal.lines.map((line): QuotePdfLine => {
    const answered = line.answers_position === null ? undefined : asked.get(line.answers_position);
    return { ...line, replaces: line.is_alternative && answered ? [answered.obj_ref, answered.title].filter(Boolean).join(" — ") : null };
  });
  return {
    number: quote.number,
    version,
    latest_version: Math.max(...quote.proposals.map((candidate) => candidate.version)),
    customer_ref: quote.customer_ref,
    proposed_on: franceDate(new Date(proposal.created_at)),
    requested_on: franceDate(new Date(quote.requested_at)),
    valid_until: proposal.valid_until,
    created_at: proposal.created_at,
    seller: parties.seller,
    buyer: parties.buyer,
    representative: parties.representative,
    lines,
    total_ht: lines.reduce((sum, line) => sum + line.qty * line.unit_price, 0),
    total_ecotax: lines.reduce((sum, line) => sum + line.qty * line.ecotax, 0),
    conditions: proposal.conditions,
    show_prices: showPrices,
  };
}
