import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactPageView, ContactRefusal } from "~/services/contact/types";
import * as frame from "~/routes/nous-contacter";
import * as contact from "~/routes/nous-contacter._index";
import * as thanks from "~/routes/nous-contacter.merci";
import { LOGINS } from "../backoffice/harness";
import { HONEYPOT_FIELD, SCRIPT, answerOf, formRequest, pageRequest, run, signIn, startRequestsBed, type RequestsBed } from "./harness";

/** /nous-contacter and /nous-contacter/merci: loaders and actions against the real back-office. */

let bed: RequestsBed;

beforeAll(async () => {
  bed = await startRequestsBed("contact-portal");
  await bed.newMail();
});
afterAll(() => bed.close());

const message = {
  subject: "facturation",
  message: "Bonjour, pouvez-vous m'envoyer le duplicata de la facture FA-2026-00031 ?",
  name: "Hélène Caradec",
  email: "h.caradec@chantier-caradec.fr",
  phone: "",
  company: "Chantier Caradec",
};

async function countSaved(): Promise<number> {
  const row = await bed.bo.db.selectFrom("contact_requests").select(bed.bo.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

function post(fields: Record<string, string>, address: string, cookie = "") {
  return run(contact.action, formRequest("/nous-contacter", fields, cookie), bed.context(address));
}

describe("the page", () => {
  it("opens to a visitor in the public frame, with an empty form", async () => {
    expect(answerOf<{ member: unknown }>(await run(frame.loader, pageRequest("/nous-contacter"), bed.context())).body).toEqual({
      member: null,
    });
    const view = answerOf<ContactPageView>(await run(contact.loader, pageRequest("/nous-contacter"), bed.context())).body;
    expect(view?.signedIn).toBe(false);
    expect(view?.values).toEqual({});
    expect(view?.subjects.map((subject) => subject.value)).toEqual(["commande", "livraison", "facturation", "produit", "autre"]);
  });

  it("opens to a signed-in user in the default layout, the identity pre-filled", async () => {
    const cookie = await signIn(bed, LOGINS.buyer);
    const layout = answerOf<{ member: { organizationName: string; userName: string } | null }>(
      await run(frame.loader, pageRequest("/nous-contacter", cookie), bed.context()),
    ).body;
    expect(layout?.member).toMatchObject({ organizationName: "Voilerie Atlantique", userName: "Maël Kerjean" });
    const view = answerOf<ContactPageView>(await run(contact.loader, pageRequest("/nous-contacter", cookie), bed.context())).body;
    expect(view?.signedIn).toBe(true);
    expect(view?.values).toEqual({ name: "Maël Kerjean", email: LOGINS.buyer, phone: expect.any(String), company: "Voilerie Atlantique" });
  });

  it("shows the acknowledgement with or without a session", async () => {
    expect(answerOf(await run(thanks.loader, pageRequest("/nous-contacter/merci"), bed.context())).body).toEqual({ signedIn: false });
    const cookie = await signIn(bed, LOGINS.client);
    expect(answerOf(await run(thanks.loader, pageRequest("/nous-contacter/merci", cookie), bed.context())).body).toEqual({
      signedIn: true,
    });
  });
});

describe("sending", () => {
  it("saves a visitor's message upstream, e-mails the distributor only (no copy to a typed address), then shows the acknowledgement", async () => {
    const before = await countSaved();
    const answer = answerOf(await post(message, "198.51.100.1"));
    expect(answer).toMatchObject({ status: 303, location: "/nous-contacter/merci" });
    expect(await countSaved()).toBe(before + 1);
    const mails = await bed.newMail();
    expect(mails.map((mail) => mail.to[0])).toEqual(["contact@nautidistrib.fr"]);
    expect(mails[0]?.subject).toBe("Message du portail — La facturation — Chantier Caradec");
  });

  it("sends a signed-in user's message tied to its account, the copy to the account's own address even when another is typed", async () => {
    const cookie = await signIn(bed, LOGINS.buyer);
    expect(answerOf(await post({ ...message, email: "victime@exemple.fr" }, "198.51.100.2", cookie)).status).toBe(303);
    const row = await bed.bo.db
      .selectFrom("contact_requests")
      .select(["user_id", "email"])
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe("victime@exemple.fr");
    expect(row.user_id).not.toBeNull();
    expect((await bed.newMail()).map((mail) => mail.to[0])).toEqual(["contact@nautidistrib.fr", LOGINS.buyer]);
  });

  it("keeps script-laden text as typed and never runs it: stored verbatim, escaped in the e-mail", async () => {
    expect(
      answerOf(await post({ ...message, name: `Hélène ${SCRIPT}`.slice(0, 100), message: `Bonjour ${SCRIPT}` }, "198.51.100.3")).status,
    ).toBe(303);
    const row = await bed.bo.db
      .selectFrom("contact_requests")
      .select(["message", "name"])
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.message).toBe(`Bonjour ${SCRIPT}`);
    const [toDistributor] = await bed.newMail();
    expect(toDistributor?.html).not.toMatch(/<script|<img/);
    expect(toDistributor?.html).toContain("&#60;script&#62;alert(&#34;xss&#34;)&#60;/script&#62;");
  });
});

describe("refusals: a French message next to the field, nothing saved or sent", () => {
  it("refuses an empty form", async () => {
    const before = await countSaved();
    const answer = answerOf<ContactRefusal>(await post({}, "198.51.100.4"));
    expect(answer.status).toBe(400);
    expect(answer.body?.errors).toEqual({
      subject: "Choisissez l'objet de votre message.",
      message: "Écrivez votre message.",
      name: "Indiquez votre nom.",
      email: "Indiquez votre adresse e-mail.",
      company: "Indiquez votre société.",
    });
    expect(await countSaved()).toBe(before);
    expect(await bed.newMail()).toEqual([]);
  });

  it("refuses oversized input, and gives back what was typed", async () => {
    const long = { ...message, message: "é".repeat(5001), company: "C".repeat(151), phone: "12" };
    const answer = answerOf<ContactRefusal>(await post(long, "198.51.100.5"));
    expect(answer.status).toBe(400);
    expect(answer.body?.errors.message).toBe("Le message ne peut pas dépasser 5000 caractères.");
    expect(answer.body?.errors.company).toBe("Le nom de la société ne peut pas dépasser 150 caractères.");
    expect(answer.body?.errors.phone).toMatch(/n'est pas valide/);
    expect(answer.body?.values.message).toBe(long.message);
    expect(await bed.newMail()).toEqual([]);
  });

  it("drops a form whose honeypot is filled, and answers as if it were sent", async () => {
    const before = await countSaved();
    const answer = answerOf(await post({ ...message, [HONEYPOT_FIELD]: "https://promo.example" }, "198.51.100.6"));
    expect(answer).toMatchObject({ status: 303, location: "/nous-contacter/merci" });
    expect(await countSaved()).toBe(before);
    expect(await bed.newMail()).toEqual([]);
  });

  it("answers the sixth message from one address within 10 minutes with a French 429 and Retry-After; another address still passes", async () => {
    const address = "198.51.100.7";
    for (let index = 0; index < 5; index++)
      expect(answerOf(await post({ ...message, email: `client${index}@exemple.fr` }, address)).status).toBe(303);
    const before = await countSaved();
    const refused = answerOf<ContactRefusal>(await post({ ...message, email: "client5@exemple.fr" }, address));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(500);
    // The route hands it on to the page's answer (Remix sends an action's headers only through `headers`).
    const sent = new Headers(
      contact.headers({
        actionHeaders: refused.headers,
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(sent.get("Retry-After")).toBe(refused.headers.get("Retry-After"));
    expect(refused.body?.message).toMatch(
      /^Trop de messages envoyés en peu de temps\. Pour la sécurité de tous, réessayez dans \d+ minutes\.$/,
    );
    expect(refused.body?.values.email).toBe("client5@exemple.fr");
    expect(await countSaved()).toBe(before);
    expect(answerOf(await post({ ...message, email: "client6@exemple.fr" }, "198.51.100.8")).status).toBe(303);
    await bed.newMail();
  });
});
