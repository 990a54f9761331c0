// @vitest-environment happy-dom
import { Outlet, useLocation, useParams } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { SearchBox, type Suggestion } from "~/components/catalogue/SearchBox";
import { SiteHeader } from "~/components/layout/SiteHeader";

/**
 * The search boxes suggest products while typing (a combobox over /catalogue/suggestions) and
 * stay plain GET forms to /catalogue without JavaScript.
 */

afterEach(cleanup);

/** The page a suggestion leads to, naming the product it was opened for. */
function OpenedProduct() {
  return <p data-testid="opened-product">{`Fiche du produit ${useParams().id ?? ""}`}</p>;
}

const PRODUCTS: Suggestion[] = [
  { id: 42, ref: "ANT00042", title: "Antenne VHF 1,5 m" },
  { id: 43, ref: "ANT00043", title: "Antenne AIS" },
];

function header() {
  return (
    <SiteHeader
      organizationName="Voilerie Atlantique"
      userName="Voilerie Atlantique"
      cartCount={0}
      canEditCart
      access={{
        canViewQuotes: true,
        canViewInvoices: true,
        canViewPrices: true,
        canPickClients: false,
        canUpdateCart: true,
        canSchedule: true,
        canReturn: true,
        canManageUsers: true,
        canConfigureAlerts: true,
        canChangePassword: true,
      }}
    />
  );
}

/** The header on a page, a stub suggestions loader that records what it was asked, and a product page. */
function renderHeader() {
  const asked: string[] = [];
  const Stub = createRemixStub([
    { path: "/mon-panier", Component: header },
    {
      path: "/catalogue/suggestions",
      loader: ({ request }) => {
        const q = new URL(request.url).searchParams.get("q") ?? "";
        asked.push(q);
        return { suggestions: PRODUCTS.filter((product) => product.title.toLowerCase().includes(q.toLowerCase())) };
      },
    },
    { path: "/catalogue/produit/:id", Component: OpenedProduct },
  ]);
  render(<Stub initialEntries={["/mon-panier"]} />);
  return { asked, field: screen.getByRole("combobox", { name: "Rechercher dans le catalogue" }) };
}

describe("header search box", () => {
  it("suggests products while typing, as links to their pages, in a combobox", async () => {
    const user = userEvent.setup();
    const { asked, field } = renderHeader();
    expect(field.getAttribute("aria-expanded")).toBe("false");

    await user.type(field, "an");
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.getAttribute("href"))).toEqual(["/catalogue/produit/42", "/catalogue/produit/43"]);
    expect(options[0]?.textContent).toBe("ANT00042 Antenne VHF 1,5 m");
    expect(field.getAttribute("aria-expanded")).toBe("true");
    expect(field.getAttribute("aria-controls")).toBe(screen.getByRole("listbox", { name: "Suggestions" }).id);
    expect(asked).toEqual(["an"]);
  });

  it("asks nothing under two characters, and hides the list when the text gets shorter", async () => {
    const user = userEvent.setup();
    const { asked, field } = renderHeader();
    await user.type(field, "a");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);
    expect(screen.queryByRole("listbox")).toBeNull();

    await user.type(field, "n");
    await screen.findAllByRole("option");
    await user.type(field, "{Backspace}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(field.getAttribute("aria-expanded")).toBe("false");
  });

  it("moves the active option with the arrows and opens it with Enter", async () => {
    const user = userEvent.setup();
    const { field } = renderHeader();
    await user.type(field, "an");
    const options = await screen.findAllByRole("option");

    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(field.getAttribute("aria-activedescendant")).toBe(options[1]?.id);
    expect(options[1]?.getAttribute("aria-selected")).toBe("true");
    expect(options[0]?.getAttribute("aria-selected")).toBe("false");
    await user.keyboard("{ArrowUp}");
    expect(field.getAttribute("aria-activedescendant")).toBe(options[0]?.id);

    await user.keyboard("{Enter}");
    expect((await screen.findByTestId("opened-product")).textContent).toBe("Fiche du produit 42");
  });

  it("closes the list with Escape, and opens a suggestion with a click", async () => {
    const user = userEvent.setup();
    const { field } = renderHeader();
    await user.type(field, "an");
    await screen.findAllByRole("option");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(field.hasAttribute("aria-activedescendant")).toBe(false);

    await user.type(field, "t");
    const [antenna] = await screen.findAllByRole("option");
    if (!antenna) throw new Error("no suggestion");
    await user.click(antenna);
    await waitFor(() => expect(screen.getByTestId("opened-product").textContent).toBe("Fiche du produit 42"));
  });

  it("closes the list when Enter searches, and keeps it closed over the results (issue 36)", async () => {
    const user = userEvent.setup();
    // The header lives in the layout, so it stays mounted from the cart page to the results.
    function Results() {
      return <h1>{`Résultats pour ${new URLSearchParams(useLocation().search).get("q") ?? ""}`}</h1>;
    }
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <>
            {header()}
            <Outlet />
          </>
        ),
        children: [
          { path: "mon-panier", Component: () => <h1>Panier</h1> },
          { path: "catalogue", Component: Results },
        ],
      },
      { path: "/catalogue/suggestions", loader: () => ({ suggestions: PRODUCTS }) },
    ]);
    render(<Stub initialEntries={["/mon-panier"]} />);
    const field = screen.getByRole("combobox", { name: "Rechercher dans le catalogue" });
    await user.type(field, "an");
    await screen.findAllByRole("option");

    await user.keyboard("{Enter}");
    await screen.findByRole("heading", { name: "Résultats pour an" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(field.getAttribute("aria-expanded")).toBe("false");
    // The field keeps the focus and what was typed: a later answer must not open the list again.
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe("an");
  });

  it("closes the list when the page changes by a link, the field still focused", async () => {
    const user = userEvent.setup();
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <>
            {header()}
            <Outlet />
          </>
        ),
        children: [
          { path: "mon-panier", Component: () => <h1>Panier</h1> },
          { path: "mon-compte", Component: () => <h1>Mon compte</h1> },
        ],
      },
      { path: "/catalogue/suggestions", loader: () => ({ suggestions: PRODUCTS }) },
    ]);
    render(<Stub initialEntries={["/mon-panier"]} />);
    const field = screen.getByRole("combobox", { name: "Rechercher dans le catalogue" });
    await user.type(field, "an");
    await screen.findAllByRole("option");
    // The account menu's link, followed while the field keeps the focus (a keyboard shortcut, a
    // live redirect): any navigation closes the list.
    const link = screen.getAllByRole("link").find((candidate) => candidate.getAttribute("href") === "/mon-compte");
    if (!link) throw new Error("no account link");
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    await screen.findByRole("heading", { name: "Mon compte" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(field.getAttribute("aria-expanded")).toBe("false");
  });

  it("is a plain GET form to /catalogue in the server's HTML (no JavaScript needed)", () => {
    const Stub = createRemixStub([{ path: "/", Component: header }]);
    const html = renderToString(<Stub />);
    const page = new DOMParser().parseFromString(html, "text/html");
    const form = page.querySelector("form[role=search]");
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.getAttribute("action")).toBe("/catalogue");
    expect(form?.querySelector("input#recherche-globale")?.getAttribute("name")).toBe("q");
    expect(form?.querySelector("button[type=submit]")?.textContent).toBe("Rechercher");
    expect(page.querySelector("[role=listbox]")?.hasAttribute("hidden")).toBe(true);
  });
});

describe("catalogue page search box", () => {
  it("suggests too, and does not ask again for the search the page already shows", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const Stub = createRemixStub([
      { path: "/catalogue", Component: () => <SearchBox defaultQuery="antenne" /> },
      {
        path: "/catalogue/suggestions",
        loader: ({ request }) => {
          asked.push(new URL(request.url).searchParams.get("q") ?? "");
          return { suggestions: PRODUCTS };
        },
      },
    ]);
    render(<Stub initialEntries={["/catalogue"]} />);
    const field = screen.getByRole("combobox", { name: "Rechercher une référence, un produit ou une marque" });
    expect((field as HTMLInputElement).value).toBe("antenne");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);

    await user.type(field, " ais");
    expect(await screen.findAllByRole("option")).toHaveLength(2);
    expect(asked).toEqual(["antenne ais"]);
  });
});
