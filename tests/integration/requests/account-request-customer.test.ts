import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { accountRequestView, moveAccountRequestResponse } from "@shared/contracts/requests";
import { STRONG_PASSWORD, invitationToken } from "../users/fixtures";
import { call, erp, ENGINES, startRequestsBed, type RequestsBed } from "./harness";

/**
 * An accepted account request opens its customer in one step (decision 0179): the
 * organization from the request, its head office and own account, the contact as the
 * administrator of its users, invited by e-mail; all in the transaction of the state move, so
 * a refusal changes nothing.
 */
describe.each(ENGINES)("accepting an account request with create_customer on %s", (engine) => {
  let bed: RequestsBed;
  beforeAll(async () => {
    bed = await startRequestsBed(`account-request-customer-${engine}`, { engine });
  });
  afterAll(async () => {
    await bed.close();
  });

  const opening = {
    company: "Chantier Naval de Rosmeur",
    siret: "442 187 357 00029",
    vat_number: "FR 74 442187357",
    street: "Port de Rosmeur",
    zipcode: "29100",
    city: "Douarnenez",
    country: "FR",
    activity: "chantier_naval",
    contact_name: "Erwan Le Floc'h",
    email: "erwan.lefloch@chantier-rosmeur.fr",
    phone: "02 98 92 14 70",
  };
  const submit = async (change: Record<string, string> = {}): Promise<number> => {
    const answer = await call<{ id: number }>(bed.bo, "/crm/account-requests", { body: { ...opening, ...change } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await bed.newMail();
    return answer.body.id;
  };
  const state = async (id: number) =>
    (await bed.bo.db.selectFrom("account_requests").select(["state", "org_id"]).where("id", "=", id).executeTakeFirstOrThrow()).state;

  it("creates the customer from the request, invites its contact as administrator, and says so in the answer", async () => {
    const id = await submit();
    const moved = await erp(bed.bo, `/account-requests/${id}/state`, {
      body: {
        state: "accepted",
        note: "Kbis reçu.",
        create_customer: {
          reference: "c0500",
          payment_terms: { days: 45, end_of_month: true },
          free_shipping: true,
          contributors: ["Commercial@NautiDistrib.fr"],
        },
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const view = moveAccountRequestResponse.parse(moved.body);
    expect(view).toMatchObject({ state: "accepted", invitation_sent: true, customer: { reference: "C0500" } });

    const org = await bed.bo.db.selectFrom("organizations").selectAll().where("ref", "=", "C0500").executeTakeFirstOrThrow();
    expect(view.customer?.org_id).toBe(org.id);
    expect(org).toMatchObject({
      name: "Chantier Naval de Rosmeur",
      siret: "44218735700029",
      siren: "442187357",
      vat_number: "FR74442187357",
      street: "Port de Rosmeur",
      zipcode: "29100",
      city: "Douarnenez",
      country: "FR",
      cat_compta: "Ventes France",
      payment_terms_days: 45,
      payment_terms_end_of_month: true,
      free_shipping_eligible: true,
      is_integrator: false,
    });
    const addresses = await bed.bo.db.selectFrom("addresses").select(["name", "line1", "phone"]).where("org_id", "=", org.id).execute();
    expect(addresses).toEqual([{ name: "Chantier Naval de Rosmeur (siège)", line1: "Port de Rosmeur", phone: "+33 2 98 92 14 70" }]);
    const accounts = await bed.bo.db
      .selectFrom("users")
      .select(["id", "class", "login", "name", "password_hash", "is_admin", "auth_flags"])
      .where("org_id", "=", org.id)
      .orderBy("id")
      .execute();
    expect(accounts).toEqual([
      { id: org.id, class: "organization", login: "C0500", name: org.name, password_hash: "", is_admin: false, auth_flags: null },
      {
        id: expect.any(Number),
        class: "people",
        login: "erwan.lefloch@chantier-rosmeur.fr",
        name: "Erwan Le Floc'h",
        password_hash: "",
        is_admin: true,
        auth_flags: { cart: true, orders: true, quotes: true, invoices: true, prices: true },
      },
    ]);
    const links = await bed.bo.db.selectFrom("contributor_clients").select("contributor_id").where("org_id", "=", org.id).execute();
    expect(links).toHaveLength(1);

    // The answer, then the invitation: two e-mails to the contact, no more.
    const [answer, invitation, ...others] = await bed.newMail();
    expect(others).toEqual([]);
    expect(answer?.to).toEqual(["erwan.lefloch@chantier-rosmeur.fr"]);
    expect(answer?.text).toContain("votre compte client C0500 est ouvert");
    expect(invitation?.subject).toBe("Invitation à rejoindre le portail NautiDistrib — Chantier Naval de Rosmeur");
    const token = invitationToken(invitation!);
    expect((await call(bed.bo, `/auth/invitations/${token}`, { body: { password: STRONG_PASSWORD } })).status).toBe(204);
    const session = await call<SessionResponse>(bed.bo, "/auth/login", {
      body: { login: "erwan.lefloch@chantier-rosmeur.fr", password: STRONG_PASSWORD },
    });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({
      obj_class: "people",
      obj_ref: "C0500",
      obj_properties: { admin: true, N_CatCompta: "Ventes France" },
    });

    const read = accountRequestView.parse((await erp(bed.bo, `/account-requests/${id}`)).body);
    expect(read.customer).toEqual({ org_id: org.id, reference: "C0500" });
  });

  it("refuses a taken reference, a taken e-mail and an unknown contributor: the request stays as it was, nothing is created", async () => {
    const organizations = async () => (await bed.bo.db.selectFrom("organizations").select("id").execute()).length;
    const before = await organizations();
    const id = await submit({ email: "direction@chantier-rosmeur.fr" });
    const move = (create_customer: Record<string, unknown>) =>
      erp<{ code: string; message: string }>(bed.bo, `/account-requests/${id}/state`, { body: { state: "accepted", create_customer } });

    const taken = await move({ reference: "C0001" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: "customer_exists",
      message: "La référence C0001 est déjà celle d'une organisation du portail.",
    });
    const unknown = await move({ reference: "C0501", contributors: ["personne@nautidistrib.fr"] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe("Aucun commercial du portail n'a l'identifiant « personne@nautidistrib.fr ».");
    expect(await state(id)).toBe("received");

    const other = await submit({ email: "acheteur@voilerie-atlantique.fr" });
    const emailTaken = await erp<{ code: string }>(bed.bo, `/account-requests/${other}/state`, {
      body: { state: "accepted", create_customer: { reference: "C0502" } },
    });
    expect(emailTaken.status).toBe(409);
    expect(emailTaken.body.code).toBe("email_in_use");
    expect(await state(other)).toBe("received");

    const refused = await erp<{ issues: { path: string; message: string }[] }>(bed.bo, `/account-requests/${id}/state`, {
      body: { state: "refused", create_customer: { reference: "C0503" } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]?.message).toBe(
      "create_customer ne vaut qu'avec l'état accepted : on ouvre le compte d'une demande acceptée.",
    );
    expect(await organizations()).toBe(before);
    expect(await bed.newMail()).toEqual([]);
  });

  it("opens a customer elsewhere in the EU in « Ventes CEE » when the call names no category", async () => {
    const id = await submit({
      company: "Nautic Oostende",
      email: "info@nautic-oostende.be",
      country: "BE",
      zipcode: "8400",
      city: "Oostende",
      street: "Vindictivelaan 1",
      siret: "",
      vat_number: "BE 0123.456.789",
    });
    const moved = await erp(bed.bo, `/account-requests/${id}/state`, {
      body: { state: "accepted", create_customer: { reference: "C0504" } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const org = await bed.bo.db.selectFrom("organizations").selectAll().where("ref", "=", "C0504").executeTakeFirstOrThrow();
    expect(org).toMatchObject({ country: "BE", cat_compta: "Ventes CEE", siret: null, vat_number: "BE0123456789", payment_terms_days: 30 });
    expect(await bed.newMail()).toHaveLength(2);
  });
});
