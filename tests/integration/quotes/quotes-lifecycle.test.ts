import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { quoteListResponse, salesQuoteListResponse } from "@shared/contracts/quotes";
import { lineUnitPrice } from "@shared/domain/index";
import { DEMO_TODAY, LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { lineFor } from "../backoffice/cart-fixtures";
import { details, erp } from "../backoffice/orders-fixtures";
import { invoiceList, invoiceOf } from "../backoffice/invoices-fixtures";
import {
  PDF,
  accept,
  accepted,
  cartOf,
  confirmCart,
  createQuote,
  detailOf,
  move,
  proposal,
  saveLines,
  startQuoteBackoffice,
  validIn,
  type TestProduct,
} from "./fixtures";

/**
 * A quote from request to invoice (docs/quotes.md): asked by a people account, studied,
 * questioned and answered, proposed and revised by the linked representative, accepted in part
 * into the shared cart at the quoted prices, ordered and invoiced with its number; the other
 * representative and the other clients see nothing of it.
 */
describe("a quote's lifecycle", () => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let client: SessionResponse;
  let sales: SessionResponse;
  let sales2: SessionResponse;
  let corsica: SessionResponse;
  let product: (index: number) => TestProduct;
  beforeAll(async () => {
    ({ bo, product } = await startQuoteBackoffice("pglite", 4));
    [buyer, client, sales, sales2, corsica] = await Promise.all([
      login(bo, LOGINS.buyer),
      login(bo, LOGINS.client),
      login(bo, LOGINS.sales),
      login(bo, LOGINS.sales2),
      login(bo, LOGINS.corsica),
    ]);
  });
  afterAll(() => bo.close());

  it("goes from the request to the invoice, every step dated and signed", async () => {
    await saveLines(bo, buyer, [lineFor(product(3), 2)]);
    const asked = await createQuote(bo, buyer, {
      customer_ref: "Refit Ker Avel",
      message: "Bonjour, pour le refit d'un First 35 : pouvez-vous nous faire un prix sur ces références ?",
      wished_date: validIn(20),
      lines: [
        { obj_id: product(0).id, qty: 10 },
        { obj_id: product(1).id, qty: 4 },
        { text: "Winch self-tailing 40 chromé", qty: 2 },
      ],
      attachment: { file_name: "plan-de-pont.pdf", content_base64: PDF.toString("base64") },
    });
    expect(asked).toMatchObject({
      state: "demandé",
      customer_ref: "Refit Ker Avel",
      org_ref: "C0001",
      wished_date: validIn(20),
      line_count: 3,
      waiting_for: "commercial",
      valid_until: null,
    });
    expect(asked.number).toMatch(/^DV-2026-\d{6}$/);
    expect(asked.requested_by).toEqual({ usr_id: buyer.user.obj_id, name: buyer.user.obj_name, side: "client" });
    expect(asked.asked_lines.map((line) => [line.position, line.obj_ref, line.qty])).toEqual([
      [1, product(0).ref, 10],
      [2, product(1).ref, 4],
      [3, null, 2],
    ]);
    expect(asked.asked_lines[2]?.title).toBe("Winch self-tailing 40 chromé");
    expect(asked.attachments.map((file) => [file.file_name, file.mime, file.size])).toEqual([
      ["plan-de-pont.pdf", "application/pdf", PDF.length],
    ]);
    expect(asked.messages.map((message) => message.body)).toEqual([
      "Bonjour, pour le refit d'un First 35 : pouvez-vous nous faire un prix sur ces références ?",
    ]);
    expect(asked.actions).toEqual(["message", "cancel"]);
    // The cart it was asked from is as it was.
    expect((await cartOf(bo, buyer)).cart.products.filter((line) => !line.prd_is_port).map((line) => [line.obj_id, line.qty])).toEqual([
      [product(3).id, 2],
    ]);

    // The linked representative sees it in its list, with the client's name and its age.
    const list = salesQuoteListResponse.parse((await call(bo, "/sales/quotes?state=demandé&size=100", { token: sales.token })).body);
    expect(list.items.find((item) => item.quo_id === asked.quo_id)).toMatchObject({
      org_name: "Voilerie Atlantique",
      age_days: 0,
      state: "demandé",
    });
    expect(list.clients.map((entry) => entry.org_ref)).toContain("C0001");
    const file = await fetch(`${bo.baseUrl}/sales/quotes/${asked.quo_id}/attachments/${asked.attachments[0]?.att_id}`, {
      headers: { authorization: `Bearer ${sales.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    const studied = await move(bo, sales, `/sales/quotes/${asked.quo_id}/start-study`);
    expect(studied).toMatchObject({ state: "en cours d'étude", actions: ["ask_information", "propose", "message", "cancel"] });
    const questioned = await move(bo, sales, `/sales/quotes/${asked.quo_id}/ask-information`, {
      body: "Quel diamètre de bout pour le winch ?",
    });
    expect(questioned).toMatchObject({ state: "informations demandées", waiting_for: "client" });
    expect((await detailOf(bo, buyer, `/oms/quotes/${asked.quo_id}`)).actions).toEqual(["answer", "message", "cancel"]);
    const answered = await move(bo, buyer, `/oms/quotes/${asked.quo_id}/answer`, { body: "Drisse de 10 mm." });
    expect(answered).toMatchObject({ state: "complété", waiting_for: "commercial" });

    const first = await move(
      bo,
      sales,
      `/sales/quotes/${asked.quo_id}/proposals`,
      proposal([
        { obj_id: product(0).id, qty: 10, unit_price: 1234, answers_position: 1 },
        { obj_id: product(1).id, qty: 4, unit_price: 5678, answers_position: 2 },
        { obj_id: product(2).id, qty: 2, unit_price: 45_000, answers_position: 3, note: "Modèle équivalent en stock" },
      ]),
    );
    expect(first).toMatchObject({ state: "proposé", valid_until: validIn(30), total_ht: 10 * 1234 + 4 * 5678 + 2 * 45_000 });
    const revised = await move(bo, sales, `/sales/quotes/${asked.quo_id}/proposals`, {
      ...proposal(
        [
          { obj_id: product(0).id, qty: 10, unit_price: 1100, answers_position: 1 },
          { obj_id: product(1).id, qty: 4, unit_price: 5500, answers_position: 2 },
          { obj_id: product(2).id, qty: 2, unit_price: 44_000, answers_position: 3 },
        ],
        validIn(15),
      ),
      message: "Remise supplémentaire accordée.",
    });
    expect(revised.proposals.map((version) => [version.version, version.valid_until])).toEqual([
      [1, validIn(30)],
      [2, validIn(15)],
    ]);
    expect(revised.proposals[1]?.lines.map((line) => [line.unit_price, line.is_alternative])).toEqual([
      [1100, false],
      [5500, false],
      [44_000, false],
    ]);
    expect(revised.proposals[1]?.lines[0]?.usual_price).toEqual(expect.any(Number));
    const seen = await detailOf(bo, buyer, `/oms/quotes/${asked.quo_id}`);
    expect(seen.actions).toEqual(["accept", "refuse", "message", "cancel"]);

    // Two of three lines go to the shared cart, at the quoted prices, beside the line already there.
    const answer = accepted(await accept(bo, buyer, asked.quo_id, 2, [1, 2]));
    expect(answer.quote).toMatchObject({ state: "accepté", accepted_positions: [1, 2], waiting_for: null });
    const quoted = answer.cart.products.filter((line) => line.quote);
    expect(quoted.map((line) => [line.obj_id, line.qty, lineUnitPrice(line), line.quote?.number, line.quote?.valid_until])).toEqual([
      [product(0).id, 10, 1100, asked.number, validIn(15)],
      [product(1).id, 4, 5500, asked.number, validIn(15)],
    ]);
    expect(answer.cart.products.find((line) => line.obj_id === product(3).id)?.quote).toBeUndefined();
    expect(answer.version).toBe((await cartOf(bo, client)).version);

    const placed = await confirmCart(bo, buyer, "quote-lifecycle");
    expect(placed.quote_numbers).toEqual([asked.number]);
    expect(placed.lines.filter((line) => !line.prd_is_port).map((line) => [line.obj_id, line.unit_price, line.quote_number])).toEqual([
      [product(3).id, expect.any(Number), null],
      [product(0).id, 1100, asked.number],
      [product(1).id, 5500, asked.number],
    ]);
    expect(await bo.db.selectFrom("quote_cart_locks").select("obj_id").where("org_id", "=", buyer.user.auth_org_id).execute()).toEqual([]);
    const detail = await details(bo, buyer, placed.ord_id);
    expect(detail.quote_numbers).toEqual([asked.number]);
    expect(detail.lines.find((line) => line.obj_id === product(0).id)?.quote_number).toBe(asked.number);

    const shipment = await erp(bo, `/orders/${placed.ord_ref}/shipments`, {
      carrier: "Colissimo",
      lines: [
        [product(3), 2],
        [product(0), 10],
        [product(1), 4],
      ].map(([item, qty]) => ({ obj_ref: (item as { ref: string }).ref, qty })),
    });
    expect(shipment.status).toBe(201);
    const [invoiceItem] = (await invoiceList(bo, buyer, `&ord_id=${placed.ord_id}`)).items;
    if (!invoiceItem) throw new Error("no invoice");
    const invoice = await invoiceOf(bo, buyer, invoiceItem.inv_id);
    expect(invoice.lines.filter((line) => !line.is_port).map((line) => [line.obj_ref, line.quote_number])).toEqual([
      [product(3).ref, null],
      [product(0).ref, asked.number],
      [product(1).ref, asked.number],
    ]);

    const timeline = (await detailOf(bo, client, `/oms/quotes/${asked.quo_id}`)).timeline;
    expect(timeline.map((event) => [event.kind, event.state, event.author.side])).toEqual([
      ["requested", "demandé", "client"],
      ["study_started", "en cours d'étude", "commercial"],
      ["information_requested", "informations demandées", "commercial"],
      ["information_given", "complété", "client"],
      ["proposed", "proposé", "commercial"],
      ["revised", "proposé", "commercial"],
      ["accepted", "accepté", "client"],
    ]);
    expect(timeline.every((event) => event.at.startsWith(DEMO_TODAY.slice(0, 4)))).toBe(true);
    expect(timeline[1]?.author).toEqual({ usr_id: sales.user.obj_id, name: sales.user.obj_name, side: "commercial" });
  });

  it("shows a quote to its organization and its linked representative only", async () => {
    const asked = await createQuote(bo, client, { customer_ref: "Confidentiel", lines: [{ obj_id: product(0).id, qty: 1 }] });
    for (const [session, path] of [
      [corsica, `/oms/quotes/${asked.quo_id}`],
      [sales2, `/sales/quotes/${asked.quo_id}`],
    ] as const) {
      const answer = await call(bo, path, { token: session.token });
      expect(answer.status, path).toBe(404);
    }
    const refused = await call(bo, `/sales/quotes/${asked.quo_id}/start-study`, { token: sales2.token, body: {} });
    expect(refused.status).toBe(404);
    const otherList = salesQuoteListResponse.parse((await call(bo, "/sales/quotes?size=100", { token: sales2.token })).body);
    expect(otherList.items.some((item) => item.quo_id === asked.quo_id)).toBe(false);
    const corsicaList = quoteListResponse.parse(
      (await call(bo, `/oms/quotes?org_id=${corsica.user.auth_org_id}&size=100`, { token: corsica.token })).body,
    );
    expect(corsicaList.items.some((item) => item.quo_id === asked.quo_id)).toBe(false);
    // The organization's list, filtered by state and text.
    const own = quoteListResponse.parse(
      (await call(bo, `/oms/quotes?org_id=${client.user.auth_org_id}&state=demandé&q=confidentiel`, { token: client.token })).body,
    );
    expect(own.items.map((item) => item.number)).toEqual([asked.number]);
    // Asking for another organization's list is a 404 too.
    expect((await call(bo, `/oms/quotes?org_id=${corsica.user.auth_org_id}`, { token: client.token })).status).toBe(404);
  });
});
