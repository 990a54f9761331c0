import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as catalogueRoute from "~/routes/_app.catalogue._index";
import * as priceListRoute from "~/routes/_app.mon-compte.tarifs._index";
import { SERVICE_TOKEN } from "../backoffice/orders-fixtures";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, type CatalogueBackoffice } from "../catalogue/harness";

/**
 * The portal's own copies of the category tree and the brands live 5 minutes (CATALOGUE_CACHE_TTL_MS)
 * but are keyed on the back-office's catalogue revision (/auth/me): an import shows on the very
 * next page, without a restart nor waiting for the lifetime.
 */

let backoffice: CatalogueBackoffice;
let cookie: string;

beforeAll(async () => {
  backoffice = await startCatalogueBackoffice();
  cookie = await cookieFor(backoffice, LOGINS.organization);
});
afterAll(() => backoffice.close());

async function importFile(feed: string, text: string): Promise<void> {
  const response = await fetch(`${backoffice.url}/api/erp/imports/${feed}`, {
    method: "POST",
    headers: { authorization: `Bearer ${SERVICE_TOKEN}`, "content-type": "application/octet-stream" },
    body: text,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function familyTitles(): Promise<string[]> {
  const data = await run(catalogueRoute.loader, backoffice, page("/catalogue", cookie));
  if (data.mode !== "home") throw new Error("expected the catalogue's families");
  return data.families.map((family) => family.title);
}

async function brandChoices(): Promise<string[]> {
  const data = await run(priceListRoute.loader, backoffice, page("/mon-compte/tarifs", cookie));
  return data.brands.map((brand) => brand.label);
}

describe("the portal's pages after an import", () => {
  it("show a new family and its renaming on the next load, within the caches' lifetime", async () => {
    const before = await familyTitles();
    expect(before).not.toContain("Électronique de navigation");
    // Read twice: the second comes from the portal's cache.
    expect(await familyTitles()).toEqual(before);

    await importFile("categories", "Référence;Titre;Référence parent\r\nNAV;Électronique de navigation;\r\n");
    expect(await familyTitles()).toContain("Électronique de navigation");

    await importFile("categories", "Référence;Titre;Référence parent\r\nNAV;Navigation et instruments;\r\n");
    const after = await familyTitles();
    expect(after).toContain("Navigation et instruments");
    expect(after).not.toContain("Électronique de navigation");
  });

  it("offer a new brand in the price list's filter on the next load", async () => {
    expect(await brandChoices()).not.toContain("Nautix Électronique");
    await importFile("brands", "Référence;Nom\r\nNAUTIX;Nautix Électronique\r\n");
    expect(await brandChoices()).toContain("Nautix Électronique");
  });
});
