import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STATUSES, serviceInvoiceListResponse } from "@shared/contracts/invoices";
import { frenchVatNumber, luhnValid } from "@shared/domain/index";
import { DEMO_LEGAL } from "../../../server/backoffice/db/migrations/0011_invoices";
import { DISTRIBUTOR_LEGAL, NAMED_CLIENTS, NAMED_LEGAL } from "../../../server/backoffice/seed/organizations-data";
import { ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "./harness";
import { invoiceList } from "./invoices-fixtures";
import { erp } from "./orders-fixtures";

/**
 * What docs/invoices.md promises of the demo's invoices, on the full data set (`npm start`'s):
 * every shipment invoiced in one gapless, chronological sequence, every status shown to
 * Voilerie Atlantique, credit notes, the parties' legal data.
 */
describe.each(ENGINES)("the demo's invoices (full seed) on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine, { size: "full" });
  }, 180_000);
  afterAll(async () => {
    await bo.close();
  });

  it("invoices every shipment once, numbered per year without a gap in the order of their dates", async () => {
    const { rows: [counts] = [] } = await sql<{ shipments: number; invoiced: number }>`
      select (select count(*)::int from shipments) as shipments,
             (select count(distinct shipment_id)::int from invoices where kind = 'facture') as invoiced`.execute(bo.db);
    expect(counts?.shipments).toBeGreaterThan(200);
    expect(counts?.invoiced).toBe(counts?.shipments);
    const rows = await bo.db
      .selectFrom("invoices")
      .select(["kind", "year", "sequence", "issued_on", "number"])
      .orderBy("kind")
      .orderBy("year")
      .orderBy("sequence")
      .execute();
    const groups = new Map<string, typeof rows>();
    for (const row of rows) groups.set(`${row.kind}-${row.year}`, [...(groups.get(`${row.kind}-${row.year}`) ?? []), row]);
    for (const [key, group] of groups) {
      expect(
        group.map((row) => row.sequence),
        key,
      ).toEqual(group.map((_, index) => index + 1));
      expect(
        group.map((row) => row.issued_on),
        key,
      ).toEqual(group.map((row) => row.issued_on).sort());
      expect(group.every((row) => row.number.slice(3, 7) === String(row.year))).toBe(true);
    }
  });

  it("keeps the open balances in step with the invoices and their payments", async () => {
    const { rows } = await sql<{ wrong: number; open: number }>`
      with paid as (select invoice_id, sum(amount) as paid from invoice_payments group by invoice_id)
      select count(*) filter (where (o.invoice_id is null) <> (i.total_ttc <= coalesce(p.paid, 0))
                                 or (o.invoice_id is not null and o.paid <> coalesce(p.paid, 0)))::int as wrong,
             count(o.invoice_id)::int as open
      from invoices i left join paid p on p.invoice_id = i.id left join invoice_open_balances o on o.invoice_id = i.id`.execute(bo.db);
    expect(rows[0]?.wrong).toBe(0);
    expect(rows[0]?.open).toBeGreaterThan(0);
  });

  it("shows Voilerie Atlantique invoices and credit notes in every status, and its account's position", async () => {
    const client = await login(bo, LOGINS.client);
    const all = await invoiceList(bo, client, "&size=100");
    expect(new Set(all.items.map((item) => item.status))).toEqual(new Set(INVOICE_STATUSES));
    for (const status of INVOICE_STATUSES) {
      expect((await invoiceList(bo, client, `&status=${encodeURIComponent(status)}`)).total, status).toBeGreaterThan(0);
    }
    expect(all.summary.overdue_count).toBeGreaterThan(0);
    expect(all.summary.outstanding).toBeGreaterThan(all.summary.overdue);
    const late = all.items.find((item) => item.status === "en retard");
    expect(late?.days_overdue).toBeGreaterThan(0);
  });

  it("gives every demo organization invoices and at least one credit note, with the exempt accounts' invoices at 0 % VAT", async () => {
    for (const seed of NAMED_CLIENTS) {
      const list = serviceInvoiceListResponse.parse((await erp(bo, `/invoices?org=${seed.ref}&size=100`)).body);
      expect(list.total, seed.ref).toBeGreaterThan(5);
      expect(
        list.items.some((item) => item.kind === "avoir"),
        seed.ref,
      ).toBe(true);
      const exempt = ["Ventes CEE", "Ventes export", "Ventes en suspension de taxe"].includes(seed.catCompta ?? "");
      expect(
        list.items.every((item) => (item.total_vat === 0) === exempt || item.total_ttc === 0),
        seed.ref,
      ).toBe(true);
    }
  });

  it("makes an invoice of a demo order shipped in one go add up to the order", async () => {
    const { rows } = await sql<{
      total_ttc: number;
      total_tva: number;
      total_ecotaxe: number;
      total_ht: number;
      i_ttc: number;
      i_vat: number;
      i_ecotax: number;
      i_ht: number;
    }>`
      select o.total_ttc, o.total_tva, o.total_ecotaxe, o.total_ht, i.total_ttc as i_ttc, i.total_vat as i_vat, i.total_ecotax as i_ecotax, i.total_ht as i_ht
      from orders o join invoices i on i.order_id = o.id and i.kind = 'facture'
      where (select count(*) from shipments s where s.order_id = o.id) = 1
        and not exists (select 1 from order_lines l where l.order_id = o.id and l.cancelled_qty > 0)
        and o.status in ('expédiée', 'livrée')`.execute(bo.db);
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      expect([row.i_ttc, row.i_vat, row.i_ecotax, row.i_ht]).toEqual([
        row.total_ttc,
        row.total_tva,
        row.total_ecotaxe,
        row.total_ht + row.total_ecotaxe,
      ]);
    }
  });

  it("names the seller and buyers with their legal data: valid SIREN and SIRET keys, the VAT numbers they give", async () => {
    const orgs = await bo.db
      .selectFrom("organizations")
      .select(["ref", "siren", "siret", "vat_number", "legal_form", "share_capital", "rcs", "iban", "street"])
      .execute();
    const distributor = orgs.find((org) => org.ref === "D0001");
    expect(distributor).toMatchObject({
      legal_form: "SAS",
      share_capital: 25_000_000,
      rcs: "RCS Lorient 812 345 676",
      street: "12 quai des Indes",
    });
    for (const org of orgs.filter((candidate) => candidate.siren !== null)) {
      expect(luhnValid(org.siren ?? ""), org.ref).toBe(true);
      expect(luhnValid(org.siret ?? ""), org.ref).toBe(true);
      expect(org.siret?.startsWith(org.siren ?? "-"), org.ref).toBe(true);
      expect(org.vat_number, org.ref).toBe(frenchVatNumber(org.siren ?? ""));
    }
    expect(orgs.find((org) => org.ref === "C0004")?.vat_number).toMatch(/^BE0\d{9}$/);
    // The migration gives a database seeded before it the same legal data as a fresh seed.
    for (const row of DEMO_LEGAL) {
      const seeded = row.ref === "D0001" ? DISTRIBUTOR_LEGAL : NAMED_LEGAL[row.ref];
      expect(seeded, row.ref).toMatchObject({
        legal_form: row.legal_form,
        share_capital: row.share_capital,
        siren: row.siren,
        siret: row.siret,
        vat_number: row.vat_number,
        rcs: row.rcs,
        payment_terms_days: row.days,
        payment_terms_end_of_month: row.end_of_month,
      });
    }
    const invoice = await bo.db
      .selectFrom("invoices")
      .select(["seller", "buyer"])
      .where("kind", "=", "facture")
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(invoice.seller).toMatchObject({
      name: "NautiDistrib",
      siren: "812345676",
      siret: "81234567600017",
      vat_number: "FR19812345676",
      address: { city: "Lorient", zipcode: "56100" },
    });
    expect(invoice.buyer).toMatchObject({ address: { street: expect.any(String), city: expect.any(String) } });
  });
});
