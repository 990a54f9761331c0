import type { Page } from "@playwright/test";
import { expect, test, waitUntilInteractive } from "./fixtures";

/**
 * The catalogue in Chromium, with JavaScript on ("js") and off ("nojs"), as the worker's own
 * organization (fixtures.ts): the favourites tests expect to be the only ones changing its list.
 */

/** A search from the header's box; an exact reference opens its product page instead of a list. */
async function searchFromHeader(page: Page, text: string, landing: RegExp = /\/catalogue\?q=/): Promise<void> {
  await page.locator("#recherche-globale").fill(text);
  await page.locator("#recherche-globale").press("Enter");
  await expect(page).toHaveURL(landing);
}

const PRODUCT_PAGE = /\/catalogue\/produit\/\d+$/;

/** Applies a filter: with JavaScript a change submits at once; without, the "Appliquer" button does. */
async function applyControls(page: Page, javaScript: boolean, expectedUrl: RegExp): Promise<void> {
  if (!javaScript) await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page).toHaveURL(expectedUrl);
}

test.describe("catalogue", () => {
  test.beforeEach(async ({ page, loginAs, accounts }) => {
    await loginAs(accounts.organization.login);
    await page.goto("/");
  });

  test("navigates three levels down, filters, sorts, pages and opens a product", async ({ page }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    await page.goto("/catalogue");
    await page.getByRole("link", { name: "Électronique de bord" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Électronique de bord");
    await page
      .getByRole("navigation", { name: "Sous-catégories de Électronique de bord" })
      .getByRole("link", { name: "Navigation" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Navigation");
    await page
      .getByRole("navigation", { name: "Sous-catégories de Navigation" })
      .getByRole("link", { name: "Antennes", exact: true })
      .click();
    await expect(page).toHaveURL(/\/catalogue\/electronique-de-bord\/navigation\/antennes$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Antennes");
    const breadcrumbs = page.getByRole("navigation", { name: "Fil d'Ariane" });
    await expect(breadcrumbs.getByRole("link")).toHaveText(["Catalogue", "Électronique de bord", "Navigation"]);

    await page.getByLabel("En stock").check();
    await applyControls(page, javaScript, /stock=1/);
    await expect(page.getByLabel("En stock")).toBeChecked();
    await expect(page.getByTestId("stock").first()).toContainText("En stock");

    await page.getByLabel("Trier par").selectOption("price_asc");
    await applyControls(page, javaScript, /tri=price_asc/);
    await expect(page).toHaveURL(/stock=1/);

    await page.getByRole("link", { name: "Page suivante" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator(".pagination__current")).toHaveText("Page 2");

    const firstTitle = page.locator(".product-card__title a").first();
    const title = (await firstTitle.textContent()) ?? "";
    await firstTitle.click();
    await expect(page).toHaveURL(/\/catalogue\/produit\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("Prix TTC (éco-participation et TVA 20 % comprises)")).toBeVisible();
    await expect(page.getByTestId("stock")).toContainText(/En stock|Rupture/);
    await expect(page.getByRole("button", { name: /au panier/ })).toBeVisible();
  });

  test("a wrong parent in a category path is redirected to the canonical path", async ({ page }) => {
    await page.goto("/catalogue/motorisation/vhf");
    await expect(page).toHaveURL(/\/catalogue\/electronique-de-bord\/navigation\/antennes\/vhf$/);
    await page.goto("/catalogue/inconnue");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });

  test("a reference typed in lower case with spaces opens its product page; its beginning lists it", async ({ page }) => {
    await searchFromHeader(page, "avf 15 00001", PRODUCT_PAGE);
    await expect(page.getByTestId("product-ref")).toHaveText("AVF1500001");
    await searchFromHeader(page, "avf 15 0000");
    await expect(page.locator(".product-card__ref").first()).toHaveText("AVF1500001");
  });

  test("finds a French word with and without its accent", async ({ page }) => {
    await searchFromHeader(page, "hélice");
    const withAccent = await page.locator(".product-list__count").textContent();
    expect(withAccent).toMatch(/\(\d+ produits\)/);
    await searchFromHeader(page, "helice");
    await expect(page.locator(".product-list__count")).toHaveText(withAccent ?? "");
    await expect(page.locator(".product-card__title").first()).toContainText(/Hélice/i);
  });

  test("the header's box suggests products while typing, or is a plain search without JavaScript", async ({ page }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    await page.goto("/catalogue/marques");
    await waitUntilInteractive(page, javaScript);
    const box = page.locator("#recherche-globale");
    await box.pressSequentially("antenne", { delay: 30 });
    if (javaScript) {
      const option = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first();
      await expect(option).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await option.click();
      await expect(page).toHaveURL(/\/catalogue\/produit\/\d+$/);
    } else {
      await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();
      await box.press("Enter");
      await expect(page).toHaveURL(/\/catalogue\?q=antenne$/);
      await expect(page.locator("form[data-testid^='add-to-cart-']").first()).toBeVisible();
    }
  });

  test("bad list parameters get a clean page with a French notice", async ({ page }) => {
    await page.goto(`/catalogue/securite?page=-1&tri=foo`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sécurité");
    await expect(page.getByText("Ce tri n'existe pas : les produits sont affichés par pertinence.")).toBeVisible();
  });

  test("toggles a favourite from the product page and finds it in Mes favoris", async ({ page }, testInfo) => {
    // One product per project: both run on the same server and database.
    const reference = testInfo.project.name === "js" ? "AVF1500002" : "AVF1500003";
    await searchFromHeader(page, reference.toLowerCase(), PRODUCT_PAGE);
    await expect(page.getByTestId("product-ref")).toHaveText(reference);
    const toggle = page.locator(".product-page .favorite-toggle__button");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    const saved = page.waitForResponse(
      (response) => response.url().includes("/mon-compte/favoris") && response.request().method() === "POST",
    );
    await toggle.click();
    await saved;
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Produit ajouté à vos favoris.").first()).toBeAttached();
    await page.goto("/mon-compte/favoris");
    await expect(page.locator(".product-card__ref")).toHaveText([reference]);
    await page.locator(".product-card .favorite-toggle__button").first().click();
    await expect(page.getByText("Vous n'avez pas encore de favori", { exact: false })).toBeVisible();
  });

  test("toggles a favourite from a card of a list and stays on the list", async ({ page }, testInfo) => {
    // The list sends its cards' forms (one handler for all of them, decision 0084); without
    // JavaScript the form posts and the action comes back to the same list.
    const reference = testInfo.project.name === "js" ? "AVF1500004" : "AVF1500005";
    // The reference's beginning: the exact reference would open the product page.
    await searchFromHeader(page, reference.slice(0, -1).toLowerCase());
    const listUrl = page.url();
    const card = page.locator(".product-card").filter({ has: page.locator(".product-card__ref", { hasText: reference }) });
    const toggle = card.locator(".favorite-toggle__button");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Produit ajouté à vos favoris.").first()).toBeAttached();
    expect(page.url()).toBe(listUrl);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("Produit retiré de vos favoris.").first()).toBeAttached();
    expect(page.url()).toBe(listUrl);
  });
});
