import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitUntilInteractive } from "./fixtures";

/**
 * axe-core on every page of the portal, JavaScript on, once hydrated: no violation of any rule
 * axe runs by default (WCAG 2.x A and AA, best practices). No rule is turned off. A new page
 * gets its line here (or its own test when it needs a state, like the order's steps).
 *
 * Pages that only read use the README's Voilerie Atlantique (it has past orders, several
 * addresses); pages that need a cart, a favourite or an order use the worker's own accounts
 * (fixtures.ts), so they never change a cart another worker is using.
 */

const CLIENT = "client@voilerie-atlantique.fr";
const CONTRIBUTOR = "commercial@nautidistrib.fr";

// The toasts (sonner) fade in and out; with reduced motion they are shown at once, as they stand
// once faded in. Otherwise a toast starting to fade out during a check would be measured at
// partial opacity, as low contrast (axe.ts waits for the transitions running when it starts).
test.use({ contextOptions: { reducedMotion: "reduce" } });

// An axe analysis of a full page takes seconds of CPU; several pages in one test under a loaded
// 2-core CI ran past the default 30 s while passing alone.
test.describe.configure({ timeout: 180_000 });

/** A page without a session has no live channel to wait for: its scripts have loaded and run. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

test("the login page, and its error messages", async ({ page }) => {
  await page.goto("/connexion");
  await settled(page);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Saisissez votre identifiant.")).toBeVisible();
  await expectNoAxeViolations(page, "/connexion, empty fields");
  await page.getByLabel("Identifiant (adresse e-mail)").fill(CLIENT);
  await page.getByLabel("Mot de passe").fill("mauvais-mot-de-passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Identifiant ou mot de passe incorrect.");
  await expectNoAxeViolations(page, "/connexion, wrong password");
});

test("the 404 page", async ({ page }) => {
  // Every 404 is the root error page, with or without a session.
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await settled(page);
  await expectNoAxeViolations(page);
});

test("the client picker and the banner of a contributor acting for a client", async ({ page, loginAs }) => {
  await loginAs(CONTRIBUTOR);
  await page.goto("/clients");
  await settled(page);
  await expectNoAxeViolations(page);
  await page.getByLabel("Rechercher un client (nom, référence ou code postal)").fill("C0001");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/\/clients\?q=C0001$/);
  await settled(page);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Agir pour ce client : Voilerie Atlantique" }).click();
  await expect(page.getByRole("region", { name: "Compte client utilisé" })).toBeVisible();
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page, "/ acting for a client");
});

/** Pages that only read, as the README's plain organization account. */
const READING_PAGES: readonly [title: string, path: string][] = [
  ["the home page", "/"],
  ["the catalogue", "/catalogue"],
  ["a category with sub-categories", "/catalogue/electronique-de-bord"],
  ["a category's product list, filtered and sorted", "/catalogue/electronique-de-bord/navigation/antennes?stock=1&tri=price_asc"],
  ["the brands", "/catalogue/marques"],
  ["a search result", "/catalogue?q=antenne"],
  ["the legal notice", "/mentions-legales"],
  ["the privacy policy", "/politique-de-confidentialite"],
  ["the account page", "/mon-compte"],
  ["the orders, filtered", "/mon-compte/commandes?statut=livr%C3%A9e&du=2026-01-01"],
  ["the orders, with filters ignored and explained", "/mon-compte/commandes?statut=perdue&du=2026-02-30&page=-1"],
  ["the back-orders by product", "/mon-compte/reliquats"],
  ["the back-orders by order", "/mon-compte/reliquats?par=commande"],
  ["the purchase history", "/mon-compte/historique"],
  ["the invoices, with a filter ignored and explained", "/mon-compte/factures?statut=perdue&montant_min=abc"],
  ["the price list, searched, with a filter ignored and explained", "/mon-compte/tarifs?q=antenne&marque=abc"],
  ["the organization's own part numbers and their forms", "/mon-compte/references"],
  ["the quotes, with a filter ignored and explained", "/mon-compte/mes-devis?etat=perdu&du=2026-02-30"],
  ["the users, their rights and the history", "/mon-compte/utilisateurs"],
  ["the purchasing rules", "/mon-compte/regles-d-achat"],
  ["the approval requests", "/mon-compte/validations"],
  ["the order lists", "/mon-compte/listes"],
  ["the scheduled orders and the form that creates one", "/mon-compte/commandes-programmees"],
  // The request form, a return's page and their refusals: tests/e2e/returns.spec.ts (they need a delivered order).
  ["the returns and the orders a return may be asked for, with a filter ignored and explained", "/mon-compte/retours?statut=perdu"],
  ["the return request form without an order chosen", "/mon-compte/retours/nouveau"],
  ["the e-mail alerts", "/mon-compte/alertes-emails"],
  ["the personal information and addresses", "/mon-compte/informations-personnelles"],
  ["the password change", "/mon-compte/mot-de-passe"],
  ["the news", "/actualites"],
  ["a news category", "/actualites/nouveautes-produits"],
  ["a news item", "/actualites/nouveautes-produits/transpondeurs-ais-classe-b-sotdma"],
  ["the downloads", "/telechargements"],
  ["a download category", "/telechargements/fiches-techniques"],
  ["a download sub-category", "/telechargements/catalogues/catalogue-general"],
  ["the accessibility statement", "/accessibilite"],
  ["the contact form, signed in", "/nous-contacter"],
];

/** Pages without a session; those an e-mail's link opens, here with a link that is not valid. */
const PUBLIC_PAGES: readonly [title: string, path: string][] = [
  ["an invitation link that is not valid", "/invitation/lien-inconnu"],
  ["an unsubscribe link that is not valid", "/desabonnement?jeton=abc"],
  ["the contact form, signed out", "/nous-contacter"],
  ["the contact form's acknowledgement", "/nous-contacter/merci"],
  ["the forgotten password", "/mot-de-passe-oublie"],
  ["a new password link that is not valid", "/nouveau-mot-de-passe?jeton=abc"],
  ["the account opening request", "/demande-ouverture-compte"],
  ["the accessibility statement, signed out", "/accessibilite"],
  ["the legal notice, signed out", "/mentions-legales"],
  ["the privacy policy, signed out", "/politique-de-confidentialite"],
];

test("the account opening request, sent empty: the messages next to the fields", async ({ page }) => {
  await page.goto("/demande-ouverture-compte");
  await settled(page);
  await page.getByRole("button", { name: /Envoyer/ }).click();
  await expect(page.getByText("Raison sociale").first()).toBeVisible();
  await expect(page.locator("[aria-invalid='true']").first()).toBeVisible();
  await expectNoAxeViolations(page, "/demande-ouverture-compte, sent empty");
});

test("the own part numbers, a code refused: the message next to its field", async ({ page, loginAs }) => {
  await loginAs(CLIENT);
  await page.goto("/mon-compte/references");
  await waitUntilInteractive(page, true);
  // An unknown reference: refused before anything is saved, so no other test sees a change.
  await page.getByLabel("Référence du produit").fill("INCONNU-42");
  await page.getByRole("textbox", { name: "Votre code" }).fill("A11Y-1");
  await page.getByRole("button", { name: "Enregistrer le code" }).click();
  await expect(page.getByLabel("Référence du produit")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Référence inconnue : INCONNU-42.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, "/mon-compte/references, a code refused");
});

for (const [title, path] of PUBLIC_PAGES) {
  test(title, async ({ page }) => {
    await page.goto(path);
    await settled(page);
    await expectNoAxeViolations(page);
  });
}

for (const [title, path] of READING_PAGES) {
  test(title, async ({ page, loginAs }) => {
    await loginAs(CLIENT);
    await page.goto(path);
    await waitUntilInteractive(page, true);
    await expectNoAxeViolations(page);
  });
}

test("an order's page, reached from the list", async ({ page, loginAs }) => {
  await loginAs(CLIENT);
  await page.goto("/mon-compte/commandes?statut=exp%C3%A9di%C3%A9e");
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Commande");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
});

test("an invoice's page, reached from the list", async ({ page, loginAs }) => {
  await loginAs(CLIENT);
  await page.goto("/mon-compte/factures?statut=pay%C3%A9e");
  await page.getByRole("table").getByRole("rowheader").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Facture FA-");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
});

test("« Commander à nouveau »: the proposal, and an empty selection explained", async ({ page, loginAs }) => {
  // The proposal changes nothing (a GET): the README's account may look at it.
  await loginAs(CLIENT);
  await page.goto("/mon-compte/commandes?statut=livr%C3%A9e");
  await page.getByRole("table").getByRole("link").first().click();
  await page.getByRole("button", { name: "Commander à nouveau toute la commande" }).click();
  await expect(page).toHaveURL(/\/commander-a-nouveau\?tout=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commander à nouveau");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
  await page.goBack();
  await page.getByRole("button", { name: "Commander à nouveau les produits cochés" }).click();
  await expect(page.getByText("Aucune ligne de la commande n'est choisie", { exact: false })).toBeVisible();
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page, "commander-a-nouveau, nothing ticked");
});

test("a quote's page with a proposal to accept, reached from the list", async ({ page, loginAs }) => {
  // Reading only: the seeded quotes of the README's account (server/backoffice/seed/quotes-data.ts).
  await loginAs(CLIENT);
  await page.goto("/mon-compte/mes-devis?etat=propos%C3%A9");
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Devis DV-");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
});

test("an approval request's page, with its lines then and now and the approver's forms", async ({ page, loginAs }) => {
  // Reading only: the demo's requests of Voilerie Atlantique (server/backoffice/seed/approvals.ts).
  await loginAs(CLIENT);
  await page.goto("/mon-compte/validations");
  await page
    .getByRole("link", { name: /VAL-\d{6}/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Demande de validation VAL-");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
});

test("an order list's page, with its lines, the import form and the settings", async ({ page, loginAs }) => {
  // Reading only: the demo's shared « Consommables atelier » (server/backoffice/seed/order-lists.ts),
  // which the organization's account, an administrator, may change: every form is drawn.
  await loginAs(CLIENT);
  await page.goto("/mon-compte/listes");
  await page.getByRole("link", { name: "Consommables atelier" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liste « Consommables atelier »");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
  await page.getByText("Supprimer la liste…").click();
  await expect(page.getByRole("button", { name: "Oui, supprimer la liste" })).toBeVisible();
  await expectNoAxeViolations(page, "an order list's page, the deletion asked");
});

test("a scheduled order's page with its next dates, runs and forms, then its deletion's confirmation step", async ({ page, loginAs }) => {
  // Reading only: the demo's « Réassort mensuel atelier » of Voilerie Atlantique (server/backoffice/seed/replenishment.ts).
  await loginAs(CLIENT);
  await page.goto("/mon-compte/commandes-programmees");
  await page.getByRole("link", { name: "Réassort mensuel atelier" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commande programmée « Réassort mensuel atelier »");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Supprimer…" }).click();
  await expect(page.getByRole("button", { name: "Oui, supprimer" })).toBeVisible();
  await expectNoAxeViolations(page, "a scheduled order's deletion, to confirm");
});

test("the scheduled order form, sent empty: the messages next to the fields", async ({ page, loginAs }) => {
  await loginAs(CLIENT);
  await page.goto("/mon-compte/commandes-programmees");
  await waitUntilInteractive(page, true);
  await page.getByRole("button", { name: "Programmer la commande" }).click();
  await expect(page.locator("#programmation-nouvelle-nom-erreur")).toHaveText("Donnez un nom à la commande programmée.");
  await expectNoAxeViolations(page, "/mon-compte/commandes-programmees, refused");
});

test("the quote request form, pre-filled from the cart, and its refusals next to the fields", async ({ page, loginAs, accounts }) => {
  await loginAs(accounts.buyer.login);
  await page.goto("/mon-compte/mes-devis/nouveau?depuis=panier");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de devis");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
  await page.goto("/mon-compte/mes-devis/nouveau");
  await waitUntilInteractive(page, true);
  await page.getByLabel("Produit recherché, ligne 1").fill("ab");
  await page.getByLabel("Quantité, ligne 1").fill("1");
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.locator("#reference-erreur")).toHaveText("Indiquez votre référence.");
  await expectNoAxeViolations(page, "/mon-compte/mes-devis/nouveau, refused");
});

test("the representative's quote requests, a request's page and a refused proposal", async ({ page, loginAs }) => {
  await loginAs(CONTRIBUTOR);
  await page.goto("/clients/devis?etat=perdu");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demandes de devis de mes clients");
  await settled(page);
  await expectNoAxeViolations(page, "/clients/devis, a filter ignored and explained");
  // Reading only: a seeded request of Voilerie Atlantique « complété » (server/backoffice/seed/quotes-data.ts).
  await page.goto("/clients/devis?recherche=JPK%201080");
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Devis DV-");
  await settled(page);
  await expectNoAxeViolations(page);
  // The prices left empty: refused, nothing saved, the messages next to the fields.
  await page.getByRole("button", { name: "Envoyer la proposition" }).click();
  await expect(page.locator("#ligne-0-prix-erreur")).toHaveText("Indiquez le prix unitaire HT.");
  await settled(page);
  await expectNoAxeViolations(page, "/clients/devis/{id}, a refused proposal");
});

test("a brand page, a product page and the header's suggestions", async ({ page, loginAs }) => {
  await loginAs(CLIENT);
  await page.goto("/catalogue/marques");
  await page.locator("main a[href^='/catalogue/marques/']").first().click();
  await expect(page).toHaveURL(/\/catalogue\/marques\/.+/);
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);

  await page.locator(".product-card__title a").first().click();
  await expect(page).toHaveURL(/\/catalogue\/produit\/\d+$/);
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);

  await page.locator("#recherche-globale").pressSequentially("antenne", { delay: 30 });
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible();
  await expectNoAxeViolations(page, "the header's suggestions");
});

test("favourites", async ({ page, loginAs, accounts }) => {
  await loginAs(accounts.organization.login);
  await page.goto("/mon-compte/favoris");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page, "/mon-compte/favoris, empty");

  // An exact reference opens the product page: a search of its beginning lists its card.
  await page.goto("/catalogue?q=avf150000");
  await waitUntilInteractive(page, true);
  const toggle = page.locator(".product-card", { hasText: "AVF1500006" }).locator(".favorite-toggle__button");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Produit ajouté à vos favoris.").first()).toBeAttached();
  try {
    await page.goto("/mon-compte/favoris");
    await waitUntilInteractive(page, true);
    await expect(page.locator(".product-card__ref")).toHaveText(["AVF1500006"]);
    await expectNoAxeViolations(page, "/mon-compte/favoris, one favourite");
  } finally {
    // The catalogue's favourites tests expect the worker's list empty.
    await page.goto("/mon-compte/favoris");
    await waitUntilInteractive(page, true);
    await page.locator(".product-card .favorite-toggle__button").first().click();
    await expect(page.getByText("Vous n'avez pas encore de favori", { exact: false })).toBeVisible();
  }
});

/** The worker's organization with an empty cart, on /mon-panier. */
async function emptyCart(page: Page): Promise<void> {
  await page.goto("/mon-panier?vider=1");
  const clear = page.getByRole("button", { name: "Oui, vider le panier" });
  if (await clear.count()) await clear.click();
  await expect(page.getByText("Votre panier est vide.")).toBeVisible();
}

test("the cart: empty, the add-to-cart dialog, a line needing certificates, the clearing question", async ({ page, loginAs, accounts }) => {
  await loginAs(accounts.organization.login);
  await emptyCart(page);
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page, "/mon-panier, empty");

  // The first brand sells AIS beacons: the cart then shows the MMSI certificates panel.
  await page.goto("/catalogue/marques");
  await page.locator("main a[href^='/catalogue/marques/']").first().click();
  await waitUntilInteractive(page, true);
  const form = page.locator("form[data-testid^='add-to-cart-']").first();
  const beacon = ((await form.getAttribute("data-testid")) ?? "").replace("add-to-cart-", "");
  await form.getByRole("button").click();
  await expect(page.getByTestId("add-to-cart-modal")).toBeVisible();
  await expectNoAxeViolations(page, "the add-to-cart dialog");

  await page.goto("/mon-panier");
  await waitUntilInteractive(page, true);
  await expect(page.getByTestId(`certificates-${beacon}`)).toBeVisible();
  await expectNoAxeViolations(page, "/mon-panier, a line needing certificates");

  await page.goto("/mon-panier?vider=1");
  await waitUntilInteractive(page, true);
  await expect(page.getByRole("button", { name: "Oui, vider le panier" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Oui, vider le panier" }).click();
  await expect(page.getByText("Votre panier est vide.")).toBeVisible();
});

test("quick order and every step of an order", async ({ page, loginAs, accounts }) => {
  await loginAs(accounts.organization.login);
  await emptyCart(page);
  await page.goto("/mon-panier/commande-rapide");
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
  await page.getByLabel("Coller des lignes depuis un tableur").fill("TRC00004;2\nINCONNU-XYZ;1");
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByTestId("quick-order-summary")).toBeVisible();
  await expectNoAxeViolations(page, "/mon-panier/commande-rapide, its report");

  await page.goto("/mon-panier");
  await waitUntilInteractive(page, true);
  await expect(page.getByTestId("cart-line-TRC00004")).toBeVisible();
  await expectNoAxeViolations(page, "/mon-panier, one line");

  await page.getByRole("link", { name: "Passer la commande" }).click();
  await expect(page).toHaveURL(/\/commander\/livraison$/);
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Continuer vers les consignes" }).click();
  await expect(page).toHaveURL(/\/commander\/consignes$/);
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
  await page.getByLabel("Référence de votre commande").fill("AXE-E2E");
  await page.getByRole("button", { name: "Continuer vers le récapitulatif" }).click();
  await expect(page).toHaveURL(/\/commander\/recapitulatif$/);
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
  await page.getByTestId("confirm-order").click();
  await expect(page).toHaveURL(/\/commander\/terminer$/);
  await expect(page.getByTestId("order-number")).toHaveText(/^CMD-\d{6}$/);
  await waitUntilInteractive(page, true);
  await expectNoAxeViolations(page);
});
