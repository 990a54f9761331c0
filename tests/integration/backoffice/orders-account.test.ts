import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import {
  backorderListResponse,
  cancellationRequest,
  historyResponse,
  orderListResponse,
  serviceRequestListResponse,
  type OrderListResponse,
} from "@shared/contracts/orders";
import { parisDate } from "@shared/domain/index";
import { DEMO_TODAY, ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";
import { products, uploadCertificate } from "./cart-fixtures";
import { SERVICE_NAME, details, erp, lineOf, placeOrder, setStock, testProducts } from "./orders-fixtures";

/**
 * What a portal user reads of the organization's orders (docs/orders.md): the list and its
 * filters, one order's follow-up, the open back-orders, the purchase history, and the request
 * to cancel a remainder; who may read and act, and prices hidden without the flag.
 */
describe.each(ENGINES)("the organization's orders (/api/oms) on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let storekeeper: SessionResponse;
  let consultant: SessionResponse;
  let orgId: number;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    [client, buyer, storekeeper, consultant] = await Promise.all([
      login(bo, LOGINS.client),
      login(bo, LOGINS.buyer),
      login(bo, LOGINS.storekeeper),
      login(bo, LOGINS.consultant),
    ]);
    orgId = client.user.auth_org_id;
  });
  afterAll(async () => {
    await bo.close();
  });

  const list = async (session: SessionResponse, query = ""): Promise<OrderListResponse> => {
    const answer = await call(bo, `/oms/orders?org_id=${session.user.auth_org_id}${query}`, { token: session.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return orderListResponse.parse(answer.body);
  };
  const countOrders = async (where = sql`true`) =>
    Number((await sql<{ n: number }>`select count(*) as n from orders o where o.org_id = ${orgId} and ${where}`.execute(bo.db)).rows[0]?.n);

  it("lists all the organization's orders, newest first, each with its author and « par X pour Y »", async () => {
    const all = await list(client, "&size=100");
    expect(all.total).toBe(await countOrders());
    expect(all.total).toBeGreaterThanOrEqual(20);
    const dates = all.items.map((item) => item.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(all.items.map((item) => item.status)).size).toBeGreaterThanOrEqual(6);
    // Placed by a contributor for the organization: « par Yann Le Gall pour Voilerie Atlantique ».
    const byContributor = all.items.filter((item) => item.author.on_behalf_of !== null);
    expect(byContributor.length).toBeGreaterThan(0);
    expect(byContributor.every((item) => item.author.name === "Yann Le Gall" && item.author.on_behalf_of === "Voilerie Atlantique")).toBe(
      true,
    );
    expect(all.items.filter((item) => item.author.on_behalf_of === null).map((item) => item.author.name)).toContain("Voilerie Atlantique");
    expect(all.authors.map((author) => author.name)).toEqual(expect.arrayContaining(["Voilerie Atlantique", "Yann Le Gall"]));
    // Every account of the organization sees them (the `orders` flag governs ordering only).
    expect((await list(consultant, "&size=100")).total).toBe(all.total);
    expect((await list(buyer)).items[0]?.ord_id).toBe(all.items[0]?.ord_id);
  });

  it("pages the list: size at most 100, the total whatever the page", async () => {
    const total = await countOrders();
    const pages = await Promise.all([1, 2, 3].map((page) => list(client, `&size=7&page=${page}`)));
    expect(pages.map((page) => page.items.length)).toEqual([7, 7, Math.min(7, total - 14)]);
    expect(pages.every((page) => page.total === total && page.size === 7)).toBe(true);
    expect(new Set(pages.flatMap((page) => page.items.map((item) => item.ord_id))).size).toBe(7 + 7 + Math.min(7, total - 14));
    const beyond = await list(client, "&size=7&page=99");
    expect(beyond).toMatchObject({ items: [], total, page: 99 });
    expect((await list(client)).size).toBe(20);
  });

  it("filters by period, status, reference, product and author", async () => {
    const delivered = await list(client, `&status=${encodeURIComponent("livrée")}&size=100`);
    expect(delivered.total).toBe(await countOrders(sql`o.status = 'livrée'`));
    expect(delivered.items.every((item) => item.status === "livrée")).toBe(true);

    const from = "2026-10-01";
    const to = "2026-11-15";
    const period = await list(client, `&from=${from}&to=${to}&size=100`);
    const expected = await countOrders(sql`o.created_at >= '2026-09-30T22:00:00Z' and o.created_at < '2026-11-15T23:00:00Z'`);
    expect(period.total).toBe(expected);
    expect(period.items.every((item) => parisDate(new Date(item.created_at)) >= from && parisDate(new Date(item.created_at)) <= to)).toBe(
      true,
    );

    const { cart_ref: cartRef } = await bo.db
      .selectFrom("orders")
      .select("cart_ref")
      .where("org_id", "=", orgId)
      .where("cart_ref", "=", "Hivernage")
      .executeTakeFirstOrThrow();
    const byRef = await list(client, `&ref=${encodeURIComponent("HIVERN")}&size=100`);
    expect(byRef.total).toBe(await countOrders(sql`o.cart_ref = ${cartRef}`));
    const someOrder = delivered.items[0];
    if (!someOrder) throw new Error("no delivered order");
    expect((await list(client, `&ref=${someOrder.ord_ref}`)).items.map((item) => item.ord_id)).toEqual([someOrder.ord_id]);

    const line = await bo.db
      .selectFrom("order_lines")
      .select(["ref", "title"])
      .where("order_id", "=", someOrder.ord_id)
      .where("is_port", "=", false)
      .executeTakeFirstOrThrow();
    const byProduct = await list(client, `&product=${encodeURIComponent(line.ref.slice(0, -1).toLowerCase())}&size=100`);
    expect(byProduct.items.map((item) => item.ord_id)).toContain(someOrder.ord_id);
    const words = line.title.split(/\s+/).slice(0, 2).join(" ").toUpperCase();
    expect((await list(client, `&product=${encodeURIComponent(words)}&size=100`)).items.map((item) => item.ord_id)).toContain(
      someOrder.ord_id,
    );
    expect((await list(client, "&product=zzzz%25aucun")).total).toBe(0);

    const contributorId = (await list(client, "&size=100")).authors.find((author) => author.name === "Yann Le Gall")?.usr_id;
    const byAuthor = await list(client, `&author=${contributorId}&size=100`);
    expect(byAuthor.total).toBe(await countOrders(sql`o.usr_id = ${contributorId}`));
    expect(byAuthor.items.every((item) => item.author.name === "Yann Le Gall")).toBe(true);
  });

  it("answers bad input with 400 and a French message, never a 500", async () => {
    const bad: [string, string, string][] = [
      ["/oms/orders", "&status=inconnu", "Statut inconnu"],
      ["/oms/orders", "&from=2026-02-30", "Date invalide (format attendu AAAA-MM-JJ)."],
      ["/oms/orders", "&to=hier", "Date invalide"],
      ["/oms/orders", "&from=2026-11-10&to=2026-11-01", "La date de fin précède la date de début."],
      ["/oms/orders", "&page=-1", "Les pages commencent à 1."],
      ["/oms/orders", "&size=500", "Au plus 100 lignes par page."],
      ["/oms/orders", "&author=abc", "nombre"],
      ["/oms/orders", `&product=${"x".repeat(5000)}`, "au plus 100 caractères"],
      ["/oms/orders", "&ref=%00", "caractères de contrôle"],
      ["/oms/orders", "&tri=date", "tri"],
      ["/oms/backorders", "&size=0", "Au moins une ligne par page."],
      ["/oms/history", `&q=${encodeURIComponent("bouée ".repeat(830))}`, "au plus 100 caractères"],
    ];
    for (const [path, query, message] of bad) {
      const answer = await call<{ code: string; message: string; issues: { message: string }[] }>(bo, `${path}?org_id=${orgId}${query}`, {
        token: client.token,
      });
      expect(answer.status, `${path}${query.slice(0, 40)}`).toBe(400);
      expect(answer.body.code).toBe("invalid_request");
      expect(answer.body.issues.map((issue) => issue.message).join(" "), query.slice(0, 40)).toContain(message);
    }
    expect((await call(bo, `/oms/orders?org_id=${orgId}&status=livr%C3%A9e&status=annul%C3%A9e`, { token: client.token })).status).toBe(
      400,
    );
    expect((await call(bo, "/oms/orders", { token: client.token })).status).toBe(400);
  });

  it("refuses another organization's orders (404) and a contributor who has not chosen a client (403)", async () => {
    const belgium = await login(bo, LOGINS.belgium);
    const [own] = (await list(client)).items;
    if (!own) throw new Error("no order");
    expect((await call(bo, `/oms/orders?org_id=${orgId}`, { token: belgium.token })).status).toBe(404);
    expect((await call(bo, `/oms/orders/${own.ord_id}/details`, { token: belgium.token })).body).toMatchObject({ code: "not_found" });
    expect((await call(bo, `/oms/backorders?org_id=${orgId}`, { token: belgium.token })).status).toBe(404);
    expect((await call(bo, `/oms/history?org_id=${orgId}`, { token: belgium.token })).status).toBe(404);
    expect(
      (
        await call(bo, `/oms/orders/${own.ord_id}/cancellation-requests`, {
          token: belgium.token,
          body: { obj_id: 1, reason: "Pas à nous" },
        })
      ).status,
    ).toBe(404);
    expect((await call(bo, "/oms/orders/abc/details", { token: client.token })).status).toBe(404);
    expect((await call(bo, `/oms/orders/${own.ord_id}/details`)).status).toBe(401);

    const sales = await login(bo, LOGINS.sales);
    const alone = await call(bo, `/oms/orders?org_id=${sales.user.auth_org_id}`, { token: sales.token });
    expect(alone).toMatchObject({
      status: 403,
      body: { code: "forbidden", message: expect.stringContaining("Choisissez d'abord le client") },
    });
    const actingAs = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: orgId } })).body,
    );
    expect((await list(actingAs)).total).toBe(await countOrders());
    expect((await details(bo, actingAs, own.ord_id)).ord_id).toBe(own.ord_id);
  });

  it("never sends an amount to a people account without the prices flag", async () => {
    const hidden = [
      await call(bo, `/oms/orders?org_id=${orgId}&size=100`, { token: storekeeper.token }),
      await call(bo, `/oms/backorders?org_id=${orgId}`, { token: storekeeper.token }),
      await call(bo, `/oms/history?org_id=${orgId}&size=100`, { token: storekeeper.token }),
    ];
    const orders = orderListResponse.parse(hidden[0]?.body);
    const detail = await details(bo, storekeeper, orders.items.find((item) => item.status === "expédiée partiellement")?.ord_id ?? 0);
    const amounts = /"(ord_total_[a-z]+|unit_price|prd_ecotaxe|line_total_ht|amount_ht|last_unit_price)":(?!null)/;
    for (const body of [...hidden.map((answer) => answer.body), detail]) expect(JSON.stringify(body)).not.toMatch(amounts);
    expect(orders.items.every((item) => item.ord_total_ht === null && item.ord_total_ttc === null)).toBe(true);
    expect(detail.lines.every((line) => line.unit_price === null && line.line_total_ht === null)).toBe(true);
    expect(detail).toMatchObject({ ord_total_ht: null, ord_total_ecotaxe: null, ord_total_tva: null, ord_total_ttc: null });
    expect(historyResponse.parse(hidden[2]?.body).items.every((row) => row.last_unit_price === null)).toBe(true);

    const visible = await list(buyer, "&size=100");
    expect(visible.items.every((item) => typeof item.ord_total_ttc === "number")).toBe(true);
    expect((await details(bo, buyer, detail.ord_id)).lines.every((line) => typeof line.unit_price === "number")).toBe(true);
  });

  it("shows one order: lines and their quantities, shipping lines, addresses, shipments with tracking, and the dated timeline", async () => {
    const orders = await list(client, "&size=100");
    // The demo's order whose back-order arrived (docs/orders.md, demo data): refused request, stock arrival.
    const candidates = await Promise.all(
      orders.items.filter((item) => item.status === "expédiée partiellement").map((item) => details(bo, client, item.ord_id)),
    );
    const arrived = candidates.find((order) => order.lines.some((line) => line.backorder?.available_at));
    if (!arrived) throw new Error("the demo data lacks an order whose back-order arrived");
    const line = arrived.lines.find((candidate) => candidate.backorder?.available_at);
    expect(line).toMatchObject({
      remaining: expect.any(Number),
      backorder: { state: "disponible" },
      cancellation_request: { status: "refusée", answer: expect.any(String), answered_by: SERVICE_NAME },
    });
    expect(line?.shipped).toBeGreaterThan(0);
    expect(arrived.shipments[0]).toMatchObject({ number: 1, carrier: expect.any(String), tracking_number: expect.any(String) });
    expect(arrived.dlv_address).toMatchObject({ org_id: orgId });
    expect(arrived.inv_address?.adr_name).toContain("(siège)");
    expect(arrived.timeline.map((event) => event.kind)).toEqual([
      "confirmed",
      "accepted",
      "preparing",
      "shipped",
      "cancellation_requested",
      "cancellation_refused",
      "backorder_available",
    ]);
    expect(arrived.timeline.map((event) => event.at)).toEqual([...arrived.timeline.map((event) => event.at)].sort());
    // A small order carries its shipping line, apart from the products.
    const withShipping = await Promise.all(orders.items.slice(0, 10).map((item) => details(bo, client, item.ord_id)));
    expect(
      withShipping.some(
        (order) => order.shipping_lines.length > 0 && order.lines.every((candidate) => !candidate.obj_ref.startsWith("PORT_")),
      ),
    ).toBe(true);
  });

  it("keeps the MMSI certificates an order line was confirmed with", async () => {
    const [mmsi] = await products(bo.db, "mmsi", 1);
    if (!mmsi) throw new Error("the demo data lacks MMSI products");
    await setStock(bo.db, mmsi.id, 10);
    const certificate = await uploadCertificate(bo, buyer.token, mmsi.id, "227006001");
    const placed = await placeOrder(bo, buyer, [[mmsi, 1, [certificate]]], "certificates-1");
    expect(lineOf(await details(bo, consultant, placed.ord_id), mmsi.ref).certificates).toEqual([
      { cer_id: certificate.cer_id, mmsi: "227006001", file_name: "227006001.pdf" },
    ]);
  });

  it("lists the open back-orders with their order, state and expected date", async () => {
    const answer = backorderListResponse.parse((await call(bo, `/oms/backorders?org_id=${orgId}`, { token: client.token })).body);
    const open = await bo.db
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("o.org_id", "=", orgId)
      .where("l.backorder_qty", ">", 0)
      .executeTakeFirstOrThrow();
    expect(answer.total).toBe(Number(open.n));
    expect(new Set(answer.items.map((item) => item.backorder.state))).toEqual(new Set(["en attente", "disponible"]));
    for (const item of answer.items) {
      expect(item.backorder.qty).toBeGreaterThan(0);
      expect(item.remaining).toBeGreaterThanOrEqual(item.backorder.qty);
      if (item.backorder.state === "en attente") expect(item.backorder.expected_date, item.obj_ref).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(answer.items.some((item) => item.cancellation_request?.status === "en attente")).toBe(true);
  });

  it("sums up twelve months of purchases per product, searchable by reference or words", async () => {
    const history = historyResponse.parse((await call(bo, `/oms/history?org_id=${orgId}&size=100`, { token: client.token })).body);
    expect(history.since).toBe("2025-11-20");
    expect(history.total).toBeGreaterThan(5);
    const last = history.items.map((row) => row.last_ordered_at);
    expect(last).toEqual([...last].sort().reverse());
    const [top] = history.items;
    if (!top) throw new Error("no history");
    const { rows } = await sql<{ qty: number; orders: number }>`
      select sum(l.qty - l.cancelled_qty)::int as qty, count(distinct o.id)::int as orders
      from orders o join order_lines l on l.order_id = o.id
      where o.org_id = ${orgId} and l.product_id = ${top.obj_id} and o.created_at >= '2025-11-19T23:00:00Z' and l.qty > l.cancelled_qty`.execute(
      bo.db,
    );
    expect(top).toMatchObject({ total_qty: rows[0]?.qty, order_count: rows[0]?.orders, last_unit_price: expect.any(Number) });
    const byRef = historyResponse.parse(
      (await call(bo, `/oms/history?org_id=${orgId}&q=${encodeURIComponent(top.obj_ref.toLowerCase())}`, { token: client.token })).body,
    );
    expect(byRef.items.map((row) => row.obj_id)).toContain(top.obj_id);
    const paged = historyResponse.parse((await call(bo, `/oms/history?org_id=${orgId}&size=2&page=2`, { token: client.token })).body);
    expect(paged).toMatchObject({ total: history.total, page: 2, size: 2 });
    expect(paged.items.map((row) => row.obj_id)).toEqual(history.items.slice(2, 4).map((row) => row.obj_id));
  });

  it("gives the history the line-by-line computation's answer, last price included, and its total past the last page", async () => {
    // docs/performance.md: the history aggregates in one pass and looks up only the page's last
    // lines; this is the straightforward computation (a window over every line) it must equal.
    const history = historyResponse.parse((await call(bo, `/oms/history?org_id=${orgId}&size=100`, { token: client.token })).body);
    const { rows } = await sql<{
      product_id: number;
      ref: string;
      title: string;
      qty: number;
      orders: number;
      last_at: Date;
      price: number;
    }>`
      with bought as (
        select l.product_id, l.ref, l.title, l.unit_price, l.qty - l.cancelled_qty as net, o.id as order_id, o.created_at,
               row_number() over (partition by l.product_id order by o.created_at desc, o.id desc, l.position desc) as recency
        from orders o join order_lines l on l.order_id = o.id
        where o.org_id = ${orgId} and o.created_at >= '2025-11-19T23:00:00Z' and not l.is_port and l.qty > l.cancelled_qty)
      select product_id, max(ref) filter (where recency = 1) as ref, max(title) filter (where recency = 1) as title,
             sum(net)::int as qty, count(distinct order_id)::int as orders, max(created_at) as last_at,
             max(unit_price) filter (where recency = 1) as price
      from bought group by product_id order by max(created_at) desc, product_id limit 100`.execute(bo.db);
    const counted = await sql<{ n: number }>`
      select count(distinct l.product_id)::int as n from orders o join order_lines l on l.order_id = o.id
      where o.org_id = ${orgId} and o.created_at >= '2025-11-19T23:00:00Z' and not l.is_port and l.qty > l.cancelled_qty`.execute(bo.db);
    expect(history.total).toBe(counted.rows[0]?.n);
    expect(
      history.items.map((row) => [
        row.obj_id,
        row.obj_ref,
        row.obj_title,
        row.total_qty,
        row.order_count,
        row.last_ordered_at,
        row.last_unit_price,
      ]),
    ).toEqual(
      rows.map((row) => [row.product_id, row.ref, row.title, row.qty, row.orders, new Date(row.last_at).toISOString(), Number(row.price)]),
    );
    const beyond = historyResponse.parse((await call(bo, `/oms/history?org_id=${orgId}&size=100&page=50`, { token: client.token })).body);
    expect(beyond).toMatchObject({ items: [], total: history.total, page: 50 });
  });

  it("records a request to cancel a remainder, shows it until the distributor answers, and applies the answer", async () => {
    const [waiting, plenty] = await testProducts(bo.db, 2);
    if (!waiting || !plenty) throw new Error("no test products");
    await setStock(bo.db, waiting.id, 0, { date: "2026-12-15", qty: 40 });
    await setStock(bo.db, plenty.id, 100);
    const placed = await placeOrder(
      bo,
      buyer,
      [
        [waiting, 6],
        [plenty, 1],
      ],
      "request-flow-1",
    );
    const path = `/oms/orders/${placed.ord_id}/cancellation-requests`;

    expect(await call(bo, path, { token: consultant.token, body: { obj_id: waiting.id, reason: "Plus besoin" } })).toMatchObject({
      status: 403,
      body: { message: "Votre compte ne permet pas de passer commande." },
    });
    expect(await call(bo, path, { token: buyer.token, body: { obj_id: plenty.id, reason: "Plus besoin" } })).toMatchObject({
      status: 422,
      body: { code: "no_backorder" },
    });
    expect(await call(bo, path, { token: buyer.token, body: { obj_id: waiting.id, reason: "  " } })).toMatchObject({
      status: 400,
      body: { code: "invalid_request" },
    });
    expect((await call(bo, path, { token: buyer.token, body: { obj_id: waiting.id, reason: "ok", extra: 1 } })).status).toBe(400);

    const asked = await call(bo, path, { token: buyer.token, body: { obj_id: waiting.id, reason: "Le bateau est vendu." } });
    expect(asked.status).toBe(201);
    const request = cancellationRequest.parse(asked.body);
    expect(request).toMatchObject({
      ord_ref: placed.ord_ref,
      obj_ref: waiting.ref,
      qty: 6,
      status: "en attente",
      requested_by: "Maël Kerjean",
      reason: "Le bateau est vendu.",
      answer: null,
    });
    expect(await call(bo, path, { token: buyer.token, body: { obj_id: waiting.id, reason: "Encore" } })).toMatchObject({
      status: 409,
      body: { code: "request_pending" },
    });

    // Shown to the organization until answered, and to the distributor among the pending ones.
    expect(lineOf(await details(bo, storekeeper, placed.ord_id), waiting.ref).cancellation_request).toMatchObject({
      req_id: request.req_id,
      status: "en attente",
    });
    const backorders = backorderListResponse.parse(
      (await call(bo, `/oms/backorders?org_id=${orgId}&size=100`, { token: client.token })).body,
    );
    expect(backorders.items.find((item) => item.ord_id === placed.ord_id)?.cancellation_request?.req_id).toBe(request.req_id);
    const pending = serviceRequestListResponse.parse((await erp(bo, "/cancellation-requests")).body);
    expect(pending.find((item) => item.req_id === request.req_id)).toMatchObject({ org_ref: "C0001", org_name: "Voilerie Atlantique" });

    expect(await erp(bo, `/cancellation-requests/${request.req_id}/refuse`, {})).toMatchObject({ status: 400 });
    const refused = cancellationRequest.parse(
      (await erp(bo, `/cancellation-requests/${request.req_id}/refuse`, { message: "Le réassort arrive demain." })).body,
    );
    expect(refused).toMatchObject({ status: "refusée", answer: "Le réassort arrive demain.", answered_by: SERVICE_NAME });
    expect(await erp(bo, `/cancellation-requests/${request.req_id}/accept`, {})).toMatchObject({
      status: 409,
      body: { code: "request_answered" },
    });
    const afterRefusal = await details(bo, buyer, placed.ord_id);
    expect(lineOf(afterRefusal, waiting.ref)).toMatchObject({
      remaining: 6,
      cancellation_request: { status: "refusée", answer: "Le réassort arrive demain." },
    });
    expect(afterRefusal.timeline.slice(-2).map((event) => [event.kind, event.author, event.note])).toEqual([
      ["cancellation_requested", "Maël Kerjean", "Le bateau est vendu."],
      ["cancellation_refused", SERVICE_NAME, "Le réassort arrive demain."],
    ]);

    // Asked again, by the contributor acting for the client: granted, the remainder is cancelled.
    const sales = await login(bo, LOGINS.sales);
    const actingAs = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: orgId } })).body,
    );
    const again = cancellationRequest.parse(
      (await call(bo, path, { token: actingAs.token, body: { obj_id: waiting.id, reason: "Le client confirme l'annulation." } })).body,
    );
    expect(again.requested_by).toBe("Yann Le Gall");
    const granted = cancellationRequest.parse((await erp(bo, `/cancellation-requests/${again.req_id}/accept`, {})).body);
    expect(granted).toMatchObject({ status: "acceptée", answered_by: SERVICE_NAME });
    const afterGrant = await details(bo, buyer, placed.ord_id);
    expect(lineOf(afterGrant, waiting.ref)).toMatchObject({ cancelled: 6, remaining: 0, backorder: { state: "annulé", qty: 0 } });
    expect(afterGrant.status).toBe("confirmée");
    expect(await call(bo, path, { token: buyer.token, body: { obj_id: waiting.id, reason: "Encore une fois" } })).toMatchObject({
      status: 422,
      body: { code: "no_backorder" },
    });
    expect(await erp(bo, "/cancellation-requests/999999/accept", {})).toMatchObject({ status: 404, body: { code: "unknown_request" } });
    expect(DEMO_TODAY).toBe("2026-11-20");
  });
});
