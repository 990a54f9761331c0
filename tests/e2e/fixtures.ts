import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";

/** Logs in through the real form, as a user would. */
export async function logInWithForm(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/connexion");
  await page.getByLabel("Identifiant (adresse e-mail)").fill(login);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Logs out through the account menu (a <details> element: it opens without JavaScript too). */
export async function logOutFromMenu(page: Page): Promise<void> {
  await page.locator(".account-menu summary").click();
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/connexion$/);
}

/**
 * With JavaScript, waits until the page is interactive: a click before hydration would send a
 * form the plain way (no modal, no fetcher). The layout marks <html> once hydrated and its live
 * channel is open. Without JavaScript there is nothing to wait for.
 */
export async function waitUntilInteractive(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-live-cart", "on");
}
