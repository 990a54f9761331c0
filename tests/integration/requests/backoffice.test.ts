import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountRequestView } from "@shared/contracts/requests";
import { LOGINS } from "../backoffice/harness";
import { SCRIPT, call, erp, login, ENGINES, startRequestsBed, type RequestsBed } from "./harness";

/** The back-office's side of contact messages and account opening requests (docs/requests.md). */

describe.each(ENGINES)("on %s", (engine) => {
  let bed: RequestsBed;

  beforeAll(async () => {
    bed = await startRequestsBed(`requests-backoffice-${engine}`, { engine });
    await bed.newMail();
  });
  afterAll(() => bed.close());

  const contact = {
    subject: "livraison",
    message: "Bonjour,\nNotre commande CMD-2026-00042 peut-elle être livrée au ponton ?",
    name: "Paul Le Floch",
    email: "Paul.LeFloch@Exemple.fr",
    phone: "02 97 84 12 50",
    company: "Chantier du Blavet",
  };

  const opening = {
    company: "Voilerie du Golfe",
    siret: "732 829 320 00074",
    vat_number: "FR 44 732829320",
    street: "3 rue des Cordiers",
    zipcode: "56000",
    city: "Vannes",
    country: "FR",
    activity: "chantier_naval",
    contact_name: "Anne Jégou",
    email: "anne.jegou@voilerie-golfe.fr",
    phone: "06 12 34 56 78",
    message: "Réparation de voiles et gréements.",
  };

  describe("POST /api/crm/contact-requests", () => {
    it("saves a visitor's message as typed and e-mails the distributor only: no copy to an address anyone can type", async () => {
      const answer = await call<{ id: number }>(bed.bo, "/crm/contact-requests", {
        body: { ...contact, message: `${contact.message}\n${SCRIPT}` },
      });
      expect(answer.status).toBe(201);
      const row = await bed.bo.db.selectFrom("contact_requests").selectAll().where("id", "=", answer.body.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        subject: "livraison",
        email: "paul.lefloch@exemple.fr",
        phone: "+33 2 97 84 12 50",
        user_id: null,
        org_id: null,
      });
      expect(row.message).toContain(SCRIPT);
      const mails = await bed.newMail();
      expect(mails.map((mail) => mail.to)).toEqual([["contact@nautidistrib.fr"]]);
      const [toDistributor] = mails;
      expect(toDistributor?.subject).toBe("Message du portail — Une livraison — Chantier du Blavet");
      expect(toDistributor?.text).toContain("> Notre commande CMD-2026-00042 peut-elle être livrée au ponton ?");
      // Escaped in the HTML part: shown as text, never run.
      expect(toDistributor?.html).not.toContain("<script>");
      expect(toDistributor?.html).toContain("&#60;script&#62;");
    });

    it("ties a signed-in user's message to its account, and sends the copy to the account's own address, not the one typed", async () => {
      const session = await login(bed.bo, LOGINS.buyer);
      const answer = await call<{ id: number }>(bed.bo, "/crm/contact-requests", { token: session.token, body: contact });
      expect(answer.status).toBe(201);
      const row = await bed.bo.db
        .selectFrom("contact_requests")
        .select(["user_id", "org_id"])
        .where("id", "=", answer.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: session.user.obj_id, org_id: session.user.auth_org_id });
      const mails = await bed.newMail();
      expect(mails.map((mail) => mail.to)).toEqual([["contact@nautidistrib.fr"], [LOGINS.buyer]]);
      const [toDistributor, copy] = mails;
      expect(toDistributor?.text).toContain("Compte du portail : Voilerie Atlantique (C0001)");
      expect(copy?.subject).toBe("Copie de votre message à NautiDistrib — Une livraison");
      expect(copy?.text).toContain("notre service clients vous répond dans un délai d'un jour ouvré");
    });

    it("refuses a token that is not valid, and a malformed message, with French issues; nothing is saved", async () => {
      const before = await bed.bo.db
        .selectFrom("contact_requests")
        .select(bed.bo.db.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect((await call(bed.bo, "/crm/contact-requests", { token: "x".repeat(43), body: contact })).status).toBe(401);
      const refused = await call<{ code: string; issues: { path: string; message: string }[] }>(bed.bo, "/crm/contact-requests", {
        body: { ...contact, subject: "devis", message: " ", name: "Paul\nBcc: victime@exemple.fr", email: "pas-une-adresse", extra: 1 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("invalid_request");
      const paths = refused.body.issues.map((issue) => issue.path);
      expect(paths).toEqual(expect.arrayContaining(["subject", "message", "name", "email"]));
      expect(refused.body.issues.find((issue) => issue.path === "name")?.message).toBe("Ce champ ne peut contenir qu'une ligne de texte.");
      const oversized = await call(bed.bo, "/crm/contact-requests", { body: { ...contact, message: "a".repeat(5001) } });
      expect(oversized.status).toBe(400);
      const after = await bed.bo.db
        .selectFrom("contact_requests")
        .select(bed.bo.db.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect(await bed.newMail()).toEqual([]);
    });

    it("caps what one e-mail address sends through the API: the 11th message within the hour is a 429", async () => {
      const sender = { ...contact, email: "robot@exemple.fr" };
      for (let index = 0; index < 10; index++) expect((await call(bed.bo, "/crm/contact-requests", { body: sender })).status).toBe(201);
      const refused = await call<{ code: string; message: string; retry_after: number }>(bed.bo, "/crm/contact-requests", { body: sender });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: "too_many_requests" });
      expect(refused.body.message).toMatch(/réessayez dans une heure/);
      expect(refused.body.retry_after).toBeGreaterThan(3500);
      await bed.newMail();
    });
  });

  describe("account opening requests", () => {
    let id: number;

    it("saves a request in state « received », e-mails sales and acknowledges it to the requester", async () => {
      const answer = await call<{ id: number; reference: string }>(bed.bo, "/crm/account-requests", { body: opening });
      expect(answer.status).toBe(201);
      id = answer.body.id;
      expect(answer.body.reference).toBe(`OUV-2026-${String(id).padStart(5, "0")}`);
      const row = await bed.bo.db.selectFrom("account_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: "received", siret: "73282932000074", vat_number: "FR44732829320", phone: "+33 6 12 34 56 78" });
      const [toSales, ack] = await bed.newMail();
      expect(toSales?.to).toEqual(["ventes@nautidistrib.fr"]);
      expect(toSales?.subject).toBe(`Demande d'ouverture de compte ${answer.body.reference} — Voilerie du Golfe (Vannes)`);
      expect(toSales?.text).toContain("SIRET : 73282932000074");
      expect(ack?.to).toEqual(["anne.jegou@voilerie-golfe.fr"]);
      expect(ack?.subject).toBe(`Votre demande d'ouverture de compte NautiDistrib (${answer.body.reference})`);
    });

    it.each([
      [{ siret: "73282932000075" }, "siret", /clé de contrôle/],
      [{ siret: "" }, "siret", /Indiquez le SIRET/],
      [{ vat_number: "FR45732829320" }, "vat_number", /clé/],
      [{ vat_number: "FR62842157638" }, "vat_number", /ne correspond pas au SIREN/],
      [{ zipcode: "5600" }, "zipcode", /5 chiffres/],
      [{ country: "BE", zipcode: "8400", siret: "", vat_number: "" }, "vat_number", /Indiquez le numéro de TVA/],
      [{ country: "BE", zipcode: "8400", vat_number: "BE0123456789" }, "siret", /laissez ce champ vide/],
      [{ activity: "plaisancier" }, "activity", /Choisissez votre activité/],
    ])("refuses %o: 400 on %s, nothing saved", async (change, path, message) => {
      const before = await bed.bo.db.selectFrom("account_requests").select("id").execute();
      const refused = await call<{ issues: { path: string; message: string }[] }>(bed.bo, "/crm/account-requests", {
        body: { ...opening, ...change },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.issues.find((issue) => issue.path === path)?.message).toMatch(message);
      expect(await bed.bo.db.selectFrom("account_requests").select("id").execute()).toHaveLength(before.length);
    });

    it("accepts a company elsewhere in the EU with its VAT number and no SIRET", async () => {
      const answer = await call(bed.bo, "/crm/account-requests", {
        body: {
          ...opening,
          email: "info@nautic-oostende.be",
          country: "BE",
          zipcode: "8400",
          city: "Oostende",
          siret: "",
          vat_number: "BE 0123.456.789",
        },
      });
      expect(answer.status).toBe(201);
      await bed.newMail();
    });

    it("is moved by the distributor's systems only: a user's token is 403, no token 401", async () => {
      const session = await login(bed.bo, LOGINS.client);
      expect((await erp(bed.bo, `/account-requests/${id}/state`, { body: { state: "in_review" }, token: session.token })).status).toBe(403);
      expect((await call(bed.bo, `/erp/account-requests/${id}/state`, { body: { state: "in_review" } })).status).toBe(401);
      expect((await erp(bed.bo, "/account-requests", { token: session.token })).status).toBe(403);
      const row = await bed.bo.db.selectFrom("account_requests").select("state").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.state).toBe("received");
    });

    it("goes received → in_review → accepted with each step's author and note; the requester is told of the answer", async () => {
      const review = await erp<AccountRequestView>(bed.bo, `/account-requests/${id}/state`, {
        body: { state: "in_review", note: "Kbis demandé." },
      });
      expect(review.status).toBe(200);
      expect(review.body.state).toBe("in_review");
      expect(await bed.newMail()).toEqual([]);
      const accepted = await erp<AccountRequestView>(bed.bo, `/account-requests/${id}/state`, {
        body: { state: "accepted", note: "Compte C0101 ouvert." },
      });
      expect(accepted.body.history.map((step) => [step.state, step.actor, step.note])).toEqual([
        ["received", "Formulaire du portail", ""],
        ["in_review", "Entrepôt NautiDistrib", "Kbis demandé."],
        ["accepted", "Entrepôt NautiDistrib", "Compte C0101 ouvert."],
      ]);
      const [answer] = await bed.newMail();
      expect(answer?.to).toEqual(["anne.jegou@voilerie-golfe.fr"]);
      expect(answer?.subject).toMatch(/est acceptée$/);
      expect(answer?.text).toContain("> Compte C0101 ouvert.");
    });

    it("refuses a move its state does not allow: an answer is final (409 request_state)", async () => {
      const again = await erp<{ code: string; message: string; state: string }>(bed.bo, `/account-requests/${id}/state`, {
        body: { state: "refused" },
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: "request_state", state: "accepted" });
      expect(again.body.message).toMatch(/définitive/);
      expect((await erp(bed.bo, "/account-requests/999999/state", { body: { state: "refused" } })).status).toBe(404);
      expect((await erp(bed.bo, `/account-requests/${id}/state`, { body: { state: "archived" } })).status).toBe(400);
    });

    it("lists the requests for the distributor, by state, the demo's included", async () => {
      const all = await erp<{ items: AccountRequestView[] }>(bed.bo, "/account-requests");
      expect(new Set(all.body.items.map((item) => item.state))).toEqual(new Set(["received", "in_review", "accepted", "refused"]));
      const refused = await erp<{ items: AccountRequestView[] }>(bed.bo, "/account-requests?state=refused");
      expect(refused.body.items.map((item) => item.company)).toEqual(["Locabato Saint-Malo"]);
      const one = await erp<AccountRequestView>(bed.bo, `/account-requests/${id}`);
      expect(one.body.company).toBe("Voilerie du Golfe");
      const contacts = await erp<{ items: { email: string }[] }>(bed.bo, "/contact-requests?limit=200");
      expect(contacts.body.items.some((item) => item.email === "paul.lefloch@exemple.fr")).toBe(true);
    });
  });
});
