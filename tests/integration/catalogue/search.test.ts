import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as catalogueRoute from "~/routes/_app.catalogue._index";
import * as brandIndexRoute from "~/routes/_app.catalogue.marques._index";
import * as brandRoute from "~/routes/_app.catalogue.marques.$slug";
import * as suggestionsRoute from "~/routes/_app.catalogue.suggestions";
import { thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, suggestionsOf, type CatalogueBackoffice } from "./harness";

let backoffice: CatalogueBackoffice;
let cookie: string;

beforeAll(async () => {
  backoffice = await startCatalogueBackoffice();
  cookie = await cookieFor(backoffice, LOGINS.organization);
});
afterAll(() => backoffice.close());

async function search(query: string) {
  const data = await run(catalogueRoute.loader, backoffice, page(`/catalogue?q=${encodeURIComponent(query)}`, cookie));
  if (data.mode !== "search") throw new Error("expected search results");
  return data;
}

describe("catalogue root", () => {
  it("shows the families of the tree with their sub-categories when there is no search", async () => {
    const data = await run(catalogueRoute.loader, backoffice, page("/catalogue", cookie));
    expect(data.mode).toBe("home");
    if (data.mode !== "home") return;
    expect(data.families[0]).toMatchObject({ title: "Électronique de bord", href: "/catalogue/electronique-de-bord" });
    expect(data.families[0]?.children[0]?.href).toBe("/catalogue/electronique-de-bord/navigation");
  });

  it("lists the promotions from the promotions entry point", async () => {
    const data = await run(catalogueRoute.loader, backoffice, page("/catalogue?promo=1", cookie));
    expect(data.mode === "search" && data.list.total).toBeGreaterThan(0);
  });
});

describe("search", () => {
  it("finds a reference typed in lower case with spaces, exact (its page) and by prefix", async () => {
    // An exact reference is the product's page, not a list of one (issue 24).
    const exact = await run(catalogueRoute.loader, backoffice, page(`/catalogue?q=${encodeURIComponent(" avf 15 00001 ")}`, cookie)).catch(
      (thrown: unknown) => thrown,
    );
    const product = await backoffice.db.selectFrom("products").select("id").where("ref", "=", "AVF1500001").executeTakeFirstOrThrow();
    expect(exact instanceof Response ? exact.headers.get("location") : null).toBe(`/catalogue/produit/${product.id}`);
    const prefix = await search("avf15");
    expect(prefix.list.total).toBeGreaterThan(1);
    expect(prefix.list.items.every((item) => item.ref.startsWith("AVF15"))).toBe(true);
  });

  it("finds French words with or without accents, singular or plural", async () => {
    const withAccent = await search("hélice");
    const withoutAccent = await search("helice");
    const plural = await search("hélices");
    expect(withAccent.list.total).toBeGreaterThan(0);
    expect(withoutAccent.list.total).toBe(withAccent.list.total);
    expect(plural.list.total).toBe(withAccent.list.total);
    expect(withAccent.list.items.every((item) => /h[ée]lice/i.test(item.title))).toBe(true);
  });

  it("answers a search that matches nothing, or a 5,000-character one, with a clean empty page", async () => {
    expect((await search("zzzqqqxxx")).list.total).toBe(0);
    const long = await search("x".repeat(5000));
    expect(long.list.notices).toContain("Votre recherche a été limitée à 200 caractères.");
    expect(long.query).toHaveLength(200);
  });

  it("suggests products while typing, and nothing under two characters", async () => {
    const { suggestions } = await suggestionsOf(
      await run(suggestionsRoute.loader, backoffice, page("/catalogue/suggestions?q=antenne%20vhf", cookie)),
    );
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    expect(suggestions[0]).toEqual({ id: expect.any(Number), ref: expect.any(String), title: expect.stringMatching(/antenne/i) });
    const short = await suggestionsOf(await run(suggestionsRoute.loader, backoffice, page("/catalogue/suggestions?q=a", cookie)));
    expect(short.suggestions).toEqual([]);
  });

  it("reads a control character in a search as a space, in the results and in the suggestions", async () => {
    const data = await run(catalogueRoute.loader, backoffice, page("/catalogue?q=antenne%00vhf", cookie));
    if (data.mode !== "search") throw new Error("expected search results");
    expect(data.query).toBe("antenne vhf");
    expect(data.list.total).toBeGreaterThan(0);
    const { suggestions } = await suggestionsOf(
      await run(suggestionsRoute.loader, backoffice, page("/catalogue/suggestions?q=antenne%00vhf", cookie)),
    );
    expect(suggestions.length).toBeGreaterThan(0);
  });

  it("suggests nothing, without a redirect, to a contributor who has not chosen a client", async () => {
    const sales = await cookieFor(backoffice, LOGINS.sales);
    const answer = await suggestionsOf(await run(suggestionsRoute.loader, backoffice, page("/catalogue/suggestions?q=antenne", sales)));
    expect(answer).toEqual({ suggestions: [] });
    // The catalogue itself still sends it to the client picker.
    const thrown = await run(catalogueRoute.loader, backoffice, page("/catalogue", sales)).catch((error: unknown) => error);
    expect(thrown instanceof Response ? thrown.headers.get("location") : null).toBe("/clients");
  });

  it("offers the Promotions entry only to an account that sees prices", async () => {
    const home = await run(catalogueRoute.loader, backoffice, page("/catalogue", cookie));
    expect(home.canViewPromotions).toBe(true);
    const storekeeper = await cookieFor(backoffice, LOGINS.storekeeper);
    const hidden = await run(catalogueRoute.loader, backoffice, page("/catalogue", storekeeper));
    expect(hidden.canViewPromotions).toBe(false);
  });
});

describe("brands", () => {
  it("lists brands A to Z grouped by letter, then one brand's products with the list features", async () => {
    const { groups } = await run(brandIndexRoute.loader, backoffice, page("/catalogue/marques", cookie));
    const letters = groups.map((group) => group.letter);
    expect(letters).toEqual([...letters].sort());
    const first = groups[0]?.brands[0];
    expect(first).toBeDefined();
    const slug = first?.slug ?? "";
    const data = await run(brandRoute.loader, backoffice, page(`/catalogue/marques/${slug}?tri=reference&page=1`, cookie), { slug });
    expect(data.brand.obj_slug).toBe(slug);
    expect(data.list.total).toBe(first?.productCount);
    expect(data.list.items.every((item) => item.brand?.title === data.brand.obj_title)).toBe(true);
  });

  it("answers 404 for an unknown brand", async () => {
    expect(
      await thrownStatus(() => run(brandRoute.loader, backoffice, page("/catalogue/marques/inconnue", cookie), { slug: "inconnue" })),
    ).toBe(404);
  });
});
