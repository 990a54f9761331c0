import type { ClientSummary } from "@shared/contracts/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as quickOrderRoute from "~/routes/_app.mon-panier.commande-rapide";
import * as ordersRoute from "~/routes/_app.mon-compte.commandes._index";
import * as clients from "~/routes/clients";
import { callRoute, cookieJar, formRequest, pageRequest, responseOf } from "../portal/harness";
import { cartPage, cookieFor, flashOf } from "./cart-flow";
import { LOGINS, startCartBackoffice, type CartBackoffice } from "./harness";

/**
 * Issue 24: a contributor that has not chosen a client and reaches a client's page (the cart,
 * the quick order, the account pages) gets the client picker with a French message, not a
 * 404; once it acts for a client, the picker marks that client as the current one.
 */

let backoffice: CartBackoffice;
let contributor: string;

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  contributor = await cookieFor(backoffice, LOGINS.contributor);
}, 60_000);
afterAll(() => backoffice.close());

const CHOOSE = { type: "info", message: "Choisissez d'abord le client pour lequel vous agissez." };

describe("a contributor without a client", () => {
  it.each([
    ["/mon-panier", () => cartPage(backoffice, contributor)],
    [
      "/mon-panier/commande-rapide",
      () => callRoute(quickOrderRoute.loader, pageRequest("/mon-panier/commande-rapide", contributor), backoffice.context()),
    ],
    ["/mon-compte/commandes", () => callRoute(ordersRoute.loader, pageRequest("/mon-compte/commandes", contributor), backoffice.context())],
  ])("reaching %s is sent to the client picker, told why", async (_path, load) => {
    const response = await responseOf(load);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/clients");
    expect(await flashOf(backoffice, response)).toEqual(CHOOSE);
  });
});

describe("a contributor acting for a client", () => {
  it("reads its cart, and sees that client marked on the picker", async () => {
    const listed = (await callRoute(clients.loader, pageRequest("/clients?q=C0001", contributor), backoffice.context())) as {
      clients: ClientSummary[];
    };
    const voilerie = listed.clients[0];
    if (!voilerie) throw new Error("C0001 is not in the contributor's portfolio");
    const switched = await responseOf(() =>
      callRoute(
        clients.action,
        formRequest("/clients", { intent: "login-as", slave_id: String(voilerie.obj_id) }, contributor),
        backoffice.context(),
      ),
    );
    const acting = cookieJar(contributor, switched);

    expect((await cartPage(backoffice, acting)).view.canEdit).toBe(true);
    const picker = (await callRoute(clients.loader, pageRequest("/clients", acting), backoffice.context())) as {
      clients: ClientSummary[];
      currentClientId: number | null;
    };
    expect(picker.currentClientId).toBe(voilerie.obj_id);
    expect(picker.clients.some((client) => client.obj_id === picker.currentClientId)).toBe(true);
  });
});
