import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as logout from "~/routes/deconnexion";
import { callRoute, formRequest, responseOf } from "../portal/harness";
import { MAX_CONNECTIONS_PER_SESSION } from "../../../server/realtime/index";
import { LOGINS, connectClient, logIn, settle, startPortal, type TestPortal } from "./harness";

/** Who may open the live channel: the session cookie, confirmed by the back-office, from this site only. */

let portal: TestPortal;

beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.close();
});

async function refusal(run: Promise<unknown>): Promise<{ message: string; code: unknown }> {
  const error = await run.then(
    () => {
      throw new Error("the connection was accepted");
    },
    (thrown: Error & { data?: { code?: unknown } }) => thrown,
  );
  return { message: error.message, code: error.data?.code };
}

describe("socket.io handshake", () => {
  it("accepts a logged-in user from the portal's own origin", async () => {
    const { cookie } = await logIn(portal, LOGINS.client);
    const socket = await connectClient(portal, { cookie });
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("refuses a connection without a cookie, in French", async () => {
    expect(await refusal(connectClient(portal))).toEqual({ message: "Connexion requise.", code: "unauthorized" });
  });

  it("refuses a forged or tampered cookie", async () => {
    const { cookie } = await logIn(portal, LOGINS.client);
    const [name, value = ""] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -4)}AAAA`;
    expect((await refusal(connectClient(portal, { cookie: tampered }))).code).toBe("unauthorized");
    expect((await refusal(connectClient(portal, { cookie: `${name}=eyJzaWQiOiJ4In0.forged` }))).code).toBe("unauthorized");
    expect((await refusal(connectClient(portal, { cookie: "portail_session=\u00e9t\u00e9" }))).code).toBe("unauthorized");
  });

  it("refuses another site's page and a client that names no origin", async () => {
    const { cookie } = await logIn(portal, LOGINS.client);
    const foreign = await refusal(connectClient(portal, { cookie, origin: "https://evil.example" }));
    expect(foreign.code).toBeUndefined(); // refused before socket.io: the upgrade gets a 403
    await expect(connectClient(portal, { cookie, origin: "http://127.0.0.1:1" })).rejects.toThrow();
    await expect(connectClient(portal, { cookie, origin: null })).rejects.toThrow();
  });

  it("refuses a contributor who acts for no client", async () => {
    const { cookie } = await logIn(portal, LOGINS.contributor);
    expect((await refusal(connectClient(portal, { cookie }))).code).toBe("no_organization");
  });

  it("closes the sockets of a session at logout, and refuses its replayed cookie", async () => {
    const user = await logIn(portal, LOGINS.buyer);
    const colleague = await logIn(portal, LOGINS.client);
    const socket = await connectClient(portal, { cookie: user.cookie });
    const colleagueSocket = await connectClient(portal, { cookie: colleague.cookie });
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const response = await responseOf(() => callRoute(logout.action, formRequest("/deconnexion", {}, user.cookie), portal.context()));
    expect(response.status).toBe(303);
    expect(await closed).toBe("io server disconnect");
    await settle(100);
    expect(colleagueSocket.connected).toBe(true); // another session of the same organization stays
    // The cookie still unseals, but the back-office revoked its token.
    expect((await refusal(connectClient(portal, { cookie: user.cookie }))).code).toBe("unauthorized");
    colleagueSocket.close();
  });

  it("drops a connection that sends more than 64 KB in one message", async () => {
    const { cookie } = await logIn(portal, LOGINS.client);
    const socket = await connectClient(portal, { cookie });
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    socket.emit("join", "x".repeat(70 * 1024));
    expect(await closed).toBe("transport close");
  });
});

describe("connections per session (decision 0166)", () => {
  it("refuses, in French, a connection beyond the cap of one session; another session is not affected; a closed one frees its place", async () => {
    const user = await logIn(portal, LOGINS.buyer);
    const sockets = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS_PER_SESSION }, () => connectClient(portal, { cookie: user.cookie })),
    );
    expect(await refusal(connectClient(portal, { cookie: user.cookie }))).toEqual({
      message: "Trop de connexions en direct pour cette session : fermez des onglets du portail, puis rechargez la page.",
      code: "too_many_connections",
    });
    const other = await logIn(portal, LOGINS.buyer);
    const otherSocket = await connectClient(portal, { cookie: other.cookie });
    expect(otherSocket.connected).toBe(true);
    const closed = sockets.pop()!;
    closed.close();
    // The server sees the close a moment later: wait until a new connection is admitted.
    let again: Awaited<ReturnType<typeof connectClient>> | null = null;
    for (let attempt = 0; attempt < 50 && !again; attempt++) {
      again = await connectClient(portal, { cookie: user.cookie }).catch(() => null);
      if (!again) await settle(100);
    }
    expect(again?.connected).toBe(true);
    for (const socket of [...sockets, otherSocket, again!]) socket.close();
  });

  it("refuses a burst of parallel handshakes beyond the cap too", async () => {
    const user = await logIn(portal, LOGINS.client);
    const results = await Promise.allSettled(
      Array.from({ length: MAX_CONNECTIONS_PER_SESSION + 5 }, () => connectClient(portal, { cookie: user.cookie })),
    );
    const accepted = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(accepted.length).toBeLessThanOrEqual(MAX_CONNECTIONS_PER_SESSION);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(MAX_CONNECTIONS_PER_SESSION + 5 - accepted.length);
    for (const socket of accepted) socket.close();
  });
});

describe("Origin with a configured public address (PORTAL_URL, decision 0166)", () => {
  let behindProxy: TestPortal;
  beforeAll(async () => {
    behindProxy = await startPortal({ portalUrl: "https://portail.example.fr" });
  });
  afterAll(() => behindProxy?.close());

  it("accepts the public origin only, whatever Host the request names", async () => {
    const { cookie } = await logIn(behindProxy, LOGINS.client);
    const socket = await connectClient(behindProxy, { cookie, origin: "https://portail.example.fr" });
    expect(socket.connected).toBe(true);
    socket.close();
    // The request's own Host (127.0.0.1:port) is no longer proof of anything.
    await expect(connectClient(behindProxy, { cookie, origin: behindProxy.origin })).rejects.toThrow();
    await expect(connectClient(behindProxy, { cookie, origin: "https://evil.example" })).rejects.toThrow();
  });
});
