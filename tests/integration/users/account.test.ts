import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { address, type Address } from "@shared/contracts/entities";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { meResponse } from "@shared/contracts/users";
import { LOGINS, call, type Backoffice } from "../backoffice/harness";
import { STRONG_PASSWORD, login, startUsersBed, tryLogin, type UsersBed } from "./fixtures";

/**
 * One's own account (docs/users.md): the password change (current one required, the rule,
 * other sessions ended, an e-mail), personal information and the organization's addresses.
 */
describe("one's own account", () => {
  let bed: UsersBed;
  let bo: Backoffice;

  beforeAll(async () => {
    bed = await startUsersBed("account");
    bo = bed.bo;
  });
  afterAll(async () => {
    await bed.harness.close();
  });

  const changePassword = (session: SessionResponse, current: string, next: string) =>
    call(bo, "/auth/password", { token: session.token, body: { current_password: current, new_password: next } });

  describe("password change", () => {
    it("refuses a wrong current password and a weak new one, in French, nothing changed", async () => {
      const buyer = await login(bo, LOGINS.buyer);
      expect(await changePassword(buyer, "pas-le-bon", STRONG_PASSWORD)).toMatchObject({
        status: 422,
        body: { code: "wrong_password", issues: [{ path: "current_password", message: "Le mot de passe actuel est incorrect." }] },
      });
      expect(await changePassword(buyer, "demo1234", "kerjean1234")).toMatchObject({
        status: 422,
        body: { code: "weak_password", issues: [expect.objectContaining({ path: "new_password" })] },
      });
      expect(await changePassword(buyer, "demo1234", "azertyuiop")).toMatchObject({ status: 422, body: { code: "weak_password" } });
      expect(await tryLogin(bo, LOGINS.buyer, "demo1234")).toBe(200);
      expect(await bed.newMail()).toEqual([]);
    });

    it("ends the user's other sessions, keeps this one and tells them by e-mail", async () => {
      const elsewhere = await login(bo, LOGINS.storekeeper);
      const here = await login(bo, LOGINS.storekeeper);
      expect((await call(bo, "/auth/me", { token: elsewhere.token })).status).toBe(200);
      expect((await changePassword(here, "demo1234", STRONG_PASSWORD)).status).toBe(204);
      expect((await call(bo, "/auth/me", { token: elsewhere.token })).status).toBe(401);
      expect((await call(bo, "/auth/me", { token: here.token })).status).toBe(200);
      expect(await tryLogin(bo, LOGINS.storekeeper, "demo1234")).toBe(401);
      expect(await tryLogin(bo, LOGINS.storekeeper, STRONG_PASSWORD)).toBe(200);
      const mails = await bed.newMail();
      expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[[LOGINS.storekeeper], "Votre mot de passe a été modifié"]]);
      expect(mails[0]?.text).toMatch(/Vos autres sessions ont été fermées/);
      expect(mails[0]?.html).toContain("<!DOCTYPE html>");
    });

    it("refuses a contributor acting for a client", async () => {
      const sales = await login(bo, LOGINS.sales);
      const client = await login(bo, LOGINS.client);
      const as = sessionResponse.parse(
        (
          await call(bo, "/auth/login-as", {
            token: sales.token,
            body: { master_id: sales.user.obj_id, slave_id: client.user.auth_org_id },
          })
        ).body,
      );
      expect(await changePassword(as, "demo1234", STRONG_PASSWORD)).toMatchObject({
        status: 403,
        body: { message: expect.stringMatching(/revenez à votre propre compte/) },
      });
    });
  });

  describe("personal information", () => {
    const me = (session: SessionResponse) => call(bo, "/crm/me", { token: session.token });
    const saveMe = (session: SessionResponse, body: Record<string, unknown>) =>
      call(bo, "/crm/me", { method: "PUT", token: session.token, body });

    it("saves name, title, e-mail and phone, the phone in the international format", async () => {
      const consultant = await login(bo, LOGINS.consultant);
      expect(meResponse.parse((await me(consultant)).body)).toMatchObject({
        name: "Anne Riou",
        email: LOGINS.consultant,
        phone: "",
        name_editable: true,
      });
      const saved = await saveMe(consultant, {
        name: "Anne Riou-Le Goff",
        title: "Consultante",
        email: "Anne.Riou@Voilerie-Atlantique.fr",
        phone: "02 97 84 12 51",
      });
      expect(saved.status).toBe(200);
      expect(meResponse.parse(saved.body)).toMatchObject({
        name: "Anne Riou-Le Goff",
        email: "anne.riou@voilerie-atlantique.fr",
        phone: "+33 2 97 84 12 51",
      });
      // The e-mail is the login; the session goes on and shows the new name at once.
      expect(await tryLogin(bo, "anne.riou@voilerie-atlantique.fr", "demo1234")).toBe(200);
      const after = await call<{ user: SessionResponse["user"] }>(bo, "/auth/me", { token: consultant.token });
      expect(after.body.user.obj_name).toBe("Anne Riou-Le Goff");
    });

    it("refuses a malformed phone and an e-mail in use, in French, nothing changed", async () => {
      const buyer = await login(bo, LOGINS.buyer);
      const body = { name: "Maël Kerjean", title: "Acheteur", email: LOGINS.buyer };
      expect(await saveMe(buyer, { ...body, phone: "12 34" })).toMatchObject({
        status: 400,
        body: {
          issues: [expect.objectContaining({ path: "phone", message: expect.stringMatching(/^Ce numéro de téléphone n'est pas valide/) })],
        },
      });
      expect(await saveMe(buyer, { ...body, email: LOGINS.client, phone: "" })).toMatchObject({
        status: 409,
        body: { code: "email_in_use", issues: [expect.objectContaining({ path: "email" })] },
      });
      expect(meResponse.parse((await me(buyer)).body)).toMatchObject({ email: LOGINS.buyer, phone: "" });
    });

    it("keeps an organization account's name, the organization's", async () => {
      const client = await login(bo, LOGINS.client);
      const saved = meResponse.parse((await saveMe(client, { name: "Autre nom", email: LOGINS.client, phone: "+33 2 97 00 00 00" })).body);
      expect(saved).toMatchObject({ name: "Voilerie Atlantique", name_editable: false, phone: "+33 2 97 00 00 00" });
    });
  });

  describe("addresses", () => {
    const fields = {
      adr_name: "Atelier du port",
      adr_line1: "2 quai des Indes",
      adr_line2: "",
      adr_zipcode: "56100",
      adr_city: "Lorient",
      adr_country: "FR",
      adr_phone: "",
    };
    // Each another workshop: the same address sent again is the one already there (decision 0133).
    let workshops = 0;
    const create = async (session: SessionResponse): Promise<Address> =>
      address.parse(
        (
          await call(bo, "/crm/addresses", {
            token: session.token,
            body: { ...fields, adr_line2: `Quai ${++workshops}`, org_id: session.user.auth_org_id },
          })
        ).body,
      );

    it("edits an address, checking a French postal code and the phone", async () => {
      const client = await login(bo, LOGINS.client);
      const created = await create(client);
      const path = `/crm/addresses/${created.obj_id}`;
      expect(
        await call(bo, path, {
          method: "PUT",
          token: client.token,
          body: { ...fields, org_id: client.user.auth_org_id, adr_zipcode: "5610" },
        }),
      ).toMatchObject({
        status: 400,
        body: { issues: [expect.objectContaining({ path: "adr_zipcode", message: expect.stringMatching(/5 chiffres/) })] },
      });
      const edited = await call(bo, path, {
        method: "PUT",
        token: client.token,
        body: { ...fields, org_id: client.user.auth_org_id, adr_city: "Lanester", adr_zipcode: "56600", adr_phone: "0297000001" },
      });
      expect(address.parse(edited.body)).toMatchObject({ adr_city: "Lanester", adr_zipcode: "56600", adr_phone: "+33 2 97 00 00 01" });
      const belgium = await login(bo, LOGINS.belgium);
      expect(
        (
          await call(bo, path, {
            method: "PUT",
            token: belgium.token,
            body: { ...fields, org_id: belgium.user.auth_org_id, adr_country: "BE", adr_zipcode: "1000" },
          })
        ).status,
      ).toBe(404);
      expect((await call(bo, `${path}?org_id=${belgium.user.auth_org_id}`, { method: "DELETE", token: belgium.token })).status).toBe(404);
    });

    it("removes an address unless an open order uses it", async () => {
      const client = await login(bo, LOGINS.client);
      const orgId = client.user.auth_org_id;
      const used = await create(client);
      const open = await bo.db
        .selectFrom("orders")
        .select(["id", "ref"])
        .where("org_id", "=", orgId)
        .where("status", "not in", ["livrée", "annulée"])
        .orderBy("id")
        .executeTakeFirstOrThrow();
      await bo.db
        .updateTable("orders")
        .set({ dlv_address: JSON.stringify(used) })
        .where("id", "=", open.id)
        .execute();
      const refused = await call(bo, `/crm/addresses/${used.obj_id}?org_id=${orgId}`, { method: "DELETE", token: client.token });
      expect(refused).toMatchObject({ status: 409, body: { code: "address_in_use", message: expect.stringContaining(open.ref) } });
      expect(await bo.db.selectFrom("addresses").select("id").where("id", "=", used.obj_id!).executeTakeFirst()).toBeDefined();

      const free = await create(client);
      expect((await call(bo, `/crm/addresses/${free.obj_id}?org_id=${orgId}`, { method: "DELETE", token: client.token })).status).toBe(204);
      expect(await bo.db.selectFrom("addresses").select("id").where("id", "=", free.obj_id!).executeTakeFirst()).toBeUndefined();
    });

    it("never edits nor removes the head office, which is where invoices go", async () => {
      const client = await login(bo, LOGINS.client);
      const orgId = client.user.auth_org_id;
      const head = await bo.db
        .selectFrom("addresses")
        .selectAll()
        .where("org_id", "=", orgId)
        .orderBy("id")
        .limit(1)
        .executeTakeFirstOrThrow();
      const path = `/crm/addresses/${head.id}`;
      const edit = await call(bo, path, { method: "PUT", token: client.token, body: { ...fields, org_id: orgId } });
      expect(edit).toMatchObject({
        status: 403,
        body: { code: "head_office_read_only", message: expect.stringMatching(/^L'adresse de facturation/) },
      });
      expect((await call(bo, `${path}?org_id=${orgId}`, { method: "DELETE", token: client.token })).status).toBe(403);
      expect(await bo.db.selectFrom("addresses").selectAll().where("id", "=", head.id).executeTakeFirstOrThrow()).toEqual(head);
    });

    it("refuses to remove the address the saved cart names, until the cart names another", async () => {
      const client = await login(bo, LOGINS.client);
      const orgId = client.user.auth_org_id;
      const chosen = await create(client);
      const other = await create(client);
      // What the checkout's delivery step saves: the address chosen, copied into the cart.
      const nameInCart = (picked: Address) =>
        sql`insert into carts (org_id, data) values (${orgId}, ${JSON.stringify({ dlv_address: picked })}::json)
          on conflict (org_id) do update set data = (carts.data::jsonb || ${JSON.stringify({ dlv_address: picked })}::jsonb)::json`.execute(
          bo.db,
        );
      await nameInCart(chosen);
      const remove = (id: number) => call(bo, `/crm/addresses/${id}?org_id=${orgId}`, { method: "DELETE", token: client.token });
      expect(await remove(chosen.obj_id!)).toMatchObject({
        status: 409,
        body: { code: "address_in_use", message: expect.stringMatching(/^Cette adresse est choisie dans le panier en cours/) },
      });
      expect(await bo.db.selectFrom("addresses").select("id").where("id", "=", chosen.obj_id!).executeTakeFirst()).toBeDefined();
      await nameInCart(other);
      expect((await remove(chosen.obj_id!)).status).toBe(204);
    });
  });
});
