import type { InvoiceDocument, VatExemption } from "./model";
import { formatEuros } from "@shared/domain/french-format";

/**
 * The French wording printed on invoices and credit notes, with the text of law that asks for
 * it (docs/invoice-pdf.md). Kept in one place: the PDF prints these strings, the Factur-X XML
 * carries the same ones, and the tests look for them in the extracted text. How the parties are
 * named, on invoices and quotes alike, is in documents/letterhead.ts.
 */

/** Why no VAT is charged, for an exempt account: printed under the totals and sent as BT-120. */
export const EXEMPTION_WORDING: Record<Exclude<VatExemption, null>, string> = {
  intra_eu: "Exonération de TVA, article 262 ter I du CGI — livraison intracommunautaire",
  export: "Exonération de TVA, article 262 I du CGI — exportation",
  suspension: "Achat en franchise de TVA, article 275 du CGI — vente en suspension de taxe sur attestation de l'acquéreur",
};

/**
 * EN 16931 VAT category (BT-118 / BT-151, UNTDID 5305) and, where one exists, the VATEX
 * exemption reason code (BT-121) of each regime.
 */
export const EXEMPTION_CATEGORY: Record<Exclude<VatExemption, null>, { code: "K" | "G" | "E"; reason_code: string | null }> = {
  intra_eu: { code: "K", reason_code: "VATEX-EU-IC" },
  export: { code: "G", reason_code: "VATEX-EU-G" },
  suspension: { code: "E", reason_code: null },
};

export const OPERATION_CATEGORY_LABEL = "Nature de l'opération : Livraison de biens";

/** Articles L. 441-10 and D. 441-5 of the code de commerce. */
export function recoveryIndemnityWording(cents: number): string {
  return `Indemnité forfaitaire pour frais de recouvrement de ${formatEurosPlain(cents)} (art. L. 441-10 et D. 441-5 du code de commerce)`;
}

export function latePenaltyWording(rate: string): string {
  return `Pénalités de retard : ${rate} (art. L. 441-10 du code de commerce)`;
}

/** « 40 € » for a whole amount, « 40,50 € » otherwise. */
export function formatEurosPlain(cents: number): string {
  return cents % 100 === 0 ? formatEuros(cents).replace(/,00(?=\s*€)/, "") : formatEuros(cents);
}

/** « Facture » or « Avoir ». */
export function documentTitle(doc: InvoiceDocument): string {
  return doc.kind === "avoir" ? "AVOIR" : "FACTURE";
}
