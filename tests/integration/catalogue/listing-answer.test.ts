import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { productListResponse, stockBatchResponse, type SessionResponse } from "@shared/contracts/api";
import * as catalogueRoute from "~/routes/_app.catalogue._index";
import * as favoritesRoute from "~/routes/_app.mon-compte.favoris";
import { formRequest, responseOf } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, type CatalogueBackoffice } from "./harness";

/**
 * A product list's favourite flags and stock come with the listing (`with_favorites=1`,
 * `with_stock=1`): one back-office call per page instead of three
 * (docs/decisions/0084-category-page-render-cost.md).
 */

let backoffice: CatalogueBackoffice;
let cookie: string;
let favorite: { id: number; ref: string };

beforeAll(async () => {
  // The portal's calls go through the global fetch, looked up at each call, so the spies below see them.
  backoffice = await startCatalogueBackoffice({ upstreamFetch: (input, init) => globalThis.fetch(input, init) });
  cookie = await cookieFor(backoffice, LOGINS.organization);
  const row = await backoffice.db
    .selectFrom("products")
    .select(["id", "ref"])
    .where("is_port", "=", false)
    .where("discontinued", "=", false)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  favorite = row;
  const added = await responseOf(() =>
    run(favoritesRoute.action, backoffice, formRequest("/mon-compte/favoris", { intent: "add", product_id: String(row.id) }, cookie)),
  );
  expect(added.status).toBe(303);
});
afterAll(() => backoffice.close());
afterEach(() => vi.restoreAllMocks());

/** Records the back-office paths the portal calls; `rewrite` may change a JSON answer. */
function recordCalls(rewrite?: (path: string, body: Record<string, unknown>) => Record<string, unknown>): string[] {
  const calls: string[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(`${url.pathname}${url.search}`);
    const response = await original(input, init);
    if (!rewrite || !response.ok) return response;
    const body = rewrite(url.pathname, (await response.json()) as Record<string, unknown>);
    return new Response(JSON.stringify(body), { status: response.status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

async function searchPage(query: string) {
  const data = await run(catalogueRoute.loader, backoffice, page(`/catalogue?q=${encodeURIComponent(query)}`, cookie));
  if (data.mode !== "search") throw new Error("expected search results");
  return data;
}

async function searchItems(query: string) {
  return (await searchPage(query)).list.items;
}

/** What the wms batch endpoint answers for these products, as the cards show it. */
async function wmsStocks(session: SessionResponse, ids: number[]) {
  const response = await fetch(`${backoffice.url}/api/wms/stocks?ids=${ids.join(",")}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const stocks = stockBatchResponse.parse(await response.json());
  const byId = new Map(
    stocks.map((entry) => [
      entry.obj_id,
      { available: entry.sto_disp, refillDate: entry.sto_refill_date, refillQty: entry.sto_refill_qte },
    ]),
  );
  return Object.fromEntries(ids.map((id) => [id, byId.get(id) ?? null]));
}

async function logInBackoffice(): Promise<SessionResponse> {
  const response = await fetch(`${backoffice.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: LOGINS.organization, password: "demo1234" }),
  });
  return (await response.json()) as SessionResponse;
}

describe("favourite flags of a product list", () => {
  it("come with the listing: the portal makes no favourite-ids call", async () => {
    const calls = recordCalls();
    // The reference's beginning: the exact reference would be the product's page, not a list.
    const items = await searchItems(favorite.ref.slice(0, -1));
    expect(items.find((item) => item.id === favorite.id)?.isFavorite).toBe(true);
    expect(items.filter((item) => item.id !== favorite.id).every((item) => !item.isFavorite)).toBe(true);
    expect(calls.some((call) => call.startsWith("/api/pim/products?") && call.includes("with_favorites=1"))).toBe(true);
    expect(calls.some((call) => call.startsWith("/api/pim/favorites/ids"))).toBe(false);
  });

  it("are asked separately from an upstream whose listing does not carry them", async () => {
    const calls = recordCalls((path, body) => {
      if (path !== "/api/pim/products") return body;
      const { favorite_ids: _dropped, ...rest } = body;
      return rest;
    });
    const items = await searchItems(favorite.ref.slice(0, -1));
    expect(items.find((item) => item.id === favorite.id)?.isFavorite).toBe(true);
    expect(calls.some((call) => call.startsWith("/api/pim/favorites/ids"))).toBe(true);
  });
});

describe("stock of a product list", () => {
  it("comes with the listing in batch mode: the portal makes no wms call, and the figures are the wms's", async () => {
    const calls = recordCalls();
    const data = await searchPage("antenne");
    expect(data.list.items.length).toBeGreaterThan(1);
    expect(calls.some((call) => call.startsWith("/api/pim/products?") && call.includes("with_stock=1"))).toBe(true);
    expect(calls.some((call) => call.startsWith("/api/wms/"))).toBe(false);
    vi.restoreAllMocks();
    const ids = data.list.items.map((item) => item.id);
    expect(data.stocks).toEqual(await wmsStocks(await logInBackoffice(), ids));
  });

  it("is asked from the wms when the listing does not carry it", async () => {
    const calls = recordCalls((path, body) => {
      if (path !== "/api/pim/products") return body;
      const { stocks: _dropped, ...rest } = body;
      return rest;
    });
    const data = await searchPage("antenne");
    expect(calls.some((call) => call.startsWith("/api/wms/stocks"))).toBe(true);
    vi.restoreAllMocks();
    const settled = Object.fromEntries(
      await Promise.all(Object.entries(data.stocks).map(async ([id, entry]) => [id, await entry] as const)),
    );
    expect(settled).toEqual(
      await wmsStocks(
        await logInBackoffice(),
        data.list.items.map((item) => item.id),
      ),
    );
  });
});

describe("GET /api/pim/products with_favorites and with_stock", () => {
  it("lists the page's favourites when asked, and only then", async () => {
    const session = await logInBackoffice();
    const base = `${backoffice.url}/api/pim/products?usr_id=${session.user.auth_org_id}&q=${encodeURIComponent(favorite.ref)}`;
    const headers = { authorization: `Bearer ${session.token}` };
    const withFlags = productListResponse.parse(await (await fetch(`${base}&with_favorites=1`, { headers })).json());
    expect(withFlags.items.some((item) => item.obj_id === favorite.id)).toBe(true);
    expect(withFlags.favorite_ids).toEqual([favorite.id]);
    const plain = productListResponse.parse(await (await fetch(base, { headers })).json());
    expect(plain.favorite_ids).toBeUndefined();
    expect(plain.items).toEqual(withFlags.items);
  });

  it("carries the page's stock when asked, as /wms/stocks answers it, and only then", async () => {
    const session = await logInBackoffice();
    const base = `${backoffice.url}/api/pim/products?usr_id=${session.user.auth_org_id}&q=antenne`;
    const headers = { authorization: `Bearer ${session.token}` };
    const withStock = productListResponse.parse(await (await fetch(`${base}&with_stock=1`, { headers })).json());
    const ids = withStock.items.map((item) => item.obj_id);
    expect(ids.length).toBeGreaterThan(1);
    const wms = stockBatchResponse.parse(await (await fetch(`${backoffice.url}/api/wms/stocks?ids=${ids.join(",")}`, { headers })).json());
    expect(withStock.stocks).toEqual(wms);
    const plain = productListResponse.parse(await (await fetch(base, { headers })).json());
    expect(plain.stocks).toBeUndefined();
  });
});
