// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountMenuAccess } from "~/services/layout/types";
import { ActingForBanner } from "~/components/layout/ActingForBanner";
import { SiteHeader, type SiteHeaderProps } from "~/components/layout/SiteHeader";

afterEach(cleanup);

const everything: AccountMenuAccess = {
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
};

function renderHeader(overrides: Partial<SiteHeaderProps> = {}) {
  const props: SiteHeaderProps = {
    organizationName: "Voilerie Atlantique",
    userName: "Voilerie Atlantique",
    cartCount: 3,
    canEditCart: true,
    access: everything,
    ...overrides,
  };
  const Stub = createRemixStub([{ path: "/", Component: () => <SiteHeader {...props} /> }]);
  return render(<Stub />);
}

describe("SiteHeader", () => {
  it("shows the organization, the main menu and a search sent to the catalogue", () => {
    renderHeader();
    expect(screen.getByTestId("organization-name").textContent).toBe("Voilerie Atlantique");
    const nav = screen.getByRole("navigation", { name: "Navigation principale" });
    expect(within(nav).getByRole("link", { name: "Catalogue" }).getAttribute("href")).toBe("/catalogue");
    expect(within(nav).getByRole("link", { name: "Actualités" }).getAttribute("href")).toBe("/actualites");
    expect(within(nav).getByRole("link", { name: "Téléchargements" }).getAttribute("href")).toBe("/telechargements");
    const search = screen.getByRole("search");
    expect(search.getAttribute("action")).toBe("/catalogue");
    expect(search.getAttribute("method")).toBe("get");
    expect(screen.getByLabelText("Rechercher dans le catalogue").getAttribute("name")).toBe("q");
    // Suggestions while typing (tests/components/search-box.test.tsx): a combobox, closed at first.
    expect(within(search).getByRole("combobox", { name: "Rechercher dans le catalogue" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("shows the cart badge with its count, and no cart for accounts without one", () => {
    renderHeader({ cartCount: 3 });
    const badge = screen.getByRole("link", { name: "Panier, 3 produits" });
    expect(badge.getAttribute("href")).toBe("/mon-panier");
    // Named by text that starts with the visible "Panier" (WCAG 2.5.3), not by an aria-label.
    expect(badge.hasAttribute("aria-label")).toBe(false);
    expect(screen.getByTestId("cart-count").textContent).toBe("3");
    cleanup();
    renderHeader({ cartCount: 0 });
    expect(screen.getByRole("link", { name: "Panier vide" }).getAttribute("href")).toBe("/mon-panier");
    cleanup();
    renderHeader({ cartCount: null });
    expect(screen.queryByRole("link", { name: /Panier/ })).toBeNull();
  });

  it("shows a read-only cart to an account that cannot change it, without the quick order", () => {
    renderHeader({ cartCount: 2, canEditCart: false });
    expect(screen.getByRole("link", { name: "Panier, 2 produits" }).getAttribute("href")).toBe("/mon-panier");
    expect(screen.queryByRole("link", { name: "Commande rapide" })).toBeNull();
    cleanup();
    renderHeader({ cartCount: 2, canEditCart: true });
    expect(screen.getByRole("link", { name: "Commande rapide" }).getAttribute("href")).toBe("/mon-panier/commande-rapide");
  });

  it("offers in the account menu only what the account may do, and a logout form", () => {
    renderHeader({ access: everything });
    // Reading the orders needs no flag (docs/decisions/0103): only confirming does.
    expect(screen.getByRole("link", { name: "Mes commandes" }).getAttribute("href")).toBe("/mon-compte/commandes");
    expect(screen.getByRole("link", { name: "Mes devis" }).getAttribute("href")).toBe("/mon-compte/mes-devis");
    expect(screen.getByRole("link", { name: "Mes factures" }).getAttribute("href")).toBe("/mon-compte/factures");
    expect(screen.getByRole("link", { name: "Mes tarifs" }).getAttribute("href")).toBe("/mon-compte/tarifs");
    expect(screen.getByRole("link", { name: "Validations de commandes" }).getAttribute("href")).toBe("/mon-compte/validations");
    expect(screen.getByRole("link", { name: "Listes de commande" }).getAttribute("href")).toBe("/mon-compte/listes");
    expect(screen.getByRole("link", { name: "Commandes programmées" }).getAttribute("href")).toBe("/mon-compte/commandes-programmees");
    expect(screen.getByRole("link", { name: "Retours" }).getAttribute("href")).toBe("/mon-compte/retours");
    expect(screen.getByRole("link", { name: "Mes références" }).getAttribute("href")).toBe("/mon-compte/references");
    expect(screen.queryByRole("link", { name: "Changer de client" })).toBeNull();
    cleanup();
    // Without `orders`, the returns' pages answer 403: no link to them (docs/returns-portal.md).
    renderHeader({ access: { ...everything, canReturn: false } });
    expect(screen.queryByRole("link", { name: "Retours" })).toBeNull();
    cleanup();
    // Without `cart`, the approvals page answers 404: no link to it (docs/approvals.md).
    renderHeader({ access: { ...everything, canUpdateCart: false } });
    expect(screen.queryByRole("link", { name: "Validations de commandes" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Listes de commande" })).toBeNull();
    cleanup();
    // Neither `cart` nor `orders`: no schedules page; one's own codes are read by everyone.
    renderHeader({ access: { ...everything, canUpdateCart: false, canSchedule: false } });
    expect(screen.queryByRole("link", { name: "Commandes programmées" })).toBeNull();
    expect(screen.getByRole("link", { name: "Mes références" }).getAttribute("href")).toBe("/mon-compte/references");
    cleanup();
    // A people account without `quotes`, `invoices` nor `prices` is not offered their pages.
    renderHeader({ access: { ...everything, canViewQuotes: false, canViewInvoices: false, canViewPrices: false, canPickClients: true } });
    expect(screen.queryByRole("link", { name: "Mes devis" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Mes factures" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Mes tarifs" })).toBeNull();
    expect(screen.getByRole("link", { name: "Changer de client" }).getAttribute("href")).toBe("/clients");
    const logout = screen.getByRole("button", { name: "Se déconnecter" }).closest("form");
    expect(logout?.getAttribute("action")).toBe("/deconnexion");
    expect(logout?.getAttribute("method")).toBe("post");
  });
});

describe("the account menu's settings pages", () => {
  /** The menu's links to the account's settings pages, as [text, href]. */
  const settingsLinks = () => {
    const menu = document.querySelector<HTMLElement>("details.account-menu");
    if (!menu) throw new Error("no account menu");
    const settings = ["informations-personnelles", "mot-de-passe", "utilisateurs", "alertes-emails"].map((page) => `/mon-compte/${page}`);
    return within(menu)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")])
      .filter(([, href]) => settings.includes(href ?? ""));
  };

  it("offers the four pages to an organization account, in this order", () => {
    renderHeader({ access: everything });
    expect(settingsLinks()).toEqual([
      ["Informations personnelles", "/mon-compte/informations-personnelles"],
      ["Mot de passe", "/mon-compte/mot-de-passe"],
      ["Utilisateurs", "/mon-compte/utilisateurs"],
      ["Alertes e-mail", "/mon-compte/alertes-emails"],
    ]);
  });

  it("offers a people account neither the users unless administrator nor the alerts", () => {
    renderHeader({ access: { ...everything, canManageUsers: false, canConfigureAlerts: false } });
    expect(settingsLinks()).toEqual([
      ["Informations personnelles", "/mon-compte/informations-personnelles"],
      ["Mot de passe", "/mon-compte/mot-de-passe"],
    ]);
  });

  it("offers a contributor acting for a client no password change", () => {
    renderHeader({ access: { ...everything, canPickClients: true, canChangePassword: false } });
    expect(screen.queryByRole("link", { name: "Mot de passe" })).toBeNull();
    expect(screen.getByRole("link", { name: "Utilisateurs" }).getAttribute("href")).toBe("/mon-compte/utilisateurs");
  });
});

describe("ActingForBanner", () => {
  it("says for whom the contributor acts and offers the way back", () => {
    const Stub = createRemixStub([
      { path: "/", Component: () => <ActingForBanner clientName="Voilerie Atlantique" clientRef="C0001" masterName="Julie Commerciale" /> },
    ]);
    render(<Stub />);
    const banner = screen.getByRole("region", { name: "Compte client utilisé" });
    expect(banner.textContent).toContain("vous agissez pour le compte de Voilerie Atlantique (C0001)");
    expect(within(banner).getByRole("link", { name: "Changer de client" }).getAttribute("href")).toBe("/clients");
    const back = within(banner).getByRole("button", { name: "Revenir à mon compte" }).closest("form");
    expect(back?.getAttribute("action")).toBe("/clients");
    expect(back?.querySelector("input[name=intent]")?.getAttribute("value")).toBe("back-to-master");
  });
});
