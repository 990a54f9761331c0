import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownCodeKey } from "@shared/domain/references";
import * as catalogueRoute from "~/routes/_app.catalogue._index";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, type CatalogueBackoffice } from "./harness";

/**
 * The header's search and the organization's own codes (issue 38, docs/part-numbers-portal.md):
 * a search that is exactly one of the organization's codes opens that product's page, as an
 * exact reference does; another organization's code is only words; a real reference wins.
 */

let backoffice: CatalogueBackoffice;
let voilerie: string;
let corsica: string;
let voilerieId: number;
let jacket: { id: number; ref: string };
let other: { id: number; ref: string };

beforeAll(async () => {
  backoffice = await startCatalogueBackoffice();
  [voilerie, corsica] = await Promise.all([cookieFor(backoffice, LOGINS.organization), cookieFor(backoffice, LOGINS.corsica)]);
  voilerieId = (await backoffice.db.selectFrom("organizations").select("id").where("ref", "=", "C0001").executeTakeFirstOrThrow()).id;
  jacket = await backoffice.db.selectFrom("products").select(["id", "ref"]).where("ref", "=", "AVF1500001").executeTakeFirstOrThrow();
  other = await backoffice.db
    .selectFrom("products")
    .select(["id", "ref"])
    .where("ref", "like", "AVF15%")
    .where("ref", "!=", jacket.ref)
    .orderBy("ref")
    .executeTakeFirstOrThrow();
});
afterAll(() => backoffice.close());
beforeEach(async () => {
  await backoffice.db.deleteFrom("part_numbers").where("org_id", "=", voilerieId).execute();
});

async function giveCode(productId: number, code: string): Promise<void> {
  await backoffice.db
    .insertInto("part_numbers")
    .values({ org_id: voilerieId, product_id: productId, code, code_key: ownCodeKey(code), updated_at: new Date(), updated_by: "test" })
    .execute();
}

/** Where the search goes: a product page's address, or "list" when it lists products. */
async function searchOutcome(cookie: string, query: string): Promise<string> {
  const outcome = await run(catalogueRoute.loader, backoffice, page(`/catalogue?q=${encodeURIComponent(query)}`, cookie)).catch(
    (thrown: unknown) => thrown,
  );
  if (outcome instanceof Response) return outcome.headers.get("location") ?? "";
  if (outcome instanceof Error) throw outcome;
  return "list";
}

describe("the search box and own codes", () => {
  it("opens the product of one of the organization's own codes, typed in any case, with or without its spaces and dashes", async () => {
    await giveCode(jacket.id, "VA CORD #08");
    expect(await searchOutcome(voilerie, "VA CORD #08")).toBe(`/catalogue/produit/${jacket.id}`);
    expect(await searchOutcome(voilerie, " va-cord#08 ")).toBe(`/catalogue/produit/${jacket.id}`);
    expect(await searchOutcome(voilerie, "VA CORD #09")).toBe("list");
  });

  it("lists products for another organization typing that code", async () => {
    await giveCode(jacket.id, "VA CORD #08");
    expect(await searchOutcome(corsica, "VA CORD #08")).toBe("list");
  });

  it("opens the product whose reference it is when a code is also a real reference", async () => {
    await giveCode(jacket.id, other.ref);
    expect(await searchOutcome(voilerie, other.ref)).toBe(`/catalogue/produit/${other.id}`);
  });
});
