import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as usersRoute from "~/routes/_app.mon-compte.utilisateurs";
import type { InviteRefusal, UsersView } from "~/services/users/types";
import {
  LOGINS,
  actingFor,
  bodyOf,
  cookieFor,
  invitationToken,
  load,
  orgIdOf,
  personRow,
  post,
  startUsersPagesBed,
  statusOf,
  toastOf,
  userIdOf,
  type UsersPagesBed,
} from "./harness";

/**
 * /mon-compte/utilisateurs over the real back-office: who may open it and post to it (the
 * organization account, a people administrator, a contributor after login-as; anyone else a
 * 404 with nothing changed), the switches, (de)activation with the last-administrator and self
 * refusals in French, invitations (in use, malformed, sent and read from the mail folder,
 * re-sent, revoked), another organization's person, and the history.
 */

const PATH = "/mon-compte/utilisateurs";
let bed: UsersPagesBed;
let organization: string;
let orgId: number;
const ids: Record<"buyer" | "storekeeper" | "consultant", number> = { buyer: 0, storekeeper: 0, consultant: 0 };

beforeAll(async () => {
  bed = await startUsersPagesBed("users-page");
  organization = await cookieFor(bed, LOGINS.organization);
  orgId = await orgIdOf(bed, LOGINS.organization);
  for (const key of ["buyer", "storekeeper", "consultant"] as const) ids[key] = await userIdOf(bed, LOGINS[key]);
});
afterAll(() => bed.close());

const page = (cookie: string) => load<UsersView>(bed, usersRoute.loader, PATH, cookie);
const send = (cookie: string, fields: Record<string, string>) => post(bed, usersRoute.action, PATH, fields, cookie);
/** What a loader threw: its status. */
async function refusedStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (thrown) {
    return statusOf(thrown);
  }
  throw new Error("expected a refusal");
}

describe("who may open the page", () => {
  it("shows the organization account its people with their flags, state, last login and no self", async () => {
    const view = await page(organization);
    expect(view.rows.map((row) => row.email)).toEqual([LOGINS.consultant, LOGINS.storekeeper, LOGINS.buyer]);
    const storekeeper = view.rows.find((row) => row.email === LOGINS.storekeeper)!;
    expect(storekeeper).toMatchObject({
      state: "active",
      isAdmin: false,
      isSelf: false,
      // Invoices are amounts: no invoices without prices (decision 0188).
      flags: { cart: true, orders: false, invoices: false, prices: false },
    });
    expect(view.rows.every((row) => !row.isSelf)).toBe(true);
  });

  it("answers 404 to a people account without the admin role, to the page and to a POST, nothing changed", async () => {
    const buyer = await cookieFor(bed, LOGINS.buyer);
    expect(await refusedStatus(() => page(buyer))).toBe(404);
    const before = await personRow(bed, LOGINS.consultant);
    expect(statusOf(await send(buyer, { intent: "droit", utilisateur: String(ids.consultant), droit: "quotes", valeur: "on" }))).toBe(404);
    expect(statusOf(await send(buyer, { intent: "inviter", email: "intrus@voilerie-atlantique.fr", name: "Intrus" }))).toBe(404);
    expect(await personRow(bed, LOGINS.consultant)).toEqual(before);
    expect(
      await bed.db.selectFrom("users").select("id").where("login", "=", "intrus@voilerie-atlantique.fr").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("answers 404 to a contributor on its own account, and lets it manage once logged in as the client", async () => {
    const contributor = await cookieFor(bed, LOGINS.contributor);
    expect(await refusedStatus(() => page(contributor))).toBe(404);
    const before = await personRow(bed, LOGINS.consultant);
    expect(statusOf(await send(contributor, { intent: "droit", utilisateur: String(ids.consultant), droit: "cart", valeur: "on" }))).toBe(
      404,
    );
    expect(await personRow(bed, LOGINS.consultant)).toEqual(before);

    const acting = await actingFor(bed, contributor, orgId);
    expect((await page(acting)).rows).toHaveLength(3);
    const answer = await send(acting, { intent: "droit", utilisateur: String(ids.consultant), droit: "cart", valeur: "on" });
    expect(await toastOf(bed, answer)).toEqual({ type: "success", message: "Modifier le panier : accordé." });
    expect((await personRow(bed, LOGINS.consultant)).flags.cart).toBe(true);
    // The history names the representative, not the organization it acted as.
    expect((await page(organization)).history[0]).toMatchObject({
      author: "Yann Le Gall",
      target: "Anne Riou",
      summary: "Modifier le panier accordé",
    });
  });

  it("opens to a person made administrator on its very next request, without logging in again", async () => {
    const storekeeper = await cookieFor(bed, LOGINS.storekeeper);
    expect(await refusedStatus(() => page(storekeeper))).toBe(404);
    expect(await toastOf(bed, await send(organization, { intent: "admin", utilisateur: String(ids.storekeeper), valeur: "on" }))).toEqual({
      type: "success",
      message: "Droits d'administrateur accordés.",
    });
    const view = await page(storekeeper);
    expect(view.rows.find((row) => row.email === LOGINS.storekeeper)?.isSelf).toBe(true);
    // And closes again as soon as the role is taken back (another administrator named first).
    await send(organization, { intent: "admin", utilisateur: String(ids.buyer), valeur: "on" });
    expect(
      await toastOf(bed, await send(organization, { intent: "admin", utilisateur: String(ids.storekeeper), valeur: "off" })),
    ).toMatchObject({ type: "success" });
    expect(await refusedStatus(() => page(storekeeper))).toBe(404);
  });

  it("refuses another organization's person with a 404, nothing changed", async () => {
    const belgium = await cookieFor(bed, LOGINS.belgium);
    expect((await page(belgium)).rows.map((row) => row.email)).not.toContain(LOGINS.consultant);
    const before = await personRow(bed, LOGINS.consultant);
    const changes: Record<string, string>[] = [
      { intent: "droit", utilisateur: String(ids.consultant), droit: "prices", valeur: "off" },
      { intent: "desactiver", utilisateur: String(ids.consultant) },
      { intent: "revoquer", utilisateur: String(ids.consultant) },
    ];
    for (const fields of changes) {
      expect(statusOf(await send(belgium, fields))).toBe(404);
    }
    expect(await personRow(bed, LOGINS.consultant)).toEqual(before);
  });
});

describe("the switches and the states", () => {
  it("sets the value asked (never a toggle) and records who did it", async () => {
    const off = { intent: "droit", utilisateur: String(ids.consultant), droit: "prices", valeur: "off" };
    expect(await toastOf(bed, await send(organization, off))).toEqual({
      type: "success",
      message: "Voir les prix : retiré, et Voir les factures avec lui.",
    });
    // The same click again (a page left open): still off.
    await send(organization, off);
    expect((await personRow(bed, LOGINS.consultant)).flags.prices).toBe(false);
    const view = await page(organization);
    expect(view.rows.find((row) => row.email === LOGINS.consultant)?.flags.prices).toBe(false);
    expect(view.history[0]).toMatchObject({ author: "Voilerie Atlantique", target: "Anne Riou", summary: "Voir les prix retiré" });
    expect(view.history[1]?.summary).not.toBe("Voir les prix retiré");
    await send(organization, { ...off, valeur: "on" });
    expect((await personRow(bed, LOGINS.consultant)).flags.prices).toBe(true);
  });

  it("refuses invoices to a person without prices, in French, nothing changed (decision 0188)", async () => {
    const before = await personRow(bed, LOGINS.storekeeper);
    const on = { intent: "droit", utilisateur: String(ids.storekeeper), droit: "invoices", valeur: "on" };
    expect(await toastOf(bed, await send(organization, on))).toEqual({
      type: "error",
      message: "« Voir les factures » demande « Voir les prix » : une facture montre les montants. Accordez d'abord « Voir les prix ».",
    });
    expect(await personRow(bed, LOGINS.storekeeper)).toEqual(before);
  });

  it("refuses a malformed form in French and an unknown intent with a 400, nothing changed", async () => {
    const before = await personRow(bed, LOGINS.consultant);
    const bad = await toastOf(
      bed,
      await send(organization, { intent: "droit", utilisateur: String(ids.consultant), droit: "everything", valeur: "on" }),
    );
    expect(bad).toEqual({ type: "error", message: "Droit inconnu." });
    expect((await toastOf(bed, await send(organization, { intent: "admin", utilisateur: "abc", valeur: "on" })))?.message).toBe(
      "Utilisateur inconnu.",
    );
    expect(statusOf(await send(organization, { intent: "supprimer", utilisateur: String(ids.consultant) }))).toBe(400);
    expect(await personRow(bed, LOGINS.consultant)).toEqual(before);
  });

  it("never removes the last administrator, and says so in French", async () => {
    // The buyer is the only people administrator now (the organization account is not counted).
    expect((await page(organization)).rows.filter((row) => row.isAdmin).map((row) => row.email)).toEqual([LOGINS.buyer]);
    const removals: Record<string, string>[] = [
      { intent: "admin", utilisateur: String(ids.buyer), valeur: "off" },
      { intent: "desactiver", utilisateur: String(ids.buyer) },
    ];
    for (const fields of removals) {
      const toast = await toastOf(bed, await send(organization, fields));
      expect(toast).toEqual({
        type: "error",
        message: expect.stringMatching(/^Cette personne est le dernier administrateur de votre organisation/),
      });
    }
    expect(await personRow(bed, LOGINS.buyer)).toMatchObject({ isAdmin: true, disabled: false });
  });

  it("refuses an administrator's own deactivation in French, and lets it manage the others", async () => {
    await send(organization, { intent: "admin", utilisateur: String(ids.storekeeper), valeur: "on" });
    const buyer = await cookieFor(bed, LOGINS.buyer);
    expect(await toastOf(bed, await send(buyer, { intent: "desactiver", utilisateur: String(ids.buyer) }))).toEqual({
      type: "error",
      message: "Vous ne pouvez pas désactiver votre propre compte.",
    });
    expect((await personRow(bed, LOGINS.buyer)).disabled).toBe(false);
    expect(
      await toastOf(bed, await send(buyer, { intent: "droit", utilisateur: String(ids.storekeeper), droit: "quotes", valeur: "off" })),
    ).toMatchObject({ type: "success" });
    expect((await personRow(bed, LOGINS.storekeeper)).flags.quotes).toBe(false);
    expect((await page(organization)).history[0]).toMatchObject({ author: "Maël Kerjean", summary: "Voir les devis retiré" });
    await send(buyer, { intent: "admin", utilisateur: String(ids.storekeeper), valeur: "off" });
    expect((await personRow(bed, LOGINS.storekeeper)).isAdmin).toBe(false);
  });

  it("deactivates a person, whose next page sends it to the login, and reactivates it", async () => {
    const consultant = await cookieFor(bed, LOGINS.consultant);
    expect(await toastOf(bed, await send(organization, { intent: "desactiver", utilisateur: String(ids.consultant) }))).toEqual({
      type: "success",
      message: "Compte désactivé : ses sessions sont fermées.",
    });
    expect((await page(organization)).rows.find((row) => row.email === LOGINS.consultant)?.state).toBe("disabled");
    const layout = await import("~/routes/_app");
    const ended = await load<unknown>(bed, layout.loader, "/mon-compte", consultant).catch((thrown: unknown) => thrown);
    expect(ended).toBeInstanceOf(Response);
    expect((ended as Response).headers.get("location")).toMatch(/^\/connexion/);
    expect(await toastOf(bed, await send(organization, { intent: "reactiver", utilisateur: String(ids.consultant) }))).toEqual({
      type: "success",
      message: "Compte réactivé.",
    });
    expect((await page(organization)).rows.find((row) => row.email === LOGINS.consultant)?.state).toBe("active");
    expect((await page(organization)).history.slice(0, 2).map((line) => line.summary)).toEqual(["réactivé", "désactivé"]);
  });
});

describe("invitations", () => {
  it("refuses an e-mail already in use with the message on the e-mail field, creating nobody", async () => {
    const count = async () => (await page(organization)).rows.length;
    const before = await count();
    const answer = await send(organization, { intent: "inviter", email: LOGINS.belgium.toUpperCase(), name: "Quelqu'un" });
    expect(statusOf(answer)).toBe(400);
    const refusal = bodyOf<InviteRefusal>(answer);
    expect(refusal.errors.email).toMatch(/déjà/);
    expect(refusal.values).toEqual({ email: LOGINS.belgium.toUpperCase(), name: "Quelqu'un" });
    expect(await count()).toBe(before);
    expect(await bed.newMail()).toEqual([]);
  });

  it("refuses a malformed e-mail and a missing name in French, creating nobody", async () => {
    const malformed = bodyOf<InviteRefusal>(await send(organization, { intent: "inviter", email: "pas-une-adresse", name: "Léa" }));
    expect(malformed.errors).toEqual({ email: "Adresse e-mail invalide, par exemple prenom.nom@exemple.fr." });
    const nameless = bodyOf<InviteRefusal>(
      await send(organization, { intent: "inviter", email: "lea@voilerie-atlantique.fr", name: "  " }),
    );
    expect(nameless.errors).toEqual({ name: "Indiquez le nom de la personne." });
    expect(
      await bed.db.selectFrom("users").select("id").where("login", "=", "lea@voilerie-atlantique.fr").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("invites by e-mail, re-sends a new link and revokes it, each shown on the page and in the history", async () => {
    const email = "lea.bihan@voilerie-atlantique.fr";
    const sent = await send(organization, { intent: "inviter", email: ` ${email} `, name: "Léa Bihan" });
    expect(await toastOf(bed, sent)).toEqual({ type: "success", message: `Invitation envoyée à ${email}.` });
    const row = (await page(organization)).rows.find((candidate) => candidate.email === email)!;
    expect(row).toMatchObject({ name: "Léa Bihan", state: "invited", lastLoginAt: null, invitationExpired: false });
    expect(Date.parse(row.invitationExpiresAt!) - bed.harness.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
    const [first] = await bed.newMail();
    expect(first?.to).toEqual([email]);
    const firstToken = invitationToken(first!);

    expect(await toastOf(bed, await send(organization, { intent: "renvoyer", utilisateur: String(row.id) }))).toEqual({
      type: "success",
      message: "Invitation renvoyée : l'ancien lien ne fonctionne plus.",
    });
    const [second] = await bed.newMail();
    expect(second?.to).toEqual([email]);
    const secondToken = invitationToken(second!);
    expect(secondToken).not.toBe(firstToken);
    const info = (token: string) => fetch(`${bed.harness.url}/api/auth/invitations/${token}`).then((response) => response.status);
    expect(await info(firstToken)).toBe(404);
    expect(await info(secondToken)).toBe(200);

    expect(await toastOf(bed, await send(organization, { intent: "revoquer", utilisateur: String(row.id) }))).toEqual({
      type: "success",
      message: "Invitation révoquée.",
    });
    expect(await info(secondToken)).toBe(404);
    const view = await page(organization);
    expect(view.rows.map((candidate) => candidate.email)).not.toContain(email);
    expect(view.history.slice(0, 3).map((line) => [line.target, line.summary])).toEqual([
      ["Léa Bihan", "invitation révoquée"],
      ["Léa Bihan", "invitation renvoyée"],
      ["Léa Bihan", "invité"],
    ]);
  });

  it("refuses to re-send or revoke the invitation of a person who already chose a password, in French", async () => {
    const answer = "Cette personne a déjà choisi son mot de passe : il n'y a plus d'invitation à envoyer ou annuler.";
    for (const intent of ["revoquer", "renvoyer"]) {
      expect(await toastOf(bed, await send(organization, { intent, utilisateur: String(ids.consultant) }))).toEqual({
        type: "error",
        message: answer,
      });
    }
    expect(await personRow(bed, LOGINS.consultant)).toMatchObject({ invited: false, disabled: false });
    expect(await bed.newMail()).toEqual([]);
  });
});
