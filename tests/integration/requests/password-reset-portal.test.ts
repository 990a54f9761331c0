import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordingPublisher } from "@shared/realtime/publisher";
import type { ForgottenPasswordRefusal, ForgottenPasswordView, NewPasswordPage, NewPasswordRefusal } from "~/services/password-reset/types";
import * as forgotten from "~/routes/_public.mot-de-passe-oublie";
import * as newPassword from "~/routes/_public.nouveau-mot-de-passe";
import { LOGINS } from "../backoffice/harness";
import type { ReadMail } from "../quotes-mail/eml";
import { STRONG_PASSWORD } from "../users/fixtures";
import { HONEYPOT_FIELD, answerOf, formRequest, pageRequest, run, signIn, startRequestsBed, toastAfter, type RequestsBed } from "./harness";

/** /mot-de-passe-oublie and /nouveau-mot-de-passe: loaders and actions against the real back-office. */

let bed: RequestsBed;

beforeAll(async () => {
  bed = await startRequestsBed("password-reset-portal");
  await bed.newMail();
});
afterAll(() => bed.close());

const MINUTE = 60 * 1000;

function ask(email: string, address: string, extra: Record<string, string> = {}) {
  return run(forgotten.action, formRequest("/mot-de-passe-oublie", { email, ...extra }), bed.context(address));
}

function linkOf(mail: ReadMail | undefined): string {
  const link = /\/nouveau-mot-de-passe\?jeton=[A-Za-z0-9_-]{20,}/.exec(mail?.text ?? "")?.[0];
  if (!link) throw new Error(`no reset link in « ${mail?.subject} »`);
  return link;
}

async function linkFor(email: string, address: string): Promise<string> {
  expect(answerOf(await ask(email, address)).status).toBe(303);
  const [mail] = await bed.waitForMail(1);
  expect(mail?.to).toEqual([email]);
  return linkOf(mail);
}

function openPage(link: string, address = "10.0.0.1") {
  return run(newPassword.loader, pageRequest(link), bed.context(address));
}

function choose(link: string, nouveau: string, confirmation = nouveau, address = "10.0.0.1") {
  const token = new URL(link, "http://portail.test").searchParams.get("jeton") ?? "";
  return run(newPassword.action, formRequest(link, { jeton: token, nouveau, confirmation }), bed.context(address));
}

describe("visitors only", () => {
  it("sends a signed-in user to the home page from both pages", async () => {
    const cookie = await signIn(bed, LOGINS.client);
    for (const path of ["/mot-de-passe-oublie", "/nouveau-mot-de-passe?jeton=abc"]) {
      const loader = path.startsWith("/mot") ? forgotten.loader : newPassword.loader;
      expect(answerOf(await run(loader, pageRequest(path, cookie), bed.context()))).toMatchObject({ status: 302, location: "/" });
    }
    expect(
      answerOf(await run(forgotten.action, formRequest("/mot-de-passe-oublie", { email: LOGINS.client }, cookie), bed.context())),
    ).toMatchObject({ status: 302, location: "/" });
  });
});

describe("asking for a link", () => {
  it("answers an account and an unknown address with the very same redirect, and e-mails only the account", async () => {
    const known = answerOf(await ask(LOGINS.corsica, "10.1.0.1"));
    const unknown = answerOf(await ask("personne@nulle-part.fr", "10.1.0.2"));
    expect(known).toMatchObject({ status: 303, location: "/mot-de-passe-oublie?demande=envoyee" });
    expect({ status: unknown.status, location: unknown.location, headers: [...unknown.headers] }).toEqual({
      status: known.status,
      location: known.location,
      headers: [...known.headers],
    });
    const mails = await bed.waitForMail(1);
    expect(mails.map((mail) => mail.to[0])).toEqual([LOGINS.corsica]);
    expect(linkOf(mails[0])).toMatch(/^\/nouveau-mot-de-passe\?jeton=/);
    const view = answerOf<ForgottenPasswordView>(
      await run(forgotten.loader, pageRequest("/mot-de-passe-oublie?demande=envoyee"), bed.context()),
    ).body;
    expect(view).toEqual({ sent: true, lifetimeMinutes: 30 });
  });

  it("refuses an empty or malformed address in French, nothing sent", async () => {
    const empty = answerOf<ForgottenPasswordRefusal>(await ask("", "10.1.0.3"));
    expect(empty.status).toBe(400);
    expect(empty.body?.errors.email).toBe("Indiquez votre adresse e-mail.");
    const wrong = answerOf<ForgottenPasswordRefusal>(await ask("pas-une-adresse", "10.1.0.3"));
    expect(wrong.body?.errors.email).toBe("Adresse e-mail invalide, par exemple prenom.nom@exemple.fr.");
    expect(wrong.body?.values.email).toBe("pas-une-adresse");
    const oversized = answerOf<ForgottenPasswordRefusal>(await ask(`${"a".repeat(120)}@exemple.fr`, "10.1.0.3"));
    expect(oversized.status).toBe(400);
    expect(oversized.body?.errors.email).toBe("L'adresse e-mail est trop longue (120 caractères au plus).");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await bed.newMail()).toEqual([]);
  });

  it("drops a form whose honeypot is filled, with the same answer", async () => {
    const answer = answerOf(await ask(LOGINS.exporter, "10.1.0.4", { [HONEYPOT_FIELD]: "x" }));
    expect(answer).toMatchObject({ status: 303, location: "/mot-de-passe-oublie?demande=envoyee" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await bed.newMail()).toEqual([]);
  });

  it("limits the requests per account, whatever the address, with a French 429", async () => {
    for (let index = 0; index < 3; index++) expect(answerOf(await ask("inconnu@exemple.fr", `10.2.0.${index}`)).status).toBe(303);
    const refused = answerOf<ForgottenPasswordRefusal>(await ask("Inconnu@Exemple.fr", "10.2.0.9"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.body?.message).toMatch(
      /^Trop de demandes de nouveau mot de passe en peu de temps\. Pour la sécurité de tous, réessayez dans \d+ minutes\.$/,
    );
  });

  it("limits the requests per client address, whatever the account", async () => {
    for (let index = 0; index < 5; index++) expect(answerOf(await ask(`personne${index}@exemple.fr`, "10.3.0.1")).status).toBe(303);
    expect(answerOf(await ask("personne5@exemple.fr", "10.3.0.1")).status).toBe(429);
    expect(answerOf(await ask("personne5@exemple.fr", "10.3.0.2")).status).toBe(303);
  });
});

describe("the link of the e-mail", () => {
  it("opens the form for its login, refuses two different passwords and a weak one in French, then sets it and goes to login", async () => {
    const link = await linkFor(LOGINS.belgium, "10.4.0.1");
    const page = answerOf<NewPasswordPage>(await openPage(link));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ state: "open", email: LOGINS.belgium, minLength: 10 });
    const different = answerOf<NewPasswordRefusal>(await choose(link, STRONG_PASSWORD, `${STRONG_PASSWORD}x`));
    expect(different.status).toBe(400);
    expect(different.body?.errors).toEqual({ confirmation: "Les deux mots de passe saisis sont différents." });
    const weak = answerOf<NewPasswordRefusal>(await choose(link, "azertyuiop"));
    expect(weak.status).toBe(400);
    expect(weak.body?.errors.nouveau).toBeTruthy();
    expect(weak.body?.advice.length).toBeGreaterThan(0);
    const done = await choose(link, STRONG_PASSWORD);
    expect(answerOf(done)).toMatchObject({ status: 303, location: "/connexion" });
    expect(await toastAfter(bed, done)).toBe(
      `Mot de passe enregistré, toutes vos sessions sont fermées : connectez-vous avec ${LOGINS.belgium}.`,
    );
    // Its live connections close too, every one of them (decision 0120).
    const user = await bed.bo.db.selectFrom("users").select(["id", "org_id"]).where("login", "=", LOGINS.belgium).executeTakeFirstOrThrow();
    expect((bed.harness.services.realtime as RecordingPublisher).disconnectedUsers).toContainEqual({
      orgId: user.org_id,
      userId: user.id,
      exceptSessionKey: null,
    });
    const { action } = await import("~/routes/_public.connexion");
    const withOld = answerOf(await run(action, formRequest("/connexion", { login: LOGINS.belgium, password: "demo1234" }), bed.context()));
    expect(withOld.status).toBe(401);
    const withNew = answerOf(
      await run(action, formRequest("/connexion", { login: LOGINS.belgium, password: STRONG_PASSWORD }), bed.context()),
    );
    expect(withNew).toMatchObject({ status: 302, location: "/" });
    await bed.waitForMail(1);
  });

  it("says a used link is used, a page or a form alike (410), nothing changed", async () => {
    const link = await linkFor(LOGINS.suspension, "10.4.0.2");
    expect(answerOf(await choose(link, STRONG_PASSWORD)).status).toBe(303);
    await bed.waitForMail(1);
    const page = answerOf<NewPasswordPage>(await openPage(link));
    expect(page.status).toBe(410);
    expect(page.body).toMatchObject({ state: "dead", reason: "used" });
    const again = answerOf<NewPasswordPage>(await choose(link, "encore-un-autre-mot-de-passe-99"));
    expect(again.status).toBe(410);
  });

  it("says an expired link is expired (410)", async () => {
    const link = await linkFor(LOGINS.storekeeper, "10.4.0.3");
    bed.harness.clock.advance(31 * MINUTE);
    try {
      const page = answerOf<NewPasswordPage>(await openPage(link));
      expect(page.status).toBe(410);
      expect(page.body).toMatchObject({ state: "dead", reason: "expired", message: expect.stringMatching(/a expiré/) });
      expect(answerOf(await choose(link, STRONG_PASSWORD)).status).toBe(410);
    } finally {
      bed.harness.clock.advance(-31 * MINUTE);
    }
  });

  it("says an unknown, malformed or missing token is not valid (404)", async () => {
    for (const link of [
      `/nouveau-mot-de-passe?jeton=${"B".repeat(43)}`,
      "/nouveau-mot-de-passe?jeton=%3Cscript%3E",
      "/nouveau-mot-de-passe",
    ]) {
      const page = answerOf<NewPasswordPage>(await openPage(link));
      expect(page.status).toBe(404);
      expect(page.body).toMatchObject({ state: "dead", reason: "unknown" });
    }
  });
});
