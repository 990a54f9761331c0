import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalDetail, approvalListResponse, approveResponse, purchasingRules, purchasingStanding } from "@shared/contracts/approvals";
import { savedCartAnswer, type SessionResponse } from "@shared/contracts/api";
import { products } from "../backoffice/cart-fixtures";
import { call, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { details, erp, SERVICE_TOKEN } from "../backoffice/orders-fixtures";
import { askApproval, confirm, decide, fillCart, requested } from "./fixtures";

/**
 * Issue 37, the back-office's side (docs/approvals.md): each rule (the orders right, a limit, the
 * organization's threshold, a monthly budget across the month's orders, no rule), the request
 * that empties the cart and tells the ERP nothing of an order, one order from two approvals at
 * once, a refusal, a line repriced before the approval, and who may read and decide what.
 */

type Product = { id: number; ref: string; price_selling: number };

describe("purchasing rules and approvals in the back-office", () => {
  let bo: Backoffice;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let storekeeper: SessionResponse;
  let plain: Product[];
  const orgId = () => client.user.auth_org_id;
  const orderEvents = async () =>
    (await bo.db.selectFrom("outbox_events").select(["type", "stream"]).orderBy("id").execute()).filter((row) =>
      row.type.startsWith("order."),
    );

  /** Enough of a product to pass `cents` HT, whatever the organization's price. */
  const qtyAbove = (product: Product, cents: number) => Math.ceil((cents * 2) / Math.max(1, product.price_selling)) + 1;

  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    [client, buyer, storekeeper] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.buyer), login(bo, LOGINS.storekeeper)]);
    plain = await products(bo.db, "plain", 40);
  }, 120_000);

  afterAll(async () => {
    await bo?.close();
  });

  it("reads the demo's rules: the administrators approve, the buyer's limit is 2 000 € HT", async () => {
    const rules = purchasingRules.parse((await call(bo, `/purchasing/${orgId()}/rules`, { token: client.token })).body);
    expect(rules.approvers).toBe("administrators");
    expect(rules.people.find((person) => person.login === LOGINS.buyer)?.order_limit).toBe(200_000);
    expect(rules.people.find((person) => person.login === LOGINS.storekeeper)?.can_order).toBe(false);
    const standing = purchasingStanding.parse((await call(bo, `/purchasing/${orgId()}/standing`, { token: buyer.token })).body);
    expect(standing).toMatchObject({ can_order: true, order_limit: 200_000, is_approver: false });
    const mine = purchasingStanding.parse((await call(bo, `/purchasing/${orgId()}/standing`, { token: client.token })).body);
    expect(mine.is_approver).toBe(true);
    expect(mine.pending_for_me).toBeGreaterThanOrEqual(1);
  });

  it("lets only the administrators read and set the rules", async () => {
    expect((await call(bo, `/purchasing/${orgId()}/rules`, { token: buyer.token })).status).toBe(403);
    const other = await login(bo, LOGINS.corsica);
    expect((await call(bo, `/purchasing/${orgId()}/rules`, { token: other.token })).status).toBe(404);
    const put = await call(bo, `/purchasing/${orgId()}/rules`, {
      token: buyer.token,
      method: "PUT",
      body: { approval_threshold: null, approvers: "administrators", named_approvers: [], people: [] },
    });
    expect(put.status).toBe(403);
  });

  it("sends the storekeeper's cart for approval: the cart is emptied, no order event, the request waits", async () => {
    const before = await orderEvents();
    const filled = await fillCart(bo, storekeeper, [
      [plain[0]!, 2],
      [plain[1]!, 1],
    ]);
    // Without the orders right the confirmation is refused, as before.
    expect((await confirm(bo, storekeeper, filled, "sk-confirm-1")).status).toBe(403);
    const request = await requested(bo, storekeeper, filled, "sk-request-1");
    expect(request).toMatchObject({ status: "pending", requester_name: "Gwen Le Bihan", lines_count: 2, total_ht: null });
    expect(request.reasons).toEqual([{ code: "no_order_right" }]);
    const cart = savedCartAnswer.parse((await call(bo, `/oms/cart/${orgId()}`, { token: storekeeper.token })).body);
    expect(cart.cart.products.filter((line) => !line.prd_is_port)).toEqual([]);
    expect(await orderEvents()).toEqual(before);
    const events = await bo.db.selectFrom("outbox_events").select(["type", "stream"]).where("type", "like", "approval.%").execute();
    expect(events).toContainEqual({ type: "approval.requested", stream: `approval:${request.number}` });
    // The same key again: the same request, nothing more.
    const replay = await askApproval(bo, storekeeper, filled, "sk-request-1");
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(request.id);
  });

  it("refuses the buyer's order above the limit and takes it as a request; below it the order passes", async () => {
    const big = await fillCart(bo, buyer, [[plain[2]!, qtyAbove(plain[2]!, 200_000)]]);
    expect(big.totals!.ht).toBeGreaterThan(200_000);
    const refused = await confirm(bo, buyer, big, "buyer-big-1");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "approval_required" });
    expect(String(refused.body.message)).toContain("limite de 2\u202f000,00\u00a0€ HT par commande");
    const request = await requested(bo, buyer, big, "buyer-big-request");
    expect(request.reasons).toEqual([{ code: "order_limit", limit: 200_000 }]);
    expect(request.total_ht).toBe(big.totals!.ht);

    const small = await fillCart(bo, buyer, [[plain[3]!, 1]]);
    expect(small.totals!.ht).toBeLessThanOrEqual(200_000);
    const notNeeded = await askApproval(bo, buyer, small, "buyer-small-request");
    expect(notNeeded.status).toBe(422);
    expect(notNeeded.body.code).toBe("approval_not_needed");
    expect((await confirm(bo, buyer, small, "buyer-small-1")).status).toBe(201);
  });

  it("places one order when two approvers approve at once: the requester its author, the approver beside", async () => {
    const filled = await fillCart(bo, storekeeper, [[plain[4]!, 3]]);
    const request = await requested(bo, storekeeper, filled, "sk-request-concurrent");
    // A second approver: the buyer made an administrator.
    await bo.db.updateTable("users").set({ is_admin: true }).where("id", "=", buyer.user.obj_id).execute();
    try {
      const detail = approvalDetail.parse((await call(bo, `/approvals/${orgId()}/${request.id}`, { token: client.token })).body);
      expect(detail.actions).toEqual({ approve: true, refuse: true, withdraw: false, restore: false });
      const total = detail.totals_now!.ord_total_ht;
      const answers = await Promise.all([
        decide(bo, client, request.id, "approve", { total_ht: total }),
        decide(bo, buyer, request.id, "approve", { total_ht: total }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
      const [first, second] = answers.map((answer) => approveResponse.parse(answer.body));
      expect(first!.order.ord_id).toBe(second!.order.ord_id);
      const placed = first!.order;
      expect(placed.usr_name).toBe("Gwen Le Bihan");
      expect(await bo.db.selectFrom("orders").select("id").where("approval_id", "=", request.id).execute()).toHaveLength(1);
      const follow = await details(bo, client, placed.ord_id);
      expect(follow.approval).toMatchObject({ number: request.number, requested_by: "Gwen Le Bihan" });
      expect(["Voilerie Atlantique", "Maël Kerjean"]).toContain(follow.approval!.approved_by);
      const events = await bo.db
        .selectFrom("outbox_events")
        .select(["type", "stream"])
        .where("stream", "=", `order:${placed.ord_ref}`)
        .execute();
      expect(events).toEqual([{ type: "order.confirmed", stream: `order:${placed.ord_ref}` }]);
      const mine = approvalListResponse.parse((await call(bo, `/approvals/${orgId()}?scope=mine`, { token: storekeeper.token })).body);
      expect(mine.items.find((item) => item.id === request.id)).toMatchObject({ status: "approved", order_ref: placed.ord_ref });
    } finally {
      await bo.db.updateTable("users").set({ is_admin: false }).where("id", "=", buyer.user.obj_id).execute();
    }
  });

  it("refuses with a reason the requester reads; a decided request is not decided again", async () => {
    const filled = await fillCart(bo, storekeeper, [[plain[5]!, 1]]);
    const request = await requested(bo, storekeeper, filled, "sk-request-refuse");
    const empty = await decide(bo, client, request.id, "refuse", { reason: "  " });
    expect(empty.status).toBe(400);
    const refused = await decide(bo, client, request.id, "refuse", { reason: "Déjà commandé la semaine dernière." });
    expect(refused.status).toBe(200);
    const seen = approvalDetail.parse((await call(bo, `/approvals/${orgId()}/${request.id}`, { token: storekeeper.token })).body);
    expect(seen).toMatchObject({
      status: "refused",
      refusal_reason: "Déjà commandé la semaine dernière.",
      decided_by_name: "Voilerie Atlantique",
    });
    expect(seen.actions).toEqual({ approve: false, refuse: false, withdraw: false, restore: true });
    const again = await decide(bo, client, request.id, "approve", { total_ht: null });
    expect(again.status).toBe(409);
  });

  it("lets the requester withdraw, and nobody decide on their own request", async () => {
    const filled = await fillCart(bo, storekeeper, [[plain[6]!, 1]]);
    const request = await requested(bo, storekeeper, filled, "sk-request-withdraw");
    expect((await decide(bo, storekeeper, request.id, "approve", { total_ht: null })).status).toBe(404);
    expect((await decide(bo, buyer, request.id, "withdraw")).status).toBe(404);
    expect((await decide(bo, storekeeper, request.id, "withdraw")).status).toBe(200);
    expect((await decide(bo, client, request.id, "refuse", { reason: "Trop tard" })).status).toBe(409);
  });

  it("hides a request from a colleague who neither asked nor approves, and from another organization", async () => {
    const filled = await fillCart(bo, storekeeper, [[plain[7]!, 1]]);
    const request = await requested(bo, storekeeper, filled, "sk-request-hidden");
    expect((await call(bo, `/approvals/${orgId()}/${request.id}`, { token: buyer.token })).status).toBe(404);
    expect((await decide(bo, buyer, request.id, "approve", { total_ht: null })).status).toBe(404);
    const other = await login(bo, LOGINS.corsica);
    expect((await call(bo, `/approvals/${orgId()}/${request.id}`, { token: other.token })).status).toBe(404);
    expect((await call(bo, `/approvals/${other.user.auth_org_id}/${request.id}`, { token: other.token })).status).toBe(404);
    const list = approvalListResponse.parse((await call(bo, `/approvals/${orgId()}?scope=to_decide`, { token: buyer.token })).body);
    expect(list.items).toEqual([]);
  });

  it("approves at the day's prices: a price changed since the request is shown and must be seen", async () => {
    const product = plain[8]!;
    const filled = await fillCart(bo, storekeeper, [[product, 2]]);
    const request = await requested(bo, storekeeper, filled, "sk-request-reprice");
    const then = approvalDetail.parse((await call(bo, `/approvals/${orgId()}/${request.id}`, { token: client.token })).body);
    await bo.db
      .updateTable("products")
      .set({ price_selling: product.price_selling * 3 })
      .where("id", "=", product.id)
      .execute();
    // The organization's own price of it, if any, follows (its discounts are percentages).
    await bo.db
      .updateTable("org_product_prices")
      .set((eb) => ({ price: eb("price", "*", 3) }))
      .where("product_id", "=", product.id)
      .execute();
    const stale = await decide(bo, client, request.id, "approve", { total_ht: then.totals_now!.ord_total_ht });
    expect(stale.status).toBe(422);
    expect(stale.body.code).toBe("totals_mismatch");
    const expected = (stale.body.expected as { total_ht: number }).total_ht;
    const approved = approveResponse.parse((await decide(bo, client, request.id, "approve", { total_ht: expected })).body);
    expect(approved.order.ord_total_ht).toBe(expected);
    expect(approved.order.lines.find((line) => line.obj_ref === product.ref)?.unit_price).not.toBe(then.lines[0]!.unit_price_then);
  });

  it("applies the organization's threshold to all but the approvers, and a budget across the month's orders", async () => {
    const rules = {
      approval_threshold: 100_000,
      approvers: "administrators",
      named_approvers: [],
      people: [{ usr_id: buyer.user.obj_id, order_limit: null, monthly_budget: 300_000 }],
    };
    const saved = await call(bo, `/purchasing/${orgId()}/rules`, { token: client.token, method: "PUT", body: rules });
    expect(saved.status).toBe(200);
    try {
      const above = await fillCart(bo, buyer, [[plain[9]!, qtyAbove(plain[9]!, 100_000)]]);
      const refused = await confirm(bo, buyer, above, "buyer-threshold");
      expect(refused.status).toBe(403);
      expect((refused.body as { reasons: Array<{ code: string }> }).reasons.map((reason) => reason.code)).toContain("org_threshold");
      // The organization's account approves: the threshold is not its own.
      const own = await fillCart(bo, client, [[plain[9]!, qtyAbove(plain[9]!, 100_000)]]);
      expect((await confirm(bo, client, own, "client-threshold")).status).toBe(201);

      const standing = purchasingStanding.parse((await call(bo, `/purchasing/${orgId()}/standing`, { token: buyer.token })).body);
      expect(standing.monthly_budget).toBe(300_000);
      // What remains of the budget decides, with the orders placed this month counted.
      const remaining = 300_000 - standing.spent_this_month;
      const small = await fillCart(bo, buyer, [[plain[10]!, 1]]);
      const answer = await confirm(bo, buyer, small, "buyer-budget");
      if (small.totals!.ht > remaining) {
        expect(answer.status).toBe(403);
      } else {
        expect(answer.status).toBe(201);
        const after = purchasingStanding.parse((await call(bo, `/purchasing/${orgId()}/standing`, { token: buyer.token })).body);
        expect(after.spent_this_month).toBe(standing.spent_this_month + small.totals!.ht);
      }
    } finally {
      await call(bo, `/purchasing/${orgId()}/rules`, {
        token: client.token,
        method: "PUT",
        body: { ...rules, approval_threshold: null, people: [{ usr_id: buyer.user.obj_id, order_limit: 200_000, monthly_budget: null }] },
      });
    }
  });

  it("refuses named approvers who are not the organization's, and a named mode with nobody", async () => {
    const other = await login(bo, LOGINS.corsica);
    const body = (named: number[]) => ({ approval_threshold: null, approvers: "named", named_approvers: named, people: [] });
    const stranger = await call(bo, `/purchasing/${orgId()}/rules`, {
      token: client.token,
      method: "PUT",
      body: body([other.user.obj_id]),
    });
    expect(stranger.status).toBe(422);
    const nobody = await call(bo, `/purchasing/${orgId()}/rules`, { token: client.token, method: "PUT", body: body([]) });
    expect(nobody.status).toBe(422);
    expect(String(nobody.body.message)).toContain("Désignez au moins une personne");
  });

  it("takes the rules from the distributor's systems, people named by login", async () => {
    const put = await call(bo, "/erp/purchasing-rules/C0001", {
      token: SERVICE_TOKEN,
      method: "PUT",
      body: {
        approval_threshold: 750_000,
        approvers: "named",
        named_approvers: [LOGINS.buyer],
        people: [{ login: LOGINS.buyer, order_limit: 200_000, monthly_budget: 1_000_000 }],
      },
    });
    expect(put.status).toBe(200);
    const rules = purchasingRules.parse(put.body);
    expect(rules).toMatchObject({ approval_threshold: 750_000, approvers: "named" });
    expect(rules.people.find((person) => person.login === LOGINS.buyer)).toMatchObject({
      is_named_approver: true,
      monthly_budget: 1_000_000,
    });
    const unknown = await call(bo, "/erp/purchasing-rules/C0001", {
      token: SERVICE_TOKEN,
      method: "PUT",
      body: {
        approval_threshold: null,
        approvers: "administrators",
        people: [{ login: "personne@ailleurs.fr", order_limit: 1, monthly_budget: null }],
      },
    });
    expect(unknown.status).toBe(422);
    expect((await erp(bo, "/purchasing-rules/C9999")).status).toBe(404);
    expect((await call(bo, "/erp/purchasing-rules/C0001", { token: client.token })).status).toBe(403);
  });
});
