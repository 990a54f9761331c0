import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "~/routes/_app";
import { createPortalLoadContext, createPortalServices, type PortalServices } from "~/services/context.server";
import { readStoredCart } from "@shared/domain/index";
import { cookieFor, flashOf, postAdd, postCart } from "../cart/cart-flow";
import { LOGINS, demoProducts } from "../cart/harness";
import { confirmFields, postStep, throughInstructions } from "../checkout/flow";
import { callRoute, pageRequest, SECRET } from "../portal/harness";
import { logIn } from "../portal/session-flow";
import { DEMO_TODAY, startHarness, type Harness } from "../../support/harness";
import { startFaultProxy, type FaultProxy } from "./fault-proxy";

/**
 * The back-office slow (answers 2 s late, its work done) and down (connections dropped) while
 * a buyer browses, changes the cart and confirms, through a proxy in front of it; the portal
 * waits at most 1 s per call. Pages and forms answer in French, every change the portal said
 * was saved is in the cart, and the order exists once however often it was confirmed.
 */
const TIMEOUT_MS = 1000;
const UNAVAILABLE = /momentanément indisponible/;
const CART_SAVE = /^POST \/api\/oms\/cart\/\d+$/;
const CONFIRM = /^POST \/api\/oms\/cart\/\d+\/confirm/;

let harness: Harness;
let proxy: FaultProxy;
let services: PortalServices;
const portal = { context: () => createPortalLoadContext(services, { requestId: `faults-${Date.now()}`, cspNonce: "n" }) };
let products: Awaited<ReturnType<typeof demoProducts>>;
let orgId: number;

beforeAll(async () => {
  harness = await startHarness({ seed: { size: "small", today: DEMO_TODAY }, portal: false, name: "faults" });
  proxy = await startFaultProxy(harness.url, 2000);
  services = createPortalServices({
    upstreamUrl: proxy.url,
    sessionSecret: SECRET,
    secureCookies: false,
    now: harness.clock.now,
    upstreamTimeoutMs: TIMEOUT_MS,
  });
  products = await demoProducts(harness.db);
  orgId = (await harness.db.selectFrom("organizations").select("id").where("ref", "=", "C0001").executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await harness?.close();
});

async function storedProductIds(): Promise<number[]> {
  const row = await harness.db.selectFrom("carts").select("data").where("org_id", "=", orgId).executeTakeFirst();
  return row ? readStoredCart(row.data).products.map((line) => line.obj_id) : [];
}

const orderCount = async () =>
  Number(
    (
      await harness.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("org_id", "=", orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

function faults(mode: "pass" | "slow" | "down", match: RegExp | null = null) {
  proxy.mode = mode;
  proxy.match = match;
}

describe("the back-office slow and down", () => {
  it("browsing: a French 503 when it is too slow or down, the page again when it is back", async () => {
    const { cookie } = await logIn(portal, LOGINS.client);
    for (const mode of ["slow", "down"] as const) {
      faults(mode);
      let thrown: unknown;
      await callRoute(appLayout.loader, pageRequest("/", cookie), portal.context()).catch((error: unknown) => (thrown = error));
      expect(thrown, mode).toMatchObject({ data: { message: expect.stringMatching(UNAVAILABLE) }, init: { status: 503 } });
    }
    faults("pass");
    // The page's data again: the signed-in organization's layout, its cart counted.
    await expect(callRoute(appLayout.loader, pageRequest("/", cookie), portal.context())).resolves.toMatchObject({
      organizationName: "Voilerie Atlantique",
      cartCount: expect.any(Number),
    });
  });

  it("changing the cart: every change said saved is kept, the others said unavailable in French", async () => {
    faults("pass");
    const cookie = await cookieFor(portal, LOGINS.client);
    await postCart(portal, cookie, { intent: "clear" });
    const acknowledged: number[] = [];
    const refusals: string[] = [];
    const modes = ["pass", "slow", "down", "pass", "down", "slow", "pass", "slow", "pass", "down"] as const;
    for (const [index, mode] of modes.entries()) {
      const product = products.plain[index];
      if (!product) throw new Error("not enough demo products");
      // The saves only are slow or dropped: the page's reads before them go through.
      faults(mode, CART_SAVE);
      const answer = await postAdd(portal, cookie, { productId: String(product.id), qty: "1" });
      if (!(answer instanceof Response)) throw new Error(`add answered ${JSON.stringify(answer)}`);
      const toast = await flashOf(portal, answer);
      if (toast?.type === "success") acknowledged.push(product.id);
      else refusals.push(toast?.message ?? "");
    }
    faults("pass");
    // A slow save that committed after the portal gave up is in the cart too: never the reverse.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const stored = await storedProductIds();
    const lost = acknowledged.filter((id) => !stored.includes(id));
    console.info(`[faults] slow/down cart changes: ${modes.length} tried, ${acknowledged.length} acknowledged, ${lost.length} lost`);
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(4);
    expect(refusals.length).toBeGreaterThanOrEqual(4);
    for (const message of refusals) expect(message).toMatch(UNAVAILABLE);
  });

  it("confirming: unavailable in French while slow or down, then one order however often it is sent", async () => {
    faults("pass");
    const cookie = await cookieFor(portal, LOGINS.client);
    await postCart(portal, cookie, { intent: "clear" });
    await postAdd(portal, cookie, { productId: String(products.plain[0]?.id ?? 0), qty: "2" });
    const ready = await throughInstructions(portal, cookie);
    const fields = await confirmFields(portal, ready);
    const before = await orderCount();

    const attempts: string[] = [];
    for (const mode of ["slow", "down", "slow", "pass", "pass"] as const) {
      faults(mode, CONFIRM);
      const outcome = await postStep(portal, "recapitulatif", fields, ready);
      if (outcome.kind !== "redirect") throw new Error("a confirmation always redirects");
      attempts.push(`${mode}: ${(await flashOf(portal, outcome.response))?.message ?? ""}`);
    }
    faults("pass");
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const created = (await orderCount()) - before;
    console.info(`[faults] slow/down confirmation: ${attempts.length} posts, ${created} order(s) created`);
    expect(created).toBe(1);
    expect(attempts[0]).toMatch(UNAVAILABLE);
    expect(attempts[1]).toMatch(UNAVAILABLE);
    // Once it answers again, the same form gets the order the first attempt placed.
    expect(attempts[3]).toMatch(/commande CMD-\d+ (est|était déjà) confirmée/);
    expect(attempts[4]).toMatch(/était déjà confirmée/);
  });
});
