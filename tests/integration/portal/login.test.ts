import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as connexion from "~/routes/_public.connexion";
import { callRoute, cookieJar, formRequest, pageRequest, responseOf, startBackoffice, type Backoffice } from "./harness";
import { logIn, sessionOf } from "./session-flow";

let backoffice: Backoffice;
beforeAll(async () => {
  backoffice = await startBackoffice();
});
afterAll(() => backoffice.close());

interface LoginActionData {
  data: { errors: { login?: string; password?: string; form?: string }; login: string };
  init: { status: number };
}

async function refusedLogin(fields: Record<string, string>): Promise<LoginActionData> {
  const result = await callRoute(connexion.action, formRequest("/connexion", fields), backoffice.context());
  expect(result).not.toBeInstanceOf(Response);
  return result as LoginActionData;
}

describe("login action", () => {
  it("logs a people account in, lands on / and keeps user and master apart", async () => {
    const { cookie, location, response } = await logIn(backoffice, "acheteur@voilerie-atlantique.fr");
    expect(response.status).toBe(302);
    expect(location).toBe("/");
    const session = await sessionOf(backoffice, cookie);
    expect(session?.user.obj_class).toBe("people");
    expect(session?.master).toBeNull();
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("portail_session="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
  });

  it("never puts the back-office token in clear in the cookie", async () => {
    const { cookie } = await logIn(backoffice, "client@voilerie-atlantique.fr");
    const session = await sessionOf(backoffice, cookie);
    expect(session?.token.length).toBeGreaterThanOrEqual(32);
    const decoded = decodeURIComponent(cookie);
    expect(decoded).not.toContain(session?.token ?? "missing");
    expect(Buffer.from(decoded.split("=")[1]?.split(".")[0] ?? "", "base64").toString()).not.toContain(session?.token ?? "missing");
  });

  it("lands a contributor on /clients, whatever page was asked for", async () => {
    const { location } = await logIn(backoffice, "commercial@nautidistrib.fr", { redirectTo: "/mon-compte" });
    expect(location).toBe("/clients");
  });

  it("goes back to the page asked for when it is a path of this site", async () => {
    expect((await logIn(backoffice, "client@voilerie-atlantique.fr", { redirectTo: "/mon-compte?onglet=1" })).location).toBe(
      "/mon-compte?onglet=1",
    );
    for (const foreign of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      expect((await logIn(backoffice, "client@voilerie-atlantique.fr", { redirectTo: foreign })).location).toBe("/");
    }
  });

  it("answers a wrong password with one French message and no session", async () => {
    const result = await refusedLogin({ login: "client@voilerie-atlantique.fr", password: "mauvais" });
    expect(result.init.status).toBe(401);
    expect(result.data.errors.form).toBe("Identifiant ou mot de passe incorrect.");
    expect(result.data.login).toBe("client@voilerie-atlantique.fr");
    const unknown = await refusedLogin({ login: "personne@example.fr", password: "mauvais" });
    expect(unknown.data.errors.form).toBe(result.data.errors.form);
  });

  it("answers empty fields with French field errors, without calling the back-office", async () => {
    const result = await refusedLogin({ login: "  ", password: "" });
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual({ login: "Saisissez votre identifiant.", password: "Saisissez votre mot de passe." });
  });

  it("starts a new session at every login, ignoring a cookie planted before it", async () => {
    const first = await logIn(backoffice, "client@voilerie-atlantique.fr");
    const before = await sessionOf(backoffice, first.cookie);
    const planted = formRequest(
      "/connexion",
      { login: "client@voilerie-atlantique.fr", password: "demo1234" },
      "portail_session=eyJzaWQiOiJhdHRhY2tlciJ9.forged",
    );
    const response = await responseOf(() => callRoute(connexion.action, planted, backoffice.context()));
    const after = await sessionOf(backoffice, cookieJar("", response));
    expect(after?.user.obj_ref).toBe(before?.user.obj_ref);
    expect(after?.sid).not.toBe(before?.sid);
    expect(after?.sid).not.toBe("attacker");
    expect(after?.token).not.toBe(before?.token);
  });

  it("sends an authenticated user away from /connexion", async () => {
    const { cookie } = await logIn(backoffice, "client@voilerie-atlantique.fr");
    const response = await responseOf(() => callRoute(connexion.loader, pageRequest("/connexion", cookie), backoffice.context()));
    expect(response.headers.get("location")).toBe("/");
  });
});
