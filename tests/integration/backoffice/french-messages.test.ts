import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, SessionResponse } from "@shared/contracts/api";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

/** zod's own English wording ("Invalid input: expected string, received undefined"…). */
const ENGLISH = /\b(invalid|expected|received|too big|too small|unrecognized|required)\b/i;

describe.each(ENGINES)("back-office refusals in French on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let orgId: number;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
    orgId = client.user.auth_org_id;
  });
  afterAll(async () => {
    await bo.close();
  });

  const expectFrench = (answer: { status: number; body: ApiError }, what: string) => {
    expect(answer.status, what).toBe(400);
    expect(answer.body.code, what).toBe("invalid_request");
    expect(answer.body.message, what).toBe("La requête est invalide.");
    const issues = answer.body.issues ?? [];
    expect(issues.length, what).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.message, `${what}: ${issue.path}`).not.toMatch(ENGLISH);
    expect(JSON.stringify(answer.body), what).not.toMatch(ENGLISH);
    return issues;
  };

  it("answers a cart save with wrong types in French, field by field", async () => {
    const body = {
      version: "3",
      cart: { ref: 12, saturday: "oui", products: [{ obj_id: "GIL-100", qty: -2, line_id: null }] },
      admin: true,
    };
    const issues = expectFrench(await call<ApiError>(bo, `/oms/cart/${orgId}`, { token: client.token, body }), "cart save");
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "version", message: "Entrée invalide : nombre attendu, chaîne de caractères reçu" },
        { path: "cart.products.0.obj_id", message: "Entrée invalide : nombre attendu, chaîne de caractères reçu" },
        { path: "cart.products.0.qty", message: "Trop petit : nombre doit être >=0" },
        { path: "", message: 'Clé non reconnue : "admin"' },
      ]),
    );
  });

  it("answers malformed queries and other bodies in French", async () => {
    const cases: [string, Parameters<typeof call>[2]][] = [
      ["/auth/login", { body: { login: ["x"] } }],
      [`/crm/addresses`, { token: client.token, body: { org_id: "moi", adr_name: "", adr_country: 33 } }],
      ["/crm/addresses?org_id=abc", { token: client.token }],
      ["/pim/products?usr_id=x&sort=prix&per_page=1000", { token: client.token }],
      ["/wms/stocks?ids=1,a", { token: client.token }],
      [`/oms/cart/${orgId}/confirm?usr_id=0`, { token: client.token, body: { version: -1 } }],
    ];
    for (const [path, options] of cases) expectFrench(await call<ApiError>(bo, path, options), path);
    // A message the contract writes itself stays as it is.
    const answer = await call<ApiError>(bo, "/pim/products/1?usr_id=x&by=id", { token: client.token });
    expect(expectFrench(answer, "by=id")).toEqual([
      { path: "usr_id", message: "Entrée invalide : nombre attendu, NaN reçu" },
      { path: "by", message: "Le paramètre by n'accepte que « ref »." },
    ]);
  });
});
