import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { createAlertDispatcher, type AlertDispatcher, type AlertNotifier } from "../../../server/backoffice/alerts/dispatcher";
import { InvoiceOverdueJob } from "../../../server/backoffice/alerts/overdue";
import { deriveAlertsSecret } from "../../../server/backoffice/alerts/tokens";
import { startHarness, type Harness } from "../../support/harness";
import { LOGINS, call, login, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { erp, placeOrder, setStock } from "../backoffice/orders-fixtures";
import { createQuote, move, proposal } from "../quotes/fixtures";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";

/**
 * The alerts of the other events (docs/alerts.md): a stock arrival (back-order available,
 * favourite back in stock), the overdue job (once per invoice), and the quotes' answers, which
 * are the quotes' own e-mails filtered by the client's choice.
 */

const SECRET = deriveAlertsSecret("alert-events-test-session-secret-32");

describe("the alerts of arrivals, overdue invoices and quotes", () => {
  let harness: Harness;
  let bo: Backoffice;
  let dispatcher: AlertDispatcher;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let sales: SessionResponse;
  let products: { id: number; ref: string }[];
  const seen = new Set<string>();

  async function newMail(): Promise<ReadMail[]> {
    await dispatcher.settled();
    await harness.quoteMail.settled();
    const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
    for (const mail of fresh) seen.add(mail.file);
    return fresh;
  }

  const choose = (session: SessionResponse, enabled: string[]) =>
    call(bo, "/crm/alerts", { method: "PUT", token: session.token, body: { enabled } });
  const product = (index: number) => {
    const found = products[index];
    if (!found) throw new Error(`no test product ${index}`);
    return found;
  };

  beforeAll(async () => {
    const relay: AlertNotifier = { notify: (event) => dispatcher.notify(event) };
    harness = await startHarness({
      mail: true,
      name: "alert-events",
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
    [client, buyer, sales] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.buyer), login(bo, LOGINS.sales)]);
    products = await stockedProducts(bo, 2);
    // Only the organization account hears of anything in these tests.
    await choose(sales, []);
  }, 180_000);
  afterAll(async () => {
    await dispatcher.settled();
    await harness.close();
  });
  beforeEach(async () => {
    await newMail();
  });

  it("tells of a back-order served by an arrival, and of a favourite back in stock", async () => {
    await choose(client, ["backorder_available", "favourite_back_in_stock"]);
    const placed = await placeOrder(bo, buyer, [[product(0), 4]], "alerts-backorder");
    expect(
      (await erp(bo, `/orders/${placed.ord_ref}/shipments`, { carrier: "Colissimo", lines: [{ obj_ref: product(0).ref, qty: 1 }] })).status,
    ).toBe(201);
    expect((await erp(bo, `/stocks/${product(0).ref}/arrivals`, { qty: 3 })).status).toBe(200);
    const [served, ...others] = await newMail();
    expect(others).toEqual([]);
    expect(served?.to).toEqual([LOGINS.client]);
    expect(served?.subject).toBe(`Reliquat disponible — commande ${placed.ord_ref}`);
    expect(served?.text).toContain("Quantité en reliquat : 3");

    await setStock(harness.db, product(1).id, 0);
    expect(
      (await call(bo, `/pim/favorites/${product(1).id}?usr_id=${client.user.auth_org_id}`, { method: "POST", token: client.token })).status,
    ).toBe(200);
    expect((await erp(bo, `/stocks/${product(1).ref}/arrivals`, { qty: 5 })).status).toBe(200);
    // Already in stock: a second arrival is no news.
    expect((await erp(bo, `/stocks/${product(1).ref}/arrivals`, { qty: 5 })).status).toBe(200);
    const favourite = await newMail();
    expect(favourite.map((mail) => [mail.to[0], mail.subject])).toEqual([[LOGINS.client, `${product(1).ref} de nouveau en stock`]]);
  });

  it("filters the quote's answer to the organization account by its choice", async () => {
    const ask = async (ref: string) => {
      const asked = await createQuote(bo, client, { customer_ref: ref, lines: [{ obj_id: product(0).id, qty: 2 }] });
      await move(
        bo,
        sales,
        `/sales/quotes/${asked.quo_id}/proposals`,
        proposal([{ obj_id: product(0).id, qty: 2, unit_price: 1_000, answers_position: 1 }]),
      );
      return (await newMail()).filter((mail) => mail.to.includes(LOGINS.client));
    };
    await choose(client, []);
    expect(await ask("Sans alerte")).toEqual([]);
    await choose(client, ["quote_answered"]);
    expect((await ask("Avec alerte")).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Votre devis .* est prêt$/)]);
  });

  // Last: it moves the clock past the due date, beyond the sessions' lifetime.
  it("tells of an overdue invoice once, on the job's passes", async () => {
    await choose(client, ["invoice_overdue"]);
    const placed = await placeOrder(bo, buyer, [[product(0), 1]], "alerts-overdue");
    expect(
      (await erp(bo, `/orders/${placed.ord_ref}/shipments`, { carrier: "Colissimo", lines: [{ obj_ref: product(0).ref, qty: 1 }] })).status,
    ).toBe(201);
    const invoice = await harness.db
      .selectFrom("invoices")
      .select(["id", "number", "due_on"])
      .where("order_ref", "=", placed.ord_ref)
      .executeTakeFirstOrThrow();
    const job = new InvoiceOverdueJob({ db: harness.db, alerts: dispatcher, logger: { error: () => undefined }, now: harness.clock.now });
    expect(await job.runOnce()).not.toContain(invoice.id);

    // The day after the due date, at noon in France.
    harness.clock.set(new Date(new Date(`${invoice.due_on}T12:00:00+01:00`).getTime() + 24 * 3600 * 1000));
    expect(await job.runOnce()).toContain(invoice.id);
    expect(await job.runOnce()).not.toContain(invoice.id);
    const mails = (await newMail()).filter((mail) => mail.subject === `Facture ${invoice.number} échue`);
    expect(mails.map((mail) => mail.to)).toEqual([[LOGINS.client]]);
  });
});
