import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { invoiceDetail, type InvoiceDetail } from "@shared/contracts/invoices";
import type { AlertEvent } from "../../../server/backoffice/alerts/events";
import { DEMO_TODAY, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "./harness";
import { erp, placeOrder } from "./orders-fixtures";
import { download, invoiceList, invoiceOf, shippedOrder, stockedProducts } from "./invoices-fixtures";
import { erpBody, smallPdf, TWO_RATES, type ErpBodyInput } from "../../support/erp-invoices";

/**
 * Invoices issued by the ERP (INVOICES_ISSUED_BY=erp, decision 0184): a shipment issues none;
 * POST /api/erp/invoices files the ERP's document (its number, its amounts, its PDF) once they
 * add up and name the right order and customer, answers the same document posted again with
 * the one filed, refuses anything else with a French message and writes nothing; the customer
 * then reads it exactly as the portal's own invoices. In portal mode the ERP's credit notes are
 * filed, its invoices refused (they would bill twice).
 */
describe.each(ENGINES)("invoices issued by the ERP on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let belgium: SessionResponse;
  let products: { id: number; ref: string }[];
  const alerts: AlertEvent[] = [];
  beforeAll(async () => {
    bo = await startBackoffice(engine, { invoicesIssuedBy: "erp", alertNotifier: { notify: (event) => alerts.push(event) } });
    [buyer, belgium] = await Promise.all([login(bo, LOGINS.buyer), login(bo, LOGINS.belgium)]);
    products = await stockedProducts(bo, 3);
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
  const invoiceCount = async () =>
    Number(
      (
        await bo.db
          .selectFrom("invoices")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (body: unknown) => erp<Record<string, unknown>>(bo, "/invoices", body);
  const base = (ordRef: string, pdf: Buffer, more: Partial<ErpBodyInput> = {}) =>
    erpBody({ number: "F2026-00421", ordRef, issuedOn: DEMO_TODAY, dueOn: "2026-12-31", pdf, ...more });

  it("ships without invoicing, files the ERP's invoice, and shows it to the customer with its number and its bytes", async () => {
    const placed = await shippedOrder(bo, buyer, [[product(0), 2]], "erp-invoice-main");
    // The shipment itself: no invoice, no invoice alert, nothing rendered.
    expect((await invoiceList(bo, buyer, `&ord_id=${placed.ord_id}`)).items).toEqual([]);
    expect(alerts.filter((event) => event.kind === "invoice_issued")).toEqual([]);
    expect(alerts.some((event) => event.kind === "order_shipped" && event.orderRef === placed.ord_ref)).toBe(true);

    const pdf = await smallPdf("Facture F2026-00421");
    const answer = await post(base(placed.ord_ref, pdf));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const filed = invoiceDetail.parse(answer.body);
    expect(filed).toMatchObject({
      number: "F2026-00421",
      kind: "facture",
      ord_ref: placed.ord_ref,
      org_ref: "C0001",
      issued_on: DEMO_TODAY,
      sale_on: DEMO_TODAY,
      due_on: "2026-12-31",
      // C0001's terms, as the portal prints them, when the ERP sends none.
      payment_terms: "30 jours",
      total_ht: 23600,
      total_ecotax: 100,
      total_vat: 4430,
      total_ttc: 28030,
      vat: [
        { rate: 20, base_ht: 21600, vat: 4320 },
        { rate: 5.5, base_ht: 2000, vat: 110 },
      ],
      status: "à payer",
      pdf_sha256: sha256(pdf),
    });
    expect(filed.lines.map((line) => [line.obj_ref, line.qty, line.line_total_ht, line.discount_pct, line.is_port])).toEqual([
      ["GIL-PLA-150", 2, 20100, 23.02, false],
      ["PORT", 1, 1500, 0, true],
      ["LIV-NAV-01", 1, 2000, 0, false],
    ]);
    expect(alerts.filter((event) => event.kind === "invoice_issued")).toEqual([{ kind: "invoice_issued", invoiceId: filed.inv_id }]);
    const row = await bo.db
      .selectFrom("invoices")
      .select(["issued_by", "year", "sequence"])
      .where("id", "=", filed.inv_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ issued_by: "erp", year: null, sequence: null });

    // The customer's list (the number filter ignores case), detail, PDF and ZIP.
    const listed = await invoiceList(bo, buyer, "&number=f2026-004");
    expect(listed.items.map((item) => [item.number, item.inv_id])).toEqual([["F2026-00421", filed.inv_id]]);
    expect((await invoiceOf(bo, buyer, filed.inv_id)).pdf_sha256).toBe(sha256(pdf));
    const file = await download(bo, `/oms/invoices/${filed.inv_id}/pdf`, buyer.token);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="F2026-00421.pdf"');
    expect(Buffer.compare(Buffer.from(file.bytes), pdf)).toBe(0);
    const zip = await download(bo, "/oms/invoices/archive", buyer.token, { org_id: buyer.user.auth_org_id, ids: [filed.inv_id] });
    expect(zip.status).toBe(200);
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries)).toEqual(["F2026-00421.pdf"]);
    expect(Buffer.compare(Buffer.from(entries["F2026-00421.pdf"] ?? []), pdf)).toBe(0);

    // Delivered twice (at least once): the same document answers the one filed, nothing more.
    const before = await invoiceCount();
    const again = await post(base(placed.ord_ref, pdf));
    expect(again.status).toBe(200);
    expect(invoiceDetail.parse(again.body).inv_id).toBe(filed.inv_id);
    expect(await invoiceCount()).toBe(before);
    expect(alerts.filter((event) => event.kind === "invoice_issued")).toHaveLength(1);
    // The same number on another document: refused.
    const other = await post(base(placed.ord_ref, await smallPdf("Une autre facture")));
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: "invoice_number_taken", issues: [{ path: "number" }] });
    const changed = await post({
      ...base(placed.ord_ref, pdf),
      lines: TWO_RATES.slice(0, 2),
      total_ht: 21600,
      total_vat: 4320,
      total_ttc: 25920,
      vat: [{ rate: 20, base_ht: 21600, vat: 4320 }],
    });
    expect(changed.status).toBe(409);
    expect(await invoiceCount()).toBe(before);

    // A payment through the usual call, by the ERP's number.
    const paid = await erp(bo, "/invoices/F2026-00421/payments", { amount: 10000, paid_on: DEMO_TODAY, method: "virement" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(invoiceDetail.parse(paid.body)).toMatchObject({ paid: 10000, remaining: 18030, status: "payée partiellement" });
  });

  it("files the ERP's credit note, numbered with « / », reached by its percent-encoded number, in the ZIP under a safe name", async () => {
    const placed = await shippedOrder(bo, buyer, [[product(1), 1]], "erp-credit-note");
    const invoicePdf = await smallPdf("Facture F2026-00500");
    const invoice = await post(base(placed.ord_ref, invoicePdf, { number: "F2026-00500" }));
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const creditPdf = await smallPdf("Avoir AV/2026/0007");
    const lines = [{ obj_ref: "LIV-NAV-01", title: "Guide de navigation côtière", qty: 1, unit_price: 2000, vat_rate: 5.5 }];
    const credit = await post(
      base(placed.ord_ref, creditPdf, { number: "AV/2026/0007", kind: "avoir", creditsNumber: "F2026-00500", dueOn: DEMO_TODAY, lines }),
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const note = invoiceDetail.parse(credit.body);
    expect(note).toMatchObject({
      number: "AV/2026/0007",
      kind: "avoir",
      credits_number: "F2026-00500",
      total_ttc: 2110,
      status: "à imputer",
    });
    // A credit note alerts nobody (alerts/events.ts), but the event is told all the same.
    expect(alerts.at(-1)).toEqual({ kind: "invoice_issued", invoiceId: note.inv_id });

    const read = await erp<InvoiceDetail>(bo, "/invoices/AV%2F2026%2F0007");
    expect(read.status).toBe(200);
    expect(read.body.inv_id).toBe(note.inv_id);
    const credited = await erp<InvoiceDetail>(bo, "/invoices/F2026-00500");
    expect(credited.body.credit_notes).toEqual([{ number: "AV/2026/0007", issued_on: DEMO_TODAY, total_ttc: 2110 }]);

    const file = await download(bo, `/oms/invoices/${note.inv_id}/pdf`, buyer.token);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="AV_2026_0007.pdf"');
    expect(Buffer.compare(Buffer.from(file.bytes), creditPdf)).toBe(0);
    const zip = await download(bo, "/oms/invoices/archive", buyer.token, {
      org_id: buyer.user.auth_org_id,
      ids: [note.inv_id, invoiceDetail.parse(invoice.body).inv_id],
    });
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual(["AV_2026_0007.pdf", "F2026-00500.pdf"]);
    expect(Buffer.compare(Buffer.from(entries["AV_2026_0007.pdf"] ?? []), creditPdf)).toBe(0);

    // In erp mode the portal numbers nothing: its own credit notes are refused.
    const portalCredit = await erp(bo, "/invoices/F2026-00500/credit-notes", { reason: "Retour" });
    expect(portalCredit.status).toBe(409);
    expect(portalCredit.body).toMatchObject({ code: "invoices_issued_by_erp" });
  });

  it("files one document when the ERP delivers it twice at once", async () => {
    const placed = await placeOrder(bo, buyer, [[product(1), 1]], "erp-invoice-twice");
    const body = base(placed.ord_ref, await smallPdf("Facture F2026-00600"), { number: "F2026-00600" });
    const answers = await Promise.all([post(body), post(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const ids = answers.map((answer) => invoiceDetail.parse(answer.body).inv_id);
    expect(ids[0]).toBe(ids[1]);
  });

  it("refuses, with a French message and its path, whatever does not add up or does not hold, and writes nothing", async () => {
    const placed = await placeOrder(bo, buyer, [[product(2), 1]], "erp-invoice-refusals");
    const other = await placeOrder(bo, belgium, [[product(2), 1]], "erp-invoice-other-org");
    const pdf = await smallPdf("Facture refusée");
    const body = base(placed.ord_ref, pdf, { number: "F2026-09999" });
    const before = await invoiceCount();
    const refusals: [string, unknown, number, string, string][] = [
      [
        "a base not the sum of its lines",
        { ...body, vat: [{ ...body.vat[0], base_ht: 21601 }, body.vat[1]] },
        422,
        "vat.0.base_ht",
        "somme de ses lignes",
      ],
      ["a VAT off by 2 cents", { ...body, vat: [{ ...body.vat[0], vat: 4322 }, body.vat[1]] }, 422, "vat.0.vat", "à un centime près"],
      ["a rate without its base", { ...body, vat: [body.vat[0]] }, 422, "lines.2.vat_rate", "5,5 %"],
      ["a wrong total HT", { ...body, total_ht: 23601 }, 422, "total_ht", "Le total HT"],
      ["a wrong total VAT", { ...body, total_vat: 4431 }, 422, "total_vat", "Le total de TVA"],
      ["a wrong total TTC", { ...body, total_ttc: 28031 }, 422, "total_ttc", "Le total TTC"],
      ["a wrong ecotax", { ...body, total_ecotax: 0 }, 422, "total_ecotax", "écotaxe"],
      ["an issue date in the future", { ...body, issued_on: "2026-11-22", due_on: "2026-12-31" }, 422, "issued_on", "dans le futur"],
      ["a due date before the issue", { ...body, due_on: "2026-11-19" }, 422, "due_on", "précède"],
      ["a file that is not a PDF", { ...body, pdf: Buffer.from("<html>facture</html>").toString("base64") }, 422, "pdf", "%PDF-"],
      [
        "a PDF over 5 MB",
        {
          ...body,
          pdf: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(5 * 1024 * 1024)])
            .subarray(0, 5 * 1024 * 1024 + 1)
            .toString("base64"),
        },
        422,
        "pdf",
        "5 Mo",
      ],
      ["an order of another customer", { ...body, ord_ref: other.ord_ref }, 422, "org_ref", "C0004"],
      ["an unknown order", { ...body, ord_ref: "CMD-999999" }, 404, "", "CMD-999999"],
      ["an unknown customer", { ...body, org_ref: "C9999" }, 404, "", "C9999"],
      [
        "a credit note of an unknown invoice",
        { ...body, kind: "avoir", credits_number: "F2026-77777" },
        422,
        "credits_number",
        "introuvable",
      ],
      [
        "a credit note of another order's invoice",
        { ...body, kind: "avoir", credits_number: "F2026-00421" },
        422,
        "credits_number",
        "n'est pas celle de la commande",
      ],
      ["a credit note without its invoice", { ...body, kind: "avoir" }, 400, "credits_number", "crédite"],
      ["a number in the portal's numbering", { ...body, number: "FA-2026-000999" }, 400, "number", "réservé"],
      ["a number with an accent", { ...body, number: "F2026-é1" }, 400, "number", "sans accent"],
      ["an unknown field", { ...body, currency: "EUR" }, 400, "", ""],
    ];
    for (const [what, sent, status, path, words] of refusals) {
      const answer = await post(sent);
      expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(status);
      // The message, or for a 400 the issue's (« La requête est invalide. » then the issues).
      expect(JSON.stringify(answer.body), what).toContain(words);
      if (path)
        expect(
          (answer.body.issues as { path: string }[]).map((issue) => issue.path),
          what,
        ).toContain(path);
    }
    expect(await invoiceCount()).toBe(before);
  });

  it("keeps the ERP's document as immutable as the portal's, and the numbering rule in the database", async () => {
    const erpRow = await bo.db.selectFrom("invoices").select("id").where("issued_by", "=", "erp").executeTakeFirstOrThrow();
    await expect(sql`update invoices set due_on = due_on + 1 where id = ${erpRow.id}`.execute(bo.db)).rejects.toThrow(
      /ni modifiée ni supprimée/,
    );
    await expect(sql`update invoice_documents set sha256 = 'x' where invoice_id = ${erpRow.id}`.execute(bo.db)).rejects.toThrow(
      /ni modifiée ni supprimée/,
    );
    // A portal document without its sequence cannot be written.
    await expect(
      sql`insert into invoices (number, kind, year, sequence, org_id, order_id, issued_on, sale_on, due_on, payment_terms, order_ref,
            customer_ref, total_ht, total_ecotax, total_vat, total_ttc, vat, seller, buyer, issued_at, author)
          select 'X-1', 'facture', null, null, org_id, order_id, issued_on, sale_on, due_on, payment_terms, order_ref, customer_ref,
            total_ht, total_ecotax, total_vat, total_ttc, vat, seller, buyer, issued_at, author from invoices where id = ${erpRow.id}`.execute(
        bo.db,
      ),
    ).rejects.toThrow(/invoices_numbering_check/);
  });
});

describe("the ERP's documents on a portal that issues the invoices", () => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    buyer = await login(bo, LOGINS.buyer);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("refuses the ERP's invoice (it would bill twice) and files its credit note of the portal's invoice", async () => {
    const [product] = await stockedProducts(bo, 1);
    if (!product) throw new Error("no product");
    const placed = await shippedOrder(bo, buyer, [[product, 1]], "portal-mode-erp");
    const [portalInvoice] = (await invoiceList(bo, buyer, `&ord_id=${placed.ord_id}`)).items;
    if (!portalInvoice) throw new Error("the portal issued no invoice");
    const pdf = await smallPdf("Facture de l'ERP");
    const refused = await erp(
      bo,
      "/invoices",
      erpBody({ number: "F2026-00900", ordRef: placed.ord_ref, issuedOn: DEMO_TODAY, dueOn: "2026-12-31", pdf }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "invoices_issued_by_portal" });
    expect(String(refused.body.message)).toContain("facturerait deux fois");
    expect(await bo.db.selectFrom("invoices").select("id").where("number", "=", "F2026-00900").executeTakeFirst()).toBeUndefined();

    const line = (await invoiceOf(bo, buyer, portalInvoice.inv_id)).lines[0];
    if (!line) throw new Error("no line");
    const credit = await erp(
      bo,
      "/invoices",
      erpBody({
        number: "AV2026-0031",
        kind: "avoir",
        creditsNumber: portalInvoice.number,
        ordRef: placed.ord_ref,
        issuedOn: DEMO_TODAY,
        dueOn: DEMO_TODAY,
        pdf: await smallPdf("Avoir AV2026-0031"),
        lines: [
          {
            obj_ref: line.obj_ref,
            title: line.title,
            qty: 1,
            unit_price: line.unit_price,
            unit_ecotax: line.unit_ecotax,
            vat_rate: line.vat_rate,
          },
        ],
      }),
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(invoiceDetail.parse(credit.body)).toMatchObject({ kind: "avoir", credits_number: portalInvoice.number });
  });
});
