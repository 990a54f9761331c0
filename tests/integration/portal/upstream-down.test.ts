import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "~/routes/_app";
import * as connexion from "~/routes/_public.connexion";
import { createPortalLoadContext, createPortalServices, type PortalLoadContext } from "~/services/context.server";
import { SECRET, callRoute, formRequest, pageRequest, startBackoffice, thrownStatus, type Backoffice } from "./harness";
import { logIn } from "./session-flow";

let backoffice: Backoffice;
let deadContext: PortalLoadContext;
beforeAll(async () => {
  backoffice = await startBackoffice();
  // Port 9 (discard) has nothing listening on 127.0.0.1: the back-office is "down".
  const services = createPortalServices({
    upstreamUrl: "http://127.0.0.1:9",
    sessionSecret: SECRET,
    secureCookies: false,
    upstreamTimeoutMs: 300,
  });
  deadContext = createPortalLoadContext(services, { requestId: "down", cspNonce: "n" });
});
afterAll(() => backoffice.close());

describe("when the back-office is down", () => {
  it("the login form says so in French instead of crashing", async () => {
    const result = await callRoute(connexion.action, formRequest("/connexion", { login: "a@b.fr", password: "x" }), deadContext);
    expect(result).toMatchObject({
      data: { errors: { form: "Le service est momentanément indisponible. Réessayez dans quelques instants." } },
      init: { status: 503 },
    });
  });

  it("pages answer a French 503, and the session is kept", async () => {
    const { cookie } = await logIn(backoffice, "client@voilerie-atlantique.fr");
    let thrown: unknown;
    await callRoute(appLayout.loader, pageRequest("/", cookie), deadContext).catch((error: unknown) => (thrown = error));
    expect(thrown).toMatchObject({ data: { message: expect.stringMatching(/momentanément indisponible/) }, init: { status: 503 } });
    expect(await thrownStatus(() => callRoute(appLayout.loader, pageRequest("/", cookie), deadContext))).toBe(503);
  });
});
