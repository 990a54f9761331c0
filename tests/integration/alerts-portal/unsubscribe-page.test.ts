import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as unsubscribeRoute from "~/routes/_public.desabonnement";
import type { UnsubscribeView } from "~/services/alerts/types";
import { LOGINS, call, login } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { erp, placeOrder } from "../backoffice/orders-fixtures";
import { formRequest, pageRequest } from "../portal/harness";
import { PORTAL, answered, cookieFor, run, startAlertsPortal, type AlertsPortal } from "./harness";

/**
 * /desabonnement?jeton=… (docs/alerts.md « Unsubscribe »), with the link of a real alert read
 * from its .eml: opening it changes nothing (mail scanners open links) and works signed in or
 * not; its button turns the alert off once; a used link says so (410); a tampered, unknown or
 * cut link gets a French page (404), never an error.
 */

describe("the unsubscribe page", () => {
  let portal: AlertsPortal;
  /** The path of the body's link of a « commande expédiée » alert to the organization account. */
  let link: string;
  let token: string;

  const open = async (path: string, cookie = "") =>
    answered<UnsubscribeView>(await run(unsubscribeRoute.loader, portal, pageRequest(path, cookie)));
  const click = async (fields: Record<string, string>, cookie = "") =>
    answered<UnsubscribeView>(await run(unsubscribeRoute.action, portal, formRequest("/desabonnement", fields, cookie)));

  async function state(): Promise<{ enabled: boolean | undefined; used: boolean }> {
    const deliveryId = Number(token.split(".")[0]);
    const [preference, delivery] = await Promise.all([
      portal.db
        .selectFrom("alert_preferences as p")
        .innerJoin("users as u", "u.id", "p.user_id")
        .select("p.enabled")
        .where("u.login", "=", LOGINS.client)
        .where("p.kind", "=", "order_shipped")
        .executeTakeFirst(),
      portal.db.selectFrom("alert_deliveries").select("unsubscribed_at").where("id", "=", deliveryId).executeTakeFirstOrThrow(),
    ]);
    return { enabled: preference?.enabled, used: delivery.unsubscribed_at !== null };
  }

  beforeAll(async () => {
    portal = await startAlertsPortal("unsubscribe-page");
    const [client, buyer, sales] = await Promise.all([
      login(portal.bo, LOGINS.client),
      login(portal.bo, LOGINS.buyer),
      login(portal.bo, LOGINS.sales),
    ]);
    await call(portal.bo, "/crm/alerts", { method: "PUT", token: client.token, body: { enabled: ["order_shipped"] } });
    await call(portal.bo, "/crm/alerts", { method: "PUT", token: sales.token, body: { enabled: [] } });
    const [product] = await stockedProducts(portal.bo, 1);
    if (!product) throw new Error("no test product");
    const placed = await placeOrder(portal.bo, buyer, [[product, 1]], "unsubscribe-page");
    const shipped = await erp(portal.bo, `/orders/${placed.ord_ref}/shipments`, {
      carrier: "Colissimo",
      lines: [{ obj_ref: product.ref, qty: 1 }],
    });
    if (shipped.status !== 201) throw new Error(`shipment: ${shipped.status}`);
    const [mail, ...others] = await portal.newMail();
    if (!mail || others.length > 0) throw new Error(`expected one alert, got ${others.length + (mail ? 1 : 0)}`);
    const url = /Ne plus recevoir cette alerte : (\S+)/.exec(mail.text)?.[1] ?? "";
    link = url.replace(PORTAL, "");
    token = new URL(url).searchParams.get("jeton") ?? "";
    // Seeding the database takes long on a busy machine.
  }, 180_000);
  afterAll(() => portal.close());

  it("is the page the alert's body links to", () => {
    expect(link).toMatch(/^\/desabonnement\?jeton=\d+\.\d+\.order_shipped\.[\w-]{43}$/);
  });

  it("says which alert the link stops, and changes nothing when opened, signed in or not", async () => {
    expect(await open(link)).toEqual({ status: 200, body: { state: "ask", token, label: "Commande expédiée" } });
    const someoneElse = await cookieFor(portal, LOGINS.buyer);
    expect(await open(link, someoneElse)).toEqual({ status: 200, body: { state: "ask", token, label: "Commande expédiée" } });
    expect(await state()).toEqual({ enabled: true, used: false });
  });

  it("turns the alert off with its button, once; the link then says it was done", async () => {
    expect(await click({ jeton: token })).toEqual({ status: 200, body: { state: "done", label: "Commande expédiée" } });
    expect(await state()).toEqual({ enabled: false, used: true });

    expect(await click({ jeton: token })).toEqual({ status: 410, body: { state: "used", label: null } });
    expect(await open(link)).toEqual({ status: 410, body: { state: "used", label: "Commande expédiée" } });
    expect(await state()).toEqual({ enabled: false, used: true });
  });

  it("answers a tampered, unknown or cut link with a French page and a 404, changing nothing", async () => {
    const before = await state();
    const [id, user, , signature] = token.split(".");
    const otherKind = `${id}.${user}.invoice_issued.${signature}`;
    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const unknown = `999999.${user}.order_shipped.${signature}`;
    for (const bad of [otherKind, forged, unknown, token.slice(0, 20), "<script>", ""]) {
      expect(await open(`/desabonnement?jeton=${encodeURIComponent(bad)}`)).toEqual({ status: 404, body: { state: "refused" } });
      expect(await click({ jeton: bad })).toEqual({ status: 404, body: { state: "refused" } });
    }
    expect(await open("/desabonnement")).toEqual({ status: 404, body: { state: "refused" } });
    expect(await state()).toEqual(before);
  });
});
