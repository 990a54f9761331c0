import type { InvoiceKind, InvoiceLine, VatBreakdown } from "@shared/contracts/invoices";
import type { BuyerParty, PostalAddress, SellerParty } from "../../documents/parties";

/**
 * Everything printed on an invoice or credit note, read from its stored rows once, when it is
 * issued: the PDF and its Factur-X XML are drawn from this and nothing else
 * (docs/invoices.md). Amounts are integer cents.
 */

/**
 * Why no VAT is charged, when none is: the wording the account's tax category calls for
 * (« Ventes CEE », « Ventes export », « Ventes en suspension de taxe »); null for a standard
 * French account.
 */
export type VatExemption = "intra_eu" | "export" | "suspension" | null;

/**
 * The category of the operation the reform asks invoices to state (decision 0186): decided from
 * the lines by operationCategory (mentions.ts); shipping fees follow the goods they carry.
 */
export type OperationCategory = "Livraison de biens" | "Prestation de services" | "Mixte";

/**
 * A line as the document draws it: a service when `is_service` says so. The distributor's
 * catalogue sells goods only, so its built-in invoices never set it; the mentions follow it for
 * invoices that would carry services (an installation, a repair).
 */
export type DocumentLine = InvoiceLine & { is_service?: boolean };

export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  issued_on: string;
  /** Date of sale (delivery of goods): the shipment's date. */
  sale_on: string;
  due_on: string;
  /** For example « 45 jours fin de mois ». */
  payment_terms: string;
  /** From the lines (operationCategory): « Livraison de biens » for the distributor's goods. */
  operation_category: OperationCategory;
  /** For a credit note: the invoice it corrects, and why. */
  credits?: { number: string; issued_on: string; reason: string } | null;
  seller: SellerParty;
  buyer: BuyerParty;
  /** The delivery address when it differs from the buyer's address, else null. */
  delivery_address: PostalAddress | null;
  order_ref: string;
  customer_ref: string;
  lines: DocumentLine[];
  vat: VatBreakdown[];
  vat_exemption: VatExemption;
  total_ecotax: number;
  total_ht: number;
  total_vat: number;
  total_ttc: number;
  currency: "EUR";
  /** « Pas d'escompte pour paiement anticipé. » unless terms say otherwise. */
  early_payment_discount: string;
  /** For example « trois fois le taux d'intérêt légal ». */
  late_penalty_rate: string;
  /** 40 € (article D. 441-5 du code de commerce), in cents. */
  recovery_indemnity: number;
}
