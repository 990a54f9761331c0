// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import HomePage from "~/routes/_app._index";
import type { HomeView, LatestOrdersView } from "~/services/home/types";

/**
 * The home page as drawn from its loader's view (app/components/home/): one region per block
 * given, none for a block left out, a short notice for an unavailable one; the quick order
 * posts to the quick order page; « Commander à nouveau » only when offered.
 */

afterEach(cleanup);

const everything: HomeView = {
  greeting: { userName: "Yann Le Gall", organizationName: "Voilerie Atlantique", actingAs: null },
  news: {
    state: "ready",
    data: [
      {
        id: 1,
        title: "Salon Nautic de Paris : retrouvez-nous",
        summary: "Stand B42, du 5 au 13 décembre.",
        publishedAt: "2026-11-18T08:00:00.000Z",
        category: "Vie de l'entreprise",
        href: "/actualites/vie-de-l-entreprise/salon-nautic",
        picture: { url: "/images/actualites/salon.svg", alt: "Le stand NautiDistrib" },
      },
    ],
  },
  promotions: {
    state: "ready",
    data: {
      items: [
        {
          id: 12,
          ref: "ANT-VHF-150",
          title: "Antenne VHF 1,5 m",
          brand: "Glomeasy",
          image: null,
          promotionName: "Hivernage",
          promotionPrice: 8990,
          netPrice: 10990,
        },
      ],
      total: 14,
    },
  },
  quickOrder: { rows: 3 },
  orders: {
    state: "ready",
    data: {
      items: [
        {
          id: 7,
          number: "CMD-000007",
          createdAt: "2026-11-18T09:30:00.000Z",
          customerRef: "Chantier Iroise",
          status: "expédiée",
          lineCount: 3,
        },
      ],
      total: 40,
      canReorder: true,
    },
  },
  backorders: {
    state: "ready",
    data: {
      items: [
        {
          orderId: 7,
          orderNumber: "CMD-000007",
          productRef: "AIS-B-200",
          productTitle: "Balise AIS classe B",
          backorder: 2,
          availableAt: "2026-11-19T10:00:00.000Z",
        },
      ],
      total: 1,
    },
  },
  quotes: {
    state: "ready",
    data: {
      forClient: [
        {
          id: 3,
          number: "DV-2026-000003",
          customerRef: "Refit Sirius",
          state: "proposé",
          updatedAt: "2026-11-17T10:00:00.000Z",
          validUntil: "2026-12-17",
          href: "/mon-compte/mes-devis/3",
        },
      ],
      forClientTotal: 1,
      forRepresentative: null,
    },
  },
  links: [
    { to: "/catalogue", title: "Catalogue", description: "Parcourez nos familles de produits et nos marques." },
    { to: "/mon-panier", title: "Mon panier", description: "Le panier partagé de votre organisation." },
  ],
};

function renderHome(view: HomeView) {
  const Stub = createRemixStub([{ path: "/", Component: HomePage, loader: () => view }]);
  return render(createElement(Stub));
}

const region = (name: string) => screen.findByRole("region", { name });

describe("the home page", () => {
  it("draws each block with its links", async () => {
    renderHome(everything);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Bonjour Yann Le Gall");

    const news = await region("Actualités");
    expect(within(news).getByRole("link", { name: "Salon Nautic de Paris : retrouvez-nous" }).getAttribute("href")).toBe(
      "/actualites/vie-de-l-entreprise/salon-nautic",
    );
    expect(within(news).getByRole("img").getAttribute("alt")).toBe("Le stand NautiDistrib");

    const promotions = await region("Vos promotions");
    expect(promotions.textContent).toContain("89,90");
    expect(promotions.textContent).toContain("au lieu de votre prix habituel");
    expect(
      within(promotions)
        .getByRole("link", { name: /Toutes les promotions \(14 produits\)/ })
        .getAttribute("href"),
    ).toBe("/catalogue?promo=1");

    const quickOrder = await region("Commande rapide");
    const form = quickOrder.querySelector("form");
    expect(form?.getAttribute("action")).toBe("/mon-panier/commande-rapide");
    expect(form?.getAttribute("method")).toBe("post");
    expect(
      within(quickOrder)
        .getAllByRole("textbox")
        .map((input) => input.getAttribute("name")),
    ).toEqual(["ref_0", "qty_0", "ref_1", "qty_1", "ref_2", "qty_2"]);
    expect(within(quickOrder).getByLabelText("Référence, ligne 1")).not.toBeNull();

    const orders = await region("Dernières commandes");
    expect(within(orders).getByRole("link", { name: "Commander à nouveau la commande CMD-000007" }).getAttribute("href")).toBe(
      "/mon-compte/commandes/7/commander-a-nouveau?tout=1",
    );

    const backorders = await region("Reliquats arrivés");
    expect(backorders.textContent).toContain("Un produit en reliquat est arrivé en stock");
    expect(backorders.textContent).toContain("Balise AIS classe B : 2 en reliquat");
    expect(within(backorders).getByRole("link", { name: "CMD-000007" }).getAttribute("href")).toBe("/mon-compte/commandes/7");

    const quotes = await region("Devis en attente");
    expect(quotes.textContent).toContain("Un devis attend votre réponse");
    expect(within(quotes).getByRole("link", { name: "DV-2026-000003" }).getAttribute("href")).toBe("/mon-compte/mes-devis/3");

    const shortcuts = screen.getByRole("navigation", { name: "Accès rapides" });
    expect(
      within(shortcuts)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/catalogue", "/mon-panier"]);
  });

  it("leaves out the blocks the account may not see, and says which one could not be read", async () => {
    renderHome({
      ...everything,
      promotions: null,
      quickOrder: null,
      orders: null,
      quotes: { state: "unavailable" },
    });
    await screen.findByRole("heading", { level: 1 });
    const names = screen.getAllByRole("region").map((section) => section.getAttribute("aria-labelledby"));
    expect(names).toEqual(["accueil-actualites", "accueil-reliquats", "accueil-devis"]);
    expect(screen.queryByText(/89,90/)).toBeNull();
    expect(screen.queryByText("Commander à nouveau")).toBeNull();
    const quotes = await region("Devis en attente");
    expect(within(quotes).getByRole("status").textContent).toBe(
      "Ce bloc est momentanément indisponible. Réessayez dans quelques instants.",
    );
  });

  it("offers no reorder without `cart`", async () => {
    const orders = everything.orders as { state: "ready"; data: LatestOrdersView };
    renderHome({ ...everything, orders: { state: "ready", data: { ...orders.data, canReorder: false } } });
    const section = await region("Dernières commandes");
    expect(within(section).queryByText("Commander à nouveau")).toBeNull();
    expect(within(section).getByRole("link", { name: "CMD-000007" })).not.toBeNull();
  });
});
