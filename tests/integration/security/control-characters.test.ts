import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedCart, sessionResponse } from "@shared/contracts/api";
import { CONTROL_CHARACTER_FORM_MESSAGE, CONTROL_CHARACTER_MESSAGE, controlCharacterPaths } from "@shared/contracts/control-characters";
import * as connexion from "~/routes/_public.connexion";
import { cartPage, cookieFor, dataOf, flashOf, postCart } from "../cart/cart-flow";
import { LOGINS, startCartBackoffice, type CartBackoffice } from "../cart/harness";
import { callRoute, formRequest } from "../portal/harness";

/**
 * Control characters at every boundary (decision 0137): refused in French by the back-office's
 * parseInput and the portal's parseForm, nothing stored, never a 500 or a 503.
 */

let backoffice: CartBackoffice;
beforeAll(async () => {
  backoffice = await startCartBackoffice();
}, 60_000);
afterAll(() => backoffice.close());

async function api(path: string, body: unknown, token?: string) {
  const response = await fetch(`${backoffice.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: string; issues?: Array<{ path: string; message: string }> } };
}

async function token(login: string) {
  const answer = await fetch(`${backoffice.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login, password: "demo1234" }),
  });
  return sessionResponse.parse(await answer.json());
}

describe("the rule", () => {
  it("finds NUL, other C0 controls, DEL and lone surrogates; lets tab, newlines and emoji through", () => {
    expect(
      controlCharacterPaths({
        a: "ok\tok\r\nok 🚤 é",
        b: ["x", "y\u0000"],
        c: { d: "\u007f" },
        e: "\ud800x",
        f: "x\udc00",
        g: "\u001b[31m",
      }),
    ).toEqual(["b.1", "c.d", "e", "f", "g"]);
    expect(controlCharacterPaths({ "bad\u0000key": "x" })).toEqual(["bad\u0000key"]);
  });
});

describe("the back-office API", () => {
  it("a NUL in the login: 400 with a French issue, not a 500", async () => {
    const answer = await api("/auth/login", { login: "client@voilerie-atlantique.fr\u0000", password: "demo1234" });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: "login", message: CONTROL_CHARACTER_MESSAGE }]);
  });

  it("a NUL in an address field: 400, no address added", async () => {
    const session = await token(LOGINS.client);
    const count = async () =>
      (
        await backoffice.db
          .selectFrom("addresses")
          .select(({ fn }) => fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const fields = {
      adr_name: "Atelier\u0000",
      adr_line1: "2 quai des Indes",
      adr_line2: "",
      adr_zipcode: "56100",
      adr_city: "Lorient",
      adr_country: "FR",
      adr_phone: "",
    };
    const answer = await api("/crm/addresses", { ...fields, org_id: session.user.auth_org_id }, session.token);
    expect(answer.status).toBe(400);
    expect(answer.body.issues?.[0]).toEqual({ path: "adr_name", message: CONTROL_CHARACTER_MESSAGE });
    expect(Number(await count())).toBe(before);
  });

  it("a NUL in the cart's reference or comments: 400, the cart unchanged", async () => {
    const session = await token(LOGINS.client);
    const orgId = session.user.auth_org_id;
    const read = async () => {
      const answer = await fetch(`${backoffice.url}/api/oms/cart/${orgId}`, { headers: { authorization: `Bearer ${session.token}` } });
      return savedCart.parse(await answer.json());
    };
    const current = await read();
    for (const change of [{ ref: "Chantier\u0000Lorient" }, { comments: "Quai 3\u0000" }]) {
      const answer = await api(`/oms/cart/${orgId}`, { version: current.version, cart: { ...current.cart, ...change } }, session.token);
      expect(answer.status).toBe(400);
    }
    expect((await read()).version).toBe(current.version);
  });
});

describe("the portal's forms", () => {
  it("/connexion: a NUL in the login is the form again with a French message (400), not a 503", async () => {
    const result = await callRoute(
      connexion.action,
      formRequest("/connexion", { login: "client@voilerie-atlantique.fr\u0000", password: "demo1234" }),
      backoffice.context(),
    );
    const { data, status } = dataOf<{ errors: { login?: string }; login: string }>(result);
    expect(status).toBe(400);
    expect(data.errors.login).toBe(CONTROL_CHARACTER_FORM_MESSAGE);
    expect(data.login).toBe("client@voilerie-atlantique.fr");
  });

  it("/mon-panier: a NUL in the reference or the comments is refused, nothing saved nor drawn back", async () => {
    const cookie = await cookieFor(backoffice, LOGINS.client);
    await postCart(backoffice, cookie, { intent: "details", ref: "Chantier Lorient", comments: "Quai 3" });
    for (const fields of [
      { ref: "Chantier\u0000Brest", comments: "Quai 3" },
      { ref: "Chantier Lorient", comments: "Quai\u00004" },
    ]) {
      // A plain form comes back to the page (303) with the refusal as an error toast.
      const response = await postCart(backoffice, cookie, {
        intent: "details",
        ...fields,
        "was:ref": "Chantier Lorient",
        "was:comments": "Quai 3",
      });
      expect(response.status).toBe(303);
      expect(await flashOf(backoffice, response)).toEqual({ type: "error", message: CONTROL_CHARACTER_FORM_MESSAGE });
    }
    const { view } = await cartPage(backoffice, cookie);
    expect([view.ref, view.comments]).toEqual(["Chantier Lorient", "Quai 3"]);
    expect(JSON.stringify(view)).not.toContain("\u0000");
  });
});
