// @vitest-environment happy-dom
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CartLinesForm } from "~/components/cart/CartLinesForm";
import { QUANTITY_DEBOUNCE_MS } from "~/components/cart/useQuantityField";
import type { CartView } from "~/services/cart/types";
import { CART_LINE, CART_VIEW } from "./cart-view-fixtures";

/**
 * The quantity fields of /mon-panier with JavaScript: typing saves once the user pauses, a
 * save in flight never takes back what the user typed since, and what was typed before React
 * hydrated the page is kept and saved.
 */

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

const LINE = CART_LINE;
const VIEW: CartView = { ...CART_VIEW, totals: null };

const ROUTE_ID = "panier";

/**
 * The cart's lines over a fake server: the action saves the posted quantity into `server.view`
 * (after `server.gate`, when a test holds the save in flight), the loader reads it back.
 */
function quantityStub() {
  const server = { view: VIEW, posted: [] as Record<string, FormDataEntryValue>[], loads: 0, gate: Promise.resolve() };
  function Page() {
    const { view } = useLoaderData<() => { view: CartView }>();
    // Live sync revalidates the page when a colleague changes the cart (app/components/realtime).
    const revalidator = useRevalidator();
    return (
      <>
        <CartLinesForm view={view} />
        <button type="button" onClick={() => revalidator.revalidate()}>
          Synchroniser
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
          loader: () => {
            server.loads += 1;
            return { view: server.view };
          },
          action: async ({ request }) => {
            const form = Object.fromEntries(await request.formData());
            server.posted.push(form);
            await server.gate;
            const qty = Number(form["qty:l-1"]);
            server.view = { ...server.view, version: server.view.version + 1, lines: [{ ...LINE, qty }] };
            return Response.json({ ok: true, message: "Quantités mises à jour." });
          },
        },
      ],
    },
  ]);
  const props = { initialEntries: ["/mon-panier"], hydrationData: { loaderData: { [ROUTE_ID]: { view: VIEW } } } };
  return { Stub, props, server };
}

const field = () => screen.getByLabelText<HTMLInputElement>("Quantité de AVF1500001");
/** The saved quantity the page shows (the plain form sends it as `was:`). */
const savedQty = () => document.querySelector<HTMLInputElement>('input[type=hidden][name="was:l-1"]')?.value;
const sentQuantities = (posted: Record<string, FormDataEntryValue>[]) => posted.map((form) => [form["qty:l-1"], form["was:l-1"]]);

/** React's warnings (an input switching from uncontrolled to controlled, a hydration mismatch) fail the test. */
function failOnReactWarnings() {
  return vi.spyOn(console, "error");
}

/** The server's HTML of the cart, on screen before its scripts have loaded. */
function serverHtml(Stub: ReturnType<typeof quantityStub>["Stub"], props: ReturnType<typeof quantityStub>["props"]): HTMLElement {
  vi.spyOn(console, "error").mockImplementation(() => undefined); // the router's layout effects do not run on the server
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Stub {...props} />);
  vi.restoreAllMocks();
  document.body.append(container);
  return container;
}

describe("a cart quantity with JavaScript", () => {
  it("waits for the user to pause, then saves once with the last value", async () => {
    const errors = failOnReactWarnings();
    const { Stub, props, server } = quantityStub();
    render(<Stub {...props} />);
    // Keystrokes come by change events under a fake clock: the debounce is timed exactly,
    // then real time comes back for the router's save and revalidation.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    for (const typed of ["1", "12", "125"]) {
      fireEvent.change(field(), { target: { value: typed } });
      act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1));
      expect(field().value).toBe(typed);
    }
    expect(server.posted).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(savedQty()).toBe("125"));
    expect(sentQuantities(server.posted)).toEqual([["125", "2"]]);
    expect(field().value).toBe("125");
    expect(errors).not.toHaveBeenCalled();
  });

  it("keeps what the user typed while a save is in flight, then saves it", async () => {
    const errors = failOnReactWarnings();
    let release = () => {};
    const { Stub, props, server } = quantityStub();
    server.gate = new Promise<void>((resolve) => (release = resolve));
    const user = userEvent.setup();
    render(<Stub {...props} />);
    await user.clear(field());
    await user.type(field(), "5");
    await waitFor(() => expect(server.posted).toHaveLength(1));
    // The user goes on typing while "5" is being saved; the save then answers, and the page
    // revalidates with the server's 5.
    await user.type(field(), "0");
    release();
    await waitFor(() => expect(savedQty()).toBe("5"));
    expect(field().value).toBe("50");
    await waitFor(() => expect(savedQty()).toBe("50"));
    expect(sentQuantities(server.posted)).toEqual([
      ["5", "2"],
      ["50", "5"],
    ]);
    expect(field().value).toBe("50");
    expect(errors).not.toHaveBeenCalled();
  });

  it("keeps a quantity typed before React hydrated the page, and saves it", async () => {
    const { Stub, props, server } = quantityStub();
    const container = serverHtml(Stub, props);
    // The scripts are still loading: the user types into the server's field, then leaves it.
    const user = userEvent.setup();
    const early = field();
    await user.clear(early);
    await user.type(early, "7");
    await user.tab();

    const errors = failOnReactWarnings();
    // Hydrated as the browser entry does it (StrictMode rehearses an unmount of every effect).
    render(<Stub {...props} />, { container, hydrate: true, reactStrictMode: true });
    expect(field()).toBe(early);
    expect(field().value).toBe("7");
    await waitFor(() => expect(savedQty()).toBe("7"));
    expect(sentQuantities(server.posted)).toEqual([["7", "2"]]);
    expect(field().value).toBe("7");
    expect(errors).not.toHaveBeenCalled();
  });

  it("a user still typing when the page hydrates gets one save with every keystroke", async () => {
    const { Stub, props, server } = quantityStub();
    const container = serverHtml(Stub, props);
    const user = userEvent.setup();
    await user.clear(field());
    await user.type(field(), "1");

    render(<Stub {...props} />, { container, hydrate: true, reactStrictMode: true });
    await user.type(field(), "5", { skipClick: true });
    expect(field().value).toBe("15");
    await waitFor(() => expect(savedQty()).toBe("15"));
    expect(sentQuantities(server.posted)).toEqual([["15", "2"]]);
    expect(field().value).toBe("15");
    expect(document.activeElement).toBe(field());
  });

  /** A colleague sets the line to `qty` (their save reached the server) and live sync revalidates. */
  async function colleagueSets(server: ReturnType<typeof quantityStub>["server"], qty: number) {
    server.view = { ...server.view, version: server.view.version + 1, lines: [{ ...LINE, qty }] };
    const loads = server.loads;
    fireEvent.click(screen.getByRole("button", { name: "Synchroniser" }));
    await waitFor(() => expect(server.loads).toBe(loads + 1));
  }

  it("keeps a quantity being typed when a colleague changes the line, says so, and saves the typed one", async () => {
    const errors = failOnReactWarnings();
    const { Stub, props, server } = quantityStub();
    render(<Stub {...props} />);
    field().focus();
    fireEvent.change(field(), { target: { value: "12" } });
    await colleagueSets(server, 8);
    await waitFor(() => expect(savedQty()).toBe("8"));
    expect(field().value).toBe("12");
    // The notice comes from an effect of that render: a moment later on a loaded machine.
    const notice = await screen.findByTestId("qty-changed-AVF1500001");
    expect(notice.textContent).toContain("Un collègue vient de passer cette ligne à 8. Votre quantité (12) la remplace.");
    expect(notice.closest("[role=status]")).not.toBeNull();
    await waitFor(() => expect(savedQty()).toBe("12"));
    expect(sentQuantities(server.posted)).toEqual([["12", "8"]]);
    expect(field().value).toBe("12");
    expect(errors).not.toHaveBeenCalled();
  });

  it("keeps the notice when the typed quantity's own save comes back by the live sync after the save ended", async () => {
    const { Stub, props, server } = quantityStub();
    const user = userEvent.setup();
    render(<Stub {...props} />);
    field().focus();
    fireEvent.change(field(), { target: { value: "12" } });
    await colleagueSets(server, 8);
    await waitFor(() => expect(sentQuantities(server.posted)).toEqual([["12", "8"]]));
    await waitFor(() => expect(savedQty()).toBe("12"));
    // The live sync then reloads the cart as the buyer's save left it (a later version, still 12).
    await colleagueSets(server, 12);
    expect(field().value).toBe("12");
    expect(screen.getByTestId("qty-changed-AVF1500001").textContent).toContain("à 8");
    await user.click(screen.getByRole("button", { name: "Garder 8" }));
    await waitFor(() => expect(savedQty()).toBe("8"));
    expect(field().value).toBe("8");
  });

  it("says so too when the typed quantity was already saved, and lets the buyer keep the colleague's", async () => {
    const { Stub, props, server } = quantityStub();
    const user = userEvent.setup();
    render(<Stub {...props} />);
    await user.clear(field());
    await user.type(field(), "12");
    await waitFor(() => expect(savedQty()).toBe("12"));
    // Still in the field: the colleague's 8 arrives after the buyer's 12 was saved.
    await colleagueSets(server, 8);
    // The loader has answered; the page renders its data a moment later on a loaded machine.
    expect((await screen.findByTestId("qty-changed-AVF1500001")).textContent).toContain("à 8");
    expect(field().value).toBe("12");
    await user.click(screen.getByRole("button", { name: "Garder 8" }));
    expect(field().value).toBe("8");
    expect(screen.queryByTestId("qty-changed-AVF1500001")).toBeNull();
    await waitFor(() => expect(savedQty()).toBe("8"));
    expect(sentQuantities(server.posted).at(-1)).toEqual(["8", "12"]);
    expect(field().value).toBe("8");
  });

  it("follows a colleague's change at once when the buyer is not typing", async () => {
    const { Stub, props, server } = quantityStub();
    render(<Stub {...props} />);
    await colleagueSets(server, 9);
    await waitFor(() => expect(field().value).toBe("9"));
    expect(screen.queryByTestId("qty-changed-AVF1500001")).toBeNull();
    expect(server.posted).toEqual([]);
  });
});
