import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientListResponse, meResponse, sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

describe.each(ENGINES)("back-office auth on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("logs an organization in and tells who it is", async () => {
    const session = sessionResponse.parse(await login(bo, `  ${LOGINS.client.toUpperCase()} `));
    expect(session.user).toMatchObject({ obj_ref: "C0001", obj_class: "organization", adr_zipcode: "29200", adr_country: "FR" });
    expect(session.user.obj_id).toBe(session.user.auth_org_id);
    expect(session.master).toBeNull();
    const me = await call(bo, "/auth/me", { token: session.token });
    expect(me.status).toBe(200);
    expect(meResponse.parse(me.body).user.obj_id).toBe(session.user.obj_id);
  });

  it("shows people flags and the accounting category", async () => {
    const storekeeper = await login(bo, LOGINS.storekeeper);
    expect(storekeeper.user.obj_class).toBe("people");
    expect(storekeeper.user.obj_properties.auth).toMatchObject({ cart: true, orders: false, prices: false });
    const suspension = await login(bo, LOGINS.suspension);
    expect(suspension.user.obj_properties.N_CatCompta).toBe("Ventes en suspension de taxe");
  });

  it("refuses a wrong password and an unknown login alike", async () => {
    const wrong = await call(bo, "/auth/login", { body: { login: LOGINS.client, password: "nope" } });
    const unknown = await call(bo, "/auth/login", { body: { login: "personne@example.fr", password: "demo1234" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: "invalid_credentials" });
  });

  it("refuses malformed JSON, wrong types and unknown fields with French messages", async () => {
    const malformed = await call(bo, "/auth/login", { rawBody: '{"login": ' });
    expect(malformed).toMatchObject({
      status: 400,
      body: { code: "invalid_json", message: "Le corps de la requête n'est pas un JSON valide." },
    });
    const wrongType = await call(bo, "/auth/login", { body: { login: 42, password: "x" } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: "invalid_request", message: "La requête est invalide." });
    expect((wrongType.body as { issues: { path: string; message: string }[] }).issues[0]).toMatchObject({
      path: "login",
      message: expect.stringMatching(/^Entrée invalide/),
    });
    const extra = await call(bo, "/auth/login", { body: { login: LOGINS.client, password: "demo1234", admin: true } });
    expect(extra.status).toBe(400);
  });

  it("refuses calls without a token, with a bad one, or after expiry", async () => {
    expect((await call(bo, "/auth/me")).status).toBe(401);
    expect((await call(bo, "/oms/products/port")).body).toMatchObject({ code: "unauthorized" });
    expect((await call(bo, "/auth/me", { token: "x".repeat(43) })).status).toBe(401);
    const session = await login(bo, LOGINS.belgium);
    bo.setNow(new Date(Date.parse(session.user.auth_expiry) + 1000));
    try {
      expect((await call(bo, "/auth/me", { token: session.token })).status).toBe(401);
    } finally {
      bo.setNow(new Date("2026-11-20T10:00:00+01:00"));
    }
  });

  it("reads the bearer scheme in any case (RFC 9110), and still refuses a malformed header", async () => {
    const session = await login(bo, LOGINS.client);
    const me = (authorization: string) => fetch(`${bo.baseUrl}/auth/me`, { headers: { authorization } });
    for (const scheme of ["bearer", "BEARER", "bEaReR"]) {
      const answer = await me(`${scheme} ${session.token}`);
      expect(answer.status, scheme).toBe(200);
      expect(meResponse.parse(await answer.json()).user.obj_id).toBe(session.user.obj_id);
    }
    for (const header of [
      "bearer",
      `bearer${session.token}`,
      `Basic ${session.token}`,
      session.token,
      `bearer ${session.token} x`,
      `bearer ${session.token.slice(0, 10)}`,
    ]) {
      const answer = await me(header);
      expect(answer.status, header).toBe(401);
      expect(await answer.json()).toMatchObject({ code: "unauthorized" });
    }
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const session = await login(bo, LOGINS.client);
    expect(await call(bo, "/oms/nothing-here", { token: session.token })).toMatchObject({ status: 404, body: { code: "not_found" } });
  });

  it("answers a malformed %-escape in a path with a 400, not an internal error", async () => {
    const session = await login(bo, LOGINS.client);
    for (const path of ["/pim/products/%E0%A4%A", `/oms/cart/%ZZ`, "/wms/stocks/%"]) {
      expect(await call(bo, path, { token: session.token }), path).toMatchObject({ status: 400, body: { code: "invalid_path" } });
    }
  });

  it("logout revokes the token", async () => {
    const session = await login(bo, LOGINS.corsica);
    const other = await call(bo, "/auth/logout", { token: session.token, body: { usr_id: 999999 } });
    expect(other.status).toBe(404);
    expect((await call(bo, "/auth/logout", { token: session.token, body: { usr_id: session.user.obj_id } })).status).toBe(204);
    expect((await call(bo, "/auth/me", { token: session.token })).status).toBe(401);
  });

  describe("contributors", () => {
    let sales: SessionResponse;
    beforeAll(async () => {
      sales = await login(bo, LOGINS.sales);
    });

    it("lists and searches the linked clients only", async () => {
      const all = clientListResponse.parse((await call(bo, "/auth/clients", { token: sales.token })).body);
      expect(all.map((client) => client.obj_ref)).toEqual(expect.arrayContaining(["C0001", "C0002", "C0003", "C0004", "C0005", "C0900"]));
      expect(all.length).toBeGreaterThanOrEqual(10);
      const byCity = clientListResponse.parse((await call(bo, "/auth/clients?q=ajaccio", { token: sales.token })).body);
      expect(byCity.map((client) => client.obj_ref)).toEqual(["C0005"]);
      const byZip = clientListResponse.parse((await call(bo, "/auth/clients?q=29200", { token: sales.token })).body);
      expect(byZip.map((client) => client.obj_ref)).toEqual(["C0001"]);
      const client = await login(bo, LOGINS.client);
      expect((await call(bo, "/auth/clients", { token: client.token })).status).toBe(403);
    });

    it("searches the clients by city, accents and case ignored", async () => {
      const refsFor = async (q: string) =>
        clientListResponse
          .parse((await call(bo, `/auth/clients?q=${encodeURIComponent(q)}`, { token: sales.token })).body)
          .map((client) => client.obj_ref);
      // Neither name holds its city: Voilerie Atlantique is in Brest, Chantier Naval du Port in Lorient.
      expect(await refsFor("brest")).toEqual(["C0001"]);
      expect(await refsFor(" LORIENT ")).toEqual(["C0002"]);
      expect(await refsFor("Brèst")).toEqual(["C0001"]);
      expect(await refsFor("fort-de")).toEqual(["C0003"]);
    });

    it("parses the clients query with the contract: a control character, a long search or an unknown field is a 400", async () => {
      for (const query of ["q=a%00b", `q=${"a".repeat(101)}`, "q=brest&page=2"]) {
        const answer = await call<{ code: string; issues: { message: string }[] }>(bo, `/auth/clients?${query}`, { token: sales.token });
        expect(answer.status, query).toBe(400);
        expect(answer.body.code).toBe("invalid_request");
      }
      const control = await call<{ issues: { message: string }[] }>(bo, "/auth/clients?q=a%00b", { token: sales.token });
      expect(control.body.issues[0]?.message).toBe("La recherche ne doit pas contenir de caractères de contrôle.");
    });

    it("logs in as a linked client, keeping the master's expiry, and comes back", async () => {
      const clients = clientListResponse.parse((await call(bo, "/auth/clients", { token: sales.token })).body);
      const target = clients.find((client) => client.obj_ref === "C0005");
      if (!target) throw new Error("C0005 is not linked");
      const as = await call<SessionResponse>(bo, "/auth/login-as", {
        token: sales.token,
        body: { master_id: sales.user.obj_id, slave_id: target.obj_id },
      });
      expect(as.status).toBe(200);
      const session = sessionResponse.parse(as.body);
      expect(session.user).toMatchObject({
        obj_class: "organization",
        obj_ref: "C0005",
        auth_org_id: target.obj_id,
        auth_expiry: sales.user.auth_expiry,
      });
      expect(session.master?.obj_id).toBe(sales.user.obj_id);
      const audit = await bo.db.selectFrom("login_as_audit").selectAll().where("master_user_id", "=", sales.user.obj_id).execute();
      expect(audit.some((row) => row.org_id === target.obj_id)).toBe(true);

      const back = await call<SessionResponse>(bo, "/auth/back-to-master", { token: session.token, method: "POST" });
      expect(back.status).toBe(200);
      expect(back.body.user).toMatchObject({ obj_id: sales.user.obj_id, obj_class: "contributor", auth_expiry: sales.user.auth_expiry });
      expect((await call(bo, "/auth/me", { token: session.token })).status).toBe(401);
    });

    it("refuses a client it is not linked to, and a forged master id", async () => {
      const sales2 = await login(bo, LOGINS.sales2);
      const voilerie = await login(bo, LOGINS.client);
      const refused = await call(bo, "/auth/login-as", {
        token: sales2.token,
        body: { master_id: sales2.user.obj_id, slave_id: voilerie.user.obj_id },
      });
      expect(refused).toMatchObject({ status: 404, body: { code: "not_found" } });
      const forged = await call(bo, "/auth/login-as", {
        token: sales2.token,
        body: { master_id: sales.user.obj_id, slave_id: voilerie.user.obj_id },
      });
      expect(forged.status).toBe(404);
      const byClient = await call(bo, "/auth/login-as", {
        token: voilerie.token,
        body: { master_id: voilerie.user.obj_id, slave_id: sales2.user.auth_org_id },
      });
      expect(byClient.status).toBe(404);
    });
  });
});
