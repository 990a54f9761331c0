import type { Kysely } from "kysely";
import type { ErpInvoiceRequest, InvoicesIssuedBy } from "@shared/contracts/erp-invoices";
import { discountPercent, parisDate, paymentTermsLabel } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { loadBuyer, loadSeller, sameAddress, storedPostalAddress } from "../documents/parties";
import { ApiFailure } from "../http/errors";
import { unknownOrder } from "../orders/order-lock";
import { amountIssues, dateIssues, decodePdf, erpLineTotal, type ErpPdf, type Issue } from "./erp-checks";

/**
 * Files an invoice or credit note the ERP issued (docs/invoices.md « Deux modes », decision
 * 0184): its number, amounts and PDF as sent, once they add up and name the right order and
 * customer. The row, its lines and its PDF are written in one transaction; nothing is written
 * on a refusal. The ERP delivers at least once: the very same document posted again (same
 * number, same PDF, same totals) answers the one already filed.
 */

export interface ErpIssueInput {
  request: ErpInvoiceRequest;
  issuedBy: InvoicesIssuedBy;
  author: string;
  now: Date;
}

export interface ErpIssued {
  id: number;
  number: string;
  /** False when the very same document was already filed (a re-post). */
  created: boolean;
}

const invalid = (issues: Issue[]) => new ApiFailure(422, "invalid_invoice", issues.map((issue) => issue.message).join(" "), { issues });

const unknownCustomer = (ref: string) => new ApiFailure(404, "unknown_customer", `Client ${ref} introuvable.`);

const portalIssues = (number: string) =>
  new ApiFailure(
    409,
    "invoices_issued_by_portal",
    `Facture ${number} refusée : sur ce portail, les factures sont émises par le portail à chaque expédition (INVOICES_ISSUED_BY=portal) ; la vôtre facturerait deux fois. Envoyez vos avoirs, ou passez le portail en INVOICES_ISSUED_BY=erp pour que votre ERP émette les factures.`,
  );

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}

/** The document already filed under this number: the same one again (200), or another (409). */
async function alreadyFiled(db: Kysely<Database>, request: ErpInvoiceRequest, pdf: ErpPdf): Promise<ErpIssued | undefined> {
  const existing = await db
    .selectFrom("invoices as i")
    .leftJoin("invoice_documents as d", "d.invoice_id", "i.id")
    .select(["i.id", "i.number", "i.total_ht", "i.total_ecotax", "i.total_vat", "i.total_ttc", "d.sha256"])
    .where("i.number", "=", request.number)
    .executeTakeFirst();
  if (!existing) return undefined;
  const same =
    existing.sha256 === pdf.sha256 &&
    Number(existing.total_ht) === request.total_ht &&
    Number(existing.total_ecotax) === request.total_ecotax &&
    Number(existing.total_vat) === request.total_vat &&
    Number(existing.total_ttc) === request.total_ttc;
  if (same) return { id: existing.id, number: existing.number, created: false };
  throw new ApiFailure(
    409,
    "invoice_number_taken",
    `Le numéro ${request.number} est déjà celui d'un autre document : une facture émise ne change pas, émettez un avoir ou un nouveau numéro.`,
    { issues: [{ path: "number", message: `Numéro ${request.number} déjà utilisé.` }] },
  );
}

export async function issueErpInvoice(db: Kysely<Database>, input: ErpIssueInput): Promise<ErpIssued> {
  const { request } = input;
  const { pdf, issues: pdfIssues } = decodePdf(request.pdf);
  if (pdfIssues.length > 0) throw invalid(pdfIssues);
  const again = await alreadyFiled(db, request, pdf);
  if (again) return again;
  // Portal mode: the portal invoices each shipment already; the ERP's credit notes are welcome.
  if (input.issuedBy === "portal" && request.kind === "facture") throw portalIssues(request.number);
  const issues = [...amountIssues(request), ...dateIssues(request, input.now)];
  if (issues.length > 0) throw invalid(issues);
  try {
    const id = await db.transaction().execute((trx) => insertErpInvoice(trx, input, pdf));
    return { id, number: request.number, created: true };
  } catch (error) {
    // Posted twice at once: the other delivery filed it first.
    if (!isUniqueViolation(error)) throw error;
    const filed = await alreadyFiled(db, request, pdf);
    if (!filed) throw error;
    return filed;
  }
}

async function insertErpInvoice(trx: Kysely<Database>, input: ErpIssueInput, pdf: ErpPdf): Promise<number> {
  const { request } = input;
  const order = await trx
    .selectFrom("orders as o")
    .innerJoin("organizations as g", "g.id", "o.org_id")
    .select(["o.id", "o.ref", "o.org_id", "o.cart_ref", "o.created_at", "o.inv_address", "o.dlv_address", "g.ref as org_ref"])
    .where("o.ref", "=", request.ord_ref)
    .executeTakeFirst();
  if (!order) throw unknownOrder(request.ord_ref);
  const customer = await trx
    .selectFrom("organizations")
    .select(["id", "payment_terms_days", "payment_terms_end_of_month"])
    .where("ref", "=", request.org_ref)
    .executeTakeFirst();
  if (!customer) throw unknownCustomer(request.org_ref);
  if (customer.id !== order.org_id) {
    throw invalid([
      { path: "org_ref", message: `La commande ${order.ref} est celle du client ${order.org_ref}, et non de ${request.org_ref}.` },
    ]);
  }
  const ordered = parisDate(order.created_at);
  if (request.issued_on < ordered) {
    throw invalid([{ path: "issued_on", message: `La date d'émission précède la commande ${order.ref} (${ordered}).` }]);
  }
  let creditsId: number | null = null;
  if (request.credits_number) {
    const credited = await trx
      .selectFrom("invoices")
      .select(["id", "kind", "order_id", "issued_on"])
      .where("number", "=", request.credits_number)
      .executeTakeFirst();
    const problem = !credited
      ? `La facture ${request.credits_number} est introuvable.`
      : credited.kind !== "facture"
        ? `${request.credits_number} est un avoir : un avoir crédite une facture.`
        : credited.order_id !== order.id
          ? `La facture ${request.credits_number} n'est pas celle de la commande ${order.ref}.`
          : credited.issued_on > request.issued_on
            ? `L'avoir ne peut précéder la facture ${request.credits_number} qu'il crédite (${credited.issued_on}).`
            : null;
    if (problem || !credited) throw invalid([{ path: "credits_number", message: problem ?? "" }]);
    creditsId = credited.id;
  }
  const [seller, buyer] = await Promise.all([loadSeller(trx), loadBuyer(trx, order.org_id, order.inv_address)]);
  const delivery = storedPostalAddress(order.dlv_address);
  const { id } = await trx
    .insertInto("invoices")
    .values({
      number: request.number,
      kind: request.kind,
      year: null,
      sequence: null,
      issued_by: "erp",
      org_id: order.org_id,
      order_id: order.id,
      shipment_id: null,
      credits_id: creditsId,
      reason: request.reason ?? null,
      issued_on: request.issued_on,
      sale_on: request.sale_on ?? request.issued_on,
      due_on: request.due_on,
      payment_terms:
        request.payment_terms ?? paymentTermsLabel({ days: customer.payment_terms_days, endOfMonth: customer.payment_terms_end_of_month }),
      order_ref: order.ref,
      customer_ref: order.cart_ref,
      total_ht: request.total_ht,
      total_ecotax: request.total_ecotax,
      total_vat: request.total_vat,
      total_ttc: request.total_ttc,
      vat: JSON.stringify(request.vat),
      // The ERP's PDF carries its own wording of an exemption: nothing is drawn from this row.
      vat_exemption: null,
      seller: JSON.stringify(seller),
      buyer: JSON.stringify(buyer),
      delivery_address: delivery && !sameAddress(delivery, buyer.address) ? JSON.stringify(delivery) : null,
      issued_at: input.now,
      author: input.author,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("invoice_lines")
    .values(
      request.lines.map((line, index) => {
        const listPrice = line.unit_list_price ?? line.unit_price;
        return {
          invoice_id: id,
          position: index + 1,
          obj_ref: line.obj_ref,
          title: line.title,
          qty: line.qty,
          unit_list_price: listPrice,
          discount_pct: line.discount_pct ?? discountPercent(listPrice, line.unit_price),
          unit_price: line.unit_price,
          unit_ecotax: line.unit_ecotax,
          line_total_ht: erpLineTotal(line),
          vat_rate: line.vat_rate,
          is_port: line.is_port,
        };
      }),
    )
    .execute();
  // The ERP's bytes, as sent: pdf-store.ts finds them and never draws this document.
  await trx.insertInto("invoice_documents").values({ invoice_id: id, pdf: pdf.bytes, sha256: pdf.sha256 }).execute();
  return id;
}
