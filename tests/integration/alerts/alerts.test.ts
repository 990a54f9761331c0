import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { alertPreferencesResponse, unsubscribeResponse } from "@shared/contracts/alerts";
import type { SessionResponse } from "@shared/contracts/api";
import { createAlertDispatcher, type AlertDispatcher, type AlertNotifier } from "../../../server/backoffice/alerts/dispatcher";
import { deriveAlertsSecret } from "../../../server/backoffice/alerts/tokens";
import { startHarness, type Harness } from "../../support/harness";
import { LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { erp, placeOrder } from "../backoffice/orders-fixtures";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";

/**
 * The e-mail alerts (docs/alerts.md), read back from the .eml files: a shipment tells those of
 * the organization who chose « commande expédiée », once, and nobody who did not; each alert
 * carries a signed unsubscribe link, to the portal's page in its body and to the one-click API
 * in its List-Unsubscribe header, that works once and is refused when tampered.
 */

const PORTAL = "https://portail.example.fr";
const SECRET = deriveAlertsSecret("alerts-test-session-secret-of-32-chars");

describe("the e-mail alerts", () => {
  let harness: Harness;
  let bo: Backoffice;
  let dispatcher: AlertDispatcher;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let sales: SessionResponse;
  let products: { id: number; ref: string }[];
  const errors: unknown[] = [];
  const seen = new Set<string>();

  async function newMail(): Promise<ReadMail[]> {
    await dispatcher.settled();
    const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
    for (const mail of fresh) seen.add(mail.file);
    return fresh;
  }

  const choose = (session: SessionResponse, enabled: string[]) =>
    call(bo, "/crm/alerts", { method: "PUT", token: session.token, body: { enabled } });

  async function shipOnce(key: string) {
    const product = products[0];
    if (!product) throw new Error("no test product");
    const placed = await placeOrder(bo, buyer, [[product, 2]], key);
    const shipped = await erp(bo, `/orders/${placed.ord_ref}/shipments`, {
      carrier: "Colissimo",
      tracking_number: "6A123",
      lines: [{ obj_ref: product.ref, qty: 2 }],
    });
    expect(shipped.status).toBe(201);
    return placed;
  }

  /**
   * The one-click URL of an alert (its List-Unsubscribe header), on the test server instead of
   * the portal's address; the body's link opens the portal's page with the same token.
   */
  async function unsubscribeLink(mail: ReadMail | undefined): Promise<string> {
    const page = /Ne plus recevoir cette alerte : (\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(page.startsWith(`${PORTAL}/desabonnement?jeton=`)).toBe(true);
    const raw = await readFile(path.join(harness.mailDir ?? "", mail?.file ?? ""), "utf8");
    const header = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";
    expect(header).toBe(`${PORTAL}/api/alerts/unsubscribe?token=${new URL(page).searchParams.get("jeton") ?? ""}`);
    return header.replace(PORTAL, harness.url);
  }

  beforeAll(async () => {
    // The dispatcher needs the harness's database: the back-office is given a relay to it.
    const relay: AlertNotifier = { notify: (event) => dispatcher.notify(event) };
    harness = await startHarness({ mail: true, name: "alerts", api: { alertsSecret: SECRET, alertNotifier: relay, overdueAlerts: false } });
    dispatcher = createAlertDispatcher({
      db: harness.db,
      mailer: harness.mailer,
      now: harness.clock.now,
      secret: SECRET,
      portalUrl: PORTAL,
      logger: { error: (details) => errors.push(details) },
    });
    bo = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
    [client, buyer, sales] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.buyer), login(bo, LOGINS.sales)]);
    products = await stockedProducts(bo, 1);
    // Seeding the database takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await dispatcher.settled();
    await harness.close();
  });
  beforeEach(async () => {
    await newMail();
    errors.length = 0;
  });

  it("gives each class but people its own choices, every alert but the news by default", async () => {
    const mine = alertPreferencesResponse.parse((await call(bo, "/crm/alerts", { token: client.token })).body);
    expect(mine.email).toBe(LOGINS.client);
    expect(mine.preferences.filter((preference) => !preference.enabled).map((preference) => preference.kind)).toEqual(["news"]);
    const refused = await call(bo, "/crm/alerts", { token: buyer.token });
    expect(refused.status).toBe(403);
    expect((await choose(buyer, ["order_shipped"])).status).toBe(403);
    expect((await choose(client, ["nonsense"])).status).toBe(400);
  });

  it("sends a shipment's alert once, to the user who chose it and to none who did not", async () => {
    expect((await choose(client, ["order_shipped"])).status).toBe(200);
    expect((await choose(sales, [])).status).toBe(200);
    const placed = await shipOnce("alerts-ship-1");

    const mails = await newMail();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[[LOGINS.client], `Commande ${placed.ord_ref} expédiée`]]);
    const [shipped] = mails;
    expect(shipped?.text).toContain(`La commande ${placed.ord_ref} de Voilerie Atlantique est expédiée.`);
    expect(shipped?.text).toContain("Numéro de suivi : 6A123");
    expect(shipped?.text).toContain(`Voir la commande : ${PORTAL}/mon-compte/commandes/${placed.ord_id}`);
    expect(shipped?.html).toContain("Ne plus recevoir cette alerte");
    // The body's link opens the portal's page, which asks before anything changes.
    expect(shipped?.text).toMatch(
      /Ne plus recevoir cette alerte : https:\/\/portail\.example\.fr\/desabonnement\?jeton=\d+\.\d+\.order_shipped\.[\w-]{43}\n/,
    );
    expect(shipped?.html).toMatch(
      /<a href="https:\/\/portail\.example\.fr\/desabonnement\?jeton=[^"]+"[^>]*>Ne plus recevoir cette alerte<\/a>/,
    );
    // Mail clients' own one-click unsubscribe (RFC 8058).
    const raw = await readFile(path.join(harness.mailDir ?? "", shipped?.file ?? ""), "utf8");
    // nodemailer folds the long header line: the value may start on the next line.
    expect(raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/portail\.example\.fr\/api\/alerts\/unsubscribe\?token=/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // The same event told again (a retried call) sends nothing more.
    const order = await harness.db.selectFrom("orders").select("id").where("ref", "=", placed.ord_ref).executeTakeFirstOrThrow();
    expect(await dispatcher.dispatch({ kind: "order_shipped", orderRef: placed.ord_ref, shipment: 1 })).toBe(0);
    expect(await newMail()).toEqual([]);
    const deliveries = await harness.db
      .selectFrom("alert_deliveries")
      .select(["event_key", "kind"])
      .where("event_key", "like", `order_shipped:${order.id}:%`)
      .execute();
    expect(deliveries).toEqual([{ event_key: `order_shipped:${order.id}:1`, kind: "order_shipped" }]);
    expect(errors).toEqual([]);
  });

  it("tells the representative of a confirmed order, not the accounts its confirmation e-mail reached", async () => {
    expect((await choose(client, ["order_confirmed"])).status).toBe(200);
    expect((await choose(sales, ["order_confirmed"])).status).toBe(200);
    const product = products[0];
    if (!product) throw new Error("no test product");
    const placed = await placeOrder(bo, buyer, [[product, 1]], "alerts-confirmed-1");
    const alerts = (await newMail()).filter((mail) => mail.subject === `Commande ${placed.ord_ref} confirmée`);
    expect(alerts.map((mail) => mail.to)).toEqual([[LOGINS.sales]]);
    expect((await choose(sales, [])).status).toBe(200);
  });

  it("turns the alert off with its link, once, and refuses a tampered link", async () => {
    await choose(client, ["order_shipped", "invoice_issued"]);
    await shipOnce("alerts-ship-2");
    const mails = await newMail();
    const shipped = mails.find((mail) => mail.subject.includes("expédiée"));
    expect(mails.map((mail) => mail.to[0])).toEqual([LOGINS.client, LOGINS.client]);
    const link = await unsubscribeLink(shipped);

    const tampered = link.replace(/\.order_shipped\./, ".invoice_issued.");
    expect((await fetch(tampered, { method: "POST" })).status).toBe(404);
    const forged = link.slice(0, -2) + (link.endsWith("AA") ? "BB" : "AA");
    expect((await fetch(forged, { method: "POST" })).status).toBe(404);

    // Opening the link changes nothing (mail scanners open links).
    const asked = await fetch(link);
    expect(unsubscribeResponse.parse(await asked.json())).toEqual({
      kind: "order_shipped",
      label: "Commande expédiée",
      unsubscribed: false,
    });
    // JSON only, whoever asks: the page a person sees is the portal's (/desabonnement).
    const asBrowser = await fetch(link, { headers: { accept: "text/html" } });
    expect(asBrowser.headers.get("content-type")).toMatch(/^application\/json/);
    expect(unsubscribeResponse.parse(await asBrowser.json()).unsubscribed).toBe(false);

    const done = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(unsubscribeResponse.parse(await done.json())).toEqual({ kind: "order_shipped", label: "Commande expédiée", unsubscribed: true });
    const again = await fetch(link, { method: "POST", headers: { accept: "text/html" } });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ code: "unsubscribe_token_used" });

    const after = alertPreferencesResponse.parse((await call(bo, "/crm/alerts", { token: client.token })).body);
    expect(after.preferences.filter((preference) => preference.enabled).map((preference) => preference.kind)).toEqual(["invoice_issued"]);
    await shipOnce("alerts-ship-3");
    expect((await newMail()).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Facture .* disponible$/)]);
  });
});
