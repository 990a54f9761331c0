import type { Kysely } from "kysely";
import type { InvoiceKind, VatBreakdown } from "@shared/contracts/invoices";
import type { Database } from "../db/schema";
import type { BuyerParty, PostalAddress, SellerParty } from "../documents/parties";
import { operationCategory } from "./document/mentions";
import type { InvoiceDocument, VatExemption } from "./document/model";
import { lineView } from "./views";

/** The wording of the terms every invoice prints (docs/invoices.md). */
export const EARLY_PAYMENT_DISCOUNT = "Pas d'escompte pour paiement anticipé.";
export const LATE_PENALTY_RATE = "trois fois le taux d'intérêt légal";
/** 40 € (article D. 441-5 du code de commerce), in cents. */
export const RECOVERY_INDEMNITY = 4000;

/**
 * Everything the PDF of an invoice or credit note prints, read from its stored rows only (the
 * parties were copied into it when it was issued): rendering it again gives the same document.
 * Undefined when there is no such invoice.
 */
export async function loadInvoiceDocument(db: Kysely<Database>, invoiceId: number): Promise<InvoiceDocument | undefined> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return undefined;
  const [lines, credited] = await Promise.all([
    db.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", invoiceId).orderBy("position").execute(),
    invoice.credits_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom("invoices").select(["number", "issued_on"]).where("id", "=", invoice.credits_id).executeTakeFirst(),
  ]);
  const documentLines = lines.map(lineView);
  return {
    kind: invoice.kind as InvoiceKind,
    number: invoice.number,
    issued_on: invoice.issued_on,
    sale_on: invoice.sale_on,
    due_on: invoice.due_on,
    payment_terms: invoice.payment_terms,
    operation_category: operationCategory(documentLines),
    credits: credited ? { number: credited.number, issued_on: credited.issued_on, reason: invoice.reason ?? "" } : null,
    seller: invoice.seller as SellerParty,
    buyer: invoice.buyer as BuyerParty,
    delivery_address: (invoice.delivery_address as PostalAddress | null) ?? null,
    order_ref: invoice.order_ref,
    customer_ref: invoice.customer_ref,
    lines: documentLines,
    vat: invoice.vat as VatBreakdown[],
    vat_exemption: (invoice.vat_exemption as VatExemption) ?? null,
    total_ecotax: invoice.total_ecotax,
    total_ht: invoice.total_ht,
    total_vat: invoice.total_vat,
    total_ttc: invoice.total_ttc,
    currency: "EUR",
    early_payment_discount: EARLY_PAYMENT_DISCOUNT,
    late_penalty_rate: LATE_PENALTY_RATE,
    recovery_indemnity: RECOVERY_INDEMNITY,
  };
}
