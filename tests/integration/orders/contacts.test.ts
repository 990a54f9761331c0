import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountRoute from "~/routes/_app.mon-compte._index";
import * as clientsRoute from "~/routes/clients";
import { cookieJar, formRequest, responseOf } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startOrdersBackoffice, type OrdersBackoffice } from "./harness";

/**
 * The contacts block of /mon-compte over the real back-office (small demo set): who sees the
 * sales representative and the customer service, and who is not even asked for them
 * (docs/decisions/0106-contacts-on-the-account-home.md).
 */

let backoffice: OrdersBackoffice;
let orgId: number;

beforeAll(async () => {
  backoffice = await startOrdersBackoffice();
  const org = await backoffice.db
    .selectFrom("organizations")
    .select("id")
    .where("name", "=", "Voilerie Atlantique")
    .executeTakeFirstOrThrow();
  orgId = org.id;
});
afterAll(() => backoffice.close());

const home = (cookie: string) => run(accountRoute.loader, backoffice, page("/mon-compte", cookie));

describe("/mon-compte contacts", () => {
  it("shows the organization its sales representative and the customer service", async () => {
    const cookie = await cookieFor(backoffice, LOGINS.organization);
    const before = backoffice.contactsCalls;
    const data = await home(cookie);
    expect(backoffice.contactsCalls).toBe(before + 1);
    expect(data.contacts?.sales_representatives).toEqual([
      { usr_id: expect.any(Number), name: "Yann Le Gall", title: "Commercial Bretagne", email: LOGINS.contributor, phone: null },
    ]);
    expect(data.contacts?.customer_service).toMatchObject({
      name: "Service clients NautiDistrib",
      email: expect.stringMatching(/@nautidistrib\.fr$/),
      phone: expect.stringMatching(/^\+33 \d( \d{2}){4}$/),
      hours: expect.stringMatching(/^Du lundi au vendredi/),
    });
  });

  it("gives a people account no contacts, without asking the back-office", async () => {
    const cookie = await cookieFor(backoffice, LOGINS.buyer);
    const before = backoffice.contactsCalls;
    const data = await home(cookie);
    expect(data.contacts).toBeNull();
    expect(data.latestOrders.length).toBeGreaterThan(0);
    expect(backoffice.contactsCalls).toBe(before);
  });

  it("shows a contributor logged in as the client what the client sees", async () => {
    let contributor = await cookieFor(backoffice, LOGINS.contributor);
    const switched = await responseOf(() =>
      run(clientsRoute.action, backoffice, formRequest("/clients", { intent: "login-as", slave_id: String(orgId) }, contributor)),
    );
    expect(switched.status).toBe(303);
    contributor = cookieJar(contributor, switched);
    const data = await home(contributor);
    expect(data.actingAs).not.toBeNull();
    expect(data.contacts?.sales_representatives.map((rep) => rep.email)).toEqual([LOGINS.contributor]);
  });
});
