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
import { CART_VIEW } from "./cart-view-fixtures";

/**
 * The delivery toggles and the reference/comments of /mon-panier before the scripts have
 * loaded: the page is plain HTML forms the user may already change. What they changed is
 * still on screen once React has hydrated the page; a toggled box is sent as a toggle made
 * with JavaScript on, a text waits for "Enregistrer" like a text typed with JavaScript on.
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

const ROUTE_ID = "panier";

/** What the fake server was sent: the fields of each post, in order. */
type Posted = Record<string, FormDataEntryValue>;

/** A field the form sent with the value shown as saved (`was:`) changes; the others stay. */
function changed<T>(
  form: Posted,
  name: string,
  current: T,
  read: (value: FormDataEntryValue | undefined) => T,
  shown: (value: T) => string,
): T {
  const was = form[`was:${name}`];
  const value = read(form[name]);
  return was === undefined || was !== shown(value) ? value : current;
}
const onOff = (checked: boolean) => (checked ? "on" : "off");
const checkbox = (value: FormDataEntryValue | undefined) => value === "on";
const text = (value: FormDataEntryValue | undefined) => String(value ?? "").trim();

/** The cart page's forms over a fake server that saves what it is sent into `server.view`. */
function formsStub(saved: CartView) {
  const server = { view: saved, posted: [] as Posted[] };
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
          id: ROUTE_ID,
          index: true,
          Component: Page,
          loader: () => server.view,
          action: async ({ request }) => {
            const form = Object.fromEntries(await request.formData());
            server.posted.push(form);
            const view = server.view;
            server.view =
              form.intent === "options"
                ? {
                    ...view,
                    version: view.version + 1,
                    lddActive: changed(form, "ldd", view.lddActive, checkbox, onOff),
                    saturday: changed(form, "saturday", view.saturday, checkbox, onOff),
                  }
                : {
                    ...view,
                    version: view.version + 1,
                    ref: changed(form, "ref", view.ref, text, String),
                    comments: changed(form, "comments", view.comments, text, String),
                  };
            return Response.json({ ok: true, message: "Enregistré." });
          },
        },
      ],
    },
  ]);
  const props = { initialEntries: ["/mon-panier"], hydrationData: { loaderData: { [ROUTE_ID]: saved } } };
  return { Stub, props, server };
}

/** The server's HTML of the forms, on screen before its scripts have loaded. */
function serverHtml({ Stub, props }: ReturnType<typeof formsStub>): HTMLElement {
  vi.spyOn(console, "error").mockImplementation(() => undefined); // the router's layout effects do not run on the server
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Stub {...props} />);
  vi.restoreAllMocks();
  document.body.append(container);
  return container;
}

/** Hydrated as the browser entry does it (StrictMode rehearses an unmount of every effect). */
function hydrate(container: HTMLElement, { Stub, props }: ReturnType<typeof formsStub>) {
  render(<Stub {...props} />, { container, hydrate: true, reactStrictMode: true });
}

const lddBox = () => screen.getByRole<HTMLInputElement>("checkbox", { name: /Livraison directe/ });
const saturdayBox = () => screen.getByRole<HTMLInputElement>("checkbox", { name: /Livraison le samedi/ });
const refField = () => screen.getByLabelText<HTMLInputElement>("Référence de votre commande");
const commentsField = () => screen.getByLabelText<HTMLTextAreaElement>("Consignes pour l'entrepôt");
/** The saved value the page shows (the plain forms send it as `was:`). */
const hidden = (name: string) => document.querySelector<HTMLInputElement>(`input[type=hidden][name="${name}"]`)?.value;

describe("the delivery toggles changed before the page hydrated", () => {
  it("a box ticked before the scripts loaded stays ticked and is saved", async () => {
    const stub = formsStub(CART_VIEW);
    const container = serverHtml(stub);
    const user = userEvent.setup();
    const early = lddBox();
    await user.click(early);
    expect(early.checked).toBe(true);

    const errors = vi.spyOn(console, "error");
    hydrate(container, stub);
    expect(lddBox()).toBe(early);
    await waitFor(() => expect(hidden("was:ldd")).toBe("on"));
    expect(lddBox().checked).toBe(true);
    expect(saturdayBox().checked).toBe(false);
    expect(stub.server.posted).toEqual([{ intent: "options", mode: "fetch", ldd: "on", "was:ldd": "off", "was:saturday": "off" }]);
    expect([stub.server.view.lddActive, stub.server.view.saturday]).toEqual([true, false]);
    // The "appliquer" button of the plain form is gone: the boxes save themselves.
    expect(screen.queryByRole("button", { name: "Appliquer" })).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it("both boxes changed before the scripts loaded go one after the other, each from the state before it", async () => {
    const stub = formsStub({ ...CART_VIEW, saturday: true });
    const container = serverHtml(stub);
    const user = userEvent.setup();
    await user.click(lddBox());
    await user.click(saturdayBox());

    hydrate(container, stub);
    await waitFor(() => expect([hidden("was:ldd"), hidden("was:saturday")]).toEqual(["on", "off"]));
    expect([lddBox().checked, saturdayBox().checked]).toEqual([true, false]);
    expect(stub.server.posted).toEqual([
      { intent: "options", mode: "fetch", ldd: "on", saturday: "on", "was:ldd": "off", "was:saturday": "on" },
      { intent: "options", mode: "fetch", ldd: "on", "was:ldd": "on", "was:saturday": "on" },
    ]);
    expect([stub.server.view.lddActive, stub.server.view.saturday]).toEqual([true, false]);
  });
});

describe("the reference and comments typed before the page hydrated", () => {
  it("stay on screen through a revalidation and go with « Enregistrer »", async () => {
    const stub = formsStub(CART_VIEW);
    const container = serverHtml(stub);
    const user = userEvent.setup();
    await user.type(refField(), "Chantier Lorient");
    await user.type(commentsField(), "Livrer au quai 3");

    const errors = vi.spyOn(console, "error");
    hydrate(container, stub);
    // The page re-renders (here a revalidation, as live sync does): the texts stay, unsent.
    await user.click(screen.getByRole("button", { name: "Revalider" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Appliquer" })).toBeNull());
    expect([refField().value, commentsField().value]).toEqual(["Chantier Lorient", "Livrer au quai 3"]);
    expect(stub.server.posted).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(hidden("was:ref")).toBe("Chantier Lorient"));
    expect(hidden("was:comments")).toBe("Livrer au quai 3");
    expect(stub.server.posted).toEqual([
      { "was:ref": "", "was:comments": "", ref: "Chantier Lorient", comments: "Livrer au quai 3", intent: "details" },
    ]);
    expect([refField().value, commentsField().value]).toEqual(["Chantier Lorient", "Livrer au quai 3"]);
    expect(errors).not.toHaveBeenCalled();
  });
});
