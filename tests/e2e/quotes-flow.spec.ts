import type { Page } from "@playwright/test";
import { expect, test, waitUntilInteractive } from "./fixtures";

/**
 * A quote from end to end in the browser, JavaScript on and off (issue 19, docs/quotes.md): a
 * people account asks from its cart (three products, the cart stays as it was); the
 * representative linked to its organization asks a question on its own pages, the client
 * answers, the representative proposes; the client accepts two of the three lines into the
 * shared cart at the quoted prices, orders through the checkout, and the order shows the
 * quote's number and the quoted prices. Another client of the same representative sees
 * nothing of it.
 */

/**
 * The representative of both workers' buyers (C0001 and C0010) and of their other
 * organizations (C0005 and C0012): see the seed's contributor_clients.
 */
const REPRESENTATIVE = "commercial@nautidistrib.fr";
/** Products with plenty of stock in the full demo set (none needs an MMSI certificate), asked 4, 2 and 1. */
const PRODUCTS = [
  { ref: "TRC00004", qty: 4, price: "12,50", shown: "12,50 €" },
  { ref: "MAS00015", qty: 2, price: "8", shown: "8,00 €" },
  { ref: "MAS00021", qty: 1, price: "3,20", shown: "3,20 €" },
] as const;

async function emptyCart(page: Page): Promise<void> {
  await page.goto("/mon-panier?vider=1");
  const clear = page.getByRole("button", { name: "Oui, vider le panier" });
  if (await clear.count()) await clear.click();
  await expect(page.getByText("Votre panier est vide.")).toBeVisible();
}

/** The representative's page of the quote, loaded and (with JavaScript) hydrated. */
async function openAsRepresentative(page: Page, id: number, javaScriptEnabled: boolean): Promise<void> {
  await page.goto(`/clients/devis/${id}`);
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
}

test("a buyer asks from its cart, the representative asks, the client answers, the representative proposes, the client accepts two lines and orders", async ({
  page,
  loginAs,
  openAs,
  accounts,
  javaScriptEnabled,
}) => {
  test.setTimeout(150_000);
  const reference = `FLUX-DEVIS-${javaScriptEnabled ? "JS" : "NOJS"}-${Date.now()}`;

  // 1. The buyer fills its cart with three products and asks for a quote from it.
  await loginAs(accounts.buyer.login);
  await emptyCart(page);
  await page.goto("/mon-panier/commande-rapide");
  for (const [index, product] of PRODUCTS.entries()) {
    await page.getByLabel(`Référence, ligne ${index + 1}`, { exact: true }).fill(product.ref);
    await page.getByLabel(`Quantité, ligne ${index + 1}`, { exact: true }).fill(String(product.qty));
  }
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await page.goto("/mon-panier");
  await waitUntilInteractive(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Demander un devis" }).click();
  await expect(page).toHaveURL(/\/mon-compte\/mes-devis\/nouveau\?depuis=panier$/);
  for (const product of PRODUCTS) await expect(page.getByLabel(`Quantité de ${product.ref}`)).toHaveValue(String(product.qty));
  await page.getByLabel("Votre référence").fill(reference);
  await page.getByLabel("Message").fill("Bonjour, quel prix pour ces quantités ?");
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page).toHaveURL(/\/mon-compte\/mes-devis\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(page.url())?.[1]);
  // The address changes before React has drawn the new page: wait for its heading.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Devis DV-\d{4}-\d{6}$/);
  const number = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace(/^Devis /, "");
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  // 2. The representative, in its own browser, finds it among its clients' requests and asks a question.
  const representative = await openAs(REPRESENTATIVE);
  await representative.goto(`/clients/devis?recherche=${reference}`);
  const row = representative.getByTestId(`sales-quote-row-${number}`);
  // The buyer is a person of the worker's organization.
  await expect(row).toContainText(accounts.organization.name);
  await expect(row).toContainText("à traiter");
  await openAsRepresentative(representative, id, javaScriptEnabled);
  await expect(representative.getByRole("region", { name: "La demande" })).toContainText("Bonjour, quel prix pour ces quantités ?");
  const question = representative.getByRole("form", { name: "Demander des informations au client" });
  await question.getByLabel("Message").fill("Livraison souhaitée à Brest ou à l'entrepôt ?");
  await question.getByRole("button", { name: "Envoyer la question" }).click();
  await expect(representative.getByText("Votre demande d'informations est envoyée au client.")).toBeVisible();
  await expect(representative.locator(".order-facts").first()).toContainText("informations demandées");

  // 3. The client answers.
  await page.goto(`/mon-compte/mes-devis/${id}`);
  await waitUntilInteractive(page, javaScriptEnabled);
  await expect(page.getByRole("region", { name: "Échanges" })).toContainText("Livraison souhaitée à Brest ou à l'entrepôt ?");
  const answer = page.getByRole("form", { name: "Répondre à la demande d'informations" });
  await answer.getByLabel("Message").fill("À l'entrepôt, merci.");
  await answer.getByRole("button", { name: "Envoyer les informations" }).click();
  await expect(page.getByText("Vos informations sont transmises à votre commercial.")).toBeVisible();

  // 4. The representative proposes a price per asked line.
  await openAsRepresentative(representative, id, javaScriptEnabled);
  await expect(representative.locator(".order-facts").first()).toContainText("complété");
  await expect(representative.getByRole("region", { name: "Échanges" })).toContainText("À l'entrepôt, merci.");
  const proposal = representative.getByRole("form", { name: "Faire une proposition" });
  // The rows are the asked lines, pre-filled in the cart's order: each gets its product's price.
  for (let row = 1; row <= PRODUCTS.length; row++) {
    const ref = await proposal.getByLabel(`Référence, ligne ${row}`, { exact: true }).inputValue();
    const product = PRODUCTS.find((candidate) => candidate.ref === ref);
    expect(product, `row ${row}: ${ref}`).toBeDefined();
    await expect(proposal.getByLabel(`Quantité, ligne ${row}`, { exact: true })).toHaveValue(String(product?.qty));
    await proposal.getByLabel(`Prix unitaire HT, ligne ${row}`, { exact: true }).fill(product?.price ?? "");
  }
  await proposal.getByLabel("Conditions (paiement, livraison, franco…)").fill("Livraison à l'entrepôt, paiement à 30 jours.");
  await proposal.getByRole("button", { name: "Envoyer la proposition" }).click();
  await expect(representative.getByText(`Proposition envoyée au client (devis ${number}).`)).toBeVisible();
  await expect(representative.locator(".order-facts").first()).toContainText("proposé");

  // 5. The client accepts two of the three lines into its emptied cart, at the quoted prices.
  await emptyCart(page);
  await page.goto(`/mon-compte/mes-devis/${id}`);
  await waitUntilInteractive(page, javaScriptEnabled);
  const accept = page.getByRole("form", { name: "Accepter le devis" });
  await expect(accept.getByTestId("proposal-line-TRC00004")).toContainText("12,50 €");
  await accept.getByRole("checkbox", { name: "Accepter MAS00015" }).uncheck();
  await accept.getByRole("button", { name: "Accepter les lignes cochées" }).click();
  await expect(page).toHaveURL(/\/mon-panier$/);
  await expect(page.getByText(`Devis ${number} accepté : 2 lignes ajoutées au panier au prix du devis.`)).toBeVisible();
  await expect(page.getByTestId("cart-line-TRC00004")).toContainText(`Prix du devis ${number}`);
  await expect(page.getByTestId("cart-line-TRC00004")).toContainText("12,50 €");
  await expect(page.getByTestId("cart-line-MAS00021")).toContainText("3,20 €");
  await expect(page.getByTestId("cart-line-MAS00015")).toHaveCount(0);

  // 6. It orders through the checkout.
  await page.getByRole("link", { name: "Passer la commande" }).click();
  await expect(page).toHaveURL(/\/commander\/livraison$/);
  await page.getByRole("button", { name: "Continuer vers les consignes" }).click();
  await page.getByLabel("Référence de votre commande").fill(reference);
  await page.getByRole("button", { name: "Continuer vers le récapitulatif" }).click();
  await expect(page).toHaveURL(/\/commander\/recapitulatif$/);
  await page.getByTestId("confirm-order").click();
  await expect(page).toHaveURL(/\/commander\/terminer$/);
  const orderNumber = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
  expect(orderNumber).toMatch(/^CMD-\d{6}$/);

  // 7. The order carries the quote's number and its prices, line by line.
  await page.goto(`/mon-compte/commandes?reference=${orderNumber}`);
  await page.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByText(number).first()).toBeVisible();
  const plotter = page.getByRole("row").filter({ hasText: "TRC00004" });
  await expect(plotter).toContainText(`prix du devis ${number}`);
  await expect(plotter).toContainText("12,50 €");
  await expect(plotter).toContainText("50,00 €");
  const sealant = page.getByRole("row").filter({ hasText: "MAS00021" });
  await expect(sealant).toContainText(`prix du devis ${number}`);
  await expect(sealant).toContainText("3,20 €");
  await expect(page.getByRole("row").filter({ hasText: "MAS00015" })).toHaveCount(0);
  await page.goto(`/mon-compte/mes-devis/${id}`);
  await expect(page.locator(".order-facts").first()).toContainText("accepté");

  // 8. Another client of the same representative sees nothing of it.
  const other = await openAs(accounts.otherOrganization.login);
  expect((await other.goto(`/mon-compte/mes-devis/${id}`))?.status()).toBe(404);
  await other.goto(`/mon-compte/mes-devis?recherche=${number}`);
  await expect(other.getByText("Aucun devis ne correspond à ces critères.")).toBeVisible();
  await expect(other.getByTestId(`quote-row-${number}`)).toHaveCount(0);
});
