import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as publicLayout from "~/routes/_public";
import * as connexion from "~/routes/_public.connexion";
import * as invitationRoute from "~/routes/_public.invitation.$token";
import type { InvitationPage, InvitationRefusal } from "~/services/invitation/types";
import { INVITATION_LIFETIME_MS } from "../../../server/backoffice/users/invitations";
import { cookieJar, formRequest, pageRequest, responseOf, thrownStatus } from "../portal/harness";
import { logIn } from "../portal/session-flow";
import { answered, startInvitationBed, type InvitationBed } from "./harness";

/**
 * /invitation/:token over the real back-office: whom the link is for, the password chosen
 * twice and judged with the back-office's rule in French, then the login page; used, expired
 * and unknown links each a French page with the back-office's status; nothing changed by a
 * refusal. The page is public, and shown to a browser signed in as someone else too.
 */

const STRONG = "goéland-marée-trinquette-47";

let bed: InvitationBed;
beforeAll(async () => {
  bed = await startInvitationBed("invitation-page");
});
afterAll(() => bed?.close());

type Args = Parameters<typeof invitationRoute.loader>[0];
const argsOf = (request: Request, token: string) => ({ request, context: bed.context(), params: { token } }) as unknown as Args;

async function show(token: string, cookie = "") {
  return answered<InvitationPage>(await invitationRoute.loader(argsOf(pageRequest(`/invitation/${token}`, cookie), token)));
}
function submit(token: string, fields: Record<string, string>, cookie = "") {
  return invitationRoute.action(argsOf(formRequest(`/invitation/${token}`, fields, cookie), token));
}
async function refused(token: string, fields: Record<string, string>) {
  return answered<InvitationRefusal | InvitationPage>(await submit(token, fields));
}

const passwordHashOf = async (email: string) =>
  (await bed.harness.db.selectFrom("users").select("password_hash").where("login", "=", email).executeTakeFirstOrThrow()).password_hash;

/** Where the login form sends the person: its landing page, or null when refused (the form drawn again). */
const loginStatus = async (email: string, password: string) => {
  const answer = await connexion.action({
    request: formRequest("/connexion", { login: email, password }),
    context: bed.context(),
    params: {},
  });
  return answer instanceof Response ? answer.headers.get("location") : null;
};

describe("a link that can be used", () => {
  it("says whom it is for, to a visitor, through the public layout", async () => {
    const token = await bed.invite("lena.morvan@voilerie-atlantique.fr", "Lena Morvan");
    const request = pageRequest(`/invitation/${token}`);
    // The public layout lets a visitor without a session through (no redirect to /connexion).
    expect(await publicLayout.loader({ request, context: bed.context(), params: {} })).toBeNull();
    const { status, body } = await show(token);
    expect(status).toBe(200);
    expect(body).toEqual({
      state: "open",
      name: "Lena Morvan",
      email: "lena.morvan@voilerie-atlantique.fr",
      orgName: "Voilerie Atlantique",
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      minLength: 10,
      signedInAs: null,
    });
    expect(invitationRoute.headers({} as never)).toMatchObject({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });
  });

  it("is shown to a browser signed in as someone else, who is told the link is not theirs", async () => {
    const token = await bed.invite("erwan.le-gall@voilerie-atlantique.fr", "Erwan Le Gall");
    const { cookie } = await logIn(bed, "acheteur@voilerie-atlantique.fr");
    expect(
      await publicLayout.loader({ request: pageRequest(`/invitation/${token}`, cookie), context: bed.context(), params: {} }),
    ).toBeNull();
    const { status, body } = await show(token, cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: "open", email: "erwan.le-gall@voilerie-atlantique.fr", signedInAs: expect.stringMatching(/\S/) });

    // Once the password is chosen, that browser is offered to log out rather than sent home.
    const done = await responseOf(() => submit(token, { nouveau: STRONG, confirmation: STRONG }, cookie));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/deconnexion");
  });
});

describe("choosing the password", () => {
  let token: string;
  const email = "maelle.kerbrat@voilerie-atlantique.fr";
  beforeAll(async () => {
    token = await bed.invite(email, "Maëlle Kerbrat");
  });

  it("refuses a weak password with the French reasons next to the field; nothing changes, the link still works", async () => {
    const weak = await refused(token, { nouveau: "azertyuiop", confirmation: "azertyuiop" });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ state: "refused", message: "Ce mot de passe est trop faible." });
    const reasons = weak.body as InvitationRefusal;
    expect(reasons.errors.nouveau).toMatch(/[a-zéèàç]/);
    expect(reasons.errors.nouveau).not.toBe("Ce mot de passe est trop faible.");

    // The person's own name is refused, accents and case aside, as the back-office does.
    const personal = await refused(token, { nouveau: "MAELLE-kerbrat-goeland-47", confirmation: "MAELLE-kerbrat-goeland-47" });
    expect((personal.body as InvitationRefusal).errors.nouveau).toBe(
      "Le mot de passe ne doit contenir ni votre nom, ni votre adresse e-mail, ni le nom de votre organisation.",
    );
    const short = await refused(token, { nouveau: "court", confirmation: "court" });
    expect((short.body as InvitationRefusal).errors.nouveau).toBe("Le mot de passe doit contenir au moins 10 caractères.");

    expect(await passwordHashOf(email)).toBe("");
    expect((await show(token)).body).toMatchObject({ state: "open", email });
  });

  it("refuses two different passwords and empty fields in French, next to the field", async () => {
    const mismatch = await refused(token, { nouveau: STRONG, confirmation: `${STRONG}!` });
    expect(mismatch.status).toBe(400);
    expect((mismatch.body as InvitationRefusal).errors).toEqual({ confirmation: "Les deux mots de passe saisis sont différents." });
    const empty = await refused(token, { nouveau: "", confirmation: "" });
    expect((empty.body as InvitationRefusal).errors).toEqual({
      nouveau: "Choisissez un mot de passe.",
      confirmation: "Confirmez le mot de passe.",
    });
    const missing = await refused(token, {});
    expect((missing.body as InvitationRefusal).errors.nouveau).toBe("Choisissez un mot de passe.");
    expect(await passwordHashOf(email)).toBe("");
  });

  it("saves a strong password, goes to the login page with a toast, and the person logs in with it", async () => {
    const response = await responseOf(() => submit(token, { nouveau: STRONG, confirmation: STRONG }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/connexion");
    const { toast } = await bed.context().toasts.take(pageRequest("/connexion", cookieJar("", response)));
    expect(toast).toEqual({ type: "success", message: `Mot de passe enregistré : connectez-vous avec ${email}` });

    expect(await loginStatus(email, STRONG)).toBe("/");
    expect(await loginStatus(email, "demo1234")).toBeNull();
  });

  it("then answers the used link with a French page (410), and changes nothing on a second try", async () => {
    const again = await show(token);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ state: "dead", reason: "used", message: expect.stringMatching(/déjà servi/) });

    const other = "une-autre-phrase-de-passe-hérons";
    const replay = await refused(token, { nouveau: other, confirmation: other });
    expect(replay.status).toBe(410);
    expect(replay.body).toMatchObject({ state: "dead", reason: "used" });
    expect(await loginStatus(email, STRONG)).toBe("/");
    expect(await loginStatus(email, other)).toBeNull();
  });
});

describe("a link that cannot be used", () => {
  it("is unknown (404) when never issued, malformed, or replaced by a re-sent one", async () => {
    const never = await show("A".repeat(43));
    expect(never.status).toBe(404);
    expect(never.body).toEqual({ state: "dead", reason: "unknown", message: expect.stringMatching(/n'est pas valable/) });
    expect((await show("pas un jeton !")).status).toBe(404);
    expect((await refused("A".repeat(43), { nouveau: STRONG, confirmation: STRONG })).status).toBe(404);
  });

  it("has expired (410) after seven days: a French page, the password stays unset", async () => {
    const email = "yann.riou@voilerie-atlantique.fr";
    const token = await bed.invite(email, "Yann Riou");
    const now = bed.harness.clock.now();
    bed.harness.clock.advance(INVITATION_LIFETIME_MS + 60_000);
    try {
      const expired = await show(token);
      expect(expired.status).toBe(410);
      expect(expired.body).toEqual({ state: "dead", reason: "expired", message: expect.stringMatching(/expiré/) });
      const attempt = await refused(token, { nouveau: STRONG, confirmation: STRONG });
      expect(attempt.status).toBe(410);
      expect(attempt.body).toMatchObject({ state: "dead", reason: "expired" });
      expect(await passwordHashOf(email)).toBe("");
    } finally {
      bed.harness.clock.set(now);
    }
  });

  it("is not called dead when the back-office cannot answer: the French 503 page, the link kept", async () => {
    const token = await bed.invite("gwen.tanguy@voilerie-atlantique.fr", "Gwen Tanguy");
    bed.invitationsDown(true);
    try {
      expect(await thrownStatus(() => show(token))).toBe(503);
      expect(await thrownStatus(() => submit(token, { nouveau: STRONG, confirmation: STRONG }))).toBe(503);
    } finally {
      bed.invitationsDown(false);
    }
    expect((await show(token)).body).toMatchObject({ state: "open" });
  });
});
