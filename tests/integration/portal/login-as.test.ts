import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "~/routes/_app";
import * as home from "~/routes/_app._index";
import * as clients from "~/routes/clients";
import type { ClientSummary } from "@shared/contracts/api";
import { callRoute, cookieJar, formRequest, pageRequest, responseOf, startBackoffice, thrownStatus, type Backoffice } from "./harness";
import { logIn, sessionOf } from "./session-flow";

let backoffice: Backoffice;
beforeAll(async () => {
  backoffice = await startBackoffice();
});
afterAll(() => backoffice.close());

async function clientList(cookie: string, query = ""): Promise<ClientSummary[]> {
  const path = query ? `/clients?q=${encodeURIComponent(query)}` : "/clients";
  const result = (await callRoute(clients.loader, pageRequest(path, cookie), backoffice.context())) as { clients: ClientSummary[] };
  return result.clients;
}

async function post(cookie: string, fields: Record<string, string>): Promise<Response> {
  return responseOf(() => callRoute(clients.action, formRequest("/clients", fields, cookie), backoffice.context()));
}

describe("contributors", () => {
  it("lists their clients, searchable by name, reference or zip code", async () => {
    const { cookie } = await logIn(backoffice, "commercial@nautidistrib.fr");
    const all = await clientList(cookie);
    expect(all.map((client) => client.obj_ref)).toEqual(expect.arrayContaining(["C0001", "C0005"]));
    expect((await clientList(cookie, "Ajaccio")).map((client) => client.obj_ref)).toContain("C0005");
    expect((await clientList(cookie, "C0001")).map((client) => client.obj_ref)).toEqual(["C0001"]);
    const voilerie = all.find((client) => client.obj_ref === "C0001");
    expect((await clientList(cookie, voilerie?.adr_zipcode ?? "x")).map((client) => client.obj_ref)).toContain("C0001");
  });

  it("act for a client, keep the master's expiry, and come back", async () => {
    let { cookie } = await logIn(backoffice, "commercial@nautidistrib.fr");
    const master = await sessionOf(backoffice, cookie);
    const voilerie = (await clientList(cookie, "C0001"))[0];
    expect(voilerie).toBeDefined();

    const switched = await post(cookie, { intent: "login-as", slave_id: String(voilerie?.obj_id) });
    expect(switched.status).toBe(303);
    expect(switched.headers.get("location")).toBe("/");
    cookie = cookieJar(cookie, switched);
    const acting = await sessionOf(backoffice, cookie);
    expect(acting?.user.obj_class).toBe("organization");
    expect(acting?.user.obj_ref).toBe("C0001");
    expect(acting?.master?.obj_id).toBe(master?.user.obj_id);
    expect(acting?.user.auth_expiry).toBe(master?.user.auth_expiry);
    expect(acting?.sid).toBe(master?.sid);

    const layout = await callRoute(appLayout.loader, pageRequest("/", cookie), backoffice.context());
    expect(layout).toMatchObject({
      organizationName: "Voilerie Atlantique",
      actingFor: { clientName: "Voilerie Atlantique", clientRef: "C0001", masterName: master?.user.obj_name },
    });

    const back = await post(cookie, { intent: "back-to-master" });
    expect(back.headers.get("location")).toBe("/clients");
    const restored = await sessionOf(backoffice, cookieJar(cookie, back));
    expect(restored?.user.obj_id).toBe(master?.user.obj_id);
    expect(restored?.user.obj_class).toBe("contributor");
    expect(restored?.master).toBeNull();
  });

  it("cannot act for a client that is not theirs", async () => {
    const { cookie } = await logIn(backoffice, "commercial2@nautidistrib.fr");
    const other = await logIn(backoffice, "commercial@nautidistrib.fr");
    const voilerie = (await clientList(other.cookie, "C0001"))[0];
    const refused = await post(cookie, { intent: "login-as", slave_id: String(voilerie?.obj_id) });
    expect(refused.headers.get("location")).toBe("/clients");
    const after = await sessionOf(backoffice, cookieJar(cookie, refused));
    expect(after?.user.obj_class).toBe("contributor");
    expect(cookieJar(cookie, refused)).toContain("portail_toast=");
  });

  it("land on /clients from the home page until they pick a client", async () => {
    const { cookie } = await logIn(backoffice, "commercial@nautidistrib.fr");
    const response = await responseOf(() => callRoute(home.loader, pageRequest("/", cookie), backoffice.context()));
    expect(response.headers.get("location")).toBe("/clients");
  });

  it("refuses an unknown intent with 400", async () => {
    const { cookie } = await logIn(backoffice, "commercial@nautidistrib.fr");
    expect(
      await thrownStatus(() => callRoute(clients.action, formRequest("/clients", { intent: "drop-table" }, cookie), backoffice.context())),
    ).toBe(400);
  });
});

describe("the client picker for everyone else", () => {
  it("does not exist (404)", async () => {
    const { cookie } = await logIn(backoffice, "acheteur@voilerie-atlantique.fr");
    expect(await thrownStatus(() => callRoute(clients.loader, pageRequest("/clients", cookie), backoffice.context()))).toBe(404);
    expect(
      await thrownStatus(() =>
        callRoute(clients.action, formRequest("/clients", { intent: "back-to-master" }, cookie), backoffice.context()),
      ),
    ).toBe(404);
  });
});
