import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as passwordRoute from "~/routes/_app.mon-compte.mot-de-passe";
import * as usersRoute from "~/routes/_app.mon-compte.utilisateurs";
import * as clients from "~/routes/clients";
import { callRoute, cookieJar, formRequest, pageRequest, responseOf } from "../portal/harness";
import { LOGINS, connectClient, logIn, settle, startPortal, type LoggedIn, type TestPortal } from "./harness";

/**
 * Sessions the back-office ended, ended live too (decision 0120): a password change closes
 * the sockets of the account's other sessions (a contributor's login-as ones included) and
 * keeps every tab of the session that made it; a deactivation closes all of the person's.
 * The sockets of colleagues stay; a closed browser cannot come back on its old cookie.
 */

const STRONG = "goéland-marée-trinquette-47";

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.close();
});

/** Resolves with the reason the server gave when it closed the socket. */
function closedBy(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
}

function post(route: { action: (args: never) => unknown }, path: string, cookie: string, fields: Record<string, string>) {
  return responseOf(() => callRoute(route.action as never, formRequest(path, fields, cookie), portal.context()));
}

async function refusalCode(cookie: string): Promise<unknown> {
  return connectClient(portal, { cookie }).then(
    (socket) => {
      socket.close();
      return "connected";
    },
    (error: Error & { data?: { code?: unknown } }) => error.data?.code,
  );
}

describe("a password change", () => {
  it("closes the account's other sessions' sockets, keeps this session's tabs and the colleagues'", async () => {
    const here = await logIn(portal, LOGINS.buyer);
    const elsewhere = await logIn(portal, LOGINS.buyer);
    const colleague = await logIn(portal, LOGINS.client);
    const [tab, otherTab, otherDevice, colleagueSocket] = await Promise.all([
      connectClient(portal, { cookie: here.cookie }),
      connectClient(portal, { cookie: here.cookie }),
      connectClient(portal, { cookie: elsewhere.cookie }),
      connectClient(portal, { cookie: colleague.cookie }),
    ]);
    const closed = closedBy(otherDevice);

    const response = await post(passwordRoute, "/mon-compte/mot-de-passe", here.cookie, {
      actuel: "demo1234",
      nouveau: STRONG,
      confirmation: STRONG,
    });
    expect(response.status).toBe(303);
    expect(await closed).toBe("io server disconnect");
    await settle();
    expect([tab.connected, otherTab.connected, colleagueSocket.connected]).toEqual([true, true, true]);
    // The closed browser cannot come back: its token is revoked.
    expect(await refusalCode(elsewhere.cookie)).toBe("unauthorized");
    expect(await refusalCode(here.cookie)).toBe("connected");
    for (const socket of [tab, otherTab, colleagueSocket]) socket.close();
  });

  it("of a contributor closes the sockets of its sessions acting for a client", async () => {
    const own = await logIn(portal, LOGINS.contributor);
    const acting = await logIn(portal, LOGINS.contributor);
    const list = (await callRoute(clients.loader as never, pageRequest("/clients?q=C0001", acting.cookie), portal.context())) as {
      clients: { obj_id: number }[];
    };
    const switched = await post(clients, "/clients", acting.cookie, { intent: "login-as", slave_id: String(list.clients[0]!.obj_id) });
    const actingCookie = cookieJar(acting.cookie, switched);
    const client = await logIn(portal, LOGINS.client);
    const [actingSocket, clientSocket] = await Promise.all([
      connectClient(portal, { cookie: actingCookie }),
      connectClient(portal, { cookie: client.cookie }),
    ]);
    const closed = closedBy(actingSocket);

    const response = await post(passwordRoute, "/mon-compte/mot-de-passe", own.cookie, {
      actuel: "demo1234",
      nouveau: STRONG,
      confirmation: STRONG,
    });
    expect(response.status).toBe(303);
    expect(await closed).toBe("io server disconnect");
    await settle();
    // The client's own account is not the contributor's: its socket stays.
    expect(clientSocket.connected).toBe(true);
    clientSocket.close();
  });
});

describe("a deactivation", () => {
  let organization: LoggedIn;
  beforeAll(async () => {
    organization = await logIn(portal, LOGINS.client);
  });

  it("closes every socket of the person at once, and only theirs", async () => {
    const person = await logIn(portal, "magasinier@voilerie-atlantique.fr");
    const personAgain = await logIn(portal, "magasinier@voilerie-atlantique.fr");
    const [first, second, organizationSocket] = await Promise.all([
      connectClient(portal, { cookie: person.cookie }),
      connectClient(portal, { cookie: personAgain.cookie }),
      connectClient(portal, { cookie: organization.cookie }),
    ]);
    const closed = Promise.all([closedBy(first), closedBy(second)]);

    const response = await post(usersRoute, "/mon-compte/utilisateurs", organization.cookie, {
      intent: "desactiver",
      utilisateur: String(person.session.user.obj_id),
    });
    expect(response.status).toBe(303);
    expect(await closed).toEqual(["io server disconnect", "io server disconnect"]);
    await settle();
    expect(organizationSocket.connected).toBe(true);
    expect(await refusalCode(person.cookie)).toBe("unauthorized");
    organizationSocket.close();
  });
});
