// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { NewsArticle } from "~/components/news/NewsArticle";
import { NewsBody } from "~/components/news/NewsBody";
import { NewsList } from "~/components/news/NewsList";
import type { NewsCard, NewsCategoryLink, NewsListView } from "~/services/news/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const categories: NewsCategoryLink[] = [
  { slug: "nouveautes-produits", title: "Nouveautés produits", description: "", count: 4, href: "/actualites/nouveautes-produits" },
  { slug: "reglementation", title: "Réglementation", description: "", count: 3, href: "/actualites/reglementation" },
];

function card(slug: string, publishedAt: string): NewsCard {
  return {
    slug,
    title: `Titre ${slug}`,
    summary: `Résumé ${slug}`,
    publishedAt,
    href: `/actualites/reglementation/${slug}`,
    category: { title: "Réglementation", href: "/actualites/reglementation" },
    picture: { url: `/images/actualites/${slug}.svg`, alt: `Dessin ${slug}` },
  };
}

describe("NewsBody", () => {
  it("renders each block as text: a paragraph, a heading, a list and a link of this site", () => {
    renderAt(
      <NewsBody
        blocks={[
          { type: "paragraph", text: "Premier paragraphe." },
          { type: "heading", text: "Ce qui change" },
          { type: "list", items: ["Un", "Deux"] },
          { type: "link", text: "Voir la gamme", href: "/catalogue/transpondeurs-ais" },
        ]}
      />,
    );
    expect(screen.getByText("Premier paragraphe.").tagName).toBe("P");
    expect(screen.getByRole("heading", { level: 2, name: "Ce qui change" })).toBeInstanceOf(HTMLElement);
    expect(
      within(screen.getByRole("list"))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Un", "Deux"]);
    expect(screen.getByRole("link", { name: "Voir la gamme" }).getAttribute("href")).toBe("/catalogue/transpondeurs-ais");
  });

  it("shows markup written in a text as text, and never runs it", () => {
    const { container } = renderAt(
      <NewsBody blocks={[{ type: "paragraph", text: '<img src=x onerror="alert(1)"><script>alert(2)</script>' }]} />,
    );
    expect(screen.getByText('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toBeInstanceOf(HTMLElement);
    expect(container.querySelector("img, script")).toBeNull();
  });
});

describe("NewsList", () => {
  const list = (overrides: Partial<NewsListView>): NewsListView => ({
    category: null,
    categories,
    items: [card("mmsi", "2026-11-18T08:00:00.000Z"), card("feux", "2026-09-30T23:30:00.000Z")],
    total: 12,
    page: 1,
    pageCount: 2,
    path: "/actualites",
    ...overrides,
  });

  it("shows each item with its picture and alt text, its French date in France's time, its category and summary", () => {
    renderAt(<NewsList list={list({})} />);
    const articles = screen.getAllByRole("article");
    expect(articles).toHaveLength(2);
    const first = within(articles[0]!);
    expect(first.getByRole("heading", { level: 2 }).textContent).toBe("Titre mmsi");
    expect(first.getByRole("link", { name: "Titre mmsi" }).getAttribute("href")).toBe("/actualites/reglementation/mmsi");
    expect(first.getByRole("img", { name: "Dessin mmsi" }).getAttribute("src")).toBe("/images/actualites/mmsi.svg");
    expect(first.getByText("18 novembre 2026").getAttribute("datetime")).toBe("2026-11-18");
    expect(first.getByRole("link", { name: "Réglementation" }).getAttribute("href")).toBe("/actualites/reglementation");
    // 23:30 UTC on 30 September is already 1 October in France.
    expect(within(articles[1]!).getByText("1 octobre 2026").getAttribute("datetime")).toBe("2026-10-01");
  });

  it("marks « every item » as the current list, counts them, and links to the next page", () => {
    renderAt(<NewsList list={list({})} />);
    const nav = screen.getByRole("navigation", { name: "Rubriques des actualités" });
    expect(within(nav).getByRole("link", { name: "Toutes les actualités (7)" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Réglementation (3)" }).getAttribute("aria-current")).toBeNull();
    const pages = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pages).getByRole("link", { name: "Page suivante" }).getAttribute("href")).toBe("/actualites?page=2");
    expect(within(pages).queryByRole("link", { name: "Page précédente" })).toBeNull();
  });

  it("on a category's last page: marks the category, hides the category of each item, links back", () => {
    const category = categories[1]!;
    renderAt(<NewsList list={list({ category, page: 2, path: category.href })} />);
    const nav = screen.getByRole("navigation", { name: "Rubriques des actualités" });
    expect(within(nav).getByRole("link", { name: "Réglementation (3)" }).getAttribute("aria-current")).toBe("page");
    expect(within(screen.getAllByRole("article")[0]!).queryByRole("link", { name: "Réglementation" })).toBeNull();
    expect(screen.getByRole("link", { name: "Page précédente" }).getAttribute("href")).toBe("/actualites/reglementation");
    expect(screen.queryByRole("link", { name: "Page suivante" })).toBeNull();
  });

  it("says so when a category has nothing yet", () => {
    renderAt(<NewsList list={list({ items: [], total: 0, pageCount: 1 })} />);
    expect(screen.getByText("Aucun article n'a encore été publié dans cette rubrique.")).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });
});

describe("NewsArticle", () => {
  it("titles the page with the item, dates it, and marks no category as current", () => {
    renderAt(
      <NewsArticle
        view={{ item: { ...card("mmsi", "2026-11-18T08:00:00.000Z"), body: [{ type: "paragraph", text: "Le corps." }] }, categories }}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Titre mmsi");
    expect(screen.getByRole("navigation", { name: "Fil d'Ariane" }).textContent).toBe("ActualitésRéglementationTitre mmsi");
    expect(screen.getByText(/^Publié le/).textContent).toBe("Publié le 18 novembre 2026 dans « Réglementation »");
    const nav = screen.getByRole("navigation", { name: "Rubriques des actualités" });
    expect(
      within(nav)
        .getAllByRole("link")
        .filter((link) => link.getAttribute("aria-current")),
    ).toEqual([]);
    expect(screen.getByText("Le corps.")).toBeInstanceOf(HTMLElement);
  });
});
