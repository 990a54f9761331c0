import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as catalogueRoute from "~/routes/_app.catalogue._index";
import * as suggestionsRoute from "~/routes/_app.catalogue.suggestions";
import { DEMO_TODAY, ENGINES, startHarness, type Harness } from "../../support/harness";
import { LOGINS, cookieFor, page, run, suggestionsOf } from "./harness";

/**
 * The search as a buyer uses it (issue 24, docs/catalogue.md "Search"), on the full demo
 * catalogue, on PGlite and on PostgreSQL: a table of queries and the results they must list
 * first. Each product family is named by its reference prefix (server/backoffice/seed/catalogue-tree.ts).
 */

interface Expected {
  query: string;
  /** The families every first result belongs to: all their listed products, before anything else. */
  first: string[];
  /** The families the rest of the results belong to (products that only mention the words); none when absent. */
  then?: string[];
}

const SAFETY = ["BAI", "EPI", "PLB", "GAG", "GMO", "PYR", "EXT", "RAD"];

const TABLE: Expected[] = [
  // What the product is (life jackets) before what mentions it (AIS beacons "pour gilet").
  { query: "gilet", first: ["GAG", "GMO"], then: ["BAI"] },
  // Stop words ignored; "sauvetage" is only in the category's name.
  { query: "gilet de sauvetage", first: ["GAG", "GMO"] },
  { query: "gilet sauvetage", first: ["GAG", "GMO"] },
  { query: "Gilets de sauvetage", first: ["GAG", "GMO"] },
  // Accents ignored, and the category's name found: no title says « éclairage ».
  { query: "eclairage", first: ["LED"] },
  { query: "éclairage", first: ["LED"] },
  { query: "securite", first: SAFETY },
  { query: "Sécurité", first: SAFETY },
  // Plurals ignored; chargers "de batteries" only mention them.
  { query: "batteries", first: ["BLI", "BAG"], then: ["CHG"] },
  { query: "batterie", first: ["BLI", "BAG"], then: ["CHG"] },
  { query: "antenne vhf", first: ["AVF", "AVI"] },
  { query: "hélices inox", first: ["HIN"] },
  { query: "helice", first: ["HAL", "HIN"] },
  // Motors before engine parts, which are only in a category "Pièces moteur".
  { query: "moteurs", first: ["MEL", "MHB", "MHM", "MHG"], then: ["FIL", "ANO", "PEA"] },
  { query: "pompe", first: ["PCA", "PEA"] },
  { query: "feu à main", first: ["PYR"] },
];

const familyOf = (ref: string) => /^[A-Z]+/.exec(ref)?.[0] ?? ref;

describe.each(ENGINES)("search ranking on the demo catalogue, %s", (engine) => {
  let harness: Harness;
  let cookie: string;
  /** Listed products (neither shipping lines nor discontinued) per reference family. */
  let listedPerFamily: Map<string, number>;

  beforeAll(async () => {
    harness = await startHarness({ engine, seed: { size: "full", today: DEMO_TODAY }, name: `search-${engine}` });
    cookie = await cookieFor(harness, LOGINS.organization);
    const rows = await harness.db
      .selectFrom("products")
      .select([sql<string>`substring(ref from '^[A-Z]+')`.as("family"), sql<number>`count(*)::int`.as("count")])
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .groupBy(sql`1`)
      .execute();
    listedPerFamily = new Map(rows.map((row) => [row.family, row.count]));
  }, 120_000);
  afterAll(() => harness?.close());

  async function searchPage(query: string, pageNumber = 1) {
    const data = await run(catalogueRoute.loader, harness, page(`/catalogue?q=${encodeURIComponent(query)}&page=${pageNumber}`, cookie));
    if (data.mode !== "search") throw new Error("expected search results");
    return data.list;
  }

  /** Every result of a search, in the order the pages list them. */
  async function allResults(query: string): Promise<string[]> {
    const first = await searchPage(query);
    const refs = first.items.map((item) => item.ref);
    for (let pageNumber = 2; pageNumber <= first.pageCount; pageNumber += 1) {
      refs.push(...(await searchPage(query, pageNumber)).items.map((item) => item.ref));
    }
    expect(refs).toHaveLength(first.total);
    return refs;
  }

  it.each(TABLE)("« $query » lists $first first", async ({ query, first, then = [] }) => {
    const refs = await allResults(query);
    const leading = first.reduce((sum, family) => sum + (listedPerFamily.get(family) ?? 0), 0);
    expect(leading).toBeGreaterThan(0);
    expect(new Set(refs.slice(0, leading).map(familyOf))).toEqual(new Set(first));
    const rest = refs.slice(leading).map(familyOf);
    expect(new Set(rest)).toEqual(new Set(then));
  });

  it("finds a brand's products by its name, accents ignored", async () => {
    const brand = await harness.db.selectFrom("brands").select(["id", "title"]).where("title", "=", "Glénan").executeTakeFirstOrThrow();
    const listed = await harness.db
      .selectFrom("products")
      .select(sql<number>`count(*)::int`.as("count"))
      .where("brand_id", "=", brand.id)
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .executeTakeFirstOrThrow();
    const list = await searchPage("glenan");
    expect(list.total).toBe(listed.count);
    expect(list.items.every((item) => item.brand?.title === "Glénan")).toBe(true);
  });

  it("goes straight to the product page for an exact reference, case and spaces ignored", async () => {
    const product = await harness.db.selectFrom("products").select(["id", "ref"]).where("ref", "=", "GAG00001").executeTakeFirstOrThrow();
    const thrown = await run(catalogueRoute.loader, harness, page("/catalogue?q=gag%2000001", cookie)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe(`/catalogue/produit/${product.id}`);
    // A reference's beginning is still a list, references first.
    const prefix = await searchPage("gag0000");
    expect(prefix.total).toBeGreaterThan(1);
    expect(prefix.items.every((item) => item.ref.startsWith("GAG0000"))).toBe(true);
  });

  it("suggests life jackets for « gilet », and the exact reference first", async () => {
    const { suggestions } = await suggestionsOf(
      await run(suggestionsRoute.loader, harness, page("/catalogue/suggestions?q=gilet", cookie)),
    );
    expect(suggestions).toHaveLength(8);
    expect(suggestions.every((suggestion) => /^Gilet /.test(suggestion.title))).toBe(true);
    const byRef = await suggestionsOf(await run(suggestionsRoute.loader, harness, page("/catalogue/suggestions?q=AVF1500001", cookie)));
    expect(byRef.suggestions[0]?.ref).toBe("AVF1500001");
  });

  it("keeps the search document up to date when a category or a brand is renamed", async () => {
    const category = await harness.db
      .selectFrom("categories")
      .select(["id", "title"])
      .where("slug", "=", "eclairage-led")
      .executeTakeFirstOrThrow();
    const brand = await harness.db.selectFrom("brands").select(["id", "title"]).where("slug", "=", "glenan").executeTakeFirstOrThrow();
    try {
      await harness.db.updateTable("categories").set({ title: "Luminaires LED" }).where("id", "=", category.id).execute();
      await harness.db.updateTable("brands").set({ title: "Glénan Pro" }).where("id", "=", brand.id).execute();
      // The read model sees the catalogue's revision within a second and forgets its searches (decision 0083).
      await expect.poll(async () => (await searchPage("eclairage")).total, { timeout: 5000 }).toBe(0);
      expect((await searchPage("luminaires")).total).toBe(listedPerFamily.get("LED"));
      expect((await searchPage("glenan pro")).total).toBeGreaterThan(0);
    } finally {
      await harness.db.updateTable("categories").set({ title: category.title }).where("id", "=", category.id).execute();
      await harness.db.updateTable("brands").set({ title: brand.title }).where("id", "=", brand.id).execute();
    }
  });
});
