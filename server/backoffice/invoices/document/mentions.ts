import type { DocumentLine, InvoiceDocument, OperationCategory, VatExemption } from "./model";
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

/**
 * The category of the operation (article 242 nonies A du CGI as the reform completes it,
 * decision 0186): goods, services, or both. Shipping lines are accessory to the goods they
 * carry and never make an invoice « Mixte »; a document of shipping lines alone is goods.
 */
export function operationCategory(lines: readonly Pick<DocumentLine, "is_port" | "is_service">[]): OperationCategory {
  const main = lines.filter((line) => !line.is_port);
  const services = main.filter((line) => line.is_service === true).length;
  if (services === 0) return "Livraison de biens";
  return services === main.length ? "Prestation de services" : "Mixte";
}

export function operationCategoryWording(category: OperationCategory): string {
  return `Nature de l'opération : ${category}`;
}

/**
 * The French « cadre de facturation » of the document (BT-23, business process type): B1 goods,
 * S1 services, M1 both — an invoice deposited for payment.
 */
export const BUSINESS_PROCESS: Record<OperationCategory, "B1" | "S1" | "M1"> = {
  "Livraison de biens": "B1",
  "Prestation de services": "S1",
  Mixte: "M1",
};

export const VAT_ON_DEBITS_WORDING = "Option pour le paiement de la taxe d'après les débits";

/**
 * The option for VAT on debits concerns services only (on goods VAT is due on delivery
 * anyway): printed when the seller opted, the document carries services and charges VAT.
 */
export function vatOnDebitsApplies(doc: Pick<InvoiceDocument, "seller" | "operation_category" | "total_vat">): boolean {
  return doc.seller.vat_on_debits === true && doc.operation_category !== "Livraison de biens" && doc.total_vat > 0;
}

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
