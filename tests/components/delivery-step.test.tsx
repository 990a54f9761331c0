// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import DeliveryStep from "~/routes/_app.commander.livraison";
import type { CartView } from "~/services/cart/types";
import { CART_VIEW } from "./cart-view-fixtures";

/**
 * /commander/livraison draws the delivery options with the cart's own form: it sends the state
 * it showed (`was:`), with JavaScript and without, so a stale page never undoes a colleague's
 * choice (docs/decisions/0090-cart-options-and-details-send-what-was-shown.md).
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const VIEW: CartView = { ...CART_VIEW, saturday: true, lddActive: false, todayIsFriday: true };

const PAGE = {
  steps: [
    { step: "livraison", label: "Livraison", path: "/commander/livraison", reachable: true },
    { step: "consignes", label: "Consignes", path: "/commander/consignes", reachable: false },
    { step: "recapitulatif", label: "Récapitulatif", path: "/commander/recapitulatif", reachable: false },
    { step: "terminer", label: "Confirmation", path: "/commander/terminer", reachable: false },
  ],
  addresses: [],
  selectedId: null,
  invoicing: null,
  countries: [{ code: "FR", name: "France" }],
  view: VIEW,
};

function deliveryStub(answer: { ok: boolean; message: string; status: number }) {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const Stub = createRemixStub([
    {
      path: "/commander/livraison",
      Component: DeliveryStep,
      loader: () => PAGE,
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        const { status, ...body } = answer;
        return Response.json(body, { status });
      },
    },
  ]);
  return { Stub, posted };
}

describe("the delivery options of /commander/livraison", () => {
  it("with JavaScript, a toggle goes at once with the state the page showed", async () => {
    const { Stub, posted } = deliveryStub({ ok: true, message: "Options de livraison enregistrées.", status: 200 });
    render(<Stub initialEntries={["/commander/livraison"]} />);
    await userEvent.click(await screen.findByRole("checkbox", { name: /Livraison directe/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ intent: "options", mode: "fetch", ldd: "on", saturday: "on", "was:ldd": "off", "was:saturday": "on" });
  });

  it("with JavaScript, a refused toggle says why and shows the saved state again", async () => {
    const message = "Le panier n'a pas pu être enregistré : réessayez dans un instant.";
    const { Stub } = deliveryStub({ ok: false, message, status: 503 });
    render(<Stub initialEntries={["/commander/livraison"]} />);
    const ldd = await screen.findByRole<HTMLInputElement>("checkbox", { name: /Livraison directe/ });
    await userEvent.click(ldd);
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(ldd.checked).toBe(false);
  });

  it("without JavaScript, the form posts to the step with the state shown and its own button", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined); // layout effects do not run on the server
    const Stub = createRemixStub([{ id: "livraison", path: "/commander/livraison", Component: DeliveryStep, loader: () => PAGE }]);
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <Stub initialEntries={["/commander/livraison"]} hydrationData={{ loaderData: { livraison: PAGE } }} />,
    );
    const options = container.querySelector("form.cart-options");
    expect([options?.getAttribute("method"), options?.getAttribute("action")]).toEqual(["post", "/commander/livraison"]);
    const value = (name: string) => options?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;
    expect([value("intent"), value("was:ldd"), value("was:saturday")]).toEqual(["options", "off", "on"]);
    expect(options?.querySelector("button[type=submit]")?.textContent).toBe("Recalculer les frais de port");
  });
});
