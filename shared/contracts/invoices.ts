import { z } from "zod";
import {
  calendarDate,
  cents,
  eventInstant,
  idParam,
  isoDate,
  isoDateTime,
  note,
  page,
  pageOf,
  pageSize,
  PERIOD_ORDER_ISSUE,
  periodInOrder,
  searchText,
} from "./primitives";
import { platformStatus, platformStatusEntry } from "./einvoicing";

/**
 * Invoices and credit notes (docs/invoices.md): the back-office issues an invoice for each
 * shipment and a credit note (« avoir ») for a quantity invoiced then cancelled or returned;
 * numbers run in one continuous sequence per year (FA-2026-000001, AV-2026-000001); an issued
 * document never changes. Customers read them with a user's token under /api/oms (the
 * `invoices` flag); the distributor's systems record payments and credit notes under /api/erp
 * (a service token).
 *
 * Amounts are integer cents and always present: an invoice is a document of amounts, and
 * whoever may read invoices reads them whole (docs/decisions/0108-invoices.md). A credit note's
 * amounts are positive; its `kind` says it reduces what is owed.
 */

// ---- vocabulary ---------------------------------------------------------------------------

export const INVOICE_KINDS = ["facture", "avoir"] as const;
export const invoiceKind = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof invoiceKind>;

/**
 * Where an invoice stands, computed when read (the due date against today, in France):
 * « en retard » is an unpaid or partly paid invoice past its due date. A credit note is
 * « à imputer » until the distributor records it as used or refunded, then « imputé ».
 */
export const INVOICE_STATUSES = ["à payer", "payée partiellement", "payée", "en retard", "à imputer", "imputé"] as const;
export const invoiceStatus = z.enum(
  INVOICE_STATUSES,
  `Statut inconnu : choisissez parmi ${INVOICE_STATUSES.map((status) => `« ${status} »`).join(", ")}.`,
);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;

/**
 * How a payment reached the distributor; « encaissement déclaré »: the plateforme agréée's
 * status « encaissée » settled what remained (shared/contracts/einvoicing.ts, decision 0185).
 */
export const PAYMENT_METHODS = ["virement", "chèque", "LCR", "carte", "prélèvement", "compensation", "encaissement déclaré"] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS, `Mode de paiement inconnu : choisissez parmi ${PAYMENT_METHODS.join(", ")}.`);
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** The portal's own numbering (FA-2026-000123, AV-2026-000004): reserved, an ERP's numbers never take this shape. */
export const PORTAL_INVOICE_NUMBER = /^(FA|AV)-\d{4}-\d{6}$/i;
/**
 * An ERP's number (shared/contracts/erp-invoices.ts): 1 to 40 letters without accent, digits,
 * spaces and « / . _ - », no space at either end: « F2026-00421 », « AV/2026/0007 ».
 */
export const ERP_INVOICE_NUMBER = /^(?! )[A-Za-z0-9 /._-]{1,40}(?<! )$/;
const INVOICE_NUMBER_MESSAGE =
  "Numéro de facture invalide : 1 à 40 lettres sans accent, chiffres, espaces et / . _ - (par exemple FA-2026-000123 ou F2026-00421).";
/** An invoice or credit note number: the portal's (FA-2026-000123) or an ERP's (F2026-00421, AV/2026/0007). */
export const invoiceNumber = z.string().regex(ERP_INVOICE_NUMBER, INVOICE_NUMBER_MESSAGE);
/** The number an ERP gives its own document: never in the portal's numbering. */
export const erpInvoiceNumber = invoiceNumber.refine(
  (value) => !PORTAL_INVOICE_NUMBER.test(value),
  "Ce format de numéro (FA-AAAA-NNNNNN, AV-AAAA-NNNNNN) est réservé à la numérotation du portail : envoyez le numéro de votre ERP.",
);

// ---- answer pieces ------------------------------------------------------------------------

/** Amounts of one VAT rate (0 for an exempt account). */
export const vatBreakdown = z
  .object({
    /** Percent, for example 20 or 0. */
    rate: z.number().nonnegative(),
    base_ht: cents,
    vat: cents,
  })
  .strict();
export type VatBreakdown = z.infer<typeof vatBreakdown>;

export const invoiceSummary = z
  .object({
    inv_id: z.number().int().positive(),
    number: invoiceNumber,
    kind: invoiceKind,
    issued_on: isoDate,
    due_on: isoDate,
    ord_id: z.number().int().positive(),
    ord_ref: z.string(),
    /** The customer's reference of the order (its cart_ref). */
    customer_ref: z.string(),
    /** For a credit note: the invoice it credits. */
    credits_number: invoiceNumber.nullable(),
    total_ht: cents,
    total_vat: cents,
    total_ttc: cents,
    /** Paid (or, for a credit note, used) so far. */
    paid: cents,
    /** total_ttc - paid. */
    remaining: cents,
    status: invoiceStatus,
    /** Days past the due date for « en retard », else null. */
    days_overdue: z.number().int().positive().nullable(),
    /** The latest status of the plateforme agréée (shared/contracts/einvoicing.ts), or null. */
    platform_status: platformStatus.nullable(),
  })
  .strict();
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoiceLine = z
  .object({
    position: z.number().int().positive(),
    obj_ref: z.string(),
    title: z.string(),
    qty: z.number().int().positive(),
    /** Unit price before discount, before tax. */
    unit_list_price: cents,
    /** Discount in percent (0 when none). */
    discount_pct: z.number().min(0).max(100),
    /** Unit price after discount, before tax. */
    unit_price: cents,
    /** Ecotax per unit, before tax (included in line_total_ht). */
    unit_ecotax: cents,
    line_total_ht: cents,
    vat_rate: z.number().nonnegative(),
    /** A shipping line (port), not a product. */
    is_port: z.boolean(),
    /** The quote whose price the order line had (docs/quotes.md), or null. */
    quote_number: z.string().nullable().optional(),
  })
  .strict();
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoicePayment = z
  .object({
    paid_on: isoDate,
    amount: cents,
    method: paymentMethod,
    reference: z.string().nullable(),
    recorded_at: isoDateTime,
    author: z.string(),
  })
  .strict();
export type InvoicePayment = z.infer<typeof invoicePayment>;

export const invoiceDetail = invoiceSummary
  .extend({
    org_id: z.number().int().positive(),
    org_ref: z.string(),
    org_name: z.string(),
    /** The date of sale: the shipment's date (or, for a credit note, the date of the invoice it credits). */
    sale_on: isoDate,
    /** For example « 45 jours fin de mois ». */
    payment_terms: z.string(),
    total_ecotax: cents,
    vat: z.array(vatBreakdown),
    lines: z.array(invoiceLine),
    payments: z.array(invoicePayment),
    /** Credit notes issued against this invoice. */
    credit_notes: z.array(z.object({ number: invoiceNumber, issued_on: isoDate, total_ttc: cents }).strict()),
    /** Every status of the plateforme agréée, oldest first (by the platform's instant). */
    platform_statuses: z.array(platformStatusEntry),
    /**
     * SHA-256 (hex) of the stored PDF: the same bytes on every download. Null until the PDF is
     * first rendered (at issue, or on the first download of an invoice loaded in bulk).
     */
    pdf_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
  })
  .strict();
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

// ---- customer calls: GET /api/oms/invoices, /api/oms/invoices/{id}/pdf, POST /api/oms/invoices/archive

/** Amount bounds in cents (the page turns « 150,50 » into 15050). */
const amountBound = z.coerce
  .number()
  .int()
  .min(0, "Le montant ne peut pas être négatif.")
  .max(100_000_000_00, "Montant trop grand.")
  .optional();

export const invoiceListQuery = z
  .object({
    org_id: idParam,
    /** Issued on or after (France). */
    from: calendarDate.optional(),
    /** Issued on or before (France). */
    to: calendarDate.optional(),
    status: invoiceStatus.optional(),
    kind: invoiceKind.optional(),
    /** In the number: « 000123 » or « FA-2026-0001 », case ignored. */
    number: searchText(40),
    /** In the order number or the customer's reference, accents and case ignored. */
    order_ref: searchText(100),
    /** The invoices of one order (its page lists them). */
    ord_id: idParam.optional(),
    /** Total with tax, inclusive bounds, in cents. */
    min_ttc: amountBound,
    max_ttc: amountBound,
    page,
    size: pageSize(20),
  })
  .strict()
  .refine(periodInOrder, PERIOD_ORDER_ISSUE)
  .refine((query) => query.min_ttc === undefined || query.max_ttc === undefined || query.min_ttc <= query.max_ttc, {
    message: "Le montant maximum est inférieur au montant minimum.",
    path: ["max_ttc"],
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** The whole organization's position, whatever the filters. */
export const invoiceAccountSummary = z
  .object({
    /** Remaining on invoices not fully paid, less credit notes not yet used. */
    outstanding: cents,
    /** Remaining on invoices past their due date. */
    overdue: cents,
    overdue_count: z.number().int().nonnegative(),
    open_count: z.number().int().nonnegative(),
  })
  .strict();
export type InvoiceAccountSummary = z.infer<typeof invoiceAccountSummary>;

export const invoiceListResponse = pageOf(invoiceSummary)
  .extend({
    summary: invoiceAccountSummary,
  })
  .strict();
export type InvoiceListResponse = z.infer<typeof invoiceListResponse>;

/** At most this many invoices in one ZIP. */
export const ARCHIVE_MAX = 500;

/** POST /api/oms/invoices/archive: a ZIP of these invoices' PDFs, all of the organization or none. */
export const invoiceArchiveRequest = z
  .object({
    org_id: z.number().int().positive(),
    ids: z
      .array(z.number().int().positive(), "Choisissez les factures à télécharger.")
      .min(1, "Choisissez au moins une facture à télécharger.")
      .max(ARCHIVE_MAX, `Au plus ${ARCHIVE_MAX} factures par archive : affinez les filtres.`),
  })
  .strict();
export type InvoiceArchiveRequest = z.infer<typeof invoiceArchiveRequest>;

// ---- the distributor's systems: /api/erp/invoices -----------------------------------------

export const serviceInvoiceListQuery = z
  .object({
    /** An organization's ref (C0001). */
    org: z.string().trim().max(30).optional(),
    status: invoiceStatus.optional(),
    page,
    size: pageSize(50),
  })
  .strict();

export const serviceInvoiceSummary = invoiceSummary.extend({ org_ref: z.string(), org_name: z.string() }).strict();
export const serviceInvoiceListResponse = pageOf(serviceInvoiceSummary);

/** POST /api/erp/invoices/{number}/payments: a payment received (or a credit note used). */
export const paymentRequest = z
  .object({
    amount: z.number().int().min(1, "Le montant doit être positif (en centimes)."),
    paid_on: calendarDate,
    method: paymentMethod,
    reference: z
      .string()
      .trim()
      .min(1)
      .max(60, "La référence compte au plus 60 caractères.")
      .regex(/^\P{Cc}*$/u, "La référence ne doit pas contenir de caractères de contrôle.")
      .optional(),
  })
  .strict();
export type PaymentRequest = z.infer<typeof paymentRequest>;

/**
 * POST /api/erp/invoices/{number}/credit-notes: a credit note for a quantity invoiced then
 * cancelled (not delivered, refused) or returned. Without lines, everything not yet credited.
 */
export const creditNoteRequest = z
  .object({
    reason: note(3, 300),
    lines: z
      .array(z.object({ obj_ref: z.string().trim().min(1).max(60), qty: z.number().int().min(1).max(9999) }).strict())
      .min(1)
      .max(200)
      .optional(),
    at: eventInstant.optional(),
  })
  .strict();
export type CreditNoteRequest = z.infer<typeof creditNoteRequest>;
