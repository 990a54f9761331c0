import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newsBody, newsSummary } from "@shared/contracts/content";
import { CATALOGUE_TREE, type CategoryNode } from "../../../server/backoffice/seed/catalogue-tree";
import { DOWNLOAD_CATEGORIES, demoDocuments } from "../../../server/backoffice/seed/content-downloads";
import { NEWS_CATEGORIES, demoNews } from "../../../server/backoffice/seed/content-news";
import { slugify } from "../../../server/backoffice/seed/prng";

/** The demo's news and documents (docs/content.md) hold nothing the portal would refuse or show broken. */

function categorySlugs(nodes: readonly CategoryNode[]): string[] {
  return nodes.flatMap((node) => [slugify(node.title), ...categorySlugs(node.children ?? [])]);
}

const news = demoNews(2026);
const downloadPaths = new Set(
  DOWNLOAD_CATEGORIES.flatMap((top) => [top.slug, ...top.children.map((child) => `${top.slug}/${child.slug}`)]),
);

describe("the demo's news", () => {
  it("gives every item a known category, a unique slug, a body and a summary the contract takes", () => {
    const slugs = new Set(NEWS_CATEGORIES.map((category) => category.slug));
    expect(new Set(news.map((item) => item.slug)).size).toBe(news.length);
    for (const item of news) {
      expect(slugs.has(item.category), item.slug).toBe(true);
      expect(() => newsBody.parse(item.body), item.slug).not.toThrow();
      const summary = {
        id: 1,
        slug: item.slug,
        title: item.title,
        summary: item.summary,
        published_at: "2026-11-20T08:00:00.000Z",
        category: { slug: item.category, title: "x" },
        picture: { url: item.picture, alt: item.alt },
      };
      expect(() => newsSummary.parse(summary), item.slug).not.toThrow();
    }
  });

  it("gives every item a picture that public/ serves", () => {
    for (const item of news) expect(existsSync(path.join("public", item.picture)), item.picture).toBe(true);
  });

  it("links only to pages that exist: catalogue categories, download categories, account pages", () => {
    const catalogue = new Set(categorySlugs(CATALOGUE_TREE));
    const links = news.flatMap((item) => item.body.flatMap((block) => (block.type === "link" ? [block.href] : [])));
    expect(links.length).toBeGreaterThan(4);
    for (const href of links) {
      const [, area, ...rest] = href.split("/");
      if (area === "catalogue") expect(catalogue.has(rest.join("/")), href).toBe(true);
      else if (area === "telechargements") expect(downloadPaths.has(rest.join("/")), href).toBe(true);
      else expect(existsSync(path.join("app/routes", `_app.${[area, ...rest].join(".")}._index.tsx`)), href).toBe(true);
    }
  });
});

describe("the demo's documents", () => {
  it("files every document in a known sub-category, under a unique PDF name", () => {
    const products = [
      { ref: "AIS00001", title: "Transpondeur AIS classe B SOTDMA Marque", brand: "Marque", section: "Électronique de bord", price: 45000 },
    ];
    const documents = demoDocuments({
      today: "2026-11-20",
      created: new Date("2026-11-20T08:00:00Z"),
      year: 2026,
      products,
      netPrices: [],
    });
    expect(documents).toHaveLength(10);
    expect(new Set(documents.map((document) => document.fileName)).size).toBe(10);
    for (const document of documents) {
      expect(downloadPaths.has(document.category), document.category).toBe(true);
      expect(document.fileName).toMatch(/^[a-z0-9-]+\.pdf$/);
    }
    expect(documents.filter((document) => document.restrictedTo).map((document) => [document.restrictedTo, document.showsPrices])).toEqual([
      [["C0001"], true],
    ]);
  });
});
