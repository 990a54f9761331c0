import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Live cart sync in Chromium: two people of one organization in two browsers, a third browser
 * of another organization. What the first does, the second sees (French notice, header badge,
 * cart page) within a second and without a reload; the third sees nothing. The organizations
 * are the worker's own (fixtures.ts): no other test changes their carts meanwhile.
 */

const LIVE = { timeout: 1000 };

async function emptyCart(page: Page): Promise<void> {
  await page.goto("/mon-panier?vider=1");
  const confirm = page.getByRole("button", { name: "Oui, vider le panier" });
  if (await confirm.count()) await confirm.click();
  await expect(page.getByText("Votre panier est vide.")).toBeVisible();
}

/** Adds the first product of the first brand's list from the buyer's page; returns its reference. */
async function addFirstProduct(page: Page): Promise<string> {
  await page.goto("/catalogue/marques");
  await page.locator("main a[href^='/catalogue/marques/']").first().click();
  const form = page.locator("form[data-testid^='add-to-cart-']").first();
  await expect(form).toBeVisible();
  // A click before hydration would send the form the plain way, without the modal.
  await waitForLiveChannel(page);
  const ref = ((await form.getAttribute("data-testid")) ?? "").replace("add-to-cart-", "");
  await form.getByRole("button").click();
  await expect(page.getByTestId("add-to-cart-modal")).toBeVisible();
  return ref;
}

/** The layout opens the live channel after hydration and marks <html> when it is open. */
async function waitForLiveChannel(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-live-cart", "on");
}

test("a colleague sees each change live; another organization sees nothing", async ({ openAs, accounts, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "live sync needs JavaScript; without it each page load shows the latest cart");
  // Three browsers, three logins and a dozen page loads: about 22 s on a quiet 2-core machine,
  // too close to the suite's 30 s for a loaded one. Each live step keeps its own 1 s limit.
  test.setTimeout(90_000);
  const buyer = await openAs(accounts.buyer.login);
  await emptyCart(buyer);
  const colleague = await openAs(accounts.organization.login);
  const stranger = await openAs(accounts.otherOrganization.login);
  await colleague.goto("/mon-panier");
  await stranger.goto("/mon-panier");
  await expect(colleague.getByTestId("cart-count")).toHaveText("0");
  const strangerCount = (await stranger.getByTestId("cart-count").textContent()) ?? "";
  await Promise.all([waitForLiveChannel(colleague), waitForLiveChannel(stranger)]);
  const reloads: string[] = [];
  colleague.on("framenavigated", (frame) => {
    if (frame === colleague.mainFrame()) reloads.push(frame.url());
  });

  const ref = await addFirstProduct(buyer);
  const notices = colleague.getByTestId("live-cart-notice");
  await expect(notices.filter({ hasText: /^Le produit .+ a été ajouté au panier par .+×?$/ })).toBeVisible(LIVE);
  await expect(colleague.getByTestId("cart-count")).toHaveText("1", LIVE);
  await expect(colleague.getByTestId(`cart-line-${ref}`)).toBeVisible(LIVE);

  await buyer.goto("/mon-panier");
  await buyer.getByRole("button", { name: `Retirer ${ref} du panier` }).click();
  await expect(buyer.getByText("Votre panier est vide.")).toBeVisible();
  await expect(notices.filter({ hasText: /Le produit .+ a été retiré du panier par / })).toBeVisible(LIVE);
  await expect(colleague.getByTestId("cart-count")).toHaveText("0", LIVE);
  await expect(colleague.getByText("Votre panier est vide.")).toBeVisible(LIVE);

  await addFirstProduct(buyer);
  await expect(colleague.getByTestId("cart-count")).toHaveText("1", LIVE);
  await emptyCart(buyer);
  await expect(notices.filter({ hasText: /Le panier a été vidé par / })).toBeVisible(LIVE);
  await expect(colleague.getByTestId("cart-count")).toHaveText("0", LIVE);
  await expect(colleague.getByText("Votre panier est vide.")).toBeVisible(LIVE);

  expect(reloads).toEqual([]); // no navigation: the page changed in place
  // The author's own browser gets no notice of its own changes; the other organization none at all.
  await expect(buyer.getByTestId("live-cart-notice")).toHaveCount(0);
  await expect(stranger.getByTestId("live-cart-notice")).toHaveCount(0);
  await expect(stranger.getByTestId("cart-count")).toHaveText(strangerCount);
});

test("without JavaScript, each load of the cart page shows the latest cart", async ({ openAs, accounts, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the JavaScript case is the live test above");
  const buyer = await openAs(accounts.buyer.login);
  await emptyCart(buyer);
  const colleague = await openAs(accounts.organization.login);
  await colleague.goto("/mon-panier");
  await expect(colleague.getByText("Votre panier est vide.")).toBeVisible();

  await buyer.goto("/catalogue/marques");
  await buyer.locator("main a[href^='/catalogue/marques/']").first().click();
  const form = buyer.locator("form[data-testid^='add-to-cart-']").first();
  const ref = ((await form.getAttribute("data-testid")) ?? "").replace("add-to-cart-", "");
  await form.getByRole("button").click();
  await expect(buyer.getByText(/ajouté au panier, quantité 1/)).toBeVisible();

  await colleague.reload();
  await expect(colleague.getByTestId(`cart-line-${ref}`)).toBeVisible();
  await expect(colleague.getByTestId("cart-count")).toHaveText("1");
  await emptyCart(buyer);
});
