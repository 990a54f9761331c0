import type { InvoiceKind, InvoiceStatus, PaymentMethod } from "@shared/contracts/invoices";

/**
 * View models of /mon-compte/factures and of the invoices on an order's page, shared by
 * app/services/invoices/ and app/components/invoices/ (docs/invoices-portal.md). Amounts are
 * integer cents: whoever may read invoices reads them whole.
 */

export type { InvoiceKind, InvoiceStatus };

/** The list's filters as they are in the URL (GET form, no JavaScript needed). */
export interface InvoiceFilterValues {
  du: string;
  au: string;
  statut: string;
  numero: string;
  commande: string;
  /** Euros as typed: « 150,50 ». */
  montant_min: string;
  montant_max: string;
}

export const INVOICE_FILTER_NAMES = [
  "du",
  "au",
  "statut",
  "numero",
  "commande",
  "montant_min",
  "montant_max",
] as const satisfies readonly (keyof InvoiceFilterValues)[];

/** A filter the page did not apply, and why (shown above the list). */
export interface InvoiceFilterNotice {
  field: keyof InvoiceFilterValues | "page";
  message: string;
}

/** Where the invoice stands on the plateforme agréée (shared/contracts/einvoicing.ts). */
export interface PlatformStatusView {
  code: number;
  /** French: « déposée », « encaissée »… */
  label: string;
  /** ISO instant the platform gave. */
  at: string;
}

export interface InvoiceRow {
  id: number;
  number: string;
  kind: InvoiceKind;
  /** YYYY-MM-DD. */
  issuedOn: string;
  dueOn: string;
  orderId: number;
  orderRef: string;
  customerRef: string;
  /** For a credit note: the invoice it credits. */
  creditsNumber: string | null;
  totalHt: number;
  totalTtc: number;
  remaining: number;
  status: InvoiceStatus;
  /** Days past the due date for « en retard », else null. */
  daysOverdue: number | null;
  /** The latest status of the plateforme agréée, or null. */
  platformStatus: PlatformStatusView | null;
}

/** The organization's position, whatever the filters. */
export interface InvoiceSummaryView {
  outstanding: number;
  overdue: number;
  overdueCount: number;
  openCount: number;
}

export interface InvoiceListView {
  rows: InvoiceRow[];
  total: number;
  page: number;
  pageCount: number;
  values: InvoiceFilterValues;
  notices: InvoiceFilterNotice[];
  statuses: readonly InvoiceStatus[];
  summary: InvoiceSummaryView;
  /** The applied filters as a query string (no page): the pages' links, the CSV and the ZIP. */
  query: string;
  /** At most this many invoices in one ZIP (ARCHIVE_MAX). */
  archiveMax: number;
}

/** An invoice or credit note as an order's page lists it. */
export interface OrderInvoiceLink {
  id: number;
  number: string;
  kind: InvoiceKind;
  issuedOn: string;
  totalTtc: number;
  status: InvoiceStatus;
  daysOverdue: number | null;
}

/** /mon-compte/factures/{id}: one invoice or credit note in full. */
export interface InvoicePageView {
  id: number;
  number: string;
  kind: InvoiceKind;
  issuedOn: string;
  saleOn: string;
  dueOn: string;
  /** « 45 jours fin de mois ». */
  paymentTerms: string;
  orderId: number;
  orderRef: string;
  customerRef: string;
  /** For a credit note: the invoice it credits. */
  creditsNumber: string | null;
  status: InvoiceStatus;
  daysOverdue: number | null;
  /** Ecotax included (decision 0161). */
  totalHt: number;
  totalEcotax: number;
  totalVat: number;
  totalTtc: number;
  paid: number;
  remaining: number;
  vat: { rate: number; baseHt: number; vat: number }[];
  lines: {
    position: number;
    ref: string;
    title: string;
    qty: number;
    unitListPrice: number;
    discountPct: number;
    unitPrice: number;
    unitEcotax: number;
    totalHt: number;
    vatRate: number;
    isPort: boolean;
  }[];
  payments: { paidOn: string; amount: number; method: PaymentMethod; reference: string | null }[];
  /** Credit notes issued against this invoice. */
  creditNotes: { number: string; issuedOn: string; totalTtc: number }[];
  /** The platform's statuses, newest first, with the platform's message. */
  platformStatuses: (PlatformStatusView & { message: string | null; platform: string | null })[];
}
