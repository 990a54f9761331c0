import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_FRIDAY_DATA_DIR, E2E_FRIDAY_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";

/**
 * Whole orders in Chromium, JavaScript on and off, on the portal whose clock is on a Friday
 * (playwright.config.ts: the Saturday rule applies); the confirmation email is looked for in
 * its mail folder. The accounts are the worker's own (fixtures.ts): no other test changes their
 * carts meanwhile.
 */

test.use({ baseURL: E2E_FRIDAY_URL });

/** Soft line breaks joined and =XX bytes decoded as UTF-8, so the words can be searched. */
function decodeQuotedPrintable(eml: string): string {
  const bytes = eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

async function mailWith(text: string): Promise<string | undefined> {
  const folder = path.join(E2E_FRIDAY_DATA_DIR, "mail");
  const files = await readdir(folder).catch(() => [] as string[]);
  const contents = await Promise.all(files.map(async (file) => decodeQuotedPrintable(await readFile(path.join(folder, file), "utf8"))));
  return contents.find((content) => content.includes(text));
}

/**
 * The order's confirmation e-mail, once written (the representative's alert of the same order
 * also names it: the subject tells them apart).
 */
async function confirmationMail(orderNumber: string): Promise<string> {
  const subject = `Confirmation de votre commande ${orderNumber}`;
  await expect.poll(() => mailWith(subject)).toContain(subject);
  return (await mailWith(subject)) ?? "";
}

/** An empty cart, then 2 × TRC00004 (a chart plotter: an ordinary parcel) by quick order. */
async function fillCart(page: Page): Promise<void> {
  await page.goto("/mon-panier?vider=1");
  const clear = page.getByRole("button", { name: "Oui, vider le panier" });
  // Waited for: leaving at once would cancel the request in the browser but not on the server,
  // which could then empty the cart after the next step (and "1" below be the old line's count).
  if (await clear.count()) await clear.click();
  await expect(page.getByText("Votre panier est vide.")).toBeVisible();
  await page.goto("/mon-panier/commande-rapide");
  await page.getByLabel("Référence, ligne 1", { exact: true }).fill("TRC00004");
  await page.getByLabel("Quantité, ligne 1", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/mon-panier");
  await expect(page.getByTestId("cart-line-TRC00004")).toBeVisible();
  await page.getByRole("link", { name: "Passer la commande" }).click();
  await expect(page).toHaveURL(/\/commander\/livraison$/);
}

async function setSaturday(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await page.getByTestId("toggle-saturday").check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Recalculer les frais de port" }).click();
  await expect(page.getByTestId("shipping-PORT_SAMEDI")).toBeVisible();
}

async function instructionsAndSummary(page: Page, ref: string): Promise<void> {
  await page.getByRole("button", { name: "Continuer vers les consignes" }).click();
  await expect(page).toHaveURL(/\/commander\/consignes$/);
  await page.getByLabel("Référence de votre commande").fill(ref);
  await page.getByLabel("Consignes pour l'entrepôt").fill("Livrer au quai 3, ponton B");
  await page.getByRole("button", { name: "Continuer vers le récapitulatif" }).click();
  await expect(page).toHaveURL(/\/commander\/recapitulatif$/);
  await expect(page.getByTestId("summary-line-TRC00004")).toBeVisible();
  await expect(page.getByTestId("summary-ref")).toHaveText(ref);
}

async function confirmAndFinish(page: Page): Promise<string> {
  await page.getByTestId("confirm-order").click();
  await expect(page).toHaveURL(/\/commander\/terminer$/);
  const orderNumber = (await page.getByTestId("order-number").textContent()) ?? "";
  expect(orderNumber).toMatch(/^CMD-\d{6}$/);
  await expect(page.getByRole("link", { name: "Voir mes commandes" })).toHaveAttribute("href", "/mon-compte/commandes");
  await confirmationMail(orderNumber);
  return orderNumber;
}

test("a people account orders to a new address; a colleague sees the confirmation", async ({ openAs, accounts, javaScriptEnabled }) => {
  const buyer = await openAs(accounts.buyer.login);
  await fillCart(buyer);
  await buyer.goto("/commander/recapitulatif");
  await expect(buyer).toHaveURL(/\/commander\/livraison$/);
  await expect(buyer.getByText("Choisissez d'abord l'adresse de livraison.").first()).toBeVisible();
  await expect(buyer.getByTestId("invoicing-address")).toContainText("siège");

  await buyer.getByTestId("address-new").check();
  await buyer.getByLabel("Destinataire *").fill("Chantier du Moulin Blanc");
  await buyer.getByLabel("Adresse *").fill("12 quai de la Douane");
  await buyer.getByLabel("Code postal *").fill("2920");
  await buyer.getByLabel("Ville *").fill("Brest");
  await buyer.getByRole("button", { name: "Continuer vers les consignes" }).click();
  await expect(buyer.getByText("Le code postal français compte 5 chiffres.")).toBeVisible();
  await expect(buyer.getByLabel("Ville *")).toHaveValue("Brest");
  await buyer.getByTestId("address-new").check();
  await buyer.getByLabel("Code postal *").fill("29200");
  await instructionsAndSummary(buyer, "BREST-E2E");
  await expect(buyer.getByTestId("summary-delivery")).toContainText("Chantier du Moulin Blanc");
  await expect(buyer.getByTestId("total-ttc")).toBeVisible();

  const colleague = javaScriptEnabled ? await openAs(accounts.organization.login) : null;
  if (colleague) {
    await colleague.goto("/");
    await expect(colleague.locator("html")).toHaveAttribute("data-live-cart", "on");
  }
  // The notice lives five seconds: watched for from the confirmation on, as a loaded machine may
  // take longer than that to show the buyer's confirmation page.
  const noticeSeen = colleague
    ? expect(
        colleague.getByTestId("live-cart-notice").filter({ hasText: `La commande a été confirmée par ${accounts.buyer.name}` }),
      ).toBeVisible({ timeout: 30_000 })
    : Promise.resolve();
  const orderNumber = await confirmAndFinish(buyer);
  await expect(buyer.getByText(`Passée par ${accounts.buyer.name}`)).toBeVisible();
  await noticeSeen;
  expect(await confirmationMail(orderNumber)).toContain(accounts.buyer.login);
});

test("a tax-exempt account sees and is emailed HT amounts only", async ({ openAs, accounts }) => {
  const page = await openAs(accounts.taxExempt.login);
  await fillCart(page);
  await instructionsAndSummary(page, "HT-E2E");
  await expect(page.getByTestId("total-ht")).toBeVisible();
  await expect(page.getByTestId("total-ttc")).toHaveCount(0);
  await expect(page.getByTestId("total-tva")).toHaveCount(0);
  const orderNumber = await confirmAndFinish(page);
  await expect(page.getByTestId("order-total-ttc")).toHaveCount(0);
  const mail = await confirmationMail(orderNumber);
  expect(mail).toContain("Total HT (compte exonéré de TVA)");
  expect(mail).not.toContain("Total TTC");
});

test("a contributor orders for a Corsican client on a Friday with Saturday delivery", async ({ openAs, accounts, javaScriptEnabled }) => {
  const { contributor, corsicanClient } = accounts;
  const page = await openAs(contributor.login);
  await page.goto("/clients");
  await page.getByLabel("Rechercher un client (nom, référence ou code postal)").fill(corsicanClient.ref);
  await page.getByRole("button", { name: "Rechercher" }).click();
  await page.getByRole("button", { name: `Agir pour ce client : ${corsicanClient.name}` }).click();
  await expect(page).toHaveURL(/\/$/);
  await fillCart(page);
  await setSaturday(page, javaScriptEnabled);
  await expect(page.getByTestId("shipping-PORT_SUPP_CORSE")).toBeVisible();
  await instructionsAndSummary(page, "AJACCIO-E2E");
  await expect(page.getByTestId("shipping-PORT_SAMEDI")).toBeVisible();
  await expect(page.getByText("Livraison le samedi.")).toBeVisible();
  await confirmAndFinish(page);
  await expect(page.getByText(`Passée par ${contributor.name}`)).toBeVisible();
});
