import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as orderRoute from "~/routes/_app.mon-compte.commandes.$id";
import * as requestRoute from "~/routes/_app.mon-compte.validations.$id";
import * as listRoute from "~/routes/_app.mon-compte.validations._index";
import { AMOUNTS_CHANGED, REASON_REQUIRED } from "~/services/approvals/decision.server";
import type { ApprovalListView, ApprovalPageView } from "~/services/approvals/request-types";
import { REQUEST_APPROVAL_INTENT } from "~/services/checkout/types";
import { dataOf, flashOf } from "../cart/cart-flow";
import { LOGINS, demoProducts } from "../cart/harness";
import { cartRow, orgIdOf, summaryOf, userIdOf } from "../checkout/confirm-flow";
import { cookieFor, fillCart, postStep, throughInstructions } from "../checkout/flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "../checkout/harness";
import { formRequest, pageRequest, thrownStatus } from "../portal/harness";

/**
 * The approval requests' pages over the real back-office (issue 37, docs/approvals.md « The
 * decision »): the storekeeper of Voilerie Atlantique (no `orders` right) sends carts for
 * approval through the checkout; the organization's account (an administrator, so an approver)
 * approves one, and the order names both; refuses another, with a reason, which the
 * storekeeper reads before putting the lines back into the cart. A refusal without a reason,
 * a buyer who does not approve, another organization: nothing changes and nothing is shown.
 */

let backoffice: CheckoutBackoffice;
let voilerie: number;
let cheapest: { id: number; ref: string };
let cookies: Record<"approver" | "storekeeper" | "buyer" | "consultant" | "otherOrg", string>;
let storekeeper: { id: number; name: string };
let organizationName: string;

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
  voilerie = await orgIdOf(backoffice, "C0001");
  const ids = (await demoProducts(backoffice.db)).plain.map((product) => product.id);
  const products = await backoffice.db.selectFrom("products").select(["id", "ref", "price_selling"]).where("id", "in", ids).execute();
  const priced = products.filter((product) => product.price_selling > 0).sort((a, b) => a.price_selling - b.price_selling);
  if (!priced[0]) throw new Error("no priced product");
  cheapest = { id: priced[0].id, ref: priced[0].ref };
  cookies = {
    approver: await cookieFor(backoffice, LOGINS.client),
    storekeeper: await cookieFor(backoffice, LOGINS.storekeeper),
    buyer: await cookieFor(backoffice, LOGINS.buyer),
    consultant: await cookieFor(backoffice, LOGINS.consultant),
    otherOrg: await cookieFor(backoffice, LOGINS.corsica),
  };
  storekeeper = await userIdOf(backoffice, LOGINS.storekeeper);
  organizationName = (await backoffice.db.selectFrom("organizations").select("name").where("id", "=", voilerie).executeTakeFirstOrThrow())
    .name;
}, 60_000);
afterAll(() => backoffice.close());

const path = (id: number) => `/mon-compte/validations/${id}`;

const list = async (cookie: string, query = "") =>
  (await listRoute.loader({
    request: pageRequest(`/mon-compte/validations${query}`, cookie),
    context: backoffice.context(),
    params: {},
  })) as ApprovalListView;

const detail = async (cookie: string, id: number) =>
  (await requestRoute.loader({
    request: pageRequest(path(id), cookie),
    context: backoffice.context(),
    params: { id: String(id) },
  })) as ApprovalPageView;

/** The action's answer: a redirect (thrown or returned) or data drawn again, with its status. */
async function post(cookie: string, id: number, fields: Record<string, string>) {
  let value: unknown;
  try {
    value = await requestRoute.action({
      request: formRequest(path(id), fields, cookie),
      context: backoffice.context(),
      params: { id: String(id) },
    });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const toast = await flashOf(backoffice, value);
    return { status: value.status, location: value.headers.get("location"), toast: toast?.message ?? null, data: null };
  }
  const { data, status } = dataOf<{ message: string; errors: Record<string, string> }>(value);
  return { status, location: null, toast: null, data };
}

const requestRow = (id: number) => backoffice.db.selectFrom("approval_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The storekeeper fills the shared cart with `qty` of the cheapest product and asks for approval at the summary. */
async function newRequest(qty = 2, message = "Pour l'atelier."): Promise<{ id: number; number: string }> {
  await backoffice.resetCarts();
  await fillCart(backoffice, cookies.storekeeper, [[cheapest.id, qty]]);
  const cookie = await throughInstructions(backoffice, cookies.storekeeper, { ref: "ATELIER-9" });
  const summary = await summaryOf(backoffice, cookie);
  if (!summary.request) throw new Error("no request form at the summary");
  const fields = { intent: REQUEST_APPROVAL_INTENT, version: String(summary.request.version), key: summary.request.key, message };
  const outcome = await postStep(backoffice, "recapitulatif", fields, cookie);
  if (outcome.kind !== "redirect") throw new Error(`the request was refused: ${outcome.data.message}`);
  const row = await backoffice.db
    .selectFrom("approval_requests")
    .select(["id", "number"])
    .where("org_id", "=", voilerie)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row;
}

const noticesSince = (from: number, kind: string) => backoffice.realtime.published.slice(from).filter((entry) => entry.event.kind === kind);

describe("the list", () => {
  it("shows the approver « À valider » with who asked and why, and the requester their own requests", async () => {
    const asked = await newRequest();
    const approver = await list(cookies.approver);
    const waiting = approver.toDecide?.rows.find((row) => row.id === asked.id);
    expect(waiting).toMatchObject({ number: asked.number, status: "pending", requesterName: storekeeper.name, linesCount: 1 });
    expect(waiting?.reasons).toEqual(["Le demandeur n'a pas le droit de passer commande."]);
    expect(waiting?.totalHt).toBeGreaterThan(0);

    const own = await list(cookies.storekeeper);
    expect(own.toDecide).toBeNull();
    const mine = own.mine.rows.find((row) => row.id === asked.id);
    expect(mine?.reasons).toEqual(["Votre compte ne permet pas de passer commande : la commande doit être validée."]);
    // The storekeeper has no `prices`: no amount reaches the page.
    expect(own.showPrices).toBe(false);
    expect(own.mine.rows.every((row) => row.totalHt === null)).toBe(true);
    // The demo's refused request, with its reason.
    expect(own.mine.rows.some((row) => row.status === "refused" && (row.refusalReason ?? "").length > 0)).toBe(true);
  });

  it("shows a buyer who neither asks nor approves the empty lists; no page at all without `cart`", async () => {
    const buyer = await list(cookies.buyer);
    expect(buyer.toDecide).toBeNull();
    expect(buyer.mine).toMatchObject({ rows: [], total: 0 });
    expect(await thrownStatus(() => list(cookies.consultant))).toBe(404);
  });
});

describe("approving", () => {
  it("places the order for the requester, names both on the order page, tells the organization live, and only once", async () => {
    const asked = await newRequest(3);
    const page = await detail(cookies.approver, asked.id);
    expect(page.actions).toEqual({ approve: true, refuse: true, withdraw: false, restore: false });
    expect(page.isRequester).toBe(false);
    expect(page.reasons).toEqual(["Le demandeur n'a pas le droit de passer commande."]);
    expect(page.lines).toEqual([expect.objectContaining({ ref: cheapest.ref, qty: 3, priceChanged: false, stockShort: false })]);
    expect(page.approveTotalHt).not.toBeNull();
    const publishedBefore = backoffice.realtime.published.length;

    const answer = await post(cookies.approver, asked.id, { intent: "approve", total_ht: String(page.approveTotalHt) });
    const row = await requestRow(asked.id);
    expect(row.status).toBe("approved");
    const order = await backoffice.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", row.order_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(answer).toMatchObject({ status: 303, location: `/mon-compte/commandes/${order.id}` });
    expect(answer.toast).toBe(`Commande ${order.ref} passée pour ${storekeeper.name}.`);
    const notices = noticesSince(publishedBefore, "approval_approved");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.event).toMatchObject({ orgId: voilerie, author: organizationName, reference: asked.number });

    const orderPage = await orderRoute.loader({
      request: pageRequest(`/mon-compte/commandes/${order.id}`, cookies.approver),
      context: backoffice.context(),
      params: { id: String(order.id) },
    });
    expect(orderPage.placedBy).toBe(storekeeper.name);
    expect(orderPage.order.approval).toMatchObject({ number: asked.number, requested_by: storekeeper.name, approved_by: organizationName });

    // The requester's list links the request to its order.
    const mine = (await list(cookies.storekeeper)).mine.rows.find((entry) => entry.id === asked.id);
    expect(mine).toMatchObject({ status: "approved", order: { id: order.id, number: order.ref }, decidedByName: organizationName });

    // Sent again (a second tab, a reloaded POST): the same order, said so, no second notice.
    const again = await post(cookies.approver, asked.id, { intent: "approve", total_ht: String(page.approveTotalHt) });
    expect(again.location).toBe(`/mon-compte/commandes/${order.id}`);
    expect(again.toast).toBe(
      `La demande ${asked.number} était déjà approuvée : la commande ${order.ref} n'a pas été passée une seconde fois.`,
    );
    expect(noticesSince(publishedBefore, "approval_approved")).toHaveLength(1);
    expect(await backoffice.db.selectFrom("orders").select("id").where("approval_id", "=", asked.id).execute()).toHaveLength(1);
  });

  it("goes back to the request, nothing placed, when the amounts changed since the page was shown", async () => {
    const asked = await newRequest();
    const page = await detail(cookies.approver, asked.id);
    const answer = await post(cookies.approver, asked.id, { intent: "approve", total_ht: String((page.approveTotalHt ?? 0) + 1) });
    expect(answer).toMatchObject({ status: 303, location: path(asked.id), toast: AMOUNTS_CHANGED });
    expect((await requestRow(asked.id)).status).toBe("pending");
  });
});

describe("refusing", () => {
  it("without a reason is refused in French, the form drawn again, and nothing changes", async () => {
    const asked = await newRequest();
    const publishedBefore = backoffice.realtime.published.length;
    for (const motif of ["", "   "]) {
      const answer = await post(cookies.approver, asked.id, { intent: "refuse", motif });
      expect(answer.status).toBe(400);
      expect(answer.data?.errors).toEqual({ motif: REASON_REQUIRED });
    }
    expect(await requestRow(asked.id)).toMatchObject({ status: "pending", refusal_reason: null });
    expect(backoffice.realtime.published.length).toBe(publishedBefore);
  });

  it("returns the request to the requester with the reason, who puts its lines back into the cart", async () => {
    const asked = await newRequest(4);
    const publishedBefore = backoffice.realtime.published.length;
    const answer = await post(cookies.approver, asked.id, { intent: "refuse", motif: "Déjà commandé cette semaine." });
    expect(answer).toMatchObject({ status: 303, location: path(asked.id), toast: `Demande ${asked.number} refusée.` });
    expect(noticesSince(publishedBefore, "approval_refused").map((entry) => entry.event.reference)).toEqual([asked.number]);

    const mine = (await list(cookies.storekeeper)).mine.rows.find((row) => row.id === asked.id);
    expect(mine).toMatchObject({ status: "refused", refusalReason: "Déjà commandé cette semaine.", decidedByName: organizationName });
    const page = await detail(cookies.storekeeper, asked.id);
    expect(page.isRequester).toBe(true);
    expect(page.actions).toEqual({ approve: false, refuse: false, withdraw: false, restore: true });
    // No amount to the storekeeper, who has no `prices`.
    expect(page.totalsThen).toBeNull();
    expect(page.lines.every((line) => line.unitPriceThen === null && line.unitPriceNow === null)).toBe(true);

    // The request emptied the shared cart; its lines come back in one save.
    expect((await cartRow(backoffice, voilerie)).products.filter((line) => !line.prd_is_port)).toEqual([]);
    const restored = await post(cookies.storekeeper, asked.id, { intent: "restore" });
    expect(restored).toMatchObject({ status: 303, location: "/mon-panier" });
    expect(restored.toast).toBe(`Demande ${asked.number} : 1 produit ajouté au panier (4 × ${cheapest.ref}).`);
    const lines = (await cartRow(backoffice, voilerie)).products.filter((line) => !line.prd_is_port);
    expect(lines).toEqual([expect.objectContaining({ obj_ref: cheapest.ref, qty: 4 })]);

    // A decided request is decided: the approver cannot approve it now.
    const late = await post(cookies.approver, asked.id, { intent: "approve", total_ht: "" });
    expect(late).toMatchObject({ status: 303, location: path(asked.id), toast: "Cette demande a déjà été refusée." });
  });
});

describe("the requester", () => {
  it("withdraws a request still waiting, and may then put it back into the cart", async () => {
    const asked = await newRequest();
    const page = await detail(cookies.storekeeper, asked.id);
    expect(page.actions).toEqual({ approve: false, refuse: false, withdraw: true, restore: false });
    const answer = await post(cookies.storekeeper, asked.id, { intent: "withdraw" });
    expect(answer).toMatchObject({ status: 303, location: path(asked.id), toast: `Demande ${asked.number} retirée.` });
    expect((await requestRow(asked.id)).status).toBe("withdrawn");
    expect((await detail(cookies.storekeeper, asked.id)).actions.restore).toBe(true);
  });

  it("may not decide their own request, nor put back a request still waiting", async () => {
    const asked = await newRequest();
    expect(await thrownStatus(() => postThrowing(cookies.storekeeper, asked.id, { intent: "approve", total_ht: "" }))).toBe(404);
    const restore = await post(cookies.storekeeper, asked.id, { intent: "restore" });
    expect(restore).toMatchObject({ status: 303, location: path(asked.id) });
    expect(restore.toast).toContain("ne peut pas être remise dans le panier");
    expect((await requestRow(asked.id)).status).toBe("pending");
  });
});

const DECISIONS: Record<string, string>[] = [
  { intent: "approve", total_ht: "" },
  { intent: "refuse", motif: "Non merci." },
];

describe("who may not see or decide", () => {
  it("a person who does not approve neither sees another's request nor decides it", async () => {
    const asked = await newRequest();
    expect(await thrownStatus(() => detail(cookies.buyer, asked.id))).toBe(404);
    for (const fields of DECISIONS) expect(await thrownStatus(() => postThrowing(cookies.buyer, asked.id, fields))).toBe(404);
    expect(await requestRow(asked.id)).toMatchObject({ status: "pending", order_id: null });
  });

  it("another organization gets the 404 page, never the request", async () => {
    const asked = await newRequest();
    expect(await thrownStatus(() => detail(cookies.otherOrg, asked.id))).toBe(404);
    for (const fields of [...DECISIONS, { intent: "restore" }])
      expect(await thrownStatus(() => postThrowing(cookies.otherOrg, asked.id, fields))).toBe(404);
    expect((await list(cookies.otherOrg)).toDecide?.rows.some((row) => row.id === asked.id) ?? false).toBe(false);
    expect(await requestRow(asked.id)).toMatchObject({ status: "pending", order_id: null });
  });
});

/** The action as Remix calls it, what it throws left to thrownStatus. */
function postThrowing(cookie: string, id: number, fields: Record<string, string>) {
  return requestRoute.action({ request: formRequest(path(id), fields, cookie), context: backoffice.context(), params: { id: String(id) } });
}
