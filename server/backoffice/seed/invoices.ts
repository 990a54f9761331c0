import { sql, type Kysely } from "kysely";
import { addDaysTo } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { issueCreditNote, issueShipmentInvoice } from "../invoices/issue";
import { loadSeller } from "../documents/parties";
import { DEMO_SERVICE_NAME } from "./organizations-data";
import { chunks } from "./prng";

/**
 * The demo's invoices (docs/invoices.md, « Demo data »): every shipment of the past orders
 * invoiced on its day, through the back-office's own issuing code, in the order they were
 * shipped (one continuous sequence); then payments, so that each organization shows invoices
 * « payée », « payée partiellement », « à payer » and « en retard »; and two credit notes per
 * organization for returned units, the older one used (« imputé »), the recent one
 * « à imputer ». PDFs are not rendered here: each is rendered and stored on its first download.
 * The invoices issued since the reform (1 September 2026) carry the statuses their plateforme
 * agréée would have reported (platformStatusesOf).
 */

export interface InvoicesPlan {
  /** The seed's date (France) and instant: no payment nor credit note after them. */
  today: string;
  now: Date;
}

/** A date at 8:00 in France (winter time is good enough for a seed's instant), never after `now`. */
const instantOn = (date: string, now: Date) => new Date(Math.min(new Date(`${date}T08:00:00+01:00`).getTime(), now.getTime()));
const minDate = (a: string, b: string) => (a < b ? a : b);

interface IssuedRow {
  id: number;
  number: string;
  org_id: number;
  issued_on: string;
  due_on: string;
  total_ttc: number;
}

interface PaymentRow {
  invoice_id: number;
  paid_on: string;
  amount: number;
  method: string;
  reference: string | null;
  recorded_at: Date;
  author: string;
}

const METHODS = ["virement", "virement", "LCR", "chèque", "prélèvement"] as const;

/**
 * What each invoice of an organization has been paid, by its rank among that organization's
 * invoices (oldest first): past due ones mostly paid, one in nine left unpaid and one in nine
 * partly paid (both « en retard »); not yet due ones a third paid early, a third partly paid.
 */
function paymentsOf(invoice: IssuedRow, rank: number, today: string, now: Date): PaymentRow[] {
  const payment = (amount: number, on: string): PaymentRow => ({
    invoice_id: invoice.id,
    paid_on: on,
    amount,
    method: METHODS[rank % METHODS.length] ?? "virement",
    reference: `REG-${invoice.number.slice(3)}`,
    recorded_at: instantOn(on, now),
    author: DEMO_SERVICE_NAME,
  });
  const partly = Math.max(1, Math.round(invoice.total_ttc * 0.4));
  if (invoice.total_ttc <= 0) return [];
  if (invoice.due_on < today) {
    if (rank % 9 === 4) return [];
    if (rank % 9 === 7) return [payment(partly, minDate(addDaysTo(invoice.issued_on, 10), today))];
    // Paid by the due date, a few days early now and then.
    const on = addDaysTo(invoice.due_on, -(rank % 4));
    return [payment(invoice.total_ttc, on < invoice.issued_on ? invoice.issued_on : minDate(on, today))];
  }
  if (rank % 3 === 0) return [payment(partly, minDate(addDaysTo(invoice.issued_on, 2), today))];
  if (rank % 3 === 1) return [payment(invoice.total_ttc, minDate(addDaysTo(invoice.issued_on, 1), today))];
  return [];
}

/** The day the French e-invoicing reform starts: invoices go through a plateforme agréée. */
const REFORM_START = "2026-09-01";
const DEMO_PLATFORM = "Plateforme Atlantique Facturation";

interface PlatformStatusRow {
  invoice_id: number;
  status: number;
  at: Date;
  message: string | null;
  platform: string | null;
  recorded_at: Date;
  author: string;
}

/**
 * What the platform reported for an invoice issued since the reform: deposited and made
 * available on its day, taken in charge the next, « encaissée » on the day it was paid in full
 * (recorded as a status only: its payment is in `payments` already); one in eleven of those
 * not paid « en litige ».
 */
function platformStatusesOf(invoice: IssuedRow, rank: number, payments: readonly PaymentRow[], now: Date): PlatformStatusRow[] {
  if (invoice.issued_on < REFORM_START) return [];
  const at = (date: string, minutes: number) => new Date(instantOn(date, now).getTime() + minutes * 60_000);
  const status = (code: number, when: Date, message: string | null = null): PlatformStatusRow => ({
    invoice_id: invoice.id,
    status: code,
    at: when,
    message,
    platform: DEMO_PLATFORM,
    recorded_at: when,
    author: DEMO_SERVICE_NAME,
  });
  const rows = [status(200, at(invoice.issued_on, 0)), status(203, at(invoice.issued_on, 20))];
  const next = at(addDaysTo(invoice.issued_on, 1), 60);
  if (next <= now) rows.push(status(204, next));
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  const last = payments.at(-1);
  if (last && paid >= invoice.total_ttc) rows.push(status(212, at(last.paid_on, 120)));
  else if (rank % 11 === 5 && next <= now)
    rows.push(status(207, at(addDaysTo(invoice.issued_on, 1), 90), "Quantité livrée contestée par le client."));
  return rows.filter((row) => row.at <= now);
}

export async function seedInvoices(trx: Kysely<Database>, plan: InvoicesPlan): Promise<void> {
  const seller = await loadSeller(trx);
  const shipments = await trx.selectFrom("shipments").select(["id", "shipped_at"]).orderBy("shipped_at").orderBy("id").execute();
  for (const shipment of shipments) {
    await issueShipmentInvoice(trx, { shipmentId: shipment.id, now: shipment.shipped_at, author: DEMO_SERVICE_NAME, seller });
  }

  const invoices = await trx
    .selectFrom("invoices")
    .select(["id", "number", "org_id", "issued_on", "due_on", "total_ttc"])
    .where("kind", "=", "facture")
    .orderBy("issued_on")
    .orderBy("number")
    .execute();
  const byOrg = new Map<number, IssuedRow[]>();
  for (const invoice of invoices) byOrg.set(invoice.org_id, [...(byOrg.get(invoice.org_id) ?? []), invoice]);
  const payments: PaymentRow[] = [];
  const statuses: PlatformStatusRow[] = [];
  for (const own of byOrg.values()) {
    own.forEach((invoice, rank) => {
      const paid = paymentsOf(invoice, rank, plan.today, plan.now);
      payments.push(...paid);
      statuses.push(...platformStatusesOf(invoice, rank, paid, plan.now));
    });
  }
  for (const batch of chunks(payments, 1000)) await trx.insertInto("invoice_payments").values(batch).execute();
  for (const batch of chunks(statuses, 1000)) await trx.insertInto("invoice_platform_statuses").values(batch).execute();

  // Two returns per organization: an old one already used, a recent one to use.
  const returns: { number: string; on: string; reason: string; used: boolean }[] = [];
  const withUnits = new Set(
    (await trx.selectFrom("invoice_lines").select("invoice_id").where("is_port", "=", false).where("qty", ">=", 2).execute()).map(
      (row) => row.invoice_id,
    ),
  );
  for (const own of byOrg.values()) {
    const candidates = own.filter((invoice) => withUnits.has(invoice.id));
    const oldest = candidates[0];
    const recent = candidates.filter((invoice) => invoice.issued_on <= addDaysTo(plan.today, -5)).at(-1);
    if (oldest)
      returns.push({
        number: oldest.number,
        on: addDaysTo(oldest.issued_on, 7),
        reason: "Retour : article endommagé au transport.",
        used: true,
      });
    if (recent && recent !== oldest) {
      returns.push({
        number: recent.number,
        on: minDate(addDaysTo(recent.issued_on, 3), plan.today),
        reason: "Retour : erreur de référence à la commande.",
        used: false,
      });
    }
  }
  returns.sort((a, b) => a.on.localeCompare(b.on) || a.number.localeCompare(b.number));
  const used: PaymentRow[] = [];
  for (const credit of returns) {
    const firstLine = await trx
      .selectFrom("invoice_lines as l")
      .innerJoin("invoices as i", "i.id", "l.invoice_id")
      .select("l.obj_ref")
      .where("i.number", "=", credit.number)
      .where("l.is_port", "=", false)
      .where("l.qty", ">=", 2)
      .orderBy("l.position")
      .limit(1)
      .executeTakeFirstOrThrow();
    const note = await issueCreditNote(trx, {
      number: credit.number,
      reason: credit.reason,
      lines: [{ obj_ref: firstLine.obj_ref, qty: 1 }],
      at: instantOn(credit.on, plan.now),
      author: DEMO_SERVICE_NAME,
    });
    if (credit.used) {
      const { total_ttc } = await trx.selectFrom("invoices").select("total_ttc").where("id", "=", note.id).executeTakeFirstOrThrow();
      const on = minDate(addDaysTo(credit.on, 20), plan.today);
      used.push({
        invoice_id: note.id,
        paid_on: on,
        amount: total_ttc,
        method: "compensation",
        reference: `IMP-${note.number.slice(3)}`,
        recorded_at: instantOn(on, plan.now),
        author: DEMO_SERVICE_NAME,
      });
    }
  }
  if (used.length > 0) await trx.insertInto("invoice_payments").values(used).execute();
}

/** The benchmark organization's invoices (docs/invoices.md): rows only, no PDF, in a few statements. */
export async function seedBenchInvoices(trx: Kysely<Database>, orgId: number, count: number, today: string): Promise<void> {
  // Numbered from 1 in date order: only on a set with no invoice yet (the benchmark's).
  if (await trx.selectFrom("invoices").select("id").limit(1).executeTakeFirst())
    throw new Error("seedBenchInvoices numbers from 1: the database already has invoices");
  const seller = await loadSeller(trx);
  const org = await trx
    .selectFrom("organizations")
    .select(["ref", "name", "zipcode", "city", "country", "siren", "vat_number", "cat_compta"])
    .where("id", "=", orgId)
    .executeTakeFirstOrThrow();
  const buyer = {
    ref: org.ref,
    name: org.name,
    address: { name: org.name, street: "1 quai de la Douane", street2: null, zipcode: org.zipcode, city: org.city, country: org.country },
    siren: org.siren,
    vat_number: org.vat_number,
  };
  // Spread over the last 730 days, oldest first, numbered per year in date order.
  await sql`
    with orders_of as (
      select id, ref, cart_ref, row_number() over (order by id) - 1 as rank
      from orders where org_id = ${orgId}
    ),
    order_count as (select greatest(count(*), 1) as n from orders where org_id = ${orgId}),
    numbered as (
      select g as k,
             (${today}::date - (730 - (g * 730) / ${count})::int) as issued_on
      from generate_series(0, ${count} - 1) g
    ),
    sequenced as (
      select k, issued_on, extract(year from issued_on)::int as year,
             row_number() over (partition by extract(year from issued_on) order by k) as seq
      from numbered
    )
    insert into invoices (number, kind, year, sequence, org_id, order_id, shipment_id, credits_id, reason, issued_on, sale_on, due_on,
                          payment_terms, order_ref, customer_ref, total_ht, total_ecotax, total_vat, total_ttc, vat, vat_exemption,
                          seller, buyer, delivery_address, issued_at, author)
    select 'FA-' || s.year || '-' || lpad(s.seq::text, 6, '0'), 'facture', s.year, s.seq, ${orgId}, o.id, null, null, null,
           s.issued_on, s.issued_on, s.issued_on + 30, '30 jours', o.ref, o.cart_ref,
           10000 + (s.k % 50) * 1000, 0, (10000 + (s.k % 50) * 1000) / 5, (10000 + (s.k % 50) * 1000) * 6 / 5,
           jsonb_build_array(jsonb_build_object('rate', 20, 'base_ht', 10000 + (s.k % 50) * 1000, 'vat', (10000 + (s.k % 50) * 1000) / 5)), null,
           ${JSON.stringify(seller)}::jsonb, ${JSON.stringify(buyer)}::jsonb, null, (s.issued_on + time '11:00') at time zone 'Europe/Paris', 'Benchmark'
    from sequenced s cross join order_count c join orders_of o on o.rank = s.k % c.n
    order by s.k`.execute(trx);
  await sql`
    insert into invoice_lines (invoice_id, position, obj_ref, title, qty, unit_list_price, discount_pct, unit_price, unit_ecotax, line_total_ht, vat_rate, is_port)
    select i.id, 1, 'BENCH-' || (i.sequence % 100), 'Article de test', 1, i.total_ht, 0, i.total_ht, 0, i.total_ht, 20, false
    from invoices i where i.org_id = ${orgId} and i.author = 'Benchmark'`.execute(trx);
  // Paid except the last 60 days' one in two and one in fifteen of the older (overdue).
  await sql`
    insert into invoice_payments (invoice_id, paid_on, amount, method, reference, recorded_at, author)
    select i.id, least(i.due_on, ${today}::date), i.total_ttc, 'virement', null, (least(i.due_on, ${today}::date) + time '11:00') at time zone 'Europe/Paris', 'Benchmark'
    from invoices i
    where i.org_id = ${orgId} and i.author = 'Benchmark'
      and case when i.issued_on > ${today}::date - 60 then i.sequence % 2 = 0 else i.sequence % 15 <> 0 end`.execute(trx);
  // The sequences go on from the bulk's last numbers.
  await sql`
    insert into invoice_sequences (kind, year, last)
    select 'facture', year, max(sequence) from invoices where kind = 'facture' group by year
    on conflict (kind, year) do update set last = greatest(invoice_sequences.last, excluded.last)`.execute(trx);
}
