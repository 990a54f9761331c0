// @vitest-environment happy-dom
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CartDetailsForm } from "~/components/cart/CartDetailsForm";
import { CartOptionsForm } from "~/components/cart/CartOptionsForm";
import type { CartView } from "~/services/cart/types";
import { CART_LINE } from "./cart-view-fixtures";

/**
 * The delivery toggles and the reference/comments form of /mon-panier: they send the values
 * shown as saved (`was:`), follow the saved cart when the page revalidates, and a refused
 * toggle says why and shows the saved state again.
 */

afterEach(cleanup);

const SAVED: CartView = {
  version: 4,
  ref: "Chantier Lorient",
  comments: "",
  saturday: false,
  lddActive: false,
  lddPrice: 2500,
  partialDelivery: false,
  optionCosts: { ldd: 4500, saturday: 3000 },
  freeShipping: null,
  lines: [],
  shippingLines: [],
  totals: null,
  taxExempt: false,
  showsEcotaxe: true,
  todayIsFriday: true,
  canEdit: true,
  canSeePrices: true,
};

type Answer = { ok: boolean; message: string; status: number };

/** The cart page's forms over a fake server: `server.view` is what the loader reads. */
function cartStub(answer: (form: FormData) => Answer) {
  const server = { view: SAVED, posted: [] as FormData[] };
  function Page() {
    const view = useLoaderData<() => CartView>();
    const revalidator = useRevalidator();
    return (
      <>
        <CartOptionsForm view={view} />
        <CartDetailsForm view={view} />
        <button type="button" onClick={() => revalidator.revalidate()}>
          Revalider
        </button>
      </>
    );
  }
  const Stub = createRemixStub([
    {
      path: "/mon-panier",
      children: [
        {
          index: true,
          Component: Page,
          loader: () => server.view,
          action: async ({ request }) => {
            const form = await request.formData();
            server.posted.push(form);
            const { status, ...body } = answer(form);
            return Response.json(body, { status });
          },
        },
      ],
    },
  ]);
  return { Stub, server };
}

const saturdayBox = () => screen.getByRole<HTMLInputElement>("checkbox", { name: /Livraison le samedi/ });
const lddBox = () => screen.getByRole<HTMLInputElement>("checkbox", { name: /Livraison directe/ });
const hidden = (name: string) => document.querySelector<HTMLInputElement>(`input[type=hidden][name="${name}"]`)?.value;

describe("CartOptionsForm with JavaScript", () => {
  it("a refused toggle shows the French message and the box goes back to the saved state", async () => {
    const message = "Le panier n'a pas pu être enregistré : réessayez dans un instant.";
    const { Stub, server } = cartStub(() => ({ ok: false, message, status: 503 }));
    render(<Stub initialEntries={["/mon-panier"]} />);
    await userEvent.click(await screen.findByRole("checkbox", { name: /Livraison le samedi/ }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(saturdayBox().checked).toBe(false);
    expect(lddBox().checked).toBe(false);
    const [posted] = server.posted;
    expect(Object.fromEntries(posted?.entries() ?? [])).toEqual({
      intent: "options",
      mode: "fetch",
      saturday: "on",
      "was:saturday": "off",
      "was:ldd": "off",
    });
  });

  it("a saved toggle stays ticked and clears an earlier failure", async () => {
    let fail = true;
    const { Stub, server } = cartStub((form) => {
      if (fail) return { ok: false, message: "Indisponible.", status: 503 };
      server.view = { ...server.view, version: server.view.version + 1, lddActive: form.get("ldd") === "on" };
      return { ok: true, message: "Options de livraison enregistrées.", status: 200 };
    });
    render(<Stub initialEntries={["/mon-panier"]} />);
    await userEvent.click(await screen.findByRole("checkbox", { name: /Livraison directe/ }));
    await screen.findByRole("alert");
    fail = false;
    await userEvent.click(lddBox());
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(lddBox().checked).toBe(true);
    expect(hidden("was:ldd")).toBe("on");
    // The untouched Saturday box went as shown, so the server leaves it as a colleague set it.
    expect(server.posted[1]?.get("was:saturday")).toBe("off");
    expect(server.posted[1]?.get("saturday")).toBeNull();
  });

  it("follows a colleague's change when the page revalidates", async () => {
    const { Stub, server } = cartStub(() => ({ ok: true, message: "", status: 200 }));
    render(<Stub initialEntries={["/mon-panier"]} />);
    expect((await screen.findByRole<HTMLInputElement>("checkbox", { name: /Livraison le samedi/ })).checked).toBe(false);
    server.view = { ...server.view, version: 5, saturday: true };
    await userEvent.click(screen.getByRole("button", { name: "Revalider" }));
    await waitFor(() => expect(saturdayBox().checked).toBe(true));
    expect(hidden("was:saturday")).toBe("on");
  });
});

describe("CartDetailsForm", () => {
  it("takes a colleague's reference on revalidation and keeps the comment the user is typing", async () => {
    const { Stub, server } = cartStub(() => ({ ok: true, message: "", status: 200 }));
    render(<Stub initialEntries={["/mon-panier"]} />);
    const comments = await screen.findByLabelText<HTMLTextAreaElement>("Consignes pour l'entrepôt");
    await userEvent.type(comments, "Livrer au quai 3");
    server.view = { ...server.view, version: 5, ref: "Chantier Brest", comments: "Appeler avant" };
    await userEvent.click(screen.getByRole("button", { name: "Revalider" }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Référence de votre commande").value).toBe("Chantier Brest"));
    expect(comments.value).toBe("Livrer au quai 3");
    expect(hidden("was:ref")).toBe("Chantier Brest");
    expect(hidden("was:comments")).toBe("Appeler avant");
  });
});

describe("a reference pre-filled from a promotion", () => {
  const PROMOTED: CartView = { ...SAVED, ref: "Promo printemps", lines: [{ ...CART_LINE, promoName: "Promo printemps" }] };

  it("says where it comes from, described by the field, until the buyer changes it", async () => {
    const Stub = createRemixStub([{ path: "/mon-panier", Component: () => <CartDetailsForm view={PROMOTED} /> }]);
    render(<Stub initialEntries={["/mon-panier"]} />);
    const field = await screen.findByLabelText<HTMLInputElement>("Référence de votre commande");
    const hint = screen.getByTestId("ref-prefilled");
    expect(hint.textContent).toContain("Pré-remplie avec le nom de la promotion « Promo printemps »");
    expect(field.getAttribute("aria-describedby")).toBe(hint.id);
    expect(field.readOnly).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, "Chantier Brest");
    expect(screen.queryByTestId("ref-prefilled")).toBeNull();
    expect(field.getAttribute("aria-describedby")).toBeNull();
  });

  it("says nothing for the buyer's own reference", async () => {
    const Stub = createRemixStub([
      { path: "/mon-panier", Component: () => <CartDetailsForm view={{ ...PROMOTED, ref: "Chantier Lorient" }} /> },
    ]);
    render(<Stub initialEntries={["/mon-panier"]} />);
    await screen.findByLabelText("Référence de votre commande");
    expect(screen.queryByTestId("ref-prefilled")).toBeNull();
  });
});

describe("the forms without JavaScript", () => {
  it("post the shown values with every field", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined); // layout effects do not run on the server
    const Forms = () => (
      <>
        <CartOptionsForm view={SAVED} />
        <CartDetailsForm view={SAVED} />
      </>
    );
    const Stub = createRemixStub([{ path: "/mon-panier", Component: Forms }]);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Stub initialEntries={["/mon-panier"]} />);
    vi.restoreAllMocks();
    const value = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;
    expect([value("was:ldd"), value("was:saturday"), value("was:ref"), value("was:comments")]).toEqual([
      "off",
      "off",
      "Chantier Lorient",
      "",
    ]);
    const options = container.querySelector("form.cart-options");
    expect([options?.getAttribute("method"), options?.getAttribute("action")]).toEqual(["post", "/mon-panier?index"]);
    expect(options?.querySelector("button[type=submit]")?.textContent).toBe("Appliquer");
  });
});
