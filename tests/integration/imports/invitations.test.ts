import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { startHarness, type Harness } from "../../support/harness";
import { call, type Backoffice } from "../backoffice/harness";
import { readMailFolder, type ReadMail } from "../quotes-mail/eml";
import { STRONG_PASSWORD, invitationToken } from "../users/fixtures";
import { postFeed, utf8 } from "./imports";

/**
 * `--invite` (`?invite=1`, decision 0178): each account a customers or users import creates
 * gets the invitation e-mail of docs/users.md, exactly one, sent once the import has
 * committed; nothing on a dry run, a refused file or a second run; the link sets a password.
 */

const CUSTOMERS = [
  "Référence;Raison sociale;E-mail;Adresse;Code postal;Ville",
  "C0440;Voilerie de Camaret;Contact@Voilerie-Camaret.fr;4 quai Toudouze;29570;Camaret-sur-Mer",
  "C0441;Chantier du Guilvinec;;Port de pêche;29730;Le Guilvinec",
].join("\n");
const USERS = [
  "Référence client;E-mail;Prénom;Nom;Administrateur",
  "C0440;yann.kervella@voilerie-camaret.fr;Yann;Kervella;oui",
  "C0440;atelier@voilerie-camaret.fr;;Atelier;non",
  "C0001;acheteur@voilerie-atlantique.fr;Maël;Kerjean;non",
].join("\n");

describe("invitations sent by the customers and users feeds", () => {
  let harness: Harness;
  let bo: Backoffice;
  const seen = new Set<string>();
  const newMail = async (): Promise<ReadMail[]> => {
    const fresh = (await readMailFolder(harness.mailDir ?? "")).filter((mail) => !seen.has(mail.file));
    for (const mail of fresh) seen.add(mail.file);
    return fresh;
  };

  beforeAll(async () => {
    harness = await startHarness({ mail: true, name: "import-invitations", portal: false });
    bo = { baseUrl: `${harness.url}/api`, db: harness.db, setNow: harness.clock.set, close: harness.close };
  });
  afterAll(async () => {
    await harness.close();
  });

  it("says how many it would send on a dry run, and sends none", async () => {
    const { status, body } = await postFeed(bo, "customers", utf8(CUSTOMERS), "?invite=1&dry_run=1");
    expect(status).toBe(200);
    expect(body.invitations).toEqual({ accounts: 1, sent: 0 });
    expect(body.message).toBe(
      "Essai (--dry-run), rien n'est enregistré : 2 créée(s), 0 modifiée(s), 0 inchangée(s), 0 ligne(s) refusée(s). 1 invitation(s) seraient envoyée(s).",
    );
    expect(await newMail()).toEqual([]);
  });

  it("invites the organization account of each created customer that has an e-mail, once", async () => {
    const { status, body } = await postFeed(bo, "customers", utf8(CUSTOMERS), "?invite=1");
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.invitations).toEqual({ accounts: 1, sent: 1 });
    expect(body.message).toContain("1 invitation(s) envoyée(s).");
    const mails = await newMail();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [["contact@voilerie-camaret.fr"], "Invitation à rejoindre le portail NautiDistrib — Voilerie de Camaret"],
    ]);
    expect(mails[0]?.text).toContain("NautiDistrib vous invite à utiliser le portail de commande NautiDistrib pour Voilerie de Camaret.");

    // The organization account chooses its password with the link, then logs in with its e-mail.
    const token = invitationToken(mails[0]!);
    expect((await call(bo, `/auth/invitations/${token}`, { body: { password: STRONG_PASSWORD } })).status).toBe(204);
    const session = await call<SessionResponse>(bo, "/auth/login", {
      body: { login: "contact@voilerie-camaret.fr", password: STRONG_PASSWORD },
    });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ obj_class: "organization", obj_ref: "C0440", obj_name: "Voilerie de Camaret" });

    const again = await postFeed(bo, "customers", utf8(CUSTOMERS), "?invite=1");
    expect(again.body.counts).toMatchObject({ created: 0, unchanged: 2 });
    expect(again.body.invitations).toEqual({ accounts: 0, sent: 0 });
    expect(await newMail()).toEqual([]);
  });

  it("invites each created person once, not the updated ones; a refused file sends nothing", async () => {
    const refused = await postFeed(bo, "users", utf8(`${USERS}\nC9999;x@inconnu.fr;;X;non`), "?invite=1");
    expect(refused.status).toBe(422);
    expect(refused.body.invitations).toBeUndefined();
    expect(await newMail()).toEqual([]);

    const { status, body } = await postFeed(bo, "users", utf8(USERS), "?invite=1");
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 2, updated: 0, unchanged: 1, refused: 0 });
    expect(body.invitations).toEqual({ accounts: 2, sent: 2 });
    const mails = await newMail();
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(["atelier@voilerie-camaret.fr", "yann.kervella@voilerie-camaret.fr"]);
    const yann = mails.find((mail) => mail.to[0] === "yann.kervella@voilerie-camaret.fr");
    expect(yann?.text).toContain("Bonjour Yann Kervella,");

    const token = invitationToken(yann!);
    expect((await call(bo, `/auth/invitations/${token}`, { body: { password: STRONG_PASSWORD } })).status).toBe(204);
    const session = await call<SessionResponse>(bo, "/auth/login", {
      body: { login: "yann.kervella@voilerie-camaret.fr", password: STRONG_PASSWORD },
    });
    expect(session.body.user).toMatchObject({ obj_class: "people", obj_ref: "C0440", obj_properties: { admin: true } });

    expect((await postFeed(bo, "users", utf8(USERS), "?invite=1")).body.invitations).toEqual({ accounts: 0, sent: 0 });
    expect(await newMail()).toEqual([]);
  });

  it("refuses invite on a feed that creates no account", async () => {
    const { status, body } = await postFeed(bo, "brands", utf8("Référence;Nom\nX;X\n"), "?invite=1");
    expect(status).toBe(400);
    expect(body.message).toBe("invite ne vaut que pour les flux customers et users : ils créent des comptes.");
  });
});
