import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { contactsResponse } from "@shared/contracts/contacts";
import { CUSTOMER_SERVICE } from "../../../server/backoffice/crm/contacts";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

/** GET /api/crm/contacts (docs/backoffice-api.md, CRM; docs/decisions/0106-contacts-on-the-account-home.md). */
describe.each(ENGINES)("back-office contacts on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bo.close();
  });

  const contacts = (token: string, orgId: number) => call(bo, `/crm/contacts?org_id=${orgId}`, { token });

  it("gives the organization its sales representatives, by name, and the customer service", async () => {
    const orgId = client.user.auth_org_id;
    const answer = await contacts(client.token, orgId);
    expect(answer.status).toBe(200);
    const body = contactsResponse.parse(answer.body);
    // Voilerie Atlantique (C0001) is linked to Yann Le Gall only; C0002 to both contributors.
    expect(body.sales_representatives).toEqual([
      { usr_id: expect.any(Number), name: "Yann Le Gall", title: "Commercial Bretagne", email: LOGINS.sales, phone: null },
    ]);
    expect(body.customer_service).toEqual(CUSTOMER_SERVICE);
    expect(body.customer_service.name).toBe("Service clients NautiDistrib");

    const c0002 = await bo.db.selectFrom("organizations").select("id").where("ref", "=", "C0002").executeTakeFirstOrThrow();
    const sales = await login(bo, LOGINS.sales);
    const as = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: c0002.id } })).body,
    );
    const both = contactsResponse.parse((await contacts(as.token, c0002.id)).body);
    expect(both.sales_representatives.map((rep) => rep.email)).toEqual([LOGINS.sales2, LOGINS.sales]);
  });

  it("refuses a people account with a French message", async () => {
    const buyer = await login(bo, LOGINS.buyer);
    const answer = await contacts(buyer.token, buyer.user.auth_org_id);
    expect(answer).toMatchObject({ status: 403, body: { code: "forbidden", message: expect.stringMatching(/contacts/) } });
  });

  it("answers 404 for another organization, and 401 without a token", async () => {
    const belgium = await login(bo, LOGINS.belgium);
    expect((await contacts(belgium.token, client.user.auth_org_id)).status).toBe(404);
    expect((await call(bo, `/crm/contacts?org_id=${client.user.auth_org_id}`)).status).toBe(401);
    expect((await call(bo, "/crm/contacts?org_id=abc", { token: client.token })).status).toBe(400);
  });

  it("refuses a contributor that has not logged in as a client, as the cart does", async () => {
    const sales = await login(bo, LOGINS.sales);
    // A client's org: the token acts for the distributor, so the client's cart and contacts are 404.
    expect((await call(bo, `/oms/cart/${client.user.auth_org_id}`, { token: sales.token })).status).toBe(404);
    expect((await contacts(sales.token, client.user.auth_org_id)).status).toBe(404);
    // Its own organization (the distributor): a 403 telling to choose a client first.
    const own = await contacts(sales.token, sales.user.auth_org_id);
    expect(own).toMatchObject({
      status: 403,
      body: { code: "forbidden", message: expect.stringMatching(/^Choisissez d'abord le client/) },
    });
  });
});
