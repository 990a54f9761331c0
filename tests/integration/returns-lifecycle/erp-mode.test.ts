import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { DEMO_TODAY, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { erp } from "../backoffice/orders-fixtures";
import { erpBody, smallPdf } from "../../support/erp-invoices";
import { askReturn, deliveredOrder, serviceReturn, step, stepOk } from "./fixtures";

/**
 * A return credited when the ERP issues the invoices (INVOICES_ISSUED_BY=erp, decision 0184):
 * the portal numbers nothing; the ERP files its credit note first (POST /api/erp/invoices), then
 * names it when it credits the return, and the portal links it to the return. A credit note that
 * is not the ERP's, of another order or already another return's is refused, and nothing moves.
 */
describe.each(ENGINES)("returns credited by the ERP's own credit notes on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let products: { id: number; ref: string }[];
  beforeAll(async () => {
    bo = await startBackoffice(engine, { invoicesIssuedBy: "erp" });
    buyer = await login(bo, LOGINS.buyer);
    products = await stockedProducts(bo, 2);
  });
  afterAll(async () => {
    await bo.close();
  });

  /** Files the ERP's invoice of the order and, when told, a credit note of it. */
  async function file(ordRef: string, invoice: string, creditNote?: string): Promise<void> {
    const filed = await erp(
      bo,
      "/invoices",
      erpBody({ number: invoice, ordRef, issuedOn: DEMO_TODAY, dueOn: "2026-12-31", pdf: await smallPdf(invoice) }),
    );
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    if (!creditNote) return;
    const lines = [{ obj_ref: "LIV-NAV-01", title: "Guide de navigation côtière", qty: 1, unit_price: 2000, vat_rate: 5.5 }];
    const credit = await erp(
      bo,
      "/invoices",
      erpBody({
        number: creditNote,
        kind: "avoir",
        creditsNumber: invoice,
        ordRef,
        issuedOn: DEMO_TODAY,
        dueOn: DEMO_TODAY,
        lines,
        pdf: await smallPdf(creditNote),
      }),
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
  }

  it("links the ERP's credit notes it names, and refuses what is not one of them", async () => {
    const [first, second] = products as [{ id: number; ref: string }, { id: number; ref: string }];
    const placed = await deliveredOrder(bo, buyer, [[first, 2]], "erp-return-main");
    const other = await deliveredOrder(bo, buyer, [[second, 1]], "erp-return-other");
    await file(placed.ord_ref, "F2026-10001", "AV2026-1001");
    await file(other.ord_ref, "F2026-10002", "AV2026-1002");
    const asked = await askReturn(bo.db, placed.ord_id, [[first, 2]]);
    await stepOk(bo, asked.number, "accept");
    await stepOk(bo, asked.number, "receive", { lines: [{ obj_ref: first.ref, qty: 2 }] });

    const refusals: Array<[unknown, string, string]> = [
      [{}, "credit_notes", "Votre ERP émet les avoirs (INVOICES_ISSUED_BY=erp) : indiquez ceux qui règlent ce retour."],
      [
        { credit_notes: ["AV2026-9999"] },
        "credit_notes.0",
        "Avoir AV2026-9999 introuvable : envoyez-le d'abord par POST /api/erp/invoices.",
      ],
      [{ credit_notes: ["F2026-10001"] }, "credit_notes.0", "F2026-10001 n'est pas un avoir émis par votre ERP."],
      [{ credit_notes: ["AV2026-1002"] }, "credit_notes.0", "L'avoir AV2026-1002 ne porte pas sur la commande de ce retour."],
      [{ credit_notes: ["AV2026-1001", "AV2026-1001"] }, "credit_notes.1", "AV2026-1001 est indiqué deux fois."],
    ];
    for (const [body, path, message] of refusals) {
      const answer = await step(bo, asked.number, "credit", body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body).toMatchObject({ code: "invalid_credit", issues: [{ path, message }] });
    }
    expect((await serviceReturn(bo, asked.number)).status).toBe("reçu");
    const issuedBefore = await bo.db
      .selectFrom("invoices")
      .select("id")
      .where("issued_by", "=", "portal")
      .where("order_id", "=", placed.ord_id)
      .execute();
    expect(issuedBefore).toEqual([]);

    const done = await stepOk(bo, asked.number, "credit", { credit_notes: ["AV2026-1001"] });
    expect(done).toMatchObject({ status: "avoir émis", restocking_fee_pct: 15 });
    expect(done.credit_notes.map((note) => [note.number, note.total_ttc])).toEqual([["AV2026-1001", 2110]]);
    const linked = await bo.db
      .selectFrom("invoices")
      .select(["number", "return_id"])
      .where("order_id", "=", placed.ord_id)
      .orderBy("id")
      .execute();
    expect(linked).toEqual([
      { number: "F2026-10001", return_id: null },
      { number: "AV2026-1001", return_id: asked.id },
    ]);

    // Linked once: another return cannot take it, and nothing else of an issued document changes.
    const again = await askReturn(bo.db, placed.ord_id, [[first, 1]]);
    await stepOk(bo, again.number, "accept");
    await stepOk(bo, again.number, "receive", { lines: [{ obj_ref: first.ref, qty: 1 }] });
    const taken = await step(bo, again.number, "credit", { credit_notes: ["AV2026-1001"] });
    expect(taken).toMatchObject({ status: 422, body: { issues: [{ message: "L'avoir AV2026-1001 règle déjà un autre retour." }] } });
    await expect(bo.db.updateTable("invoices").set({ total_ttc: 1 }).where("number", "=", "AV2026-1002").execute()).rejects.toThrow(
      /Une facture émise ne peut être ni modifiée ni supprimée/,
    );
    await expect(bo.db.updateTable("invoices").set({ return_id: null }).where("number", "=", "AV2026-1001").execute()).rejects.toThrow(
      /Une facture émise ne peut être ni modifiée ni supprimée/,
    );
  });
});
