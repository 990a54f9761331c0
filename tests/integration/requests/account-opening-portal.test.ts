import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountOpeningRefusal, AccountOpeningView } from "~/services/account-opening/types";
import * as opening from "~/routes/_public.demande-ouverture-compte";
import { LOGINS } from "../backoffice/harness";
import { HONEYPOT_FIELD, SCRIPT, answerOf, formRequest, pageRequest, run, signIn, startRequestsBed, type RequestsBed } from "./harness";

/** /demande-ouverture-compte: loader and action against the real back-office. */

let bed: RequestsBed;

beforeAll(async () => {
  bed = await startRequestsBed("account-opening-portal");
  await bed.newMail();
});
afterAll(() => bed.close());

const request = {
  company: "Électronique Marine Lorientaise",
  siret: "842 157 638 00011",
  vat_number: "FR62 842157638",
  street: "5 quai des Indes",
  zipcode: "56100",
  city: "Lorient",
  country: "FR",
  activity: "electronicien_marine",
  contact_name: "Erwan Tanguy",
  email: "erwan.tanguy@eml-lorient.fr",
  phone: "02 97 21 33 40",
  message: "",
};

async function countSaved(): Promise<number> {
  const row = await bed.bo.db.selectFrom("account_requests").select(bed.bo.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

function post(fields: Record<string, string>, address: string) {
  return run(opening.action, formRequest("/demande-ouverture-compte", fields), bed.context(address));
}

describe("the page", () => {
  it("offers the activities and the countries, France first", async () => {
    const view = answerOf<AccountOpeningView>(await run(opening.loader, pageRequest("/demande-ouverture-compte"), bed.context())).body;
    expect(view?.sent).toBe(false);
    expect(view?.activities.map((choice) => choice.label)).toEqual([
      "Chantier naval",
      "Shipchandler",
      "Électronicien marine",
      "Loueur de bateaux",
      "Autre activité",
    ]);
    expect(view?.countries[0]).toEqual({ value: "FR", label: "France" });
  });

  it("sends a signed-in user to the home page, for the page and the form alike", async () => {
    const cookie = await signIn(bed, LOGINS.client);
    for (const call of [
      () => run(opening.loader, pageRequest("/demande-ouverture-compte", cookie), bed.context()),
      () => run(opening.action, formRequest("/demande-ouverture-compte", request, cookie), bed.context()),
    ]) {
      const answer = answerOf(await call());
      expect(answer).toMatchObject({ status: 302, location: "/" });
    }
  });
});

describe("sending", () => {
  it("saves the request upstream as « reçue », e-mails sales and the requester, then says it is received", async () => {
    const before = await countSaved();
    const answer = answerOf(await post(request, "192.0.2.1"));
    expect(answer).toMatchObject({ status: 303, location: "/demande-ouverture-compte?demande=envoyee" });
    const row = await bed.bo.db.selectFrom("account_requests").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "received", siret: "84215763800011", vat_number: "FR62842157638", phone: "+33 2 97 21 33 40" });
    expect(await countSaved()).toBe(before + 1);
    const mails = await bed.newMail();
    expect(mails.map((mail) => mail.to[0])).toEqual(["ventes@nautidistrib.fr", "erwan.tanguy@eml-lorient.fr"]);
    const sent = answerOf<AccountOpeningView>(await run(opening.loader, pageRequest(answer.location ?? ""), bed.context())).body;
    expect(sent?.sent).toBe(true);
  });

  it("keeps script-laden text as typed: stored verbatim, escaped in the e-mails", async () => {
    expect(answerOf(await post({ ...request, email: "script@exemple.fr", message: SCRIPT }, "192.0.2.2")).status).toBe(303);
    const row = await bed.bo.db.selectFrom("account_requests").select("message").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    expect(row.message).toBe(SCRIPT);
    const mails = await bed.newMail();
    for (const mail of mails) expect(mail.html).not.toMatch(/<script|<img/);
  });
});

describe("refusals: a French message next to the field, nothing saved or sent", () => {
  it("refuses an empty form, each field in its words", async () => {
    const before = await countSaved();
    const answer = answerOf<AccountOpeningRefusal>(await post({}, "192.0.2.3"));
    expect(answer.status).toBe(400);
    expect(answer.body?.errors).toMatchObject({
      company: "Indiquez la raison sociale.",
      street: "Indiquez l'adresse du siège.",
      zipcode: "Indiquez le code postal.",
      city: "Indiquez la ville.",
      country: "Choisissez le pays de votre siège.",
      activity: "Choisissez votre activité.",
      contact_name: "Indiquez le nom de la personne à contacter.",
      email: "Indiquez votre adresse e-mail.",
    });
    expect(await countSaved()).toBe(before);
    expect(await bed.newMail()).toEqual([]);
  });

  it("refuses an invalid SIRET (its Luhn key) and a VAT number of another company, keeping what was typed", async () => {
    const before = await countSaved();
    const answer = answerOf<AccountOpeningRefusal>(await post({ ...request, siret: "842 157 638 00012" }, "192.0.2.4"));
    expect(answer.status).toBe(400);
    expect(answer.body?.errors.siret).toBe("Ce SIRET n'est pas valide (sa clé de contrôle ne correspond pas) : vérifiez les 14 chiffres.");
    expect(answer.body?.values.siret).toBe("842 157 638 00012");
    const mismatch = answerOf<AccountOpeningRefusal>(await post({ ...request, vat_number: "FR44732829320" }, "192.0.2.4"));
    expect(mismatch.body?.errors.vat_number).toBe("Ce numéro de TVA ne correspond pas au SIREN du SIRET indiqué.");
    const zip = answerOf<AccountOpeningRefusal>(await post({ ...request, zipcode: "561" }, "192.0.2.4"));
    expect(zip.body?.errors.zipcode).toMatch(/5 chiffres/);
    expect(await countSaved()).toBe(before);
    expect(await bed.newMail()).toEqual([]);
  });

  it("refuses oversized input", async () => {
    const answer = answerOf<AccountOpeningRefusal>(
      await post({ ...request, company: "S".repeat(151), message: "m".repeat(5001) }, "192.0.2.5"),
    );
    expect(answer.status).toBe(400);
    expect(answer.body?.errors.company).toBe("La raison sociale ne peut pas dépasser 150 caractères.");
    expect(answer.body?.errors.message).toBe("Le message ne peut pas dépasser 5000 caractères.");
  });

  it("drops a form whose honeypot is filled, and answers as if it were received", async () => {
    const before = await countSaved();
    const answer = answerOf(await post({ ...request, [HONEYPOT_FIELD]: "oui" }, "192.0.2.6"));
    expect(answer).toMatchObject({ status: 303, location: "/demande-ouverture-compte?demande=envoyee" });
    expect(await countSaved()).toBe(before);
    expect(await bed.newMail()).toEqual([]);
  });

  it("answers a fourth request from one address within the hour with a French 429 and Retry-After", async () => {
    const address = "192.0.2.7";
    for (let index = 0; index < 3; index++)
      expect(answerOf(await post({ ...request, email: `societe${index}@exemple.fr` }, address)).status).toBe(303);
    const before = await countSaved();
    const refused = answerOf<AccountOpeningRefusal>(await post({ ...request, email: "societe3@exemple.fr" }, address));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.body?.message).toMatch(/^Trop de demandes envoyées en peu de temps/);
    expect(await countSaved()).toBe(before);
    await bed.newMail();
  });
});
