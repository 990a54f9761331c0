import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { invitationInfo, personResponse, usersResponse } from "@shared/contracts/users";
import { INVITATION_LIFETIME_MS } from "../../../server/backoffice/users/invitations";
import { LOGINS, call, type Backoffice } from "../backoffice/harness";
import { STRONG_PASSWORD, invitationToken, login, startUsersBed, tryLogin, type UsersBed } from "./fixtures";

/**
 * Invitations (docs/users.md): the link is read from the mail folder, sets a password once,
 * expires, is replaced by a re-send and ended by a revocation; the refusals are in French.
 */
describe("invitations", () => {
  let bed: UsersBed;
  let bo: Backoffice;
  let client: SessionResponse;

  const invite = (email: string, extra: Record<string, unknown> = {}) =>
    call(bo, "/crm/invitations", {
      token: client.token,
      body: { org_id: client.user.auth_org_id, email, name: "Lena Morvan", title: "Comptable", ...extra },
    });
  const accept = (token: string, password: string) => call(bo, `/auth/invitations/${token}`, { body: { password } });
  const info = (token: string) => call(bo, `/auth/invitations/${token}`);

  beforeAll(async () => {
    bed = await startUsersBed("invitations");
    bo = bed.bo;
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bed.harness.close();
  });

  it("e-mails a single-use link with which the person sets a password and logs in", async () => {
    const created = await invite("  Lena.Morvan@Voilerie-Atlantique.fr ", {
      flags: { cart: true, orders: false, quotes: true, invoices: false, prices: false },
    });
    expect(created.status).toBe(201);
    const { person, mail_sent } = personResponse.parse(created.body);
    expect(mail_sent).toBe(true);
    expect(person).toMatchObject({
      email: "lena.morvan@voilerie-atlantique.fr",
      state: "invited",
      flags: { orders: false, prices: false },
      invitation: { expired: false },
    });

    const [mail, ...others] = await bed.newMail();
    expect(others).toEqual([]);
    expect(mail?.to).toEqual(["lena.morvan@voilerie-atlantique.fr"]);
    expect(mail?.subject).toBe("Invitation à rejoindre le portail NautiDistrib — Voilerie Atlantique");
    expect(mail?.html).toContain("Choisir mon mot de passe");
    const token = invitationToken(mail!);
    // Only the token's sha256 is stored.
    expect(await bo.db.selectFrom("user_invitations").select("id").where("token_hash", "=", token).executeTakeFirst()).toBeUndefined();

    expect(invitationInfo.parse((await info(token)).body)).toMatchObject({
      email: "lena.morvan@voilerie-atlantique.fr",
      name: "Lena Morvan",
      org_name: "Voilerie Atlantique",
    });
    // Not a password yet: an invited person cannot log in.
    expect(await tryLogin(bo, "lena.morvan@voilerie-atlantique.fr", "")).toBe(400);
    const weak = await accept(token, "azertyuiop");
    expect(weak).toMatchObject({
      status: 422,
      body: { code: "weak_password", issues: expect.arrayContaining([expect.objectContaining({ path: "password" })]) },
    });
    expect((weak.body.issues as Array<{ message: string }>)[0]?.message).toMatch(/clavier/);
    expect(await accept(token, "lena.morvan1")).toMatchObject({
      status: 422,
      body: {
        code: "weak_password",
        issues: expect.arrayContaining([expect.objectContaining({ message: expect.stringMatching(/ni votre nom/) })]),
      },
    });

    expect((await accept(token, STRONG_PASSWORD)).status).toBe(204);
    const lena = await login(bo, "lena.morvan@voilerie-atlantique.fr", STRONG_PASSWORD);
    expect(lena.user.obj_properties.auth).toMatchObject({ orders: false, prices: false });
    // Used once: the link is refused now, the password unchanged.
    expect(await accept(token, "un-autre-mot-de-passe-solide-12")).toMatchObject({
      status: 410,
      body: { code: "invitation_used", message: expect.stringMatching(/déjà servi/) },
    });
    expect(await tryLogin(bo, "lena.morvan@voilerie-atlantique.fr", STRONG_PASSWORD)).toBe(200);
    const history = usersResponse.parse(
      (await call(bo, `/crm/users?org_id=${client.user.auth_org_id}`, { token: client.token })).body,
    ).history;
    expect(history.slice(0, 2).map((line) => [line.change, line.actor_name])).toEqual([
      ["invitation_accepted", "Lena Morvan"],
      ["invited", "Voilerie Atlantique"],
    ]);
  });

  it("refuses an e-mail already in use and a malformed one, in French, creating nobody", async () => {
    const before = await bo.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await invite(LOGINS.belgium.toUpperCase())).toMatchObject({
      status: 409,
      body: { code: "email_in_use", message: expect.stringMatching(/déjà celle d'un compte/) },
    });
    expect(await invite("pas-une-adresse")).toMatchObject({
      status: 400,
      body: { issues: [expect.objectContaining({ path: "email", message: expect.stringMatching(/^Adresse e-mail invalide/) })] },
    });
    const after = await bo.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await bed.newMail()).toEqual([]);
  });

  it("replaces the link on a re-send, and refuses an expired one", async () => {
    const { person } = personResponse.parse((await invite("yves.tanguy@voilerie-atlantique.fr")).body);
    const first = invitationToken((await bed.newMail())[0]!);
    const resent = await call(bo, `/crm/invitations/${person.usr_id}/resend`, {
      token: client.token,
      body: { org_id: client.user.auth_org_id },
    });
    expect(personResponse.parse(resent.body).mail_sent).toBe(true);
    const second = invitationToken((await bed.newMail())[0]!);
    expect(second).not.toBe(first);
    expect(await info(first)).toMatchObject({ status: 404, body: { code: "invitation_unknown" } });
    expect((await info(second)).status).toBe(200);

    const start = bed.harness.clock.now();
    bed.harness.clock.set(new Date(start.getTime() + INVITATION_LIFETIME_MS + 1000));
    try {
      expect(await accept(second, STRONG_PASSWORD)).toMatchObject({
        status: 410,
        body: { code: "invitation_expired", message: expect.stringMatching(/expiré/) },
      });
      // The organization's morning token has expired too: a new login, a week later.
      const later = await login(bo, LOGINS.client);
      const listed = usersResponse.parse((await call(bo, `/crm/users?org_id=${later.user.auth_org_id}`, { token: later.token })).body);
      expect(listed.people.find((candidate) => candidate.usr_id === person.usr_id)?.invitation?.expired).toBe(true);
    } finally {
      bed.harness.clock.set(start);
    }
  });

  it("revokes an invitation: the link and the account are gone, the history keeps the line", async () => {
    const { person } = personResponse.parse((await invite("annaig.le-du@voilerie-atlantique.fr")).body);
    const token = invitationToken((await bed.newMail())[0]!);
    const belgium = await login(bo, LOGINS.belgium);
    expect(
      (await call(bo, `/crm/invitations/${person.usr_id}?org_id=${belgium.user.auth_org_id}`, { method: "DELETE", token: belgium.token }))
        .status,
    ).toBe(404);
    expect(
      (await call(bo, `/crm/invitations/${person.usr_id}?org_id=${client.user.auth_org_id}`, { method: "DELETE", token: client.token }))
        .status,
    ).toBe(204);
    expect(await info(token)).toMatchObject({ status: 404, body: { code: "invitation_unknown" } });
    expect(await bo.db.selectFrom("users").select("id").where("id", "=", person.usr_id).executeTakeFirst()).toBeUndefined();
    const listed = usersResponse.parse((await call(bo, `/crm/users?org_id=${client.user.auth_org_id}`, { token: client.token })).body);
    expect(listed.history[0]).toMatchObject({
      change: "invitation_revoked",
      target_id: person.usr_id,
      details: { email: "annaig.le-du@voilerie-atlantique.fr" },
    });
    // An active person has no invitation to re-send or revoke.
    const buyerId = listed.people.find((candidate) => candidate.email === LOGINS.buyer)?.usr_id;
    expect(
      (await call(bo, `/crm/invitations/${buyerId}?org_id=${client.user.auth_org_id}`, { method: "DELETE", token: client.token })).status,
    ).toBe(409);
    expect((await info("not-a-token")).status).toBe(404);
  });

  it("refuses a people account that is not an administrator", async () => {
    const buyer = await login(bo, LOGINS.buyer);
    const answer = await call(bo, "/crm/invitations", {
      token: buyer.token,
      body: { org_id: buyer.user.auth_org_id, email: "x.y@voilerie-atlantique.fr", name: "X Y" },
    });
    expect(answer.status).toBe(403);
  });
});
