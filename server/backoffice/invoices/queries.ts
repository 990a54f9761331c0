import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { InvoiceAccountSummary, InvoiceDetail, InvoiceKind, InvoiceListResponse, InvoiceStatus } from "@shared/contracts/invoices";
import type { Database } from "../db/schema";
import { containsText, likeLiteral } from "../orders/text-match";
import { latestPlatformStatuses, platformStatusHistory } from "./platform-statuses";
import { lineView, paymentView, summaryView } from "./views";

/**
 * Reading invoices (docs/invoices.md): an organization's list with its filters and the
 * account's position, every organization's for the distributor, one invoice in full. The status
 * is computed when read, against today in France; the SQL below says what
 * shared/domain/invoices.ts (invoiceStatusOn) says, for the status filter.
 */

export interface InvoiceFilters {
  orgId?: number;
  orgRef?: string;
  from?: string;
  to?: string;
  status?: InvoiceStatus;
  kind?: InvoiceKind;
  number?: string;
  orderRef?: string;
  orderId?: number;
  minTtc?: number;
  maxTtc?: number;
}

export interface Paging {
  page: number;
  size: number;
}

/**
 * What was paid on the invoice `i` (or used of a credit note): from its open balance `o` (the
 * triggers of migration 0011 keep it), or all of it once it has none.
 */
const paidOf = sql<number>`case when o.invoice_id is null then i.total_ttc else o.paid end`;

/** The status filter as SQL, on `today` (France), over invoices `i` left-joined to their open balance `o`. */
function statusIs(status: InvoiceStatus, today: string): RawBuilder<SqlBool> {
  switch (status) {
    case "à imputer":
      return sql<SqlBool>`i.kind = 'avoir' and o.invoice_id is not null`;
    case "imputé":
      return sql<SqlBool>`i.kind = 'avoir' and o.invoice_id is null`;
    case "payée":
      return sql<SqlBool>`i.kind = 'facture' and o.invoice_id is null`;
    case "en retard":
      return sql<SqlBool>`o.kind = 'facture' and o.due_on < ${today}::date`;
    case "payée partiellement":
      return sql<SqlBool>`o.kind = 'facture' and o.due_on >= ${today}::date and o.paid > 0`;
    case "à payer":
      return sql<SqlBool>`o.kind = 'facture' and o.due_on >= ${today}::date and o.paid = 0`;
  }
}

function filtered(db: Kysely<Database>, filters: InvoiceFilters, today: string) {
  let query = db.selectFrom("invoices as i").leftJoin("invoice_open_balances as o", "o.invoice_id", "i.id");
  if (filters.orgId !== undefined) query = query.where("i.org_id", "=", filters.orgId);
  if (filters.orgRef) {
    const orgRef = filters.orgRef.toUpperCase();
    query = query.where("i.org_id", "=", (eb) => eb.selectFrom("organizations").select("id").where("ref", "=", orgRef));
  }
  if (filters.from) query = query.where("i.issued_on", ">=", filters.from);
  if (filters.to) query = query.where("i.issued_on", "<=", filters.to);
  if (filters.kind) query = query.where("i.kind", "=", filters.kind);
  if (filters.orderId !== undefined) query = query.where("i.order_id", "=", filters.orderId);
  if (filters.minTtc !== undefined) query = query.where("i.total_ttc", ">=", filters.minTtc);
  if (filters.maxTtc !== undefined) query = query.where("i.total_ttc", "<=", filters.maxTtc);
  // Case ignored (an ERP's number may hold lower-case letters), with or without the spaces typed
  // (« FA 2026 » finds FA-2026-…, « F 2026 001 » an ERP's number with spaces): the trigram index serves both.
  const typed = filters.number?.trim().replace(/\s+/g, " ");
  if (typed) {
    const compact = typed.replace(/ /g, "");
    const contains = (text: string) => sql<SqlBool>`i.number ilike ${`%${likeLiteral(text)}%`}`;
    query = query.where(compact === typed ? contains(typed) : sql<SqlBool>`(${contains(typed)} or ${contains(compact)})`);
  }
  const orderRef = filters.orderRef;
  if (orderRef) {
    // The expression of the trigram index invoices_order_text_idx (chr(1): no match across both).
    const text = sql<string>`i.order_ref || chr(1) || i.customer_ref`;
    query = query.where(containsText(text, orderRef));
  }
  const status = filters.status;
  if (status) query = query.where(statusIs(status, today));
  return query;
}

async function invoicePage(db: Kysely<Database>, filters: InvoiceFilters, paging: Paging, today: string) {
  const base = filtered(db, filters, today);
  // The page's ids first (an index-only walk of invoices_org_idx, however deep the page), then
  // their rows: the skipped ones are never read.
  const pageIds = base
    .select("i.id")
    .orderBy("i.issued_on", "desc")
    .orderBy("i.number", "desc")
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
  const [rows, count] = await Promise.all([
    db
      .selectFrom("invoices as i")
      .leftJoin("invoice_open_balances as o", "o.invoice_id", "i.id")
      .innerJoin("organizations as g", "g.id", "i.org_id")
      .select([
        "i.id",
        "i.number",
        "i.kind",
        "i.issued_on",
        "i.due_on",
        "i.order_id",
        "i.order_ref",
        "i.customer_ref",
        "i.total_ht",
        "i.total_vat",
        "i.total_ttc",
        "g.ref as org_ref",
        "g.name as org_name",
        paidOf.as("paid"),
        sql<string | null>`(select c.number from invoices c where c.id = i.credits_id)`.as("credits_number"),
      ])
      .where("i.id", "in", pageIds)
      .orderBy("i.issued_on", "desc")
      .orderBy("i.number", "desc")
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  const platform = await latestPlatformStatuses(
    db,
    rows.map((row) => row.id),
  );
  return { rows, total: Number(count.total), platform };
}

/**
 * The organization's position whatever the filters, in one aggregate: what remains on its
 * invoices less its credit notes not yet used, what is overdue and how many invoices are open.
 */
export async function accountSummary(db: Kysely<Database>, orgId: number, today: string): Promise<InvoiceAccountSummary> {
  const row = await db
    .selectFrom("invoice_open_balances as o")
    .select([
      sql<number>`coalesce(sum(case when o.kind = 'facture' then 1 else -1 end * (o.total_ttc - o.paid)), 0)`.as("outstanding"),
      sql<number>`coalesce(sum(o.total_ttc - o.paid) filter (where o.kind = 'facture' and o.due_on < ${today}::date), 0)`.as("overdue"),
      sql<number>`count(*) filter (where o.kind = 'facture' and o.due_on < ${today}::date)`.as("overdue_count"),
      sql<number>`count(*) filter (where o.kind = 'facture')`.as("open_count"),
    ])
    .where("o.org_id", "=", orgId)
    .executeTakeFirstOrThrow();
  return {
    outstanding: Number(row.outstanding),
    overdue: Number(row.overdue),
    overdue_count: Number(row.overdue_count),
    open_count: Number(row.open_count),
  };
}

/** An organization's invoices and credit notes, newest first, and its position. */
export async function listOrganizationInvoices(
  db: Kysely<Database>,
  orgId: number,
  filters: Omit<InvoiceFilters, "orgId" | "orgRef">,
  paging: Paging,
  today: string,
): Promise<InvoiceListResponse> {
  const [{ rows, total, platform }, summary] = await Promise.all([
    invoicePage(db, { ...filters, orgId }, paging, today),
    accountSummary(db, orgId, today),
  ]);
  return {
    items: rows.map((row) => summaryView(row, today, platform.get(row.id) ?? null)),
    total,
    page: paging.page,
    size: paging.size,
    summary,
  };
}

/** Every organization's, for the distributor's systems. */
export async function listAllInvoices(db: Kysely<Database>, filters: InvoiceFilters, paging: Paging, today: string) {
  const { rows, total, platform } = await invoicePage(db, filters, paging, today);
  return {
    items: rows.map((row) => ({ ...summaryView(row, today, platform.get(row.id) ?? null), org_ref: row.org_ref, org_name: row.org_name })),
    total,
    page: paging.page,
    size: paging.size,
  };
}

/** Which invoice: one of an organization's (the customers' calls) or any by its number (the distributor's). */
export type InvoiceLookup = { orgId: number; invoiceId: number } | { number: string };

/** One invoice in full; undefined when there is none (or it is another organization's). */
export async function loadInvoiceDetail(db: Kysely<Database>, lookup: InvoiceLookup, today: string): Promise<InvoiceDetail | undefined> {
  const query = db
    .selectFrom("invoices as i")
    .innerJoin("organizations as g", "g.id", "i.org_id")
    .leftJoin("invoice_documents as d", "d.invoice_id", "i.id")
    .selectAll("i")
    .select([
      "g.ref as org_ref",
      "g.name as org_name",
      "d.sha256",
      sql<string | null>`(select c.number from invoices c where c.id = i.credits_id)`.as("credits_number"),
    ]);
  const row = await (
    "number" in lookup
      ? query.where("i.number", "=", lookup.number)
      : query.where("i.id", "=", lookup.invoiceId).where("i.org_id", "=", lookup.orgId)
  ).executeTakeFirst();
  if (!row) return undefined;
  const [lines, payments, creditNotes, platformStatuses] = await Promise.all([
    db.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", row.id).orderBy("position").execute(),
    db.selectFrom("invoice_payments").selectAll().where("invoice_id", "=", row.id).orderBy("paid_on").orderBy("id").execute(),
    db.selectFrom("invoices").select(["number", "issued_on", "total_ttc"]).where("credits_id", "=", row.id).orderBy("number").execute(),
    platformStatusHistory(db, row.id),
  ]);
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  // The latest by the platform's instant: the history is oldest first.
  const latest = platformStatuses.at(-1);
  return {
    ...summaryView({ ...row, paid }, today, latest ? { code: latest.code, label: latest.label, at: latest.at } : null),
    org_id: row.org_id,
    org_ref: row.org_ref,
    org_name: row.org_name,
    sale_on: row.sale_on,
    payment_terms: row.payment_terms,
    total_ecotax: row.total_ecotax,
    vat: row.vat,
    lines: lines.map(lineView),
    payments: payments.map(paymentView),
    credit_notes: creditNotes,
    platform_statuses: platformStatuses,
    pdf_sha256: row.sha256,
  };
}
