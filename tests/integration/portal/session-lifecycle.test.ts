import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "~/routes/_app";
import * as logout from "~/routes/deconnexion";
import { callRoute, cookieJar, formRequest, pageRequest, responseOf, startBackoffice, type Backoffice } from "./harness";
import { logIn, sessionOf } from "./session-flow";

let backoffice: Backoffice;
beforeAll(async () => {
  backoffice = await startBackoffice();
});
afterAll(() => backoffice.close());

describe("logout", () => {
  it("revokes the token, clears user and master, and goes to /connexion", async () => {
    const { cookie } = await logIn(backoffice, "acheteur@voilerie-atlantique.fr");
    const response = await responseOf(() => callRoute(logout.action, formRequest("/deconnexion", {}, cookie), backoffice.context()));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/connexion");
    expect(await sessionOf(backoffice, cookieJar(cookie, response))).toBeNull();

    // The old cookie replayed: still signed, but the back-office no longer knows its token.
    const replay = await responseOf(() => callRoute(appLayout.loader, pageRequest("/", cookie), backoffice.context()));
    expect(replay.headers.get("location")).toBe("/connexion");
    expect(replay.headers.getSetCookie().some((value) => /portail_session=;/.test(value))).toBe(true);
  });

  it("does not log out on GET: it only shows a confirmation", async () => {
    const { cookie } = await logIn(backoffice, "client@voilerie-atlantique.fr");
    expect(await callRoute(logout.loader, pageRequest("/deconnexion", cookie), backoffice.context())).toBeNull();
    expect(await sessionOf(backoffice, cookie)).not.toBeNull();
  });
});

describe("default layout", () => {
  it("names a person's organization, not the reference", async () => {
    const { cookie } = await logIn(backoffice, "acheteur@voilerie-atlantique.fr");
    const layout = await callRoute(appLayout.loader, pageRequest("/", cookie), backoffice.context());
    expect(layout).toMatchObject({ organizationName: "Voilerie Atlantique" });
  });
});

describe("expiry", () => {
  it("accepts a session only while auth_expiry is in the future", async () => {
    const { cookie } = await logIn(backoffice, "client@voilerie-atlantique.fr");
    const session = await sessionOf(backoffice, cookie);
    const expiry = Date.parse(session?.user.auth_expiry ?? "");
    const layout = await callRoute(appLayout.loader, pageRequest("/", cookie), backoffice.context());
    expect(layout).toMatchObject({ organizationName: "Voilerie Atlantique" });

    backoffice.clock.advance(expiry - Date.now() + 1000);
    const response = await responseOf(() => callRoute(appLayout.loader, pageRequest("/mon-panier", cookie), backoffice.context()));
    expect(response.headers.get("location")).toBe(`/connexion?redirectTo=${encodeURIComponent("/mon-panier")}`);
    const cleared = cookieJar(cookie, response);
    expect(cleared).not.toContain("portail_session=");
    expect(cleared).toContain("portail_toast=");
  });
});
