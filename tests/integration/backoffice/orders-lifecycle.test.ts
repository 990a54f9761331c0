import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { orderDetail, serviceOrderListResponse, stockArrivalResponse, type OrderDetail } from "@shared/contracts/orders";
import { registerServiceToken, revokeServiceTokens } from "../../../server/backoffice/auth/service-tokens";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";
import { SERVICE_NAME, SERVICE_TOKEN, details, erp, lineOf, placeOrder, setStock, testProducts } from "./orders-fixtures";

/**
 * The distributor's calls that move an order (docs/orders.md): the service token, each step
 * and each refusal, the back-orders they leave, the timeline they write.
 */
describe.each(ENGINES)("order lifecycle (/api/erp) on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let client: SessionResponse;
  let products: { id: number; ref: string }[];
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    [buyer, client] = await Promise.all([login(bo, LOGINS.buyer), login(bo, LOGINS.client)]);
    products = await testProducts(bo.db, 12);
  });
  afterAll(async () => {
    await bo.close();
  });

  const product = (index: number) => {
    const found = products[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };
  const moved = (answer: { status: number; body: unknown }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return orderDetail.parse(answer.body);
  };

  it("takes a service token only: a portal user's token is refused, and a service token opens no customer call", async () => {
    expect((await call(bo, "/erp/orders")).status).toBe(401);
    expect(await call(bo, "/erp/orders", { token: client.token })).toMatchObject({
      status: 403,
      body: { code: "forbidden", message: "Ces appels sont réservés aux systèmes du distributeur (jeton de service)." },
    });
    expect((await call(bo, "/erp/orders/CMD-000001/accept", { token: buyer.token, body: {} })).status).toBe(403);
    expect((await call(bo, "/erp/orders", { token: "unknown-token-0123456789abcdef" })).status).toBe(401);
    expect(serviceOrderListResponse.parse((await erp(bo, "/orders")).body).total).toBeGreaterThan(0);

    const orgId = client.user.auth_org_id;
    for (const path of [`/oms/orders?org_id=${orgId}`, `/oms/cart/${orgId}`, `/oms/backorders?org_id=${orgId}`, "/auth/me"]) {
      expect((await call(bo, path, { token: SERVICE_TOKEN })).status, path).toBe(401);
    }

    await registerServiceToken(bo.db, "ERP de test", "test-erp-token-0123456789");
    expect((await call(bo, "/erp/orders", { token: "test-erp-token-0123456789" })).status).toBe(200);
    expect(await revokeServiceTokens(bo.db, "ERP de test", new Date())).toBe(1);
    expect((await call(bo, "/erp/orders", { token: "test-erp-token-0123456789" })).status).toBe(401);
  });

  it("moves an order through acceptance, preparation, partial shipments and delivery, each step dated in its timeline", async () => {
    const [inStock, awaited] = [product(0), product(1)];
    await setStock(bo.db, inStock.id, 10);
    await setStock(bo.db, awaited.id, 0, { date: "2026-12-05", qty: 50 });
    const placed = await placeOrder(
      bo,
      buyer,
      [
        [inStock, 3],
        [awaited, 4],
      ],
      "lifecycle-1",
    );
    const ref = placed.ord_ref;

    // Confirmed for more than the stock on hand: the awaited product is on back-order at once.
    const confirmed = await details(bo, buyer, placed.ord_id);
    expect(confirmed.status).toBe("confirmée");
    expect(lineOf(confirmed, inStock.ref)).toMatchObject({ ordered: 3, shipped: 0, remaining: 3, backorder: null });
    expect(lineOf(confirmed, awaited.ref)).toMatchObject({
      ordered: 4,
      remaining: 4,
      backorder: { state: "en attente", qty: 4, expected_date: "2026-12-05" },
    });

    expect(moved(await erp(bo, `/orders/${ref}/accept`, {})).status).toBe("acceptée");
    expect(await erp(bo, `/orders/${ref}/accept`, {})).toMatchObject({
      status: 409,
      body: { code: "order_state", message: `La commande ${ref} est déjà acceptée.` },
    });
    expect(moved(await erp(bo, `/orders/${ref.toLowerCase()}/prepare`, { note: "Préparation quai 2" })).status).toBe("en préparation");

    const tooMany = await erp(bo, `/orders/${ref}/shipments`, { carrier: "Colissimo", lines: [{ obj_ref: inStock.ref, qty: 5 }] });
    expect(tooMany).toMatchObject({
      status: 422,
      body: {
        code: "invalid_shipment",
        message: `Quantité trop élevée pour ${inStock.ref} : commandé 3, déjà expédié 0, annulé 0 ; il reste 3 à expédier.`,
        issues: [{ path: "lines.0" }],
      },
    });
    const strangers = await erp(bo, `/orders/${ref}/shipments`, {
      carrier: "DPD",
      lines: [
        { obj_ref: "INCONNUE-1", qty: 1 },
        { obj_ref: inStock.ref, qty: 1 },
        { obj_ref: inStock.ref.toLowerCase(), qty: 1 },
      ],
    });
    expect(strangers).toMatchObject({ status: 422, body: { code: "invalid_shipment" } });
    expect((strangers.body as { issues: { path: string; message: string }[] }).issues).toEqual([
      { path: "lines.0", message: `La référence INCONNUE-1 ne figure pas sur la commande ${ref}.` },
      { path: "lines.2", message: `La référence ${inStock.ref} figure deux fois dans l'expédition.` },
    ]);

    const first = await erp(bo, `/orders/${ref}/shipments`, {
      carrier: "Colissimo",
      tracking_number: "6A12345678901",
      tracking_url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
      at: "2026-11-20T10:00:00+01:00",
      lines: [{ obj_ref: inStock.ref, qty: 3 }],
    });
    expect(first.status).toBe(201);
    const partial = orderDetail.parse(first.body);
    expect(partial.status).toBe("expédiée partiellement");
    expect(partial.shipments).toEqual([
      {
        number: 1,
        shipped_at: "2026-11-20T09:00:00.000Z",
        carrier: "Colissimo",
        tracking_number: "6A12345678901",
        tracking_url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
        author: SERVICE_NAME,
        lines: [{ obj_ref: inStock.ref, obj_title: expect.any(String), qty: 3 }],
      },
    ]);
    expect(lineOf(partial, awaited.ref)).toMatchObject({ shipped: 0, remaining: 4, backorder: { state: "en attente", qty: 4 } });
    // The units sent left the stock on hand.
    expect(
      (await bo.db.selectFrom("stocks").select("sto_disp").where("product_id", "=", inStock.id).executeTakeFirstOrThrow()).sto_disp,
    ).toBe(7);

    expect(await erp(bo, `/orders/${ref}/deliver`, {})).toMatchObject({
      status: 409,
      body: { message: `La commande ${ref} n'est pas entièrement expédiée : expédiez ou annulez d'abord ses reliquats.` },
    });

    // The stock arrives: the back-order is available (the customer sees it), the refill is over.
    const arrival = stockArrivalResponse.parse((await erp(bo, `/stocks/${encodeURIComponent(awaited.ref)}/arrivals`, { qty: 4 })).body);
    expect(arrival).toMatchObject({
      obj_ref: awaited.ref,
      sto_disp: 4,
      sto_refill_date: null,
      sto_refill_qte: null,
      backorders_available: [{ ord_ref: ref, qty: 4 }],
    });
    const available = await details(bo, buyer, placed.ord_id);
    expect(lineOf(available, awaited.ref).backorder).toMatchObject({ state: "disponible", qty: 4, available_at: expect.any(String) });

    const second = moved(
      await erp(bo, `/orders/${ref}/shipments`, { carrier: "DPD", at: "2026-11-20", lines: [{ obj_ref: awaited.ref, qty: 4 }] }),
    );
    expect(second.status).toBe("expédiée");
    expect(second.shipments.map((shipment) => shipment.number)).toEqual([1, 2]);
    expect(lineOf(second, awaited.ref)).toMatchObject({ shipped: 4, remaining: 0, backorder: { state: "expédié", qty: 0 } });
    expect(await erp(bo, `/orders/${ref}/shipments`, { carrier: "DPD", lines: [{ obj_ref: awaited.ref, qty: 1 }] })).toMatchObject({
      status: 409,
      body: { message: `La commande ${ref} est entièrement expédiée : il ne reste rien à expédier.` },
    });

    const delivered = moved(await erp(bo, `/orders/${ref}/deliver`, {}));
    expect(delivered.status).toBe("livrée");
    for (const move of ["cancel", "accept", "prepare"]) {
      expect(await erp(bo, `/orders/${ref}/${move}`, {}), move).toMatchObject({
        status: 409,
        body: { code: "order_state", message: `La commande ${ref} est livrée : elle ne peut plus changer.` },
      });
    }

    const timeline = (await details(bo, buyer, placed.ord_id)).timeline;
    expect(timeline.map((event) => [event.kind, event.status, event.author])).toEqual([
      ["confirmed", "confirmée", "Maël Kerjean"],
      ["accepted", "acceptée", SERVICE_NAME],
      ["preparing", "en préparation", SERVICE_NAME],
      ["shipped", "expédiée partiellement", SERVICE_NAME],
      ["backorder_available", null, SERVICE_NAME],
      ["shipped", "expédiée", SERVICE_NAME],
      ["delivered", "livrée", SERVICE_NAME],
    ]);
    expect(timeline[2]?.note).toBe("Préparation quai 2");
    expect(timeline[3]).toMatchObject({
      at: "2026-11-20T09:00:00.000Z",
      label: "Expédition n° 1 : 3 articles (Colissimo, suivi 6A12345678901)",
    });
    expect(timeline[4]?.label).toBe(`Reliquat disponible : ${awaited.ref} (4)`);
    expect(timeline.map((event) => event.at)).toEqual([...timeline.map((event) => event.at)].sort());
  });

  it("refuses to deliver an order never shipped, cancels it whole, and refuses to move it afterwards", async () => {
    await setStock(bo.db, product(2).id, 100);
    const placed = await placeOrder(bo, client, [[product(2), 2]], "lifecycle-2");
    const ref = placed.ord_ref;
    expect(await erp(bo, `/orders/${ref}/deliver`, {})).toMatchObject({
      status: 409,
      body: { message: `La commande ${ref} n'a encore fait l'objet d'aucune expédition : elle ne peut pas être livrée.` },
    });
    const cancelled = moved(await erp(bo, `/orders/${ref}/cancel`, { note: "Client injoignable" }));
    expect(cancelled.status).toBe("annulée");
    expect(lineOf(cancelled, product(2).ref)).toMatchObject({ ordered: 2, shipped: 0, cancelled: 2, remaining: 0 });
    expect(cancelled.timeline.at(-1)).toMatchObject({
      kind: "cancelled",
      label: "Commande annulée",
      note: "Client injoignable",
      author: SERVICE_NAME,
    });
    expect(await erp(bo, `/orders/${ref}/shipments`, { carrier: "DPD", lines: [{ obj_ref: product(2).ref, qty: 1 }] })).toMatchObject({
      status: 409,
      body: { code: "order_state", message: `La commande ${ref} est annulée : elle ne peut plus changer.` },
    });
    expect((await erp(bo, `/orders/${ref}/cancel`, {})).status).toBe(409);
  });

  it("cancels a line's remainder: the line cannot be shipped any more, and the order is shipped once nothing else waits", async () => {
    const [a, b, c] = [product(3), product(4), product(5)];
    for (const item of [a, b, c]) await setStock(bo.db, item.id, 50);
    const placed = await placeOrder(
      bo,
      client,
      [
        [a, 2],
        [b, 3],
        [c, 1],
      ],
      "lifecycle-3",
    );
    const ref = placed.ord_ref;
    moved(
      await erp(bo, `/orders/${ref}/shipments`, {
        carrier: "Geodis",
        lines: [
          { obj_ref: a.ref, qty: 2 },
          { obj_ref: b.ref, qty: 1 },
        ],
      }),
    );
    expect(await erp(bo, `/orders/${ref}/cancel`, {})).toMatchObject({
      status: 409,
      body: { message: `La commande ${ref} est partiellement expédiée : annulez ses reliquats ligne par ligne.` },
    });
    const cancelledB = moved(await erp(bo, `/orders/${ref}/cancel`, { obj_ref: b.ref.toLowerCase(), note: "Fin de série" }));
    expect(cancelledB.status).toBe("expédiée partiellement");
    expect(lineOf(cancelledB, b.ref)).toMatchObject({
      ordered: 3,
      shipped: 1,
      cancelled: 2,
      remaining: 0,
      backorder: { state: "annulé", qty: 0 },
    });
    expect(cancelledB.timeline.at(-1)).toMatchObject({
      kind: "line_cancelled",
      label: `Reliquat annulé : ${b.ref} (2)`,
      status: null,
      note: "Fin de série",
    });

    expect(await erp(bo, `/orders/${ref}/shipments`, { carrier: "Geodis", lines: [{ obj_ref: b.ref, qty: 1 }] })).toMatchObject({
      status: 422,
      body: { code: "invalid_shipment", message: `La ligne ${b.ref} est annulée : elle ne peut plus être expédiée.` },
    });
    expect(await erp(bo, `/orders/${ref}/cancel`, { obj_ref: b.ref })).toMatchObject({ status: 422, body: { code: "nothing_to_cancel" } });
    expect(await erp(bo, `/orders/${ref}/cancel`, { obj_ref: "PAS-SUR-LA-COMMANDE" })).toMatchObject({
      status: 422,
      body: { code: "unknown_line" },
    });

    const shipped = moved(await erp(bo, `/orders/${ref}/cancel`, { obj_ref: c.ref }));
    expect(shipped.status).toBe("expédiée");
    expect(shipped.timeline.at(-1)).toMatchObject({ kind: "line_cancelled", status: "expédiée" });
    expect(moved(await erp(bo, `/orders/${ref}/deliver`, {})).status).toBe("livrée");
  });

  it("serves the back-orders of an arrival oldest order first, as far as the stock covers them", async () => {
    const item = product(6);
    await setStock(bo.db, item.id, 0, { date: "2026-12-10", qty: 20 });
    const older = await placeOrder(bo, client, [[item, 5]], "arrival-1");
    const newer = await placeOrder(bo, client, [[item, 2]], "arrival-2");
    const partial = stockArrivalResponse.parse(
      (await erp(bo, `/stocks/${encodeURIComponent(item.ref)}/arrivals`, { qty: 4, next_refill_date: "2026-12-20", next_refill_qty: 10 }))
        .body,
    );
    // 4 units cannot serve the older order's 5: the newer one waits behind it.
    expect(partial).toMatchObject({ sto_disp: 4, sto_refill_date: "2026-12-20", sto_refill_qte: 10, backorders_available: [] });
    const more = stockArrivalResponse.parse((await erp(bo, `/stocks/${encodeURIComponent(item.ref)}/arrivals`, { qty: 3 })).body);
    expect(more.backorders_available).toEqual([
      { ord_ref: older.ord_ref, qty: 5 },
      { ord_ref: newer.ord_ref, qty: 2 },
    ]);
    expect(lineOf(await details(bo, client, older.ord_id), item.ref).backorder?.state).toBe("disponible");
  });

  it("lists every organization's orders for the distributor, by status and client", async () => {
    const list = serviceOrderListResponse.parse((await erp(bo, "/orders?status=livr%C3%A9e&org=c0001&size=5")).body);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((item) => item.status === "livrée" && item.org_ref === "C0001" && item.ord_total_ttc !== null)).toBe(true);
    const detail = orderDetail.parse((await erp(bo, `/orders/${list.items[0]?.ord_ref ?? ""}`)).body);
    expect(detail.org_ref).toBe("C0001");
  });

  it("refuses bad input from the distributor's systems in French", async () => {
    await setStock(bo.db, product(7).id, 30);
    const placed = await placeOrder(bo, client, [[product(7), 2]], "lifecycle-bad-input");
    const ref = placed.ord_ref;
    const line = [{ obj_ref: product(7).ref, qty: 1 }];
    const refusals: [unknown, string, string][] = [
      [{ lines: line }, "carrier", "Entrée invalide"],
      [{ carrier: "DPD", lines: [] }, "lines", "Une expédition compte au moins une ligne."],
      [{ carrier: "DPD", lines: [{ obj_ref: product(7).ref, qty: 0 }] }, "lines.0.qty", "La quantité doit être d'au moins 1."],
      [
        { carrier: "DPD", lines: line, tracking_url: "javascript:alert(1)" },
        "tracking_url",
        "Le lien de suivi doit être une adresse http(s).",
      ],
      [{ carrier: "DPD", lines: line, at: "hier" }, "at", "Date invalide"],
      [{ carrier: "DPD", lines: line, colis: 3 }, "", "colis"],
    ];
    for (const [body, path, message] of refusals) {
      const answer = await erp<{ code: string; issues: { path: string; message: string }[] }>(bo, `/orders/${ref}/shipments`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("invalid_request");
      expect(answer.body.issues.find((issue) => issue.path === path)?.message, JSON.stringify(answer.body)).toContain(message);
    }
    expect(await erp(bo, `/orders/${ref}/accept`, { at: "2020-01-01" })).toMatchObject({
      status: 422,
      body: { code: "invalid_date", message: `La date indiquée précède la confirmation de la commande ${ref}.` },
    });
    expect(await erp(bo, `/orders/${ref}/accept`, { at: "2030-01-01T10:00:00+01:00" })).toMatchObject({
      status: 422,
      body: { code: "invalid_date" },
    });
    expect(await erp(bo, "/orders/CMD-999999/accept", {})).toMatchObject({
      status: 404,
      body: { code: "unknown_order", message: "Commande CMD-999999 introuvable." },
    });
    expect(await erp(bo, "/orders/%3Cscript%3E", undefined)).toMatchObject({ status: 404, body: { code: "unknown_order" } });
    expect(await erp(bo, "/stocks/INCONNUE-42/arrivals", { qty: 3 })).toMatchObject({ status: 404, body: { code: "unknown_product" } });
    expect((await erp(bo, `/stocks/${product(7).ref}/arrivals`, { qty: -3 })).status).toBe(400);
    expect((await erp(bo, "/orders?status=perdue")).status).toBe(400);
    const untouched: OrderDetail = await details(bo, client, placed.ord_id);
    expect(untouched.status).toBe("confirmée");
    expect(untouched.timeline).toHaveLength(1);
  });
});
