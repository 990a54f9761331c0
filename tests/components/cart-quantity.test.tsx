// @vitest-environment happy-dom
import { useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CartLinesForm } from "~/components/panier/CartLinesForm";
import { QUANTITY_DEBOUNCE_MS } from "~/components/panier/useQuantityField";
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
    return <CartLinesForm view={view} />;
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
});
