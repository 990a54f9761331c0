import { sql, type Kysely } from "kysely";
import type { InvoiceKind } from "@shared/contracts/invoices";
import {
  DEFAULT_LDD,
  discountPercent,
  dueDate,
  invoiceNumberOf,
  invoiceTotals,
  normalizeReference,
  parisDate,
  paymentTermsLabel,
  vatExemptionOf,
  vatPercentOf,
} from "@shared/domain/index";
import { restockingFees } from "@shared/domain/returns";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { loadBuyer, loadSeller, sameAddress, storedPostalAddress, type PostalAddress, type SellerParty } from "../documents/parties";

/**
 * Issuing invoices and credit notes (docs/invoices.md), always inside the caller's
 * transaction: the number is taken from the sequence row of its kind and year, which that
 * transaction then holds locked until it ends, so concurrent issuers queue there and a rollback
 * gives the number back: one continuous sequence, no gap, in the order of issue.
 */

/** The reference printed on the direct-delivery fee's line (it has no order line of its own). */
export const LDD_REF = "LDD";
/** The reference of a return's restocking fee on its credit note (decision 0204). */
export const RESTOCKING_FEE_REF = "FRAIS-RETOUR";

export interface NewLine {
  obj_ref: string;
  title: string;
  qty: number;
  unit_list_price: number;
  discount_pct: number;
  unit_price: number;
  unit_ecotax: number;
  vat_rate: number;
  is_port: boolean;
  /** The quote whose price the order line had (docs/quotes.md). */
  quote_number?: string | null;
}

const lineTotal = (line: NewLine) => line.qty * (line.unit_price + line.unit_ecotax);

const chronology = (number: string, last: string) =>
  new ApiFailure(
    409,
    "invoice_chronology",
    `La date d'émission précède celle du dernier document émis (${last}) : la numérotation doit rester chronologique (${number} refusé).`,
  );

/**
 * The next number of `kind` for the year of `issuedOn`: `insert … on conflict do update …
 * returning` locks the sequence row until the transaction ends. A date before the last
 * document of the same sequence is refused: numbers follow the dates.
 */
export async function takeNumber(
  trx: Kysely<Database>,
  kind: InvoiceKind,
  issuedOn: string,
): Promise<{ number: string; year: number; sequence: number }> {
  const year = Number(issuedOn.slice(0, 4));
  const row = await trx
    .insertInto("invoice_sequences")
    .values({ kind, year, last: 1 })
    .onConflict((oc) => oc.columns(["kind", "year"]).doUpdateSet({ last: sql<number>`invoice_sequences.last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  const number = invoiceNumberOf(kind, year, row.last);
  // Numbers follow the dates: the previous number's date is the latest (the unique index finds it).
  const previous = await trx
    .selectFrom("invoices")
    .select("issued_on")
    .where("kind", "=", kind)
    .where("year", "=", year)
    .where("sequence", "=", row.last - 1)
    .executeTakeFirst();
  if (previous && previous.issued_on > issuedOn) throw chronology(number, previous.issued_on);
  return { number, year, sequence: row.last };
}

interface NewInvoice {
  kind: InvoiceKind;
  orgId: number;
  orderId: number;
  shipmentId: number | null;
  creditsId: number | null;
  reason: string | null;
  issuedOn: string;
  saleOn: string;
  dueOn: string;
  paymentTerms: string;
  orderRef: string;
  customerRef: string;
  vatExemption: string | null;
  seller: SellerParty;
  buyer: unknown;
  deliveryAddress: PostalAddress | null;
  issuedAt: Date;
  author: string;
  lines: NewLine[];
  /** The return a credit note settles (docs/returns.md). */
  returnId?: number | null;
}

async function insertInvoice(trx: Kysely<Database>, invoice: NewInvoice): Promise<{ id: number; number: string }> {
  const { number, year, sequence } = await takeNumber(trx, invoice.kind, invoice.issuedOn);
  const totals = invoiceTotals(invoice.lines.map((line) => ({ ...line, line_total_ht: lineTotal(line) })));
  const { id } = await trx
    .insertInto("invoices")
    .values({
      number,
      kind: invoice.kind,
      year,
      sequence,
      org_id: invoice.orgId,
      order_id: invoice.orderId,
      shipment_id: invoice.shipmentId,
      credits_id: invoice.creditsId,
      reason: invoice.reason,
      issued_on: invoice.issuedOn,
      sale_on: invoice.saleOn,
      due_on: invoice.dueOn,
      payment_terms: invoice.paymentTerms,
      order_ref: invoice.orderRef,
      customer_ref: invoice.customerRef,
      total_ht: totals.total_ht,
      total_ecotax: totals.total_ecotax,
      total_vat: totals.total_vat,
      total_ttc: totals.total_ttc,
      vat: JSON.stringify(totals.vat),
      vat_exemption: invoice.vatExemption,
      seller: JSON.stringify(invoice.seller),
      buyer: JSON.stringify(invoice.buyer),
      delivery_address: invoice.deliveryAddress ? JSON.stringify(invoice.deliveryAddress) : null,
      issued_at: invoice.issuedAt,
      author: invoice.author,
      return_id: invoice.returnId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("invoice_lines")
    .values(invoice.lines.map((line, index) => ({ invoice_id: id, position: index + 1, ...line, line_total_ht: lineTotal(line) })))
    .execute();
  return { id, number };
}

export interface ShipmentInvoiceInput {
  shipmentId: number;
  /** When it is issued: its date (France) is the invoice's date. */
  now: Date;
  author: string;
  /** The seller, when the caller issues many (the demo seed); otherwise read. */
  seller?: SellerParty;
}

/**
 * Issues the invoice of a shipment, in the caller's transaction: its product lines at the
 * order line's net unit price with their ecotax, and on the order's first invoice its shipping
 * lines and the direct-delivery fee. VAT at 20 %, or none for an exempt account (which pays no
 * ecotax either, like the order's totals: shared/domain/totals.ts). Returns the invoice's id.
 */
export async function issueShipmentInvoice(trx: Kysely<Database>, input: ShipmentInvoiceInput): Promise<{ id: number; number: string }> {
  const shipment = await trx
    .selectFrom("shipments as s")
    .innerJoin("orders as o", "o.id", "s.order_id")
    .innerJoin("organizations as g", "g.id", "o.org_id")
    .select([
      "s.id",
      "s.order_id",
      "s.shipped_at",
      "o.ref",
      "o.org_id",
      "o.cart_ref",
      "o.inv_address",
      "o.dlv_address",
      "o.ldd_active",
      "o.total_ht",
      "g.cat_compta",
      "g.payment_terms_days",
      "g.payment_terms_end_of_month",
    ])
    .where("s.id", "=", input.shipmentId)
    .executeTakeFirstOrThrow();
  const [sent, orderLines, earlier] = await Promise.all([
    trx
      .selectFrom("shipment_lines as sl")
      .innerJoin("order_lines as l", (join) => join.onRef("l.order_id", "=", "sl.order_id").onRef("l.position", "=", "sl.position"))
      .innerJoin("products as p", "p.id", "l.product_id")
      .select(["l.position", "l.ref", "l.title", "l.unit_price", "l.ecotaxe", "l.quote_number", "p.price_selling", "sl.qty"])
      .where("sl.shipment_id", "=", shipment.id)
      .orderBy("l.position")
      .execute(),
    trx
      .selectFrom("order_lines")
      .select(["position", "ref", "title", "qty", "unit_price", "line_total_ht", "is_port"])
      .where("order_id", "=", shipment.order_id)
      .orderBy("position")
      .execute(),
    trx
      .selectFrom("invoices")
      .select("id")
      .where("order_id", "=", shipment.order_id)
      .where("kind", "=", "facture")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const rate = vatPercentOf(shipment.cat_compta);
  const exempt = rate === 0;
  const lines: NewLine[] = sent.map((line) => ({
    obj_ref: line.ref,
    title: line.title,
    qty: line.qty,
    unit_list_price: Math.max(line.price_selling, line.unit_price),
    discount_pct: discountPercent(line.price_selling, line.unit_price),
    unit_price: line.unit_price,
    unit_ecotax: exempt ? 0 : Math.max(0, line.ecotaxe),
    vat_rate: rate,
    is_port: false,
    quote_number: line.quote_number,
  }));
  if (!earlier) {
    // The order's charges go on its first invoice: its shipping lines, then the direct-delivery fee.
    for (const line of orderLines.filter((candidate) => candidate.is_port && candidate.qty > 0)) {
      lines.push({
        obj_ref: line.ref,
        title: line.title,
        qty: line.qty,
        unit_list_price: line.unit_price,
        discount_pct: 0,
        unit_price: line.unit_price,
        unit_ecotax: 0,
        vat_rate: rate,
        is_port: true,
      });
    }
    const lddFee = shipment.total_ht - orderLines.reduce((sum, line) => sum + line.line_total_ht, 0);
    if (shipment.ldd_active && lddFee > 0) {
      const lddRate = exempt ? 0 : Math.round(DEFAULT_LDD.tva * 100);
      lines.push({
        obj_ref: LDD_REF,
        title: "Livraison directe",
        qty: 1,
        unit_list_price: lddFee,
        discount_pct: 0,
        unit_price: lddFee,
        unit_ecotax: 0,
        vat_rate: lddRate,
        is_port: true,
      });
    }
  }
  if (lines.length === 0) throw new Error(`shipment ${shipment.id} has no line to invoice`);

  const issuedOn = parisDate(input.now);
  const terms = { days: shipment.payment_terms_days, endOfMonth: shipment.payment_terms_end_of_month };
  const [seller, buyer] = await Promise.all([input.seller ?? loadSeller(trx), loadBuyer(trx, shipment.org_id, shipment.inv_address)]);
  const delivery = storedPostalAddress(shipment.dlv_address);
  return insertInvoice(trx, {
    kind: "facture",
    orgId: shipment.org_id,
    orderId: shipment.order_id,
    shipmentId: shipment.id,
    creditsId: null,
    reason: null,
    issuedOn,
    saleOn: parisDate(shipment.shipped_at),
    dueOn: dueDate(issuedOn, terms),
    paymentTerms: paymentTermsLabel(terms),
    orderRef: shipment.ref,
    customerRef: shipment.cart_ref,
    vatExemption: vatExemptionOf(shipment.cat_compta),
    seller,
    buyer,
    deliveryAddress: delivery && !sameAddress(delivery, buyer.address) ? delivery : null,
    issuedAt: input.now,
    author: input.author,
    lines,
  });
}

export interface CreditNoteInput {
  /** The invoice credited (FA-…), upper-cased. */
  number: string;
  reason: string;
  /** What is credited; absent: everything not credited yet. */
  lines?: readonly { obj_ref: string; qty: number }[];
  /** The credit note's instant (its date, France, is its date of issue). */
  at: Date;
  author: string;
  /** The return it settles: written on the credit note (invoices.return_id). */
  returnId?: number;
  /**
   * A return's restocking fee: `percent` of the credited products' net amount, ecotax apart,
   * one negative line per VAT rate titled `label` (decision 0204).
   */
  fee?: { percent: number; label: string };
}

export const unknownInvoice = (number: string): ApiFailure => new ApiFailure(404, "unknown_invoice", `Facture ${number} introuvable.`);

const refusal = (message: string, issues: { path: string; message: string }[] = []) =>
  new ApiFailure(422, "invalid_credit_note", message, { issues });

/**
 * Issues a credit note (« avoir ») against an invoice, for quantities invoiced then cancelled
 * or returned: never more of a line than was invoiced less what earlier credit notes took back.
 * Same prices, ecotax and VAT as the invoice's lines. Returns the credit note's id and number.
 */
export async function issueCreditNote(trx: Kysely<Database>, input: CreditNoteInput): Promise<{ id: number; number: string }> {
  const invoice = await trx.selectFrom("invoices").selectAll().where("number", "=", input.number).forUpdate().executeTakeFirst();
  if (!invoice) throw unknownInvoice(input.number);
  if (invoice.kind !== "facture") throw refusal(`${input.number} est un avoir : un avoir se fait sur une facture.`);
  const [invoiced, credited] = await Promise.all([
    trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", invoice.id).orderBy("position").execute(),
    trx
      .selectFrom("invoice_lines as l")
      .innerJoin("invoices as c", "c.id", "l.invoice_id")
      .select(["l.obj_ref", sql<number>`sum(l.qty)::int`.as("qty")])
      .where("c.credits_id", "=", invoice.id)
      .groupBy("l.obj_ref")
      .execute(),
  ]);
  // What remains creditable per reference (an invoice has one line per reference).
  const left = new Map(invoiced.map((line) => [normalizeReference(line.obj_ref), { line, qty: line.qty }]));
  for (const row of credited) {
    const entry = left.get(normalizeReference(row.obj_ref));
    if (entry) entry.qty -= Number(row.qty);
  }
  const wanted = input.lines
    ? input.lines.map((line, index) => ({ ref: normalizeReference(line.obj_ref), raw: line.obj_ref, qty: line.qty, index }))
    : [...left.entries()]
        .filter(([, entry]) => entry.qty > 0)
        .map(([ref, entry], index) => ({ ref, raw: entry.line.obj_ref, qty: entry.qty, index }));
  if (wanted.length === 0) throw refusal(`Tout ce que la facture ${input.number} porte a déjà été crédité.`);
  const issues: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const item of wanted) {
    const entry = left.get(item.ref);
    if (!entry) {
      issues.push({ path: `lines.${item.index}`, message: `${item.raw} ne figure pas sur la facture ${input.number}.` });
    } else if (seen.has(item.ref)) {
      issues.push({ path: `lines.${item.index}`, message: `${item.raw} est demandé deux fois.` });
    } else if (item.qty > entry.qty) {
      issues.push({
        path: `lines.${item.index}`,
        message: `Quantité trop élevée pour ${entry.line.obj_ref} : facturé ${entry.line.qty}, déjà crédité ${entry.line.qty - entry.qty} ; il reste ${entry.qty} à créditer.`,
      });
    }
    seen.add(item.ref);
  }
  if (issues.length > 0) throw refusal(issues.map((issue) => issue.message).join(" "), issues);

  const lines: NewLine[] = wanted.flatMap((item) => {
    const entry = left.get(item.ref);
    if (!entry) return [];
    const { line } = entry;
    return [
      {
        obj_ref: line.obj_ref,
        title: line.title,
        qty: item.qty,
        unit_list_price: line.unit_list_price,
        discount_pct: Number(line.discount_pct),
        unit_price: line.unit_price,
        unit_ecotax: line.unit_ecotax,
        vat_rate: Number(line.vat_rate),
        is_port: line.is_port,
      },
    ];
  });
  if (input.fee) lines.push(...feeLines(lines, input.fee));
  const issuedOn = parisDate(input.at);
  if (issuedOn < invoice.issued_on) throw refusal(`La date de l'avoir précède celle de la facture ${input.number} (${invoice.issued_on}).`);
  return insertInvoice(trx, {
    kind: "avoir",
    orgId: invoice.org_id,
    orderId: invoice.order_id,
    shipmentId: null,
    creditsId: invoice.id,
    reason: input.reason,
    issuedOn,
    saleOn: invoice.issued_on,
    // A credit note is owed to the customer at once: it is used on the next payment or refunded.
    dueOn: issuedOn,
    paymentTerms: invoice.payment_terms,
    orderRef: invoice.order_ref,
    customerRef: invoice.customer_ref,
    vatExemption: invoice.vat_exemption,
    seller: invoice.seller as SellerParty,
    buyer: invoice.buyer,
    deliveryAddress: (invoice.delivery_address as PostalAddress | null) ?? null,
    issuedAt: input.at,
    author: input.author,
    lines,
    returnId: input.returnId ?? null,
  });
}

/**
 * The restocking fee's lines: per VAT rate of the credited products, one line of quantity 1 at
 * minus the fee (restockingFees, shared/domain/returns.ts), so that the credit note's base and
 * VAT at each rate are the products' less the fee's. Shipping lines bear no fee; the ecotax is
 * refunded whole.
 */
function feeLines(credited: readonly NewLine[], fee: { percent: number; label: string }): NewLine[] {
  const bases = credited.filter((line) => !line.is_port).map((line) => ({ vat_rate: line.vat_rate, net_ht: line.qty * line.unit_price }));
  return restockingFees(bases, fee.percent).map((entry) => ({
    obj_ref: RESTOCKING_FEE_REF,
    title: fee.label,
    qty: 1,
    unit_list_price: -entry.fee,
    discount_pct: 0,
    unit_price: -entry.fee,
    unit_ecotax: 0,
    vat_rate: entry.vat_rate,
    is_port: false,
  }));
}
