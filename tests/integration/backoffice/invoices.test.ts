import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { INVOICE_STATUSES, serviceInvoiceListResponse, type InvoiceDetail } from "@shared/contracts/invoices";
import { DEMO_TODAY, ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";
import { details, erp, placeOrder } from "./orders-fixtures";
import { download, erpInvoice, invoiceList, invoiceOf, shippedOrder, stockedProducts } from "./invoices-fixtures";

/**
 * Invoices (docs/invoices.md): issued with each shipment and adding up to the order, numbered
 * without gaps, never changed, credited and paid through the distributor's calls, read by the
 * organization's accounts with the `invoices` flag only, and never another organization's.
 */
describe.each(ENGINES)("invoices on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let belgium: SessionResponse;
  let products: { id: number; ref: string }[];
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    [client, buyer, belgium] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.buyer), login(bo, LOGINS.belgium)]);
    products = await stockedProducts(bo, 6);
  });
  afterAll(async () => {
    await bo.close();
  });

  const product = (index: number) => {
    const found = products[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };
  const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  const onlyInvoiceOf = async (session: SessionResponse, orderId: number): Promise<InvoiceDetail> => {
    const list = await invoiceList(bo, session, `&ord_id=${orderId}`);
    expect(list.items).toHaveLength(1);
    const [item] = list.items;
    if (!item) throw new Error("no invoice");
    return invoiceOf(bo, session, item.inv_id);
  };

  it("issues the invoice of a shipment, adding up to the order when it ships whole, ecotax and shipping included", async () => {
    const placed = await shippedOrder(
      bo,
      buyer,
      [
        [product(0), 3],
        [product(1), 2],
      ],
      "invoice-whole",
    );
    const order = await details(bo, buyer, placed.ord_id);
    const invoice = await onlyInvoiceOf(buyer, placed.ord_id);
    expect(invoice).toMatchObject({
      kind: "facture",
      issued_on: DEMO_TODAY,
      sale_on: DEMO_TODAY,
      due_on: "2026-12-20",
      payment_terms: "30 jours",
      ord_id: placed.ord_id,
      ord_ref: placed.ord_ref,
      customer_ref: order.cart_ref,
      org_ref: "C0001",
      status: "à payer",
      paid: 0,
      credits_number: null,
    });
    expect(invoice.number).toMatch(/^FA-2026-\d{6}$/);
    // The invoice's base before tax carries the ecotax; its VAT and total are the order's.
    expect(invoice.total_ht).toBe((order.ord_total_ht ?? 0) + (order.ord_total_ecotaxe ?? 0));
    expect(invoice.total_ecotax).toBe(order.ord_total_ecotaxe);
    expect(invoice.total_vat).toBe(order.ord_total_tva);
    expect(invoice.total_ttc).toBe(order.ord_total_ttc);
    expect(invoice.vat).toEqual([{ rate: 20, base_ht: invoice.total_ht, vat: invoice.total_vat }]);
    expect(invoice.lines.filter((line) => !line.is_port).map((line) => [line.obj_ref, line.qty])).toEqual([
      [product(0).ref, 3],
      [product(1).ref, 2],
    ]);
    expect(invoice.lines.filter((line) => line.is_port).map((line) => line.obj_ref)).toEqual(
      order.shipping_lines.map((line) => line.obj_ref),
    );
    for (const line of invoice.lines) {
      const ordered = order.lines.find((candidate) => candidate.obj_ref === line.obj_ref);
      if (ordered) expect([line.unit_price, line.unit_ecotax], line.obj_ref).toEqual([ordered.unit_price, ordered.prd_ecotaxe]);
      expect(line.line_total_ht).toBe(line.qty * (line.unit_price + line.unit_ecotax));
    }
    expect(invoice.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("downloads the stored PDF: the same bytes every time, the sha256 of the detail", async () => {
    const placed = await shippedOrder(bo, client, [[product(2), 1]], "invoice-pdf");
    const invoice = await onlyInvoiceOf(client, placed.ord_id);
    const first = await download(bo, `/oms/invoices/${invoice.inv_id}/pdf`, client.token);
    const second = await download(bo, `/oms/invoices/${invoice.inv_id}/pdf`, buyer.token);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(new TextDecoder().decode(first.bytes.slice(0, 5))).toBe("%PDF-");
    expect(Buffer.compare(first.bytes, second.bytes)).toBe(0);
    expect(sha256(first.bytes)).toBe(invoice.pdf_sha256);
    expect(first.headers.get("etag")).toBe(`"${invoice.pdf_sha256}"`);

    // An invoice without a stored PDF (the demo's) gets one on its first download, then keeps it.
    const demo = (await invoiceList(bo, client, "&size=100")).items.find((item) => item.issued_on < "2026-11-01");
    if (!demo) throw new Error("no demo invoice");
    expect((await invoiceOf(bo, client, demo.inv_id)).pdf_sha256).toBeNull();
    const rendered = await download(bo, `/oms/invoices/${demo.inv_id}/pdf`, client.token);
    const again = await download(bo, `/oms/invoices/${demo.inv_id}/pdf`, client.token);
    expect(Buffer.compare(rendered.bytes, again.bytes)).toBe(0);
    expect((await invoiceOf(bo, client, demo.inv_id)).pdf_sha256).toBe(sha256(rendered.bytes));
  });

  it("invoices an exempt account without VAT nor ecotax, still adding up to its order", async () => {
    const placed = await shippedOrder(bo, belgium, [[product(0), 2]], "invoice-intra-eu");
    const order = await details(bo, belgium, placed.ord_id);
    const invoice = await onlyInvoiceOf(belgium, placed.ord_id);
    expect(invoice).toMatchObject({
      total_vat: 0,
      total_ecotax: 0,
      total_ttc: order.ord_total_ttc,
      payment_terms: "30 jours fin de mois",
      due_on: "2026-12-31",
    });
    expect(invoice.vat).toEqual([{ rate: 0, base_ht: invoice.total_ht, vat: 0 }]);
    expect(invoice.lines.every((line) => line.vat_rate === 0 && line.unit_ecotax === 0)).toBe(true);
  });

  it("invoices each shipment of a partly shipped order, its shipping lines on the first only", async () => {
    const placed = await shippedOrder(
      bo,
      buyer,
      [
        [product(3), 4],
        [product(4), 2],
      ],
      "invoice-partial",
      [[product(3), 1]],
    );
    const second = await erp(bo, `/orders/${placed.ord_ref}/shipments`, {
      carrier: "DPD",
      lines: [
        { obj_ref: product(3).ref, qty: 3 },
        { obj_ref: product(4).ref, qty: 2 },
      ],
    });
    expect(second.status).toBe(201);
    const order = await details(bo, buyer, placed.ord_id);
    const list = await invoiceList(bo, buyer, `&ord_id=${placed.ord_id}`);
    expect(list.items).toHaveLength(2);
    const [later, earlier] = await Promise.all(list.items.map((item) => invoiceOf(bo, buyer, item.inv_id)));
    if (!later || !earlier) throw new Error("two invoices expected");
    expect(earlier.number < later.number).toBe(true);
    expect(earlier.lines.filter((line) => !line.is_port).map((line) => [line.obj_ref, line.qty])).toEqual([[product(3).ref, 1]]);
    expect(earlier.lines.filter((line) => line.is_port)).toHaveLength(order.shipping_lines.length);
    expect(later.lines.some((line) => line.is_port)).toBe(false);
    // Two invoices, each VAT rounded once: together the order's amounts to the cent or so.
    expect(Math.abs(earlier.total_ttc + later.total_ttc - (order.ord_total_ttc ?? 0))).toBeLessThanOrEqual(1);
  });

  it("issues credit notes for a quantity returned, never more than invoiced less credited, and everything left without lines", async () => {
    const placed = await shippedOrder(
      bo,
      buyer,
      [
        [product(5), 5],
        [product(1), 1],
      ],
      "invoice-credit",
    );
    const invoice = await onlyInvoiceOf(buyer, placed.ord_id);
    const tooMuch = await erp(bo, `/invoices/${invoice.number}/credit-notes`, {
      reason: "Retour client",
      lines: [{ obj_ref: product(5).ref, qty: 6 }],
    });
    expect(tooMuch).toMatchObject({
      status: 422,
      body: {
        code: "invalid_credit_note",
        message: `Quantité trop élevée pour ${product(5).ref} : facturé 5, déjà crédité 0 ; il reste 5 à créditer.`,
      },
    });
    const stranger = await erp(bo, `/invoices/${invoice.number}/credit-notes`, {
      reason: "Retour client",
      lines: [{ obj_ref: "INCONNUE-9", qty: 1 }],
    });
    expect(stranger).toMatchObject({ status: 422, body: { message: `INCONNUE-9 ne figure pas sur la facture ${invoice.number}.` } });

    const returned = await erp(bo, `/invoices/${invoice.number.toLowerCase()}/credit-notes`, {
      reason: "Deux articles retournés abîmés",
      lines: [{ obj_ref: product(5).ref, qty: 2 }],
    });
    expect(returned.status).toBe(201);
    const credit = returned.body as unknown as InvoiceDetail;
    expect(credit).toMatchObject({
      kind: "avoir",
      credits_number: invoice.number,
      status: "à imputer",
      sale_on: invoice.issued_on,
      due_on: DEMO_TODAY,
    });
    expect(credit.number).toMatch(/^AV-2026-\d{6}$/);
    const unit = invoice.lines.find((line) => line.obj_ref === product(5).ref);
    expect(credit.lines).toEqual([
      expect.objectContaining({ obj_ref: product(5).ref, qty: 2, unit_price: unit?.unit_price, unit_ecotax: unit?.unit_ecotax }),
    ]);
    expect(credit.total_ht).toBe(2 * ((unit?.unit_price ?? 0) + (unit?.unit_ecotax ?? 0)));

    const again = await erp(bo, `/invoices/${invoice.number}/credit-notes`, {
      reason: "Retour client",
      lines: [{ obj_ref: product(5).ref, qty: 4 }],
    });
    expect(again).toMatchObject({
      status: 422,
      body: { message: `Quantité trop élevée pour ${product(5).ref} : facturé 5, déjà crédité 2 ; il reste 3 à créditer.` },
    });
    const rest = await erp(bo, `/invoices/${invoice.number}/credit-notes`, { reason: "Commande annulée par le client" });
    expect(rest.status).toBe(201);
    const restLines = (rest.body as unknown as InvoiceDetail).lines.map((line) => [line.obj_ref, line.qty]);
    expect(restLines).toContainEqual([product(5).ref, 3]);
    expect(restLines).toContainEqual([product(1).ref, 1]);
    expect(await erp(bo, `/invoices/${invoice.number}/credit-notes`, { reason: "Encore" })).toMatchObject({
      status: 422,
      body: { message: `Tout ce que la facture ${invoice.number} porte a déjà été crédité.` },
    });
    const credited = await erpInvoice(bo, invoice.number);
    expect(credited.credit_notes.map((note) => note.number)).toEqual([credit.number, (rest.body as unknown as InvoiceDetail).number]);
    // The customer sees the credit note in its list, and may filter on its kind.
    const notes = await invoiceList(bo, buyer, `&kind=avoir&ord_id=${placed.ord_id}`);
    expect(notes.items.map((item) => item.status)).toEqual(["à imputer", "à imputer"]);

    // The credit note's « payment » is its use.
    const used = await erp(bo, `/invoices/${credit.number}/payments`, {
      amount: credit.total_ttc,
      paid_on: DEMO_TODAY,
      method: "compensation",
    });
    expect(used).toMatchObject({ status: 201, body: { status: "imputé", remaining: 0 } });
    expect(await erp(bo, "/invoices/FA-2026-999999/credit-notes", { reason: "Inconnue" })).toMatchObject({
      status: 404,
      body: { message: "Facture FA-2026-999999 introuvable." },
    });
    expect(await erp(bo, `/invoices/${credit.number}/credit-notes`, { reason: "Avoir sur avoir" })).toMatchObject({ status: 422 });
  });

  it("records payments: partly paid, refused beyond what remains, paid, and late once past due", async () => {
    const placed = await shippedOrder(bo, buyer, [[product(2), 2]], "invoice-payments");
    const invoice = await onlyInvoiceOf(buyer, placed.ord_id);
    const part = Math.floor(invoice.total_ttc / 3);
    const partly = await erp(bo, `/invoices/${invoice.number}/payments`, {
      amount: part,
      paid_on: DEMO_TODAY,
      method: "virement",
      reference: "VIR-1",
    });
    expect(partly).toMatchObject({ status: 201, body: { status: "payée partiellement", paid: part, remaining: invoice.total_ttc - part } });
    expect((partly.body as unknown as InvoiceDetail).payments).toEqual([
      {
        paid_on: DEMO_TODAY,
        amount: part,
        method: "virement",
        reference: "VIR-1",
        recorded_at: expect.any(String),
        author: "Entrepôt NautiDistrib",
      },
    ]);

    // Past the due date (30 days), the rest is late; the account's summary says so.
    bo.setNow(new Date("2026-12-25T10:00:00+01:00"));
    try {
      // A token of that day (the test's tokens would have expired by then).
      const later = await login(bo, LOGINS.buyer);
      const late = await invoiceOf(bo, later, invoice.inv_id);
      expect(late).toMatchObject({ status: "en retard", days_overdue: 5 });
      const lateOnes = await invoiceList(bo, later, "&status=en%20retard&size=100");
      expect(lateOnes.items.map((item) => item.inv_id)).toContain(invoice.inv_id);
      expect(lateOnes.items.every((item) => item.status === "en retard" && (item.days_overdue ?? 0) > 0)).toBe(true);
      expect(lateOnes.summary.overdue_count).toBe(lateOnes.total);
    } finally {
      bo.setNow(new Date(`${DEMO_TODAY}T10:00:00+01:00`));
      // That day's login purged the tokens expired by then: everyone logs in again.
      [client, buyer, belgium] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.buyer), login(bo, LOGINS.belgium)]);
    }

    const remaining = invoice.total_ttc - part;
    const over = await erp(bo, `/invoices/${invoice.number}/payments`, { amount: remaining + 1, paid_on: DEMO_TODAY, method: "chèque" });
    expect(over).toMatchObject({
      status: 422,
      body: { code: "invalid_payment", message: expect.stringContaining(`dépasse le reste dû de la facture ${invoice.number}`) },
    });
    expect(await erp(bo, `/invoices/${invoice.number}/payments`, { amount: 100, paid_on: "2026-11-21", method: "chèque" })).toMatchObject({
      status: 422,
      body: { message: "La date de paiement est dans le futur." },
    });
    expect(await erp(bo, `/invoices/${invoice.number}/payments`, { amount: 100, paid_on: DEMO_TODAY, method: "espèces" })).toMatchObject({
      status: 400,
    });
    const paid = await erp(bo, `/invoices/${invoice.number}/payments`, { amount: remaining, paid_on: DEMO_TODAY, method: "LCR" });
    expect(paid).toMatchObject({ status: 201, body: { status: "payée", remaining: 0, days_overdue: null } });
    expect(await erp(bo, `/invoices/${invoice.number}/payments`, { amount: 1, paid_on: DEMO_TODAY, method: "LCR" })).toMatchObject({
      status: 422,
      body: { message: `La facture ${invoice.number} est déjà entièrement payée.` },
    });
  });

  it("never changes an issued invoice: the database refuses updates and deletes", async () => {
    const row = await bo.db.selectFrom("invoices").select(["id", "number"]).orderBy("id").limit(1).executeTakeFirstOrThrow();
    const refusals = [
      sql`update invoices set total_ttc = 0 where id = ${row.id}`,
      sql`update invoices set number = 'FA-2026-999998' where id = ${row.id}`,
      sql`update invoices set due_on = due_on + 30 where id = ${row.id}`,
      sql`delete from invoice_lines where invoice_id = ${row.id}`,
      sql`update invoice_lines set qty = qty + 1 where invoice_id = ${row.id}`,
      sql`delete from invoices where id = ${row.id}`,
      sql`update invoice_payments set amount = amount + 1`,
      sql`delete from invoice_payments`,
    ];
    for (const statement of refusals) {
      await expect(statement.execute(bo.db)).rejects.toThrow("Une facture émise ne peut être ni modifiée ni supprimée");
    }
    const after = await bo.db.selectFrom("invoices").select("number").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.number).toBe(row.number);
  });

  it("numbers 20 concurrent shipments' invoices one after the other, without a gap", async () => {
    const orders: { ref: string; product: { ref: string } }[] = [];
    for (let index = 0; index < 20; index += 1) {
      const item = product(index % products.length);
      const placed = await placeOrder(bo, buyer, [[item, 1]], `invoice-concurrent-${index}`);
      orders.push({ ref: placed.ord_ref, product: item });
    }
    const answers = await Promise.all(
      orders.map(({ ref, product: item }) =>
        erp(bo, `/orders/${ref}/shipments`, { carrier: "Geodis", lines: [{ obj_ref: item.ref, qty: 1 }] }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(orders.map(() => 201));
    const rows = await bo.db
      .selectFrom("invoices")
      .select(["sequence", "order_ref"])
      .where("kind", "=", "facture")
      .where("year", "=", 2026)
      .orderBy("sequence")
      .execute();
    // The whole year's sequence has no gap, and the 20 new ones are the last 20 numbers.
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
    expect(new Set(rows.slice(-20).map((row) => row.order_ref))).toEqual(new Set(orders.map((order) => order.ref)));

    // A rolled back issue gives its number back.
    const last = () =>
      bo.db.selectFrom("invoice_sequences").select("last").where("kind", "=", "facture").where("year", "=", 2026).executeTakeFirstOrThrow();
    const before = await last();
    await expect(
      bo.db.transaction().execute(async (trx) => {
        await sql`insert into invoice_sequences (kind, year, last) values ('facture', 2026, 1) on conflict (kind, year) do update set last = invoice_sequences.last + 1`.execute(
          trx,
        );
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect((await last()).last).toBe(before.last);
  }, 120_000);

  it("keeps each organization's invoices to itself: another's id is not found for the detail, the PDF and the ZIP", async () => {
    const own = (await invoiceList(bo, client)).items[0];
    const foreign = (await invoiceList(bo, belgium)).items[0];
    if (!own || !foreign) throw new Error("invoices expected on both sides");
    expect((await call(bo, `/oms/invoices/${foreign.inv_id}`, { token: client.token })).status).toBe(404);
    expect((await download(bo, `/oms/invoices/${foreign.inv_id}/pdf`, client.token)).status).toBe(404);
    expect((await call(bo, "/oms/invoices/abc", { token: client.token })).status).toBe(404);
    const mixed = await download(bo, "/oms/invoices/archive", client.token, {
      org_id: client.user.auth_org_id,
      ids: [own.inv_id, foreign.inv_id],
    });
    expect(mixed.status).toBe(404);
    expect(mixed.headers.get("content-type")).toContain("application/json");
    expect((await call(bo, `/oms/invoices?org_id=${belgium.user.auth_org_id}`, { token: client.token })).status).toBe(404);
    expect(
      (await call(bo, "/oms/invoices/archive", { token: client.token, body: { org_id: belgium.user.auth_org_id, ids: [foreign.inv_id] } }))
        .status,
    ).toBe(404);
  });

  it("zips the PDFs asked for, one entry per invoice named by its number, stored uncompressed", async () => {
    const items = (await invoiceList(bo, client, "&size=3")).items;
    expect(items).toHaveLength(3);
    const zip = await download(bo, "/oms/invoices/archive", client.token, {
      org_id: client.user.auth_org_id,
      ids: items.map((item) => item.inv_id),
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual(items.map((item) => `${item.number}.pdf`).sort());
    for (const item of items) {
      const pdf = await download(bo, `/oms/invoices/${item.inv_id}/pdf`, client.token);
      expect(Buffer.compare(entries[`${item.number}.pdf`] ?? new Uint8Array(), pdf.bytes), item.number).toBe(0);
    }
    expect(
      await call(bo, "/oms/invoices/archive", { token: client.token, body: { org_id: client.user.auth_org_id, ids: [] } }),
    ).toMatchObject({
      status: 400,
      body: { issues: [{ path: "ids", message: "Choisissez au moins une facture à télécharger." }] },
    });
  });

  it("refuses a people account without the invoices flag, and a contributor until it acts for a client", async () => {
    const consultant = await login(bo, LOGINS.consultant);
    const own = (await invoiceList(bo, client)).items[0];
    if (!own) throw new Error("no invoice");
    const refusal = { status: 403, body: { code: "forbidden", message: "Votre compte ne permet pas de consulter les factures." } };
    expect(await call(bo, `/oms/invoices?org_id=${consultant.user.auth_org_id}`, { token: consultant.token })).toMatchObject(refusal);
    expect(await call(bo, `/oms/invoices/${own.inv_id}`, { token: consultant.token })).toMatchObject(refusal);
    const pdf = await download(bo, `/oms/invoices/${own.inv_id}/pdf`, consultant.token);
    expect(pdf.status).toBe(403);
    expect(pdf.headers.get("content-type")).toContain("application/json");
    expect(
      await call(bo, "/oms/invoices/archive", {
        token: consultant.token,
        body: { org_id: consultant.user.auth_org_id, ids: [own.inv_id] },
      }),
    ).toMatchObject(refusal);

    const sales = await login(bo, LOGINS.sales);
    expect(await call(bo, `/oms/invoices?org_id=${sales.user.auth_org_id}`, { token: sales.token })).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining("Choisissez d'abord le client") },
    });
    const actingAs = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: client.user.auth_org_id } }))
        .body,
    );
    const seen = await invoiceList(bo, actingAs);
    expect(seen.total).toBe((await invoiceList(bo, client)).total);
    expect((await invoiceOf(bo, actingAs, own.inv_id)).inv_id).toBe(own.inv_id);
  });

  it("answers bad filters with French messages, and filters by status, kind, number, order reference and amount", async () => {
    const orgId = client.user.auth_org_id;
    expect(await call(bo, `/oms/invoices?org_id=${orgId}&colour=red`, { token: client.token })).toMatchObject({
      status: 400,
      body: { code: "invalid_request" },
    });
    expect(await call(bo, `/oms/invoices?org_id=${orgId}&status=perdue`, { token: client.token })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "status", message: expect.stringContaining("Statut inconnu") }] },
    });
    expect(await call(bo, `/oms/invoices?org_id=${orgId}&from=2026-11-20&to=2026-11-01`, { token: client.token })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "to", message: "La date de fin précède la date de début." }] },
    });
    expect(await call(bo, `/oms/invoices?org_id=${orgId}&min_ttc=500&max_ttc=100`, { token: client.token })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "max_ttc", message: "Le montant maximum est inférieur au montant minimum." }] },
    });

    const all = await invoiceList(bo, client, "&size=100");
    const sorted = [...all.items].sort((a, b) => b.issued_on.localeCompare(a.issued_on) || b.number.localeCompare(a.number));
    expect(all.items.map((item) => item.number)).toEqual(sorted.map((item) => item.number));
    for (const status of INVOICE_STATUSES) {
      const filtered = await invoiceList(bo, client, `&status=${encodeURIComponent(status)}&size=100`);
      expect(
        filtered.items.every((item) => item.status === status),
        status,
      ).toBe(true);
      expect(filtered.total, status).toBe(all.items.filter((item) => item.status === status).length);
    }
    const target = all.items[all.items.length - 1];
    if (!target) throw new Error("no invoice");
    expect((await invoiceList(bo, client, `&number=${target.number.slice(-6)}`)).items.map((item) => item.number)).toContain(target.number);
    expect(
      (await invoiceList(bo, client, `&order_ref=${target.ord_ref.toLowerCase()}`)).items.every((item) => item.ord_ref === target.ord_ref),
    ).toBe(true);
    const bounded = await invoiceList(bo, client, `&min_ttc=${target.total_ttc}&max_ttc=${target.total_ttc}`);
    expect(bounded.items.every((item) => item.total_ttc === target.total_ttc)).toBe(true);
    expect(bounded.items.map((item) => item.inv_id)).toContain(target.inv_id);
    const period = await invoiceList(bo, client, "&from=2026-11-01&to=2026-11-15&size=100");
    expect(period.items.every((item) => item.issued_on >= "2026-11-01" && item.issued_on <= "2026-11-15")).toBe(true);

    // The summary is the whole account's, whatever the filters.
    const expected = all.items.reduce((sum, item) => sum + (item.kind === "facture" ? item.remaining : -item.remaining), 0);
    expect(all.summary.outstanding).toBe(expected);
    expect(all.summary.overdue).toBe(
      all.items.filter((item) => item.status === "en retard").reduce((sum, item) => sum + item.remaining, 0),
    );
    expect(all.summary.open_count).toBe(all.items.filter((item) => item.kind === "facture" && item.remaining > 0).length);
    expect(period.summary).toEqual(all.summary);
  });

  it("lists every organization's invoices for the distributor's systems, by organization and status", async () => {
    const answer = await erp(bo, "/invoices?org=c0004&size=100");
    const list = serviceInvoiceListResponse.parse(answer.body);
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.every((item) => item.org_ref === "C0004" && item.org_name === "Nautic Belgium")).toBe(true);
    const late = serviceInvoiceListResponse.parse((await erp(bo, "/invoices?status=en%20retard")).body);
    expect(late.items.every((item) => item.status === "en retard")).toBe(true);
    expect(await erp(bo, "/invoices/FA-2026-ABC")).toMatchObject({ status: 404 });
    expect((await call(bo, "/erp/invoices", { token: client.token })).status).toBe(403);
  });
});
