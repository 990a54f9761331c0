/**
 * Where a side's quote pages live. The customer's and the representative's have the same
 * shape under their own base: the page, its files and its proposals' PDFs, each behind that
 * side's own checks.
 */
export interface QuotePaths {
  list: string;
  quote(id: number): string;
  attachment(quoteId: number, attachmentId: number): string;
  proposalPdf(quoteId: number, version: number): string;
}

export function quotePathsUnder(list: string): QuotePaths {
  const quote = (id: number) => `${list}/${id}`;
  return {
    list,
    quote,
    attachment: (quoteId, attachmentId) => `${quote(quoteId)}/pieces-jointes/${attachmentId}`,
    proposalPdf: (quoteId, version) => `${quote(quoteId)}/proposition/${version}.pdf`,
  };
}

/** The customer's pages: /mon-compte/mes-devis. */
export const QUOTE_PATHS = quotePathsUnder("/mon-compte/mes-devis");
