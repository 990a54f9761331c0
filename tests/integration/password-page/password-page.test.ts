import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordingPublisher } from "@shared/realtime/publisher";
import * as appLayout from "~/routes/_app";
import * as passwordRoute from "~/routes/_app.mon-compte.mot-de-passe";
import * as clients from "~/routes/clients";
import * as connexion from "~/routes/_public.connexion";
import { ACTING_FOR_CLIENT, PASSWORD_CHANGED } from "~/services/account-settings/password.server";
import type { PasswordRefusal } from "~/services/account-settings/types";
import { startHarness, type Harness } from "../../support/harness";
import { readMailFolder } from "../quotes-mail/eml";
import { answered } from "../invitation/harness";
import { cookieJar, formRequest, pageRequest, responseOf } from "../portal/harness";
import { logIn, sessionOf } from "../portal/session-flow";

/**
 * /mon-compte/mot-de-passe over the real back-office: the current password required, the new
 * one twice and judged with the rule in French (the person's e-mail included), the other
 * sessions ended (their next request lands on /connexion, their sockets are closed through
 * the publisher) while this one goes on, the e-mail sent; a contributor acting for a client
 * is refused in French.
 */

const BUYER = "acheteur@voilerie-atlantique.fr";
const STRONG = "goéland-marée-trinquette-47";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ mail: true, name: "password-page" });
});
afterAll(() => harness?.close());

type Args = Parameters<typeof passwordRoute.loader>[0];
const argsOf = (request: Request) => ({ request, context: harness.context(), params: {} }) as unknown as Args;
const show = async (cookie: string) =>
  answered<{ minLength: number; refusedBecause: string | null }>(
    await passwordRoute.loader(argsOf(pageRequest("/mon-compte/mot-de-passe", cookie))),
  );
const change = (cookie: string, fields: Record<string, string>) =>
  passwordRoute.action(argsOf(formRequest("/mon-compte/mot-de-passe", fields, cookie)));
const refused = async (cookie: string, fields: Record<string, string>) => answered<PasswordRefusal>(await change(cookie, fields));

/** Where the login form sends the person: its landing page, or null when refused. */
async function landing(login: string, password: string): Promise<string | null> {
  const answer = await connexion.action({
    request: formRequest("/connexion", { login, password }),
    context: harness.context(),
    params: {},
  });
  return answer instanceof Response ? answer.headers.get("location") : null;
}

/** The default layout's answer to a page of this browser: its data, or where it was sent. */
async function nextPage(cookie: string): Promise<{ location: string | null; cookie: string }> {
  try {
    await appLayout.loader({ request: pageRequest("/mon-compte", cookie), context: harness.context(), params: {} });
    return { location: null, cookie };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { location: thrown.headers.get("location"), cookie: cookieJar(cookie, thrown) };
  }
}

describe("refusals", () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await logIn(harness, BUYER));
  });

  it("shows the form with the rule to anyone signed in for itself", async () => {
    expect(await show(cookie)).toEqual({ status: 200, body: { minLength: 10, refusedBecause: null } });
  });

  it("refuses a wrong current password on that field, in French; nothing changes", async () => {
    const wrong = await refused(cookie, { actuel: "pas-le-bon-mot-de-passe", nouveau: STRONG, confirmation: STRONG });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ actuel: "Le mot de passe actuel est incorrect." });
    expect(await landing(BUYER, "demo1234")).toBe("/");
    expect(await landing(BUYER, STRONG)).toBeNull();
  });

  it("refuses a weak new password with the French reasons next to the field and advice under it", async () => {
    const weak = await refused(cookie, { actuel: "demo1234", nouveau: "azertyuiop", confirmation: "azertyuiop" });
    // Judged by the back-office once the current password is checked (decision 0162).
    expect(weak.status).toBe(422);
    expect(weak.body.message).toBe("Ce mot de passe est trop faible.");
    expect(weak.body.errors.nouveau).toMatch(/[a-zé]/);
    expect(weak.body.errors.actuel).toBeUndefined();

    // A word of the person's e-mail (its login, which the session does not carry) is refused as the back-office does.
    const personal = await refused(cookie, {
      actuel: "demo1234",
      nouveau: "Acheteur-goeland-maree-47",
      confirmation: "Acheteur-goeland-maree-47",
    });
    expect(personal.body.errors.nouveau).toBe(
      "Le mot de passe ne doit contenir ni votre nom, ni votre adresse e-mail, ni le nom de votre organisation.",
    );
    expect(await landing(BUYER, "demo1234")).toBe("/");
  });

  it("refuses two different new passwords, the same as the current one, and empty fields", async () => {
    expect((await refused(cookie, { actuel: "demo1234", nouveau: STRONG, confirmation: `${STRONG}?` })).body.errors).toEqual({
      confirmation: "Les deux mots de passe saisis sont différents.",
    });
    expect((await refused(cookie, { actuel: "demo1234", nouveau: "demo1234", confirmation: "demo1234" })).body.errors).toEqual({
      nouveau: "Le nouveau mot de passe doit être différent de l'actuel.",
    });
    const empty = await refused(cookie, { actuel: "", nouveau: "", confirmation: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      actuel: "Indiquez votre mot de passe actuel.",
      nouveau: "Choisissez un nouveau mot de passe.",
      confirmation: "Confirmez le nouveau mot de passe.",
    });
    expect(await landing(BUYER, "demo1234")).toBe("/");
  });
});

describe("the rate limit per account", () => {
  it("after 10 attempts in 15 minutes refuses the next in French, even with the right password, and changes nothing", async () => {
    const login = "magasinier@voilerie-atlantique.fr";
    const { cookie } = await logIn(harness, login);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await refused(cookie, { actuel: "pas-le-bon-mot-de-passe", nouveau: STRONG, confirmation: STRONG })).status).toBe(422);
    }
    // Another browser of the same account is counted with the first.
    const other = await logIn(harness, login);
    const answer = (await change(other.cookie, { actuel: "demo1234", nouveau: STRONG, confirmation: STRONG })) as unknown as {
      data: PasswordRefusal;
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(429);
    expect(Number(new Headers(answer.init.headers).get("retry-after"))).toBeGreaterThan(60);
    const body = answer.data;
    expect(body.message).toMatch(
      /^Trop de tentatives de changement de mot de passe en peu de temps\. Pour la sécurité de tous, réessayez dans 1[45] minutes\.$/,
    );
    expect(body.errors).toEqual({});
    expect(await landing(login, "demo1234")).toBe("/");
    expect(await landing(login, STRONG)).toBeNull();
  });
});

describe("a contributor", () => {
  it("acting for a client is refused in French, page and form, and the client's password is untouched", async () => {
    let { cookie } = await logIn(harness, "commercial@nautidistrib.fr");
    // On its own account, the page is its own.
    expect((await show(cookie)).body.refusedBecause).toBeNull();
    const list = (await clients.loader({ request: pageRequest("/clients?q=C0001", cookie), context: harness.context(), params: {} })) as {
      clients: { obj_id: number }[];
    };
    const switched = await responseOf(() =>
      clients.action({
        request: formRequest("/clients", { intent: "login-as", slave_id: String(list.clients[0]!.obj_id) }, cookie),
        context: harness.context(),
        params: {},
      }),
    );
    cookie = cookieJar(cookie, switched);

    expect(await show(cookie)).toEqual({ status: 403, body: { minLength: 10, refusedBecause: ACTING_FOR_CLIENT } });
    const attempt = await refused(cookie, { actuel: "demo1234", nouveau: STRONG, confirmation: STRONG });
    expect(attempt).toEqual({ status: 403, body: { ok: false, message: ACTING_FOR_CLIENT, errors: {}, advice: [] } });
    expect(await landing("client@voilerie-atlantique.fr", "demo1234")).toBe("/");
    expect(await landing("commercial@nautidistrib.fr", "demo1234")).toBe("/clients");
  });
});

describe("a change", () => {
  it("keeps this session, ends the others (their next request lands on /connexion) and their sockets, and tells by e-mail", async () => {
    const here = await logIn(harness, BUYER);
    const elsewhere = await logIn(harness, BUYER);
    const hereSession = await sessionOf(harness, here.cookie);
    expect((await nextPage(elsewhere.cookie)).location).toBeNull();
    const mailsBefore = (await readMailFolder(harness.mailDir ?? "")).length;

    const response = await responseOf(() => change(here.cookie, { actuel: "demo1234", nouveau: STRONG, confirmation: STRONG }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/mon-compte/mot-de-passe");
    const { toast } = await harness.context().toasts.take(pageRequest("/mon-compte/mot-de-passe", cookieJar(here.cookie, response)));
    expect(toast).toEqual({ type: "success", message: PASSWORD_CHANGED });

    // The other browser: its next page sends it to /connexion with its cookie cleared and a word why.
    const ended = await nextPage(elsewhere.cookie);
    expect(ended.location).toBe(`/connexion?redirectTo=${encodeURIComponent("/mon-compte")}`);
    expect(ended.cookie).not.toContain("portail_session=");
    const { toast: why } = await harness.context().toasts.take(pageRequest("/connexion", ended.cookie));
    expect(why?.message).toBe("Votre session a pris fin. Reconnectez-vous.");
    // Its forms too: a POST from it is a clean logout, not an error page.
    const post = await responseOf(() => change(elsewhere.cookie, { actuel: STRONG, nouveau: `${STRONG}-2`, confirmation: `${STRONG}-2` }));
    expect(post.headers.get("location")).toMatch(/^\/connexion/);

    // This browser goes on; its live connections stay, every other of the account closes.
    expect((await nextPage(here.cookie)).location).toBeNull();
    const realtime = harness.services.realtime as RecordingPublisher;
    expect(realtime.disconnectedUsers.at(-1)).toEqual({
      orgId: hereSession!.user.auth_org_id,
      userId: hereSession!.user.obj_id,
      exceptSessionKey: hereSession!.sid,
    });

    expect(await landing(BUYER, STRONG)).toBe("/");
    expect(await landing(BUYER, "demo1234")).toBeNull();
    const mails = (await readMailFolder(harness.mailDir ?? "")).slice(mailsBefore);
    expect(mails.filter((mail) => mail.to.some((to) => to.includes(BUYER))).map((mail) => mail.subject)).toEqual([
      "Votre mot de passe a été modifié",
    ]);
  });
});
