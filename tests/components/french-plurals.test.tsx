// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LatestOrders } from "~/components/home/LatestOrders";
import BrandIndexPage from "~/routes/_app.catalogue.marques._index";

/** Issue 24: counts outside the cart said in French by Intl.PluralRules (« 1 produit », never « 1 produits »). */

afterEach(cleanup);

describe("the brand index", () => {
  it("counts each brand's products in the singular or the plural", async () => {
    const groups = [
      {
        letter: "A",
        brands: [
          { slug: "armor-nautic", title: "Armor Nautic", productCount: 1 },
          { slug: "atlantis-marine", title: "Atlantis Marine", productCount: 1250 },
        ],
      },
    ];
    const Stub = createRemixStub([{ path: "/catalogue/marques", Component: BrandIndexPage, loader: () => ({ groups }) }]);
    render(<Stub initialEntries={["/catalogue/marques"]} />);
    expect((await screen.findByRole("link", { name: "Armor Nautic" })).parentElement?.textContent).toBe("Armor Nautic (1 produit)");
    expect(screen.getByRole("link", { name: "Atlantis Marine" }).parentElement?.textContent).toBe("Atlantis Marine (1\u202f250 produits)");
  });
});

describe("the home page's latest orders", () => {
  const order = { id: 1, number: "CMD-2026-0001", createdAt: "2026-11-20T10:00:00Z", customerRef: "", status: "Expédiée", lineCount: 2 };

  it.each([
    [[order], "La commande la plus récente sur 1"],
    [[order, { ...order, id: 2, number: "CMD-2026-0002" }], "Les 2 commandes les plus récentes sur 9"],
  ])("names its table by the count (%#)", async (items, caption) => {
    const Stub = createRemixStub([
      { path: "/", Component: () => <LatestOrders orders={{ items, total: items.length === 1 ? 1 : 9, canReorder: false }} /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect((await screen.findByRole("table")).querySelector("caption")?.textContent).toBe(caption);
  });
});
