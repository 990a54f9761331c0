import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import type { InvoiceDetail, InvoiceLine } from "@shared/contracts/invoices";
import { outboxEventData } from "@shared/contracts/outbox";
import type { ReturnStepKind } from "@shared/contracts/returns";
import { formatPercent } from "@shared/domain/french-format";
import { roundCents } from "@shared/domain/money";
import { stepRefusal } from "@shared/domain/returns";
import { serviceReturnListResponse } from "@shared/contracts/returns";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { erpInvoice, stockedProducts } from "../backoffice/invoices-fixtures";
import { erp, SERVICE_NAME } from "../backoffice/orders-fixtures";
import { askReturn, deliveredOrder, serviceReturn, step, stepOk } from "./fixtures";

/**
 * The distributor's steps on a return (docs/returns.md): accepted or refused, received (maybe
 * fewer units than asked), then credited through the credit-note path (the invoiced lines at the
 * received quantities, VAT per rate, less the reason's restocking fee as one negative line per
 * rate) or exchanged; every step impossible from the status refused with its French sentence and
 * nothing written; every step in the outbox with the return as it became.
 */

type Product = { id: number; ref: string };
type Step = Exclude<ReturnStepKind, "requested" | "withdrawn">;

/** An invoice line without its position and quote, for comparing a credit note's lines with its invoice's. */
const bare = ({ position: _position, quote_number: _quote, ...line }: InvoiceLine) => line;

describe.each(ENGINES)("a return's lifecycle on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let products: Product[];
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    buyer = await login(bo, LOGINS.buyer);
    products = await stockedProducts(bo, 8);
  });
  afterAll(async () => {
    await bo.close();
  });

  const product = (index: number): Product => {
    const found = products[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };
  /** The order's invoices as the distributor reads them, oldest first. */
  const invoicesOf = async (orderId: number): Promise<InvoiceDetail[]> => {
    const rows = await bo.db
      .selectFrom("invoices")
      .select("number")
      .where("order_id", "=", orderId)
      .where("kind", "=", "facture")
      .orderBy("id")
      .execute();
    return Promise.all(rows.map((row) => erpInvoice(bo, row.number)));
  };
  const lineOf = (invoice: InvoiceDetail, ref: string): InvoiceLine => {
    const line = invoice.lines.find((candidate) => candidate.obj_ref === ref);
    if (!line) throw new Error(`no ${ref} on ${invoice.number}`);
    return line;
  };
  /** The credited line: the invoice's, at the quantity credited. */
  const credited = (line: InvoiceLine, qty: number) => ({ ...bare(line), qty, line_total_ht: qty * (line.unit_price + line.unit_ecotax) });
  const feeLine = (fee: number, rate: number, pct: number) => ({
    obj_ref: "FRAIS-RETOUR",
    title: `Frais de remise en stock ${formatPercent(pct)}`,
    qty: 1,
    unit_list_price: -fee,
    discount_pct: 0,
    unit_price: -fee,
    unit_ecotax: 0,
    line_total_ht: -fee,
    vat_rate: rate,
    is_port: false,
  });
  const written = async (returnId: number) => ({
    events: (await bo.db.selectFrom("return_events").select("kind").where("return_id", "=", returnId).execute()).length,
    outbox: (await bo.db.selectFrom("outbox_events").select("event_id").where("type", "=", "return.status_changed").execute()).length,
    row: await bo.db.selectFrom("returns").selectAll().where("id", "=", returnId).executeTakeFirstOrThrow(),
  });

  it("accepts, receives fewer units than asked, and credits them at the invoiced prices less the reason's fee", async () => {
    const [chair, lamp] = [product(0), product(1)];
    const placed = await deliveredOrder(
      bo,
      buyer,
      [
        [chair, 3],
        [lamp, 2],
      ],
      "return-partial",
    );
    const asked = await askReturn(bo.db, placed.ord_id, [
      [chair, 3],
      [lamp, 2],
    ]);

    const accepted = await stepOk(bo, asked.number, "accept", { note: "Bon de retour à joindre au colis." });
    expect(accepted).toMatchObject({ status: "accepté", slip_available: true, can_withdraw: false, customer: { ref: "C0001" } });
    expect(accepted.steps.map((entry) => [entry.kind, entry.author, entry.note])).toEqual([
      ["requested", "Maël Kerjean", null],
      ["accepted", SERVICE_NAME, "Bon de retour à joindre au colis."],
    ]);

    // Two chairs arrive, no lamp: a reference left out received nothing; a reference is read as typed.
    const received = await stepOk(bo, asked.number, "receive", { lines: [{ obj_ref: ` ${chair.ref.toLowerCase()} `, qty: 2 }] });
    expect(received.status).toBe("reçu");
    expect(received.lines.map((line) => [line.obj_ref, line.qty, line.received])).toEqual([
      [chair.ref, 3, 2],
      [lamp.ref, 2, 0],
    ]);
    const [invoice] = await invoicesOf(placed.ord_id);
    if (!invoice) throw new Error("no invoice");
    const chairLine = lineOf(invoice, chair.ref);
    expect(received.amount_ht).toBe(2 * (chairLine.unit_price + chairLine.unit_ecotax));

    const done = await stepOk(bo, asked.number, "credit");
    // « Erreur de commande »: 15 % by default (return_settings).
    expect(done).toMatchObject({ status: "avoir émis", restocking_fee_pct: 15 });
    expect(done.credit_notes).toHaveLength(1);
    const [noteRef] = done.credit_notes;
    const note = await erpInvoice(bo, noteRef?.number ?? "");
    const fee = roundCents((2 * chairLine.unit_price * 15) / 100);
    expect(note.lines.map(bare)).toEqual([credited(chairLine, 2), feeLine(fee, 20, 15)]);
    // The ecotax is refunded whole; the fee comes off the base at its rate.
    const base = 2 * (chairLine.unit_price + chairLine.unit_ecotax) - fee;
    const vat = roundCents((base * 20) / 100);
    expect(note).toMatchObject({
      kind: "avoir",
      credits_number: invoice.number,
      ord_id: placed.ord_id,
      total_ecotax: 2 * chairLine.unit_ecotax,
      total_ht: base,
      total_vat: vat,
      total_ttc: base + vat,
      vat: [{ rate: 20, base_ht: base, vat }],
    });
    expect(note.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(noteRef).toEqual({ invoice_id: note.inv_id, number: note.number, total_ttc: base + vat });
    const row = await bo.db.selectFrom("invoices").select(["reason", "return_id"]).where("id", "=", note.inv_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ reason: `Retour ${asked.number} : Erreur de commande`, return_id: asked.id });
    expect(done.steps.map((entry) => entry.kind)).toEqual(["requested", "accepted", "received", "credited"]);

    // Every step reached the ERP's feed with the return as it became, in its own stream.
    const events = await bo.db
      .selectFrom("outbox_events")
      .select(["type", "org_id", "data"])
      .where("stream", "=", `return:${asked.number}`)
      .orderBy("id")
      .execute();
    const parsed = events.map((event) => outboxEventData["return.status_changed"].parse(event.data));
    expect(events.map((event) => event.type)).toEqual(["return.status_changed", "return.status_changed", "return.status_changed"]);
    expect(parsed.map((data) => [data.step, data.return.status, data.customer.ref])).toEqual([
      ["accepted", "accepté", "C0001"],
      ["received", "reçu", "C0001"],
      ["credited", "avoir émis", "C0001"],
    ]);
    expect(parsed[2]?.return.credit_notes).toEqual(done.credit_notes);
    expect(parsed[2]?.return.amount_ht).toBe(received.amount_ht);
  });

  it("credits two VAT rates with one fee line each, the bases and VAT per rate those of the invoice's lines less the fee", async () => {
    const [anchor, chart] = [product(2), product(3)];
    const placed = await deliveredOrder(
      bo,
      buyer,
      [
        [anchor, 2],
        [chart, 4],
      ],
      "return-two-rates",
    );
    // The catalogue sells at 20 % only: the invoice's line of the chart is set to 5.5 % (a book's
    // rate), its immutability trigger set aside for that one change.
    const [issued] = await invoicesOf(placed.ord_id);
    if (!issued) throw new Error("no invoice");
    await sql`alter table invoice_lines disable trigger invoice_lines_immutable`.execute(bo.db);
    await bo.db
      .updateTable("invoice_lines")
      .set({ vat_rate: 5.5 })
      .where("invoice_id", "=", issued.inv_id)
      .where("obj_ref", "=", chart.ref)
      .execute();
    await sql`alter table invoice_lines enable trigger invoice_lines_immutable`.execute(bo.db);
    const invoice = await erpInvoice(bo, issued.number);

    const asked = await askReturn(
      bo.db,
      placed.ord_id,
      [
        [anchor, 2],
        [chart, 4],
      ],
      { reason: "defective" },
    );
    await stepOk(bo, asked.number, "accept");
    await stepOk(bo, asked.number, "receive", {
      lines: [
        { obj_ref: anchor.ref, qty: 1 },
        { obj_ref: chart.ref, qty: 3 },
      ],
    });
    // « Produit défectueux » has no fee; the distributor sets 10 % for this one.
    const done = await stepOk(bo, asked.number, "credit", { restocking_fee_pct: 10 });
    expect(done.restocking_fee_pct).toBe(10);
    const note = await erpInvoice(bo, done.credit_notes[0]?.number ?? "");
    const [anchorLine, chartLine] = [lineOf(invoice, anchor.ref), lineOf(invoice, chart.ref)];
    const fee20 = roundCents((1 * anchorLine.unit_price * 10) / 100);
    const fee55 = roundCents((3 * chartLine.unit_price * 10) / 100);
    expect(note.lines.map(bare)).toEqual([
      credited(anchorLine, 1),
      credited(chartLine, 3),
      feeLine(fee20, 20, 10),
      feeLine(fee55, 5.5, 10),
    ]);
    const base20 = 1 * (anchorLine.unit_price + anchorLine.unit_ecotax) - fee20;
    const base55 = 3 * (chartLine.unit_price + chartLine.unit_ecotax) - fee55;
    const vat = [
      { rate: 20, base_ht: base20, vat: roundCents((base20 * 20) / 100) },
      { rate: 5.5, base_ht: base55, vat: roundCents((base55 * 5.5) / 100) },
    ];
    expect(note.vat).toEqual(vat);
    expect(note.total_ht).toBe(base20 + base55);
    expect(note.total_vat).toBe(vat.reduce((sum, entry) => sum + entry.vat, 0));
    expect(note.total_ttc).toBe(note.total_ht + note.total_vat);
  });

  it("credits an order shipped in two shipments across both invoices, the latest first", async () => {
    const rope = product(4);
    const placed = await deliveredOrder(bo, buyer, [[rope, 5]], "return-two-shipments", [[[rope, 2]], [[rope, 3]]]);
    const [first, second] = await invoicesOf(placed.ord_id);
    if (!first || !second) throw new Error("two invoices expected");
    expect([lineOf(first, rope.ref).qty, lineOf(second, rope.ref).qty]).toEqual([2, 3]);

    const asked = await askReturn(bo.db, placed.ord_id, [[rope, 4]]);
    await stepOk(bo, asked.number, "accept");
    await stepOk(bo, asked.number, "receive", { lines: [{ obj_ref: rope.ref, qty: 4 }] });
    const done = await stepOk(bo, asked.number, "credit", { restocking_fee_pct: 0 });
    expect(done.restocking_fee_pct).toBe(0);
    const notes = await Promise.all(done.credit_notes.map((note) => erpInvoice(bo, note.number)));
    expect(notes.map((note) => [note.credits_number, note.lines.map((line) => [line.obj_ref, line.qty])])).toEqual([
      [second.number, [[rope.ref, 3]]],
      [first.number, [[rope.ref, 1]]],
    ]);
    expect(notes.map((note) => note.lines.map(bare))).toEqual([
      [credited(lineOf(second, rope.ref), 3)],
      [credited(lineOf(first, rope.ref), 1)],
    ]);
    // The invoices now show what was credited: nothing of the second invoice's rope is left to credit.
    expect((await erpInvoice(bo, second.number)).credit_notes.map((note) => note.number)).toEqual([notes[0]?.number]);
  });

  it("records an exchange on the return with its carrier and tracking, and bills nothing", async () => {
    const cleat = product(5);
    const placed = await deliveredOrder(bo, buyer, [[cleat, 2]], "return-exchange");
    const asked = await askReturn(bo.db, placed.ord_id, [[cleat, 2]], { reason: "defective", resolution: "exchange" });
    await stepOk(bo, asked.number, "accept");
    await stepOk(bo, asked.number, "receive", { lines: [{ obj_ref: cleat.ref, qty: 2 }] });
    const invoices = async () => (await bo.db.selectFrom("invoices").select("id").where("order_id", "=", placed.ord_id).execute()).length;
    const before = await invoices();
    const done = await stepOk(bo, asked.number, "exchange", {
      carrier: "Colissimo",
      tracking_number: "6A0001234",
      tracking_url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A0001234",
      // A couple of minutes ahead of this server's clock: the ERP's own clock.
      at: "2026-11-20T09:02:00Z",
    });
    expect(done).toMatchObject({
      status: "échange expédié",
      credit_notes: [],
      exchange: {
        carrier: "Colissimo",
        tracking_number: "6A0001234",
        tracking_url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A0001234",
        shipped_at: "2026-11-20T09:02:00.000Z",
      },
    });
    expect(done.steps.at(-1)).toMatchObject({ kind: "exchanged", at: "2026-11-20T09:02:00.000Z", author: SERVICE_NAME });
    expect(await invoices()).toBe(before);
  });

  it("refuses every step the status does not allow with its French sentence, and writes nothing", async () => {
    const hook = product(6);
    const placed = await deliveredOrder(bo, buyer, [[hook, 6]], "return-refusals");
    const bodies: Record<Step, unknown> = {
      accepted: {},
      refused: { reason: "Hors délai." },
      received: { lines: [{ obj_ref: hook.ref, qty: 1 }] },
      credited: {},
      exchanged: { carrier: "DPD" },
    };
    const paths: Record<Step, string> = {
      accepted: "accept",
      refused: "refuse",
      received: "receive",
      credited: "credit",
      exchanged: "exchange",
    };
    const allowed: Record<string, Step[]> = {
      demandé: ["accepted", "refused"],
      accepté: ["refused", "received"],
      reçu: ["credited", "exchanged"],
      refusé: [],
      "avoir émis": [],
      "échange expédié": [],
    };
    async function refusesAllBut(number: string, id: number, status: string): Promise<void> {
      const before = await written(id);
      expect(before.row.status).toBe(status);
      for (const kind of Object.keys(paths) as Step[]) {
        if (allowed[status]?.includes(kind)) continue;
        const answer = await step(bo, number, paths[kind], bodies[kind]);
        expect([kind, answer.status], JSON.stringify(answer.body)).toEqual([kind, 409]);
        expect(answer.body).toMatchObject({ code: "return_state", message: stepRefusal(number, before.row.status, kind), status });
      }
      expect(await written(id)).toEqual(before);
    }

    const flow = await askReturn(bo.db, placed.ord_id, [[hook, 1]]);
    await refusesAllBut(flow.number, flow.id, "demandé");
    await stepOk(bo, flow.number, "accept");
    await refusesAllBut(flow.number, flow.id, "accepté");
    await stepOk(bo, flow.number, "receive", bodies.received);
    await refusesAllBut(flow.number, flow.id, "reçu");
    await stepOk(bo, flow.number, "credit");
    await refusesAllBut(flow.number, flow.id, "avoir émis");

    const refusedEarly = await askReturn(bo.db, placed.ord_id, [[hook, 1]]);
    const refused = await stepOk(bo, refusedEarly.number, "refuse", { reason: "Article utilisé : il ne peut être repris." });
    expect(refused).toMatchObject({ status: "refusé", refusal: "Article utilisé : il ne peut être repris.", slip_available: false });
    expect(refused.steps.at(-1)).toMatchObject({ kind: "refused", note: "Article utilisé : il ne peut être repris." });
    await refusesAllBut(refusedEarly.number, refusedEarly.id, "refusé");

    // Accepted, then refused once the parcel is seen to be something else.
    const refusedLate = await askReturn(bo.db, placed.ord_id, [[hook, 1]]);
    await stepOk(bo, refusedLate.number, "accept");
    expect(await stepOk(bo, refusedLate.number, "refuse", { reason: "Colis non reçu.", note: "Relancé deux fois." })).toMatchObject({
      status: "refusé",
      refusal: "Colis non reçu.",
      steps: expect.arrayContaining([expect.objectContaining({ note: "Relancé deux fois." })]),
    });

    const exchanged = await askReturn(bo.db, placed.ord_id, [[hook, 1]], { resolution: "exchange" });
    await stepOk(bo, exchanged.number, "accept");
    await stepOk(bo, exchanged.number, "receive", bodies.received);
    await stepOk(bo, exchanged.number, "exchange", bodies.exchanged);
    await refusesAllBut(exchanged.number, exchanged.id, "échange expédié");

    const unknown = await step(bo, "RET-2026-999999", "accept");
    expect(unknown).toMatchObject({ status: 404, body: { code: "unknown_return", message: "Retour RET-2026-999999 introuvable." } });
    expect((await step(bo, "CMD-000001", "accept")).status).toBe(404);
  });

  it("refuses a reception beyond what was asked, of another reference, or of nothing, on its lines, and writes nothing", async () => {
    const [shackle, block] = [product(7), product(0)];
    const placed = await deliveredOrder(
      bo,
      buyer,
      [
        [shackle, 3],
        [block, 1],
      ],
      "return-reception",
    );
    const asked = await askReturn(bo.db, placed.ord_id, [[shackle, 2]]);
    await stepOk(bo, asked.number, "accept");
    const before = await written(asked.id);
    const cases: Array<[unknown, string, string]> = [
      [
        { lines: [{ obj_ref: shackle.ref, qty: 3 }] },
        "lines.0.qty",
        `Quantité reçue trop élevée pour ${shackle.ref} : 2 demandés au retour.`,
      ],
      [{ lines: [{ obj_ref: block.ref, qty: 1 }] }, "lines.0.obj_ref", `${block.ref} ne figure pas sur le retour ${asked.number}.`],
      [
        {
          lines: [
            { obj_ref: shackle.ref, qty: 1 },
            { obj_ref: shackle.ref.toLowerCase(), qty: 1 },
          ],
        },
        "lines.1.obj_ref",
        `${shackle.ref.toLowerCase()} est indiqué deux fois.`,
      ],
      [{ lines: [{ obj_ref: shackle.ref, qty: 0 }] }, "lines", "Rien n'a été reçu : refusez le retour plutôt."],
    ];
    for (const [body, path, message] of cases) {
      const answer = await step(bo, asked.number, "receive", body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body).toMatchObject({ code: "invalid_reception", issues: [{ path, message }] });
    }
    const malformed = await step(bo, asked.number, "receive", { lines: [] });
    expect(malformed).toMatchObject({ status: 400, body: { issues: [{ path: "lines", message: "Indiquez les quantités reçues." }] } });
    expect(await written(asked.id)).toEqual(before);
    expect((await serviceReturn(bo, asked.number)).lines.map((line) => line.received)).toEqual([null]);
  });

  it("dates a step as sent, never in the future nor before the return's last step", async () => {
    const shackle = product(7);
    const placed = await deliveredOrder(bo, buyer, [[shackle, 1]], "return-dates");
    const asked = await askReturn(bo.db, placed.ord_id, [[shackle, 1]]);
    const future = await step(bo, asked.number, "accept", { at: "2026-11-21" });
    expect(future).toMatchObject({ status: 422, body: { code: "invalid_date", issues: [{ path: "at", message: "Date dans le futur." }] } });
    const early = await step(bo, asked.number, "accept", { at: "2026-11-19T08:00:00Z" });
    expect(early).toMatchObject({
      status: 422,
      body: { message: `La date indiquée précède la dernière étape du retour ${asked.number}.` },
    });
    // A date alone, the return's own day: kept between its request and now.
    const accepted = await stepOk(bo, asked.number, "accept", { at: "2026-11-20" });
    expect(accepted.steps.at(-1)?.at).toBe("2026-11-20T09:00:00.000Z");
  });

  it("refuses credit notes named by a portal that issues its own", async () => {
    const shackle = product(7);
    const placed = await deliveredOrder(bo, buyer, [[shackle, 1]], "return-portal-mode");
    const asked = await askReturn(bo.db, placed.ord_id, [[shackle, 1]]);
    await stepOk(bo, asked.number, "accept");
    await stepOk(bo, asked.number, "receive", { lines: [{ obj_ref: shackle.ref, qty: 1 }] });
    const answer = await step(bo, asked.number, "credit", { credit_notes: ["AV2026-0001"] });
    expect(answer).toMatchObject({ status: 422, body: { code: "invalid_credit", issues: [{ path: "credit_notes" }] } });
    expect((await serviceReturn(bo, asked.number)).status).toBe("reçu");
  });

  it("lists every organization's returns for the distributor, by status and customer code, the latest first", async () => {
    const shackle = product(7);
    const placed = await deliveredOrder(bo, buyer, [[shackle, 2]], "return-list");
    const asked = await askReturn(bo.db, placed.ord_id, [[shackle, 2]], { reason: "transport_damage" });
    const list = async (query: string) => {
      const answer = await erp(bo, `/returns${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return serviceReturnListResponse.parse(answer.body);
    };
    const pending = await list("?status=demand%C3%A9&org=c0001");
    expect(pending.items[0]).toMatchObject({
      number: asked.number,
      status: "demandé",
      customer_ref: "C0001",
      customer_name: "Voilerie Atlantique",
      order_ref: placed.ord_ref,
      reason: "transport_damage",
      units: 2,
    });
    expect(pending.items.every((item) => item.status === "demandé" && item.customer_ref === "C0001")).toBe(true);
    expect(pending.items.map((item) => item.number)).toEqual([...pending.items.map((item) => item.number)].sort().reverse());
    expect((await list("?org=C0002")).items.map((item) => item.number)).not.toContain(asked.number);
    expect((await erp(bo, "/returns?status=perdu")).status).toBe(400);
  });

  it("answers the distributor's systems only: a customer's token is a 403, none a 401", async () => {
    const shackle = product(7);
    const placed = await deliveredOrder(bo, buyer, [[shackle, 1]], "return-access");
    const asked = await askReturn(bo.db, placed.ord_id, [[shackle, 1]]);
    expect((await call(bo, "/erp/returns", { token: buyer.token })).status).toBe(403);
    expect((await call(bo, `/erp/returns/${asked.number}`, { token: buyer.token })).status).toBe(403);
    expect((await call(bo, `/erp/returns/${asked.number}/accept`, { token: buyer.token, body: {} })).status).toBe(403);
    expect((await call(bo, `/erp/returns/${asked.number}/accept`, { body: {} })).status).toBe(401);
    expect((await serviceReturn(bo, asked.number)).status).toBe("demandé");
  });
});
