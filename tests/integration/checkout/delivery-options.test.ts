import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postCart } from "../cart/cart-flow";
import { LOGINS, demoProducts } from "../cart/harness";
import { cookieFor, fillCart, flash, openStep, postStep } from "./flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "./harness";

/**
 * The delivery options of /commander/livraison follow the protocol of /mon-panier
 * (docs/decisions/0090): the form sends the state it showed (`was:`), and only the option the
 * user changed is written, so a page drawn before a colleague's change never undoes it.
 */

let backoffice: CheckoutBackoffice;
let products: Awaited<ReturnType<typeof demoProducts>>;
let client: string;
let colleague: string;

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
  products = await demoProducts(backoffice.db);
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(async () => {
  // Two sessions of one organization, sharing its cart.
  client = await cookieFor(backoffice, LOGINS.client);
  colleague = await cookieFor(backoffice, LOGINS.buyer);
  await backoffice.resetCarts();
  await fillCart(backoffice, client, [[products.plain[0]?.id ?? 0, 2]]);
});

const onOff = (checked: boolean) => (checked ? "on" : "off");

/** The delivery page as this session sees it now. */
async function deliveryPage(cookie: string) {
  const page = await openStep(backoffice, "livraison", cookie);
  if (page.kind !== "data") throw new Error(`delivery step redirected to ${page.location}`);
  return page.data;
}

/** The options form as the page draws it: the boxes as shown, plus the state shown as saved. */
function optionsForm(view: { lddActive: boolean; saturday: boolean }, boxes: { ldd: boolean; saturday: boolean }): Record<string, string> {
  return {
    intent: "options",
    "was:ldd": onOff(view.lddActive),
    "was:saturday": onOff(view.saturday),
    ...(boxes.ldd ? { ldd: "on" } : {}),
    ...(boxes.saturday ? { saturday: "on" } : {}),
  };
}

describe("/commander/livraison, delivery options on a stale page", () => {
  it("ticking direct delivery keeps the Saturday a colleague ticked in the cart meanwhile", async () => {
    const shown = (await deliveryPage(client)).view;
    expect([shown.lddActive, shown.saturday]).toEqual([false, false]);
    await postCart(backoffice, colleague, { intent: "options", saturday: "on", "was:ldd": "off", "was:saturday": "off" });
    // The client's page still shows both boxes unticked; they tick direct delivery only.
    const posted = await postStep(backoffice, "livraison", optionsForm(shown, { ldd: true, saturday: false }), client);
    expect(posted.kind === "redirect" && posted.location).toBe("/commander/livraison");
    expect(await flash(backoffice, posted)).toBe("Options de livraison enregistrées.");
    const after = (await deliveryPage(client)).view;
    expect([after.lddActive, after.saturday]).toEqual([true, true]);
  });

  it("unticking Saturday keeps the direct delivery a colleague ticked meanwhile (with JavaScript)", async () => {
    await postStep(backoffice, "livraison", { intent: "options", saturday: "on" }, client);
    const shown = (await deliveryPage(client)).view;
    await postCart(backoffice, colleague, { intent: "options", saturday: "on", ldd: "on", "was:ldd": "off", "was:saturday": "on" });
    const fetched = await postStep(
      backoffice,
      "livraison",
      { ...optionsForm(shown, { ldd: false, saturday: false }), mode: "fetch" },
      client,
    );
    expect(fetched.kind === "data" && [fetched.status, fetched.data.message]).toEqual([200, "Options de livraison enregistrées."]);
    const after = (await deliveryPage(client)).view;
    expect([after.lddActive, after.saturday]).toEqual([true, false]);
  });

  it("a form sent as it was shown changes nothing", async () => {
    const shown = (await deliveryPage(client)).view;
    const posted = await postStep(backoffice, "livraison", optionsForm(shown, { ldd: false, saturday: false }), client);
    expect(await flash(backoffice, posted)).toBe("Aucune modification.");
    expect((await deliveryPage(client)).view.version).toBe(shown.version);
  });
});
