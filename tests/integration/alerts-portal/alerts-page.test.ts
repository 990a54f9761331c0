import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as alertsRoute from "~/routes/_app.mon-compte.alertes-emails";
import * as clientsRoute from "~/routes/clients";
import type { AlertsPageView, AlertsRefusal } from "~/services/alerts/types";
import { UNKNOWN_ALERT } from "~/services/alerts/index.server";
import { cookieJar, pageRequest, responseOf, thrownStatus } from "../portal/harness";
import { answered, checkboxForm, cookieFor, run, startAlertsPortal, toastOf, type AlertsPortal } from "./harness";

/**
 * /mon-compte/alertes-emails (docs/alerts.md « Portal pages »): every class but people chooses
 * its alerts (spec section 6); a people account gets a 404 and can save nothing; a
 * representative sets its own (the kinds that can reach it), or its client's while acting for
 * it; a value the page does not offer is refused in French and nothing is saved.
 */

const PATH = "/mon-compte/alertes-emails";
const CLIENT = "client@voilerie-atlantique.fr";
const BUYER = "acheteur@voilerie-atlantique.fr";
const SALES = "commercial@nautidistrib.fr";

describe("the e-mail alerts page", () => {
  let portal: AlertsPortal;

  const show = async (cookie: string) => answered<AlertsPageView>(await run(alertsRoute.loader, portal, pageRequest(PATH, cookie))).body;
  const save = (cookie: string, kinds: string[]) =>
    run(
      alertsRoute.action,
      portal,
      checkboxForm(
        PATH,
        kinds.map((kind) => ["alerte", kind]),
        cookie,
      ),
    );
  const enabledOf = (view: AlertsPageView) => view.choices.filter((choice) => choice.enabled).map((choice) => choice.kind);

  /** The choices stored for a login, straight from the database (the page's own reading aside). */
  async function stored(login: string): Promise<Record<string, boolean>> {
    const rows = await portal.db
      .selectFrom("alert_preferences as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["p.kind", "p.enabled"])
      .where("u.login", "=", login)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.kind, row.enabled]));
  }

  beforeAll(async () => {
    portal = await startAlertsPortal("alerts-page");
    // Seeding the database takes long on a busy machine.
  }, 180_000);
  afterAll(() => portal.close());

  it("shows the organization account every alert, on by default but the news, and saves the boxes ticked", async () => {
    const cookie = await cookieFor(portal, CLIENT);
    const first = await show(cookie);
    expect(first.email).toBe(CLIENT);
    expect(first.audience).toEqual({ kind: "organization" });
    expect(first.choices.map((choice) => choice.kind)).toEqual([
      "order_confirmed",
      "order_shipped",
      "invoice_issued",
      "invoice_overdue",
      "backorder_available",
      "favourite_back_in_stock",
      "quote_answered",
      "quote_expiring",
      "news",
      "approval_requested",
      "approval_decided",
      "replenishment_reminder",
      "replenishment_failed",
      "return_answered",
      "return_settled",
    ]);
    expect(first.choices[1]).toMatchObject({ label: "Commande expédiée", description: expect.stringContaining("numéro de suivi") });
    expect(enabledOf(first)).not.toContain("news");
    expect(enabledOf(first)).toHaveLength(14);

    const saved = await responseOf(() => save(cookie, ["order_shipped", "news"]));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(PATH);
    expect(await toastOf(portal, cookie, saved, PATH)).toBe("Vos alertes e-mail sont enregistrées.");
    expect(enabledOf(await show(cookie))).toEqual(["order_shipped", "news"]);

    // No box ticked: a plain form sends nothing, and every alert is off.
    await responseOf(() => save(cookie, []));
    expect(enabledOf(await show(cookie))).toEqual([]);
  });

  it("refuses a value the page does not offer, in French, and saves nothing", async () => {
    const cookie = await cookieFor(portal, CLIENT);
    await responseOf(() => save(cookie, ["invoice_issued"]));
    const before = await stored(CLIENT);
    const refused = answered<AlertsRefusal>(await save(cookie, ["order_shipped", "commande_annulee"]));
    expect(refused).toEqual({ status: 400, body: { ok: false, message: UNKNOWN_ALERT } });
    expect(await stored(CLIENT)).toEqual(before);
    expect(enabledOf(await show(cookie))).toEqual(["invoice_issued"]);
  });

  it("does not exist for a people account, which can save nothing", async () => {
    const cookie = await cookieFor(portal, BUYER);
    expect(await thrownStatus(() => run(alertsRoute.loader, portal, pageRequest(PATH, cookie)))).toBe(404);
    expect(await thrownStatus(() => save(cookie, ["news"]))).toBe(404);
    expect(await stored(BUYER)).toEqual({});
  });

  it("sends a visitor to the login", async () => {
    const response = await responseOf(() => run(alertsRoute.loader, portal, pageRequest(PATH)));
    expect(response.headers.get("location")).toBe(`/connexion?redirectTo=${encodeURIComponent(PATH)}`);
  });

  it("lets a representative set its own alerts, only those that can reach it, keeping the others", async () => {
    const cookie = await cookieFor(portal, SALES);
    const own = await show(cookie);
    expect(own.email).toBe(SALES);
    expect(own.audience).toEqual({ kind: "contributor" });
    expect(own.choices.map((choice) => choice.kind)).toEqual([
      "order_confirmed",
      "order_shipped",
      "invoice_issued",
      "invoice_overdue",
      "backorder_available",
      "news",
      // A return's answer and settlement reach the organization's representatives too (docs/returns.md).
      "return_answered",
      "return_settled",
    ]);

    await responseOf(() => save(cookie, ["order_confirmed"]));
    expect(enabledOf(await show(cookie))).toEqual(["order_confirmed"]);
    // The kinds not on its page keep their value (their default, on).
    expect(await stored(SALES)).toMatchObject({
      order_shipped: false,
      quote_answered: true,
      quote_expiring: true,
      favourite_back_in_stock: true,
    });
    // Not offered to it: refused like any unknown value.
    expect(answered<AlertsRefusal>(await save(cookie, ["quote_answered"])).status).toBe(400);
  });

  it("shows a representative acting for a client the client account's alerts, and saves them there", async () => {
    let cookie = await cookieFor(portal, SALES);
    const org = await portal.db.selectFrom("organizations").select("id").where("ref", "=", "C0001").executeTakeFirstOrThrow();
    const switched = await responseOf(() =>
      run(
        clientsRoute.action,
        portal,
        checkboxForm(
          "/clients",
          [
            ["intent", "login-as"],
            ["slave_id", String(org.id)],
          ],
          cookie,
        ),
      ),
    );
    expect(switched.status).toBe(303);
    cookie = cookieJar(cookie, switched);

    const acting = await show(cookie);
    expect(acting.audience).toEqual({ kind: "acting", clientName: "Voilerie Atlantique" });
    expect(acting.email).toBe(CLIENT);
    expect(acting.choices).toHaveLength(15);
    const own = await stored(SALES);
    await responseOf(() => save(cookie, ["order_shipped", "invoice_overdue"]));
    expect(
      Object.entries(await stored(CLIENT))
        .filter(([, enabled]) => enabled)
        .map(([kind]) => kind)
        .sort(),
    ).toEqual(["invoice_overdue", "order_shipped"]);
    expect(await stored(SALES)).toEqual(own);
  });
});
