import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { address } from "@shared/contracts/entities";
import type { SessionResponse } from "@shared/contracts/api";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

/**
 * Who may change an organization's addresses at the API (decision 0133): a people account
 * needs `cart`; a contributor acts after login-as only; an address typed again is the one the
 * organization has, not a copy.
 */
describe.each(ENGINES)("the addresses' API on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let orgId: number;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    buyer = await login(bo, LOGINS.buyer);
    orgId = buyer.user.auth_org_id;
  });
  afterAll(async () => {
    await bo.close();
  });

  const FIELDS = {
    adr_name: "Chantier du Moulin Blanc",
    adr_line1: "12 quai de la Douane",
    adr_line2: "",
    adr_zipcode: "29200",
    adr_city: "Brest",
    adr_country: "FR",
    adr_phone: "02 98 00 00 00",
  };
  const add = (session: SessionResponse, fields: Record<string, string> = FIELDS, org = session.user.auth_org_id) =>
    call(bo, "/crm/addresses", { token: session.token, body: { ...fields, org_id: org } });
  const count = async (org: number) =>
    Number(
      (
        await bo.db
          .selectFrom("addresses")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("org_id", "=", org)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a people account without `cart` to add, edit or remove one, nothing changed", async () => {
    const consultant = await login(bo, LOGINS.consultant);
    const before = await count(orgId);
    const refusal = {
      status: 403,
      body: { code: "forbidden", message: "Votre compte ne permet pas de modifier les adresses de livraison." },
    };
    expect(await add(consultant)).toMatchObject(refusal);
    const [, free] = await bo.db.selectFrom("addresses").select("id").where("org_id", "=", orgId).orderBy("id").execute();
    if (!free) throw new Error("the demo organization has one address");
    expect(
      await call(bo, `/crm/addresses/${free.id}`, { method: "PUT", token: consultant.token, body: { ...FIELDS, org_id: orgId } }),
    ).toMatchObject(refusal);
    expect(await call(bo, `/crm/addresses/${free.id}?org_id=${orgId}`, { method: "DELETE", token: consultant.token })).toMatchObject(
      refusal,
    );
    expect(await count(orgId)).toBe(before);
    // The storekeeper (cart, neither orders nor prices) prepares the delivery: it may.
    expect((await add(await login(bo, LOGINS.storekeeper), { ...FIELDS, adr_name: "Magasin" })).status).toBe(201);
  });

  it("refuses a contributor on its own account, whose organization is the distributor's", async () => {
    const sales = await login(bo, LOGINS.sales);
    const before = await count(sales.user.auth_org_id);
    expect(await add(sales)).toMatchObject({ status: 403, body: { message: expect.stringMatching(/^Choisissez d'abord le client/) } });
    expect(await count(sales.user.auth_org_id)).toBe(before);
  });

  it("answers the organization's identical address, case and spaces aside, instead of a copy", async () => {
    const first = await add(buyer);
    expect(first.status).toBe(201);
    const created = address.parse(first.body);
    const before = await count(orgId);
    for (const fields of [FIELDS, { ...FIELDS, adr_name: " chantier  DU moulin blanc", adr_city: "BREST " }]) {
      const again = await add(buyer, fields);
      expect(again.status).toBe(200);
      expect(address.parse(again.body)).toEqual(created);
    }
    expect(await count(orgId)).toBe(before);
    // Four at once make one.
    const burst = await Promise.all([1, 2, 3, 4].map(() => add(buyer, { ...FIELDS, adr_line2: "Hangar 4" })));
    expect(burst.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await count(orgId)).toBe(before + 1);
    // Another organization's identical address is not this one's.
    const corsica = await login(bo, LOGINS.corsica);
    const other = await add(corsica);
    expect(other.status).toBe(201);
    expect(address.parse(other.body).obj_id).not.toBe(created.obj_id);
  });
});
