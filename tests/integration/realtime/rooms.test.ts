import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as addRoute from "~/routes/_app.mon-panier.ajouter";
import * as cartRoute from "~/routes/_app.mon-panier._index";
import { callRoute, formRequest, responseOf } from "../portal/harness";
import {
  LOGINS,
  collectUpdates,
  connectClient,
  logIn,
  nextUpdate,
  settle,
  someProduct,
  startPortal,
  type LoggedIn,
  type TestPortal,
} from "./harness";

/**
 * Who hears what: the cart actions publish from the server after the save; the organization's
 * other browsers hear it, another organization never does, the author gets no notice.
 */

let portal: TestPortal;
let buyer: LoggedIn;
let client: LoggedIn;
let other: LoggedIn;

beforeAll(async () => {
  portal = await startPortal();
  [buyer, client, other] = await Promise.all([logIn(portal, LOGINS.buyer), logIn(portal, LOGINS.client), logIn(portal, LOGINS.otherOrg)]);
});
afterAll(async () => {
  await portal?.close();
});

async function post(route: typeof addRoute | typeof cartRoute, path: string, user: LoggedIn, fields: Record<string, string>) {
  const response = await responseOf(() => callRoute(route.action, formRequest(path, fields, user.cookie), portal.context()));
  expect(response.status).toBe(303);
}

const addProduct = (user: LoggedIn, productId: number, qty: number) =>
  post(addRoute, "/mon-panier/ajouter", user, { productId: String(productId), qty: String(qty), redirectTo: "/catalogue" });

beforeEach(async () => {
  await post(cartRoute, "/mon-panier?index", client, { intent: "clear" });
});

describe("cart-update delivery", () => {
  it("reaches the colleague with the French facts of an add, a removal and a clear; never the other organization", async () => {
    const product = await someProduct(buyer);
    const colleague = await connectClient(portal, { cookie: client.cookie });
    const stranger = await connectClient(portal, { cookie: other.cookie });
    const strangerGot = collectUpdates(stranger);

    const added = nextUpdate(colleague);
    await addProduct(buyer, product.id, 3);
    const addEvent = await added;
    expect(addEvent).toMatchObject({ kind: "added", author: buyer.session.user.obj_name, orgId: buyer.session.user.auth_org_id });
    expect(addEvent.products).toEqual([expect.objectContaining({ ref: product.ref, qty: 3 })]);
    expect(addEvent.own).toBeUndefined();

    const cart = await buyer.active.upstream.oms.getCart(buyer.session.user.auth_org_id);
    expect(addEvent.version).toBe(cart.version);
    const line = cart.cart.products.find((candidate) => candidate.obj_ref === product.ref);
    if (!line) throw new Error("the line was not saved");

    const removed = nextUpdate(colleague);
    await post(cartRoute, "/mon-panier?index", buyer, { intent: "remove", lineId: line.line_id });
    expect(await removed).toMatchObject({ kind: "removed", products: [{ ref: product.ref, qty: 3 }], version: cart.version + 1 });

    await addProduct(buyer, product.id, 1);
    await nextUpdate(colleague);
    const cleared = nextUpdate(colleague);
    await post(cartRoute, "/mon-panier?index", buyer, { intent: "clear" });
    expect(await cleared).toMatchObject({ kind: "cleared", products: [] });

    await settle();
    expect(strangerGot).toEqual([]);
    colleague.close();
    stranger.close();
  });

  it("ignores a made-up 'join' and any other event a client sends", async () => {
    const product = await someProduct(buyer);
    const intruder = await connectClient(portal, { cookie: other.cookie });
    const intruderGot = collectUpdates(intruder);
    const orgRoom = `org:${buyer.session.user.auth_org_id}`;
    intruder.emit("join", orgRoom);
    intruder.emit("subscribe", { room: orgRoom });
    intruder.emit("cart-update", { kind: "cleared", products: [], author: "Pirate", orgId: buyer.session.user.auth_org_id, version: 1 });
    const colleague = await connectClient(portal, { cookie: client.cookie });
    const colleagueGot = collectUpdates(colleague);
    await settle(200);

    const heard = nextUpdate(colleague);
    await addProduct(buyer, product.id, 1);
    await heard;
    await settle();
    expect(intruder.connected).toBe(true);
    expect(intruderGot).toEqual([]);
    expect(colleagueGot.map((update) => update.author)).not.toContain("Pirate");
    intruder.close();
    colleague.close();
  });

  it("gives the author's browser no notice: its tabs only get a silent refresh", async () => {
    const product = await someProduct(buyer);
    const authorTab = await connectClient(portal, { cookie: buyer.cookie });
    const authorOtherTab = await connectClient(portal, { cookie: buyer.cookie });
    const colleague = await connectClient(portal, { cookie: client.cookie });
    const [tabGot, otherTabGot, colleagueGot] = [collectUpdates(authorTab), collectUpdates(authorOtherTab), collectUpdates(colleague)];

    await addProduct(buyer, product.id, 2);
    await settle();
    expect(colleagueGot).toHaveLength(1);
    expect(colleagueGot[0]?.own).toBeUndefined();
    expect([...tabGot, ...otherTabGot].every((update) => update.own === true)).toBe(true);
    expect(tabGot).toHaveLength(1);

    // When the acting tab is known (its socket id), that tab gets nothing at all.
    const event = { ...colleagueGot[0]!, version: colleagueGot[0]!.version + 100 };
    portal.services().realtime.publishCartUpdate(event.orgId, event, { sessionKey: buyer.session.sid, socketId: authorTab.id });
    await settle();
    expect(tabGot).toHaveLength(1);
    expect(otherTabGot.at(-1)).toMatchObject({ own: true, originSocketId: authorTab.id });
    expect(colleagueGot.at(-1)).toMatchObject({ originSocketId: authorTab.id });
    authorTab.close();
    authorOtherTab.close();
    colleague.close();
  });

  it("publishes nothing that breaks the schema, nor to another organization's room", async () => {
    const colleague = await connectClient(portal, { cookie: client.cookie });
    const got = collectUpdates(colleague);
    const orgId = client.session.user.auth_org_id;
    const { realtime } = portal.services();
    realtime.publishCartUpdate(orgId, { kind: "cleared", products: [], author: "", orgId, version: 1 });
    realtime.publishCartUpdate(orgId, { kind: "cleared", products: [], author: "X", orgId: orgId + 1, version: 1 });
    await settle();
    expect(got).toEqual([]);
    colleague.close();
  });
});
