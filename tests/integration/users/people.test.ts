import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { personResponse, usersResponse } from "@shared/contracts/users";
import { LOGINS, call, type Backoffice } from "../backoffice/harness";
import { login, patchPerson, startUsersBed, tryLogin, userId, type UsersBed } from "./fixtures";

/**
 * The organization's people accounts (docs/users.md): who may list and change them, the flags
 * felt on the person's very next call, the admin right and its last holder, deactivation
 * ending every session at once, and the history of it all.
 */
describe("the organization's users", () => {
  let bed: UsersBed;
  let bo: Backoffice;
  let client: SessionResponse;
  const users = (session: SessionResponse, orgId = session.user.auth_org_id) =>
    call(bo, `/crm/users?org_id=${orgId}`, { token: session.token });

  beforeAll(async () => {
    bed = await startUsersBed("users");
    bo = bed.bo;
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bed.harness.close();
  });

  it("lists the organization's people with their five flags, state and last login", async () => {
    const buyer = await login(bo, LOGINS.buyer);
    const answer = await users(client);
    expect(answer.status).toBe(200);
    const body = usersResponse.parse(answer.body);
    expect(body.people.map((person) => person.email)).toEqual([LOGINS.consultant, LOGINS.storekeeper, LOGINS.buyer]);
    const storekeeper = body.people.find((person) => person.email === LOGINS.storekeeper);
    expect(storekeeper).toMatchObject({
      state: "active",
      is_admin: false,
      flags: { cart: true, orders: false, quotes: true, invoices: false, prices: false },
      invitation: null,
    });
    expect(body.people.find((person) => person.usr_id === buyer.user.obj_id)?.last_login_at).toBe(bed.harness.clock.now().toISOString());
  });

  it("refuses a people account that is not an administrator, another organization and a contributor on its own account", async () => {
    const buyer = await login(bo, LOGINS.buyer);
    expect(await users(buyer)).toMatchObject({
      status: 403,
      body: { code: "forbidden", message: expect.stringMatching(/gérer les utilisateurs/) },
    });
    const belgium = await login(bo, LOGINS.belgium);
    expect((await users(belgium, client.user.auth_org_id)).status).toBe(404);
    const consultantId = await userId(bo, LOGINS.consultant);
    expect((await patchPerson(bo, belgium, consultantId, { flags: { cart: true } })).status).toBe(404);
    const sales = await login(bo, LOGINS.sales);
    expect(await users(sales)).toMatchObject({ status: 403, body: { message: expect.stringMatching(/^Choisissez d'abord le client/) } });
    expect((await users(sales, client.user.auth_org_id)).status).toBe(404);
    // Logged in as the client, the representative acts as its organization account.
    const as = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: client.user.auth_org_id } }))
        .body,
    );
    expect((await users(as)).status).toBe(200);
  });

  it("refuses a removed flag at the API on the person's very next call", async () => {
    const buyer = await login(bo, LOGINS.buyer);
    const priceList = () => call(bo, `/pim/price-list?org_id=${buyer.user.auth_org_id}`, { token: buyer.token });
    // This call puts the buyer's session in the back-office's session cache.
    expect((await priceList()).status).toBe(200);
    const changed = await patchPerson(bo, client, buyer.user.obj_id, { flags: { prices: false } });
    expect(changed.status).toBe(200);
    expect(personResponse.parse(changed.body).person.flags.prices).toBe(false);
    expect(await priceList()).toMatchObject({ status: 403, body: { message: "Votre compte ne permet pas de consulter les prix." } });
    const me = await call<{ user: SessionResponse["user"] }>(bo, "/auth/me", { token: buyer.token });
    expect(me.body.user.obj_properties.auth?.prices).toBe(false);

    await patchPerson(bo, client, buyer.user.obj_id, { flags: { prices: true, invoices: true } });
    expect((await priceList()).status).toBe(200);
    const history = usersResponse.parse((await users(client)).body).history;
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({
        change: "flags",
        details: { invoices: true, prices: true },
        target_name: "Maël Kerjean",
        actor_name: "Voilerie Atlantique",
      }),
      // Invoices went with prices (decision 0188).
      expect.objectContaining({ change: "flags", details: { invoices: false, prices: false }, target_id: buyer.user.obj_id }),
    ]);
  });

  it("keeps invoices behind prices: removed with them, refused without them, and refused at the API (decision 0188)", async () => {
    const buyer = await login(bo, LOGINS.buyer);
    const invoices = () => call(bo, `/oms/invoices?org_id=${buyer.user.auth_org_id}`, { token: buyer.token });
    expect((await invoices()).status).toBe(200);

    const removed = await patchPerson(bo, client, buyer.user.obj_id, { flags: { prices: false } });
    expect(personResponse.parse(removed.body).person.flags).toMatchObject({ prices: false, invoices: false });
    expect(await invoices()).toMatchObject({ status: 403, body: { message: "Votre compte ne permet pas de consulter les factures." } });

    const refused = await patchPerson(bo, client, buyer.user.obj_id, { flags: { invoices: true } });
    expect(refused).toMatchObject({
      status: 422,
      body: { code: "invoices_need_prices", message: expect.stringContaining("« Voir les factures » demande « Voir les prix »") },
    });
    expect((await invoices()).status).toBe(403);

    // A row written before the rule (or by hand): invoices on, prices off. The API still refuses.
    await bo.db
      .updateTable("users")
      .set({ auth_flags: JSON.stringify({ cart: true, orders: true, quotes: true, invoices: true, prices: false }) })
      .where("id", "=", buyer.user.obj_id)
      .execute();
    const fresh = await login(bo, LOGINS.buyer);
    expect(await call(bo, `/oms/invoices?org_id=${fresh.user.auth_org_id}`, { token: fresh.token })).toMatchObject({ status: 403 });
    const listed = usersResponse.parse((await users(client)).body).people.find((person) => person.usr_id === buyer.user.obj_id);
    expect(listed?.flags).toMatchObject({ prices: false, invoices: false });

    const restored = await patchPerson(bo, client, buyer.user.obj_id, { flags: { prices: true, invoices: true } });
    expect(personResponse.parse(restored.body).person.flags).toMatchObject({ prices: true, invoices: true });
    expect((await invoices()).status).toBe(200);
  });

  it("refuses to invite a person with invoices but without prices (decision 0188)", async () => {
    const answer = await call(bo, "/crm/invitations", {
      token: client.token,
      body: {
        org_id: client.user.auth_org_id,
        name: "Yann Caradec",
        email: "y.caradec@voilerie-atlantique.fr",
        flags: { cart: true, orders: true, quotes: true, invoices: true, prices: false },
      },
    });
    expect(answer).toMatchObject({ status: 422, body: { code: "invoices_need_prices" } });
    expect(await bo.db.selectFrom("users").select("id").where("login", "=", "y.caradec@voilerie-atlantique.fr").executeTakeFirst()).toBe(
      undefined,
    );
  });

  it("lets an administrator manage the users, and never removes the last one", async () => {
    const buyerId = await userId(bo, LOGINS.buyer);
    const storekeeperId = await userId(bo, LOGINS.storekeeper);
    expect((await patchPerson(bo, client, buyerId, { is_admin: true })).status).toBe(200);
    const buyer = await login(bo, LOGINS.buyer);
    expect(buyer.user.obj_properties.admin).toBe(true);
    expect((await users(buyer)).status).toBe(200);
    // The only administrator: neither the organization nor themselves can remove them.
    expect(await patchPerson(bo, client, buyerId, { is_admin: false })).toMatchObject({ status: 409, body: { code: "last_admin" } });
    expect(await patchPerson(bo, buyer, buyerId, { disabled: true })).toMatchObject({ status: 409, body: { code: "last_admin" } });
    expect((await patchPerson(bo, buyer, storekeeperId, { is_admin: true })).status).toBe(200);
    expect(await patchPerson(bo, buyer, buyerId, { disabled: true })).toMatchObject({ status: 409, body: { code: "self_disable" } });
    expect((await patchPerson(bo, client, buyerId, { is_admin: false })).status).toBe(200);
    // No longer an administrator: refused on the very next call.
    expect((await users(buyer)).status).toBe(403);
    expect((await patchPerson(bo, client, storekeeperId, { is_admin: false })).status).toBe(409);
    await bo.db.updateTable("users").set({ is_admin: false }).where("id", "=", storekeeperId).execute();
  });

  it("ends a deactivated person's sessions at once, and lets them back when reactivated", async () => {
    const consultant = await login(bo, LOGINS.consultant);
    expect((await call(bo, "/auth/me", { token: consultant.token })).status).toBe(200);
    const off = await patchPerson(bo, client, consultant.user.obj_id, { disabled: true });
    expect(personResponse.parse(off.body).person.state).toBe("disabled");
    expect((await call(bo, "/auth/me", { token: consultant.token })).status).toBe(401);
    const tokens = await bo.db.selectFrom("auth_tokens").select("revoked_at").where("user_id", "=", consultant.user.obj_id).execute();
    expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);
    expect(await tryLogin(bo, LOGINS.consultant, "demo1234")).toBe(401);

    expect((await patchPerson(bo, client, consultant.user.obj_id, { disabled: false })).status).toBe(200);
    expect(await tryLogin(bo, LOGINS.consultant, "demo1234")).toBe(200);
    const history = usersResponse.parse((await users(client)).body).history;
    expect(history.slice(0, 2).map((line) => line.change)).toEqual(["enabled", "disabled"]);
  });

  it("refuses an empty or malformed change with a French message, nothing changed", async () => {
    const consultantId = await userId(bo, LOGINS.consultant);
    expect(await patchPerson(bo, client, consultantId, {})).toMatchObject({
      status: 400,
      body: { issues: [expect.objectContaining({ message: "Aucune modification demandée." })] },
    });
    expect((await patchPerson(bo, client, consultantId, { flags: { prices: "non" } })).status).toBe(400);
    // The organization account is not a person of the list.
    expect((await patchPerson(bo, client, client.user.obj_id, { disabled: true })).status).toBe(404);
  });
});
