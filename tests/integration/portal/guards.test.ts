import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardRequest, ruleForPath } from "~/services/guards.server";
import { pageRequest, responseOf, startBackoffice, type Backoffice } from "./harness";
import { logIn } from "./session-flow";

let backoffice: Backoffice;
let memberCookie: string;
beforeAll(async () => {
  backoffice = await startBackoffice();
  memberCookie = (await logIn(backoffice, "client@voilerie-atlantique.fr")).cookie;
});
afterAll(() => backoffice.close());

const guard = (path: string, cookie = "") => guardRequest({ request: pageRequest(path, cookie), context: backoffice.context() });

describe("the path rules of docs/specification.md §2", () => {
  it.each([
    ["/api/auth/me", "open"],
    ["/api/oms/cart/1", "open"],
    ["/nous-contacter", "open"],
    ["/nous-contacter/merci", "open"],
    ["/connexion", "guests-only"],
    ["/demande-ouverture-compte", "guests-only"],
    ["/mot-de-passe-oublie", "guests-only"],
    ["/nouveau-mot-de-passe", "guests-only"],
    ["/", "members-only"],
    ["/clients", "members-only"],
    // Open on purpose, against the spec (decision 0187).
    ["/mentions-legales", "open"],
    ["/politique-de-confidentialite", "open"],
    ["/mentions-legales-bis", "members-only"],
    ["/catalogue/marques", "members-only"],
    ["/api", "members-only"],
    ["/connexions", "members-only"],
  ])("%s is %s", (path, rule) => {
    expect(ruleForPath(path)).toBe(rule);
  });
});

describe("guardRequest", () => {
  it("lets /api/ and /nous-contacter through with or without a session", async () => {
    await expect(guard("/api/pim/brands")).resolves.toBeNull();
    await expect(guard("/nous-contacter")).resolves.toBeNull();
    const active = await guard("/nous-contacter", memberCookie);
    expect(active?.session.user.obj_class).toBe("organization");
  });

  it.each(["/connexion", "/demande-ouverture-compte", "/mot-de-passe-oublie", "/nouveau-mot-de-passe"])(
    "sends an authenticated user from %s to /",
    async (path) => {
      const response = await responseOf(() => guard(path, memberCookie));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
      await expect(guard(path)).resolves.toBeNull();
    },
  );

  it("sends an anonymous user to /connexion, remembering the page asked for", async () => {
    const home = await responseOf(() => guard("/"));
    expect(home.headers.get("location")).toBe("/connexion");
    const deep = await responseOf(() => guard("/mon-compte/commandes?page=2"));
    expect(deep.headers.get("location")).toBe(`/connexion?redirectTo=${encodeURIComponent("/mon-compte/commandes?page=2")}`);
  });

  it("lets an authenticated user through to the other pages", async () => {
    const active = await guard("/actualites", memberCookie);
    expect(active?.session.user.obj_name).toBe("Voilerie Atlantique");
  });

  it("refuses a session cookie edited by hand", async () => {
    const [name, value = ""] =
      memberCookie
        .split("; ")
        .find((pair) => pair.startsWith("portail_session="))
        ?.split("=") ?? [];
    const tampered = `${name}=${value.slice(0, 10)}${value[10] === "A" ? "B" : "A"}${value.slice(11)}`;
    const response = await responseOf(() => guard("/", tampered));
    expect(response.headers.get("location")).toBe("/connexion");
  });
});
