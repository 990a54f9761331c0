import { z } from "zod";
import { calendarDate, note } from "./primitives";
import { erpInvoiceNumber, invoiceKind, invoiceNumber } from "./invoices";

/**
 * Invoices and credit notes issued by the distributor's ERP (docs/invoices.md « Deux modes »,
 * docs/integration.md « Factures émises par l'ERP », decision 0184): POST /api/erp/invoices with
 * a service token. The ERP numbers, computes and draws its documents (its PDF, sent through a
 * « plateforme agréée »); the portal checks that they add up, files them with their PDF as
 * given, and shows them to the customer exactly as its own.
 *
 * This schema checks the shape (400 `invalid_request`); the back-office then checks the
 * arithmetic, the order, the customer, the credited invoice, the dates and the PDF, each a 422
 * with `issues` paths (server/backoffice/invoices/erp-checks.ts).
 */

/** Who issues the invoices of a site (INVOICES_ISSUED_BY): the portal at each shipment, or the ERP. */
export const INVOICE_ISSUERS = ["portal", "erp"] as const;
export type InvoicesIssuedBy = (typeof INVOICE_ISSUERS)[number];

/** The PDF's largest size, decoded (5 MB, as the other files the portal takes). */
export const ERP_PDF_MAX_BYTES = 5 * 1024 * 1024;

/** Percent with at most two decimals (numeric(5,2) in the database): 20, 5.5, 2.1, 0. */
const percent = (what: string) =>
  z
    .number(`${what} : un nombre (en pourcentage).`)
    .min(0, `${what} ne peut pas être négatif.`)
    .max(100, `${what} ne peut pas dépasser 100 %.`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, `${what} : au plus deux décimales.`);

/** Cents, zero or more. */
const amount = z
  .number("Un montant en centimes (nombre entier).")
  .int("Un montant en centimes (nombre entier).")
  .min(0, "Un montant ne peut pas être négatif.");

const singleLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Ce texte est obligatoire.")
    .max(max, `Ce texte compte au plus ${max} caractères.`)
    .regex(/^\P{Cc}*$/u, "Le texte ne doit pas contenir de caractères de contrôle.");

export const erpInvoiceLine = z
  .object({
    obj_ref: singleLine(60),
    title: singleLine(200),
    qty: z.number().int("La quantité est un nombre entier.").min(1, "La quantité est au moins 1.").max(999_999),
    /** Unit price before discount; default: unit_price. */
    unit_list_price: amount.optional(),
    /** Default: the discount between unit_list_price and unit_price. */
    discount_pct: percent("La remise").optional(),
    /** Net unit price before tax, ecotax excluded. */
    unit_price: amount,
    /** Ecotax per unit, before tax (in the line's total and the VAT base, decision 0161). */
    unit_ecotax: amount.default(0),
    vat_rate: percent("Le taux de TVA"),
    /** A shipping line (port). */
    is_port: z.boolean().default(false),
  })
  .strict();
export type ErpInvoiceLine = z.infer<typeof erpInvoiceLine>;

export const erpVatBreakdown = z.object({ rate: percent("Le taux de TVA"), base_ht: amount, vat: amount }).strict();

export const erpInvoiceRequest = z
  .object({
    /** The ERP's own number, kept as sent: « F2026-00421 », « AV/2026/0007 ». */
    number: erpInvoiceNumber,
    kind: invoiceKind,
    /** The order, numbered as the portal numbers them. */
    ord_ref: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,30}$/, "Numéro de commande invalide.")
      .transform((value) => value.toUpperCase()),
    /** The customer (C0001): the order's organization. */
    org_ref: z
      .string()
      .trim()
      .min(1, "Indiquez la référence du client.")
      .max(30, "Référence client trop longue.")
      .transform((value) => value.toUpperCase()),
    /** For a credit note: the invoice it credits (same order). */
    credits_number: invoiceNumber.optional(),
    /** For a credit note: why (returned goods, a price dispute…). */
    reason: note(1, 300).optional(),
    issued_on: calendarDate,
    /** Date of the sale (delivery of the goods); default: issued_on. */
    sale_on: calendarDate.optional(),
    due_on: calendarDate,
    /** As printed (« 30 jours fin de mois »); default: the customer's terms. */
    payment_terms: singleLine(100).optional(),
    lines: z.array(erpInvoiceLine).min(1, "Au moins une ligne.").max(1000, "Au plus 1 000 lignes."),
    /** Ecotax included (decision 0161): the sum of the VAT bases. */
    total_ht: amount,
    total_ecotax: amount,
    total_vat: amount,
    total_ttc: amount,
    vat: z.array(erpVatBreakdown).min(1, "Indiquez la TVA par taux.").max(20),
    /** The document as the ERP drew it (Factur-X or not), base64: stored and served as given. */
    pdf: z
      .string()
      .min(1, "Joignez le PDF de la facture (en base64).")
      // 5 MB decoded is at most 6,990,508 characters of base64.
      .max(Math.ceil(ERP_PDF_MAX_BYTES / 3) * 4, "Le PDF dépasse 5 Mo.")
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "Le PDF doit être encodé en base64 (sans retour à la ligne)."),
  })
  .strict()
  .superRefine((request, context) => {
    if (request.kind === "avoir" && !request.credits_number) {
      context.addIssue({
        code: "custom",
        path: ["credits_number"],
        message: "Un avoir indique la facture qu'il crédite (credits_number).",
      });
    }
    if (request.kind === "facture" && request.credits_number) {
      context.addIssue({ code: "custom", path: ["credits_number"], message: "Seul un avoir crédite une facture." });
    }
    if (request.kind === "facture" && request.reason) {
      context.addIssue({ code: "custom", path: ["reason"], message: "Le motif est celui d'un avoir." });
    }
  });
export type ErpInvoiceRequest = z.infer<typeof erpInvoiceRequest>;
