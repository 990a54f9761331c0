import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { backorderState, remainingOf } from "@shared/domain/index";
import * as homeRoute from "~/routes/_app._index";
import * as quickOrderRoute from "~/routes/_app.mon-panier.commande-rapide";
import * as clientsRoute from "~/routes/clients";
import { dataOf } from "../cart/cart-flow";
import type { HomeView } from "~/services/home/types";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";
import { BLOCK_CALLS, LOGINS, cookieFor, page, startHomeBackoffice, type HomeBackoffice } from "./harness";

/**
 * The home page's loader (app/services/home/): each block by right, read in parallel, a
 * failing one said so without taking the page down; no amount without `prices`, no orders
 * block without `orders`, no quick order without `cart`, no quotes without `quotes`.
 */

let backoffice: HomeBackoffice;
const cookies: Partial<Record<keyof typeof LOGINS, string>> = {};
let orgId: number;

beforeAll(async () => {
  backoffice = await startHomeBackoffice();
  for (const who of ["organization", "storekeeper", "consultant"] as const) cookies[who] = await cookieFor(backoffice, LOGINS[who]);
  const org = await backoffice.db
    .selectFrom("organizations")
    .select("id")
    .where("name", "=", "Voilerie Atlantique")
    .executeTakeFirstOrThrow();
  orgId = org.id;
});
afterAll(() => backoffice.close());
beforeEach(() => {
  backoffice.failing.clear();
  backoffice.calls.length = 0;
});

const home = (cookie: string) => callRoute(homeRoute.loader, page("/", cookie), backoffice.context()) as Promise<HomeView>;

function ready<T>(block: { state: "ready"; data: T } | { state: "unavailable" } | null): T {
  if (block?.state !== "ready") throw new Error(`block not ready: ${JSON.stringify(block)}`);
  return block.data;
}

describe("the home page for an organization account (every right)", () => {
  it("shows every block: news, promotions with their prices, quick order, latest orders to reorder, arrived back-orders, quotes to answer", async () => {
    const view = await home(cookies.organization!);
    expect(view.greeting.userName).toBe("Voilerie Atlantique");

    const news = ready(view.news);
    expect(news).toHaveLength(3);
    const dates = news.map((item) => item.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(news.every((item) => item.href.startsWith("/actualites/") && item.picture.alt !== "")).toBe(true);

    const promotions = ready(view.promotions);
    expect(promotions.total).toBeGreaterThan(0);
    expect(promotions.items.length).toBeGreaterThan(0);
    for (const item of promotions.items) expect(item.promotionPrice).toBeLessThan(item.netPrice);

    expect(view.quickOrder).toEqual({ rows: 3 });

    const orders = ready(view.orders);
    expect(orders.items).toHaveLength(3);
    expect(orders.canReorder).toBe(true);
    const newest = await backoffice.db
      .selectFrom("orders")
      .select("ref")
      .where("org_id", "=", orgId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(orders.items[0]?.number).toBe(newest.ref);

    const backorders = ready(view.backorders);
    expect(backorders.items.length).toBeLessThanOrEqual(5);
    expect(backorders.total).toBeGreaterThanOrEqual(backorders.items.length);

    const quotes = ready(view.quotes);
    expect(quotes.forClientTotal).toBeGreaterThan(0);
    expect(quotes.forClient.every((quote) => ["proposé", "informations demandées"].includes(quote.state))).toBe(true);
    expect(quotes.forClient.every((quote) => quote.href === `/mon-compte/mes-devis/${quote.id}`)).toBe(true);
    expect(quotes.forRepresentative).toBeNull();
  });

  it("lists as arrived exactly the open back-order lines whose stock is there", async () => {
    const view = await home(cookies.organization!);
    const lines = await backoffice.db
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .leftJoin("stocks as s", "s.product_id", "l.product_id")
      .select([
        "o.ref as order",
        "l.ref as product",
        "l.qty",
        "l.shipped_qty",
        "l.cancelled_qty",
        "l.backorder_qty",
        "l.available_at",
        "s.sto_disp",
      ])
      .where("o.org_id", "=", orgId)
      .where("l.backorder_qty", ">", 0)
      .execute();
    const arrived = lines.filter(
      (line) =>
        backorderState({
          backorder: line.backorder_qty,
          unsent: remainingOf({ qty: line.qty, shipped: line.shipped_qty, cancelled: line.cancelled_qty }),
          cancelled: line.cancelled_qty,
          markedAvailable: line.available_at !== null,
          stockOnHand: line.sto_disp,
        }) === "disponible",
    );
    // The demo has some, and some still waiting: the block picks the first, not the second.
    expect(arrived.length).toBeGreaterThan(0);
    expect(arrived.length).toBeLessThan(lines.length);
    const backorders = ready(view.backorders);
    expect(backorders.total).toBe(arrived.length);
    expect(backorders.items).toHaveLength(Math.min(5, arrived.length));
    for (const item of backorders.items)
      expect(arrived.some((line) => line.order === item.orderNumber && line.product === item.productRef)).toBe(true);
  });
});

describe("the quick order block", () => {
  it("sends what the quick order page reads: its rows go into the shared cart", async () => {
    const product = await backoffice.db
      .selectFrom("products")
      .select("ref")
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .where("is_mmsi", "=", false)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const buyer = await cookieFor(backoffice, LOGINS.buyer);
    // The fields of app/components/home/QuickOrder.tsx, as a browser without JavaScript posts them.
    const fields = { form_key: "initial", ref_0: product.ref, qty_0: "2", ref_1: "", qty_1: "", ref_2: "INCONNU-42", qty_2: "1" };
    const answer = await callRoute(quickOrderRoute.action, formRequest("/mon-panier/commande-rapide", fields, buyer), backoffice.context());
    const { data, status } = dataOf<{ report: { added: { ref: string; qty: number }[]; refused: { message: string }[] } }>(answer);
    expect(status).toBe(200);
    expect(data.report.added).toEqual([expect.objectContaining({ ref: product.ref, qty: 2 })]);
    expect(data.report.refused.map((issue) => issue.message)).toEqual(["Référence inconnue : INCONNU-42."]);
  });
});

describe("blocks by right", () => {
  it("gives an account without `prices` no promotion (so no amount) and without `orders` no orders block, but the quick order with `cart`", async () => {
    const view = await home(cookies.storekeeper!);
    expect(view.promotions).toBeNull();
    expect(view.orders).toBeNull();
    expect(view.quickOrder).toEqual({ rows: 3 });
    expect(view.quotes?.state).toBe("ready");
    expect(view.backorders?.state).toBe("ready");
    expect(JSON.stringify(view)).not.toMatch(/Price|unit_price|total_h?t/i);
    const shortcuts = view.links.map((link) => link.to);
    expect(shortcuts).toContain("/mon-panier");
    expect(shortcuts).not.toContain("/mon-compte/tarifs");
    // Nothing was even asked for the hidden blocks.
    expect(backoffice.calls.some((path) => BLOCK_CALLS.promotions.test(path) || BLOCK_CALLS.orders.test(path))).toBe(false);
  });

  it("gives an account without `cart`, `orders` nor `quotes` neither the quick order, the orders nor the quotes", async () => {
    const view = await home(cookies.consultant!);
    expect(view.quickOrder).toBeNull();
    expect(view.orders).toBeNull();
    expect(view.quotes).toBeNull();
    expect(ready(view.promotions).items.length).toBeGreaterThan(0);
    expect(view.news?.state).toBe("ready");
    expect(backoffice.calls.some((path) => BLOCK_CALLS.quotes.test(path))).toBe(false);
    expect(view.links.map((link) => link.to)).toEqual(["/catalogue", "/mon-compte/commandes", "/mon-compte/tarifs", "/mon-compte"]);
  });

  it("offers « Commander à nouveau » only with `cart`", async () => {
    const buyer = await cookieFor(backoffice, LOGINS.buyer);
    expect(ready((await home(buyer)).orders).canReorder).toBe(true);
    const before = await backoffice.db.selectFrom("users").select("auth_flags").where("login", "=", LOGINS.buyer).executeTakeFirstOrThrow();
    await backoffice.db
      .updateTable("users")
      .set({ auth_flags: JSON.stringify({ cart: false }) })
      .where("login", "=", LOGINS.buyer)
      .execute();
    try {
      const again = await cookieFor(backoffice, LOGINS.buyer);
      const view = await home(again);
      expect(ready(view.orders).canReorder).toBe(false);
      expect(view.quickOrder).toBeNull();
    } finally {
      await backoffice.db
        .updateTable("users")
        .set({ auth_flags: before.auth_flags === null ? null : JSON.stringify(before.auth_flags) })
        .where("login", "=", LOGINS.buyer)
        .execute();
    }
  });
});

describe("a failing block", () => {
  it.each(["news", "promotions", "orders", "backorders", "quotes"] as const)(
    "%s: says it is unavailable, the others still show",
    async (block) => {
      backoffice.failing.add(block);
      const view = await home(cookies.organization!);
      expect(view[block]).toEqual({ state: "unavailable" });
      for (const other of (["news", "promotions", "orders", "backorders", "quotes"] as const).filter((name) => name !== block)) {
        expect(view[other]?.state).toBe("ready");
      }
    },
  );
});

describe("who reaches it", () => {
  it("sends a visitor to /connexion", async () => {
    const response = await responseOf(() => callRoute(homeRoute.loader, page("/", ""), backoffice.context()));
    expect(response.headers.get("location")).toBe("/connexion");
  });

  it("sends a contributor to /clients until it acts for a client; then the client's blocks and the client's requests it has to study", async () => {
    let contributor = await cookieFor(backoffice, LOGINS.contributor);
    const response = await responseOf(() => callRoute(homeRoute.loader, page("/", contributor), backoffice.context()));
    expect(response.headers.get("location")).toBe("/clients");

    const switched = await responseOf(() =>
      callRoute(
        clientsRoute.action,
        formRequest("/clients", { intent: "login-as", slave_id: String(orgId) }, contributor),
        backoffice.context(),
      ),
    );
    contributor = cookieJar(contributor, switched);
    const view = await home(contributor);
    expect(view.greeting.actingAs).not.toBeNull();
    const quotes = ready(view.quotes);
    expect(quotes.forRepresentative).not.toBeNull();
    expect(quotes.forRepresentative!.length).toBeGreaterThan(0);
    expect(quotes.forRepresentative!.every((quote) => quote.href === `/clients/devis/${quote.id}`)).toBe(true);
    expect(quotes.forRepresentative!.every((quote) => ["demandé", "en cours d'étude", "complété"].includes(quote.state))).toBe(true);
  });
});
