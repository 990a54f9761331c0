import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { SessionResponse } from "@shared/contracts/api";
import { invoiceDetail, type InvoiceDetail } from "@shared/contracts/invoices";
import { DEMO_TODAY, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "./harness";
import { erp } from "./orders-fixtures";
import { invoiceList, invoiceOf, shippedOrder, stockedProducts } from "./invoices-fixtures";

/**
 * The plateforme agréée's statuses (docs/invoices.md, decision 0185): passed on by the
 * distributor's systems, recorded once per status and instant, refused in French when unknown
 * or in the future, read back as the latest status and the history; « encaissée » settles the
 * invoice, which then reads « payée » in the list, its filter and the account's position.
 */
describe.each(ENGINES)("platform statuses on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let products: { id: number; ref: string }[];
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    buyer = await login(bo, LOGINS.buyer);
    products = await stockedProducts(bo, 2);
  });
  afterAll(async () => {
    await bo.close();
  });

  const freshInvoice = async (key: string): Promise<InvoiceDetail> => {
    const placed = await shippedOrder(bo, buyer, [[products[0]!, 2]], key);
    const list = await invoiceList(bo, buyer, `&ord_id=${placed.ord_id}`);
    return invoiceOf(bo, buyer, list.items[0]!.inv_id);
  };
  const post = (number: string, body: unknown) => erp(bo, `/invoices/${number}/statuses`, body);

  it("records a status by code or by label, once per status and instant, and answers the invoice with its history", async () => {
    const invoice = await freshInvoice("platform-history");
    const deposited = await post(invoice.number, { status: 200, at: `${DEMO_TODAY}T07:00:00+01:00`, platform: "Plateforme Atlantique" });
    expect(deposited.status).toBe(201);
    const first = invoiceDetail.parse(deposited.body);
    expect(first.platform_status).toEqual({ code: 200, label: "déposée", at: `${DEMO_TODAY}T06:00:00.000Z` });

    // A dispute, by its label, then the same deposit sent again (another offset, the same instant).
    const disputed = await post(invoice.number, { status: "En litige", at: `${DEMO_TODAY}T07:30:00Z`, message: "Quantité contestée" });
    expect(disputed.status).toBe(201);
    expect((await post(invoice.number, { status: "200", at: `${DEMO_TODAY}T06:00:00Z` })).status).toBe(201);

    const read = await invoiceOf(bo, buyer, invoice.inv_id);
    expect(read.platform_statuses.map((entry) => [entry.code, entry.label, entry.message, entry.platform])).toEqual([
      [200, "déposée", null, "Plateforme Atlantique"],
      [207, "en litige", "Quantité contestée", null],
    ]);
    expect(read.platform_statuses[1]).toMatchObject({ author: "Entrepôt NautiDistrib", recorded_at: expect.any(String) });
    expect(read.platform_status).toMatchObject({ code: 207, label: "en litige" });
    expect(read.status).toBe("à payer");
    const listed = await invoiceList(bo, buyer, `&ord_id=${invoice.ord_id}`);
    expect(listed.items[0]?.platform_status).toMatchObject({ code: 207, label: "en litige" });
    // Only ever added to: the database refuses to change or remove one.
    await expect(sql`update invoice_platform_statuses set status = 210`.execute(bo.db)).rejects.toThrow(/ni modifiée ni supprimée/);
    await expect(sql`delete from invoice_platform_statuses`.execute(bo.db)).rejects.toThrow(/ni modifiée ni supprimée/);
  });

  it("refuses in French an unknown status, an instant in the future or before the invoice, and an unknown invoice; records nothing", async () => {
    const invoice = await freshInvoice("platform-refusals");
    const unknown = await post(invoice.number, { status: "payée", at: `${DEMO_TODAY}T09:00:00Z` });
    expect(unknown).toMatchObject({ status: 422, body: { code: "invalid_platform_status" } });
    expect(String(unknown.body.message)).toMatch(/^Statut de plateforme inconnu : « payée »\. Statuts possibles : 200 « déposée »/);
    expect(await post(invoice.number, { status: 299, at: `${DEMO_TODAY}T09:00:00Z` })).toMatchObject({ status: 422 });
    expect(await post(invoice.number, { status: 212, at: "2026-11-21T12:00:00Z" })).toMatchObject({
      status: 422,
      body: { message: "L'instant du statut est dans le futur." },
    });
    expect(await post(invoice.number, { status: 212, at: "2026-01-02T12:00:00Z" })).toMatchObject({
      status: 422,
      body: { message: expect.stringContaining(`précède la date de la facture ${invoice.number}`) },
    });
    expect(await post(invoice.number, { status: 212, at: DEMO_TODAY })).toMatchObject({ status: 400 });
    expect(await post(invoice.number, { status: 212, at: `${DEMO_TODAY}T09:00:00Z`, extra: 1 })).toMatchObject({ status: 400 });
    expect(await post("FA-2020-999999", { status: 212, at: `${DEMO_TODAY}T09:00:00Z` })).toMatchObject({
      status: 404,
      body: { code: "unknown_invoice" },
    });
    const read = await invoiceOf(bo, buyer, invoice.inv_id);
    expect(read).toMatchObject({ platform_status: null, platform_statuses: [], paid: 0 });
  });

  it("settles the invoice on « encaissée »: « payée » in the detail, the list, its filter and the account's position", async () => {
    const invoice = await freshInvoice("platform-collected");
    const part = Math.floor(invoice.total_ttc / 4);
    expect((await erp(bo, `/invoices/${invoice.number}/payments`, { amount: part, paid_on: DEMO_TODAY, method: "virement" })).status).toBe(
      201,
    );
    const before = await invoiceList(bo, buyer, "&size=1");

    const collected = await post(invoice.number, { status: 212, at: `${DEMO_TODAY}T08:00:00+01:00`, platform: "Plateforme Atlantique" });
    expect(collected.status).toBe(201);
    const settled = invoiceDetail.parse(collected.body);
    expect(settled).toMatchObject({
      status: "payée",
      paid: invoice.total_ttc,
      remaining: 0,
      platform_status: { code: 212, label: "encaissée" },
    });
    expect(settled.payments.at(-1)).toMatchObject({
      paid_on: DEMO_TODAY,
      amount: invoice.total_ttc - part,
      method: "encaissement déclaré",
      reference: "Plateforme Atlantique",
    });
    const after = await invoiceList(bo, buyer, "&size=1");
    expect(after.summary.outstanding).toBe(before.summary.outstanding - (invoice.total_ttc - part));
    expect(after.summary.open_count).toBe(before.summary.open_count - 1);
    const paid = await invoiceList(bo, buyer, `&ord_id=${invoice.ord_id}&status=pay%C3%A9e`);
    expect(paid.items.map((item) => item.inv_id)).toEqual([invoice.inv_id]);

    // Sent again (the same instant), or collected again later: no second payment, one status more.
    expect((await post(invoice.number, { status: "encaissée", at: `${DEMO_TODAY}T07:00:00Z` })).status).toBe(201);
    expect((await post(invoice.number, { status: 212, at: `${DEMO_TODAY}T08:30:00Z` })).status).toBe(201);
    const read = await invoiceOf(bo, buyer, invoice.inv_id);
    expect(read.payments).toHaveLength(2);
    expect(read.platform_statuses.map((entry) => entry.at)).toEqual([`${DEMO_TODAY}T07:00:00.000Z`, `${DEMO_TODAY}T08:30:00.000Z`]);
    expect(read.remaining).toBe(0);

    // Past the due date, it is not late: nothing remains.
    bo.setNow(new Date("2027-02-01T10:00:00+01:00"));
    try {
      const later = await login(bo, LOGINS.buyer);
      expect((await invoiceOf(bo, later, invoice.inv_id)).status).toBe("payée");
      const late = await invoiceList(bo, later, "&status=en%20retard&size=100");
      expect(late.items.map((item) => item.inv_id)).not.toContain(invoice.inv_id);
    } finally {
      bo.setNow(new Date(`${DEMO_TODAY}T10:00:00+01:00`));
      buyer = await login(bo, LOGINS.buyer);
    }
  });
});
