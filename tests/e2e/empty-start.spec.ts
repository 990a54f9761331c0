import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SHIPPING_PRODUCTS } from "../../server/backoffice/seed/catalogue";
import { expect, test } from "./fixtures";
import { mailsWith } from "./ordering";
import { ownPort, runScript as run, startOwnPortal, type OwnPortal } from "./own-portal";

/**
 * The README's « First start in production », in a browser, JavaScript on and off: a
 * production portal on an empty database (no demo), its ERP token made by `npm run
 * service-token`, the distributor's files loaded by `npm run import` in the documented order,
 * then the invited buyer chooses a password, logs in, finds the product at its own price with
 * its stock, and orders it. Each project runs its own portal and folder (`ownPort`, tests/e2e/own-portal.ts).
 */

const SECRET = "empty-start-session-secret-0123456789abcdef";
const PASSWORD = "Chenal-Glénan-Balise-2027";
const BUYER = "anne.le-goff@voilerie-odet.fr";

const FILES: [feed: string, name: string, text: string][] = [
  ["categories", "familles.csv", "Référence;Titre;Référence parent\r\nSEC;Sécurité;\r\nSEC-GIL;Gilets de sauvetage;SEC\r\n"],
  ["brands", "marques.csv", "Référence;Nom\r\nPLASTIMO;Plastimo\r\n"],
  [
    "products",
    "articles.csv",
    "Référence;Titre;Description;Référence marque;Référence catégorie;Prix HT;Écotaxe;Poids brut (kg);Poids net (kg);Produit MMSI;Famille d'expédition;Arrêté\r\n" +
      "GIL-PLA-150;Gilet autogonflant Pilot 150 N;Gilet automatique à percussion, harnais intégré.;PLASTIMO;SEC-GIL;129,90;0,50;1,2;1;non;;non\r\n",
  ],
  ["stock", "stock.csv", "Référence;Quantité disponible\r\nGIL-PLA-150;24\r\n"],
  [
    "shipping",
    "frais-de-port.csv",
    `Référence;Libellé;Prix HT\r\n${SHIPPING_PRODUCTS.map(([ref, title, cents]) => `${ref};${title};${(cents / 100).toFixed(2).replace(".", ",")}`).join("\r\n")}\r\n`,
  ],
  [
    "customers",
    "clients.csv",
    "Référence;Raison sociale;Catégorie comptable;Adresse;Code postal;Ville;Pays;Conditions de paiement;Franco\r\n" +
      "C0001;Voilerie de l'Odet;Ventes France;4 quai Neuf;29000;Quimper;FR;30 jours fin de mois;oui\r\n",
  ],
  [
    "users",
    "contacts.csv",
    "Référence client;E-mail;Prénom;Nom;Panier;Commandes;Devis;Factures;Prix;Administrateur\r\n" +
      `C0001;${BUYER};Anne;Le Goff;oui;oui;oui;oui;oui;oui\r\n`,
  ],
  ["prices", "tarifs-clients.csv", "Référence client;Référence produit;Prix net HT\r\nC0001;GIL-PLA-150;99,00\r\n"],
];

test("an empty production start fed by the distributor's files becomes a portal where an invited buyer orders", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(300_000);
  const port = ownPort("empty-start", javaScriptEnabled);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "portail-vide-"));
  const env = { NODE_ENV: "production" as const, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  let portal: OwnPortal | null = null;
  try {
    // 1. The ERP's token, the portal stopped.
    const token = await run("build/server/service-token.js", ["create", "ERP"], env);
    expect(token.code, token.out).toBe(0);
    const serviceToken = /svc_[A-Za-z0-9_-]+/.exec(token.out)?.[0] ?? "";
    expect(serviceToken).not.toBe("");

    // 2. The portal, in production, on the empty database.
    portal = await startOwnPortal(port, { ...env, SESSION_SECRET: SECRET });

    // 3. The files, in the README's order, each applied (exit code 0).
    for (const [feed, name, text] of FILES) {
      const file = path.join(dataDir, name);
      await writeFile(file, text);
      const args = feed === "customers" || feed === "users" ? [feed, file, "--invite"] : [feed, file];
      const imported = await run("build/server/import.js", args, { UPSTREAM_URL: url, WAREHOUSE_TOKEN: serviceToken });
      expect(imported.code, `${feed}: ${imported.out}`).toBe(0);
      expect(imported.out).toContain("Fichier appliqué : ");
    }

    // 4. The invitation the users feed sent, followed in the buyer's browser.
    let invitation: string | undefined;
    await expect
      .poll(
        async () => {
          const [mail] = await mailsWith(dataDir, BUYER, "/invitation/");
          invitation = mail ? new RegExp(`${url}/invitation/[A-Za-z0-9_-]+`).exec(mail)?.[0] : undefined;
          return invitation;
        },
        { timeout: 30_000 },
      )
      .toBeDefined();
    const context = await browser.newContext({ baseURL: url, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(invitation ?? "");
    await expect(page.getByText(BUYER).first()).toBeVisible();
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmez le mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Enregistrer mon mot de passe" }).click();
    await expect(page).toHaveURL(/\/connexion/);
    await page.getByLabel("Identifiant (adresse e-mail)").fill(BUYER);
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).not.toHaveURL(/\/connexion/);

    // 5. The product found by a word of its title, at the customer's price, in stock.
    await page.goto("/catalogue?q=autogonflant");
    await page
      .getByRole("link", { name: /Gilet autogonflant Pilot 150 N/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Gilet autogonflant Pilot 150 N" })).toBeVisible();
    await expect(page.locator(".price__amount").first()).toContainText("99,00");
    await expect(page.getByText(/24 en stock|En stock/).first()).toBeVisible();

    // 6. Ordered through the quick order and the four steps of the checkout.
    await page.goto("/mon-panier/commande-rapide");
    await page.getByLabel("Référence, ligne 1", { exact: true }).fill("GIL-PLA-150");
    await page.getByLabel("Quantité, ligne 1", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/mon-panier");
    await expect(page.getByTestId("cart-line-GIL-PLA-150")).toBeVisible();
    await page.getByRole("link", { name: "Passer la commande" }).click();
    await expect(page).toHaveURL(/\/commander\/livraison$/);
    await page.getByRole("button", { name: "Continuer vers les consignes" }).click();
    await expect(page).toHaveURL(/\/commander\/consignes$/);
    await page.getByLabel("Référence de votre commande").fill("PREMIERE-COMMANDE");
    await page.getByRole("button", { name: "Continuer vers le récapitulatif" }).click();
    await expect(page).toHaveURL(/\/commander\/recapitulatif$/);
    await page.getByTestId("confirm-order").click();
    await expect(page).toHaveURL(/\/commander\/terminer$/);
    await expect(page.getByTestId("order-number")).toHaveText(/^CMD-\d{6}$/);
    await context.close();
  } finally {
    await portal?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
