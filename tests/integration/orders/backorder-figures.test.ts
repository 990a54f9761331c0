import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import type { OrderDetail, StockArrival } from "@shared/contracts/orders";
import * as homeRoute from "~/routes/_app._index";
import * as detailRoute from "~/routes/_app.mon-compte.commandes.$id";
import * as backordersRoute from "~/routes/_app.mon-compte.reliquats";
import * as backordersExportRoute from "~/routes/_app.mon-compte.reliquats_.export[.csv]";
import * as connexion from "~/routes/_public.connexion";
import type { HomeView } from "~/services/home/types";
import { createAlertDispatcher, type AlertDispatcher, type AlertNotifier } from "../../../server/backoffice/alerts/dispatcher";
import { loadAlert } from "../../../server/backoffice/alerts/events";
import { deriveAlertsSecret } from "../../../server/backoffice/alerts/tokens";
import { erpClient, type Call } from "../../../server/backoffice/warehouse/client";
import { DEMO_PASSWORD, startHarness, type Harness } from "../../support/harness";
import { LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { SERVICE_TOKEN, placeOrder, setStock, testProducts } from "../backoffice/orders-fixtures";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";
import { readMailFolder } from "../quotes-mail/eml";

/**
 * What remains on back-order is one figure (decision 0160): an order of 5 units with 2 in stock
 * and partial delivery accepted, moved by the warehouse's own calls (the `npm run warehouse`
 * client), reads the same back-order on the order page, the back-orders list, its CSV, the home
 * block and the alert at every stage, and that figure is what the buyer waits for beyond what
 * ships now.
 */

const SECRET = deriveAlertsSecret("backorder-figures-test-session-secret");

let harness: Harness;
let bo: Backoffice;
let dispatcher: AlertDispatcher;
let warehouse: Call;
let cookie: string;
let client: SessionResponse;
let product: { id: number; ref: string };
let order: { ord_id: number; ord_ref: string };

beforeAll(async () => {
  const relay: AlertNotifier = { notify: (event) => dispatcher.notify(event) };
  harness = await startHarness({
    mail: true,
    name: "backorder-figures",
    api: { alertsSecret: SECRET, alertNotifier: relay, overdueAlerts: false },
  });
  dispatcher = createAlertDispatcher({
    db: harness.db,
    mailer: harness.mailer,
    now: harness.clock.now,
    secret: SECRET,
    logger: { error: () => undefined },
  });
  bo = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
  warehouse = erpClient({ baseUrl: harness.url, token: SERVICE_TOKEN, tokenSource: "test" });
  client = await login(bo, LOGINS.client);
  const buyer = await login(bo, LOGINS.buyer);
  // Only the organization account hears of a back-order available.
  expect((await call(bo, "/crm/alerts", { method: "PUT", token: client.token, body: { enabled: ["backorder_available"] } })).status).toBe(
    200,
  );
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login: LOGINS.client, password: DEMO_PASSWORD }), harness.context()),
  );
  cookie = cookieJar("", response);

  const [free] = await testProducts(harness.db, 1);
  if (!free) throw new Error("no test product");
  product = free;
  await setStock(harness.db, product.id, 2, { date: "2026-12-05", qty: 10 });
  const placed = await placeOrder(bo, buyer, [[product, 5]], "backorder-figures", { partialDelivery: true });
  order = { ord_id: placed.ord_id, ord_ref: placed.ord_ref };
}, 180_000);

afterAll(async () => {
  await dispatcher?.settled();
  await harness?.close();
});

const request = (path: string) => new Request(`http://portail.test${path}`, { headers: { cookie } });
const loader = <T>(fn: (args: never) => unknown, path: string, params: Record<string, string> = {}) =>
  Promise.resolve(
    (fn as unknown as (args: { request: Request; context: unknown; params: Record<string, string> }) => T)({
      request: request(path),
      context: harness.context(),
      params,
    }),
  );

/** The back-order of the test's line as each place shows it (null: the place does not show the line). */
async function figures() {
  const page = await loader<{ order: OrderDetail }>(detailRoute.loader, `/mon-compte/commandes/${order.ord_id}`, {
    id: String(order.ord_id),
  });
  const line = page.order.lines.find((candidate) => candidate.obj_ref === product.ref);

  const list = await loader<Awaited<ReturnType<typeof backordersRoute.loader>>>(
    backordersRoute.loader,
    "/mon-compte/reliquats?par=commande",
  );
  const row = list.groups
    .flatMap((group) => group.rows)
    .find((candidate) => candidate.orderId === order.ord_id && candidate.productRef === product.ref);

  const csv = await responseOf(() => loader(backordersExportRoute.loader, "/mon-compte/reliquats/export.csv"));
  const [header = "", ...rows] = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  const column = header.split(";").indexOf("En reliquat");
  const csvRow = rows.map((cells) => cells.split(";")).find((cells) => cells[0] === order.ord_ref && cells[3] === product.ref);

  const home = await loader<HomeView>(homeRoute.loader, "/");
  const homeBlock = home.backorders?.state === "ready" ? home.backorders.data : null;
  const homeItem = homeBlock?.items.find((item) => item.orderId === order.ord_id && item.productRef === product.ref);

  const alert = await loadAlert(harness.db, { kind: "backorder_available", orderId: order.ord_id, objRef: product.ref, arrival: "now" });

  return {
    orderPage: line ? (line.backorder?.qty ?? 0) : null,
    list: row ? row.backorder : null,
    csv: csvRow ? Number(csvRow[column]) : null,
    home: homeItem ? homeItem.backorder : null,
    alert: alert?.facts.kind === "backorder_available" ? alert.facts.qty : null,
  };
}

async function newMails() {
  await dispatcher.settled();
  return readMailFolder(harness.mailDir ?? "");
}

describe("one back-order figure everywhere", () => {
  it("is the confirmation's shortfall while the units in stock wait to ship (not the whole line)", async () => {
    // 2 of 5 ship now; 3 wait for the refill. Not yet arrived: not on the home block.
    expect(await figures()).toEqual({ orderPage: 3, list: 3, csv: 3, home: null, alert: 3 });
  });

  it("stays the same once its stock arrives (the home block and the alert e-mail show it)", async () => {
    const arrival = await warehouse<StockArrival>("POST", `/stocks/${encodeURIComponent(product.ref)}/arrivals`, { qty: 3 });
    expect(arrival.backorders_available).toEqual([{ ord_ref: order.ord_ref, qty: 3 }]);
    expect(await figures()).toEqual({ orderPage: 3, list: 3, csv: 3, home: 3, alert: 3 });
    const mails = (await newMails()).filter(
      (mail) => mail.subject === `Reliquat disponible — commande ${order.ord_ref}` && mail.to.includes(LOGINS.client),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Quantité en reliquat : 3");
  });

  it("is everything still to send after each partial shipment", async () => {
    const orderPath = `/orders/${encodeURIComponent(order.ord_ref)}`;
    const first = await warehouse<OrderDetail>("POST", `${orderPath}/shipments`, {
      carrier: "Colissimo",
      lines: [{ obj_ref: product.ref, qty: 2 }],
    });
    expect(first.status).toBe("expédiée partiellement");
    expect(await figures()).toEqual({ orderPage: 3, list: 3, csv: 3, home: 3, alert: 3 });

    await warehouse<OrderDetail>("POST", `${orderPath}/shipments`, { carrier: "Colissimo", lines: [{ obj_ref: product.ref, qty: 1 }] });
    expect(await figures()).toEqual({ orderPage: 2, list: 2, csv: 2, home: 2, alert: 2 });
  });

  it("leaves every place once all is sent", async () => {
    await warehouse<OrderDetail>("POST", `/orders/${encodeURIComponent(order.ord_ref)}/shipments`, {
      carrier: "Colissimo",
      lines: [{ obj_ref: product.ref, qty: 2 }],
    });
    expect(await figures()).toEqual({ orderPage: 0, list: null, csv: null, home: null, alert: 0 });
  });
});
