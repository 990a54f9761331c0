import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { logInWithForm } from "./fixtures";

/**
 * Whole orders in Chromium, JavaScript on and off, against a portal of their own: its clock
 * starts on the coming Friday (PORTAL_FAKE_NOW, so the Saturday rule applies) and its mail
 * folder is a temp dir where the confirmation email is looked for.
 */

const PORT = Number(process.env.E2E_CHECKOUT_PORT ?? 3187);
const BASE_URL = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: BASE_URL });
test.describe.configure({ mode: "serial" });

let server: ChildProcess | null = null;
let dataDir = "";

/** The coming Friday (today if it is one) at 10:00 in France. */
function comingFriday(): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", weekday: "short" });
  for (let offset = 0; offset < 7; offset++) {
    const instant = new Date(Date.now() + offset * 86_400_000);
    if (weekday.format(instant) === "Fri") return `${day.format(instant)}T10:00:00+01:00`;
  }
  throw new Error("no Friday within a week");
}

async function waitUntilUp(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`portal not up at ${url}`);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = await mkdtemp(path.join(tmpdir(), "portail-commande-"));
  server = spawn("node", ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_MEMORY: "1",
      DATA_DIR: dataDir,
      SESSION_SECRET: "e2e-checkout-secret-0123456789-abcdefghij",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORTAL_FAKE_NOW: comingFriday(),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntilUp(`${BASE_URL}/connexion`, Date.now() + 110_000);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((resolve) => (server?.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
  await rm(dataDir, { recursive: true, force: true });
});

/** Soft line breaks joined and =XX bytes decoded as UTF-8, so the words can be searched. */
function decodeQuotedPrintable(eml: string): string {
  const bytes = eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

async function mailWith(text: string): Promise<string | undefined> {
  const folder = path.join(dataDir, "mail");
  const files = await readdir(folder).catch(() => [] as string[]);
  const contents = await Promise.all(files.map(async (file) => decodeQuotedPrintable(await readFile(path.join(folder, file), "utf8"))));
  return contents.find((content) => content.includes(text));
}

async function openAs(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await logInWithForm(page, login);
  await expect(page).not.toHaveURL(/\/connexion/);
  return page;
}

/** An empty cart, then 2 × TRC00004 (a chart plotter: an ordinary parcel) by quick order. */
async function fillCart(page: Page): Promise<void> {
  await page.goto("/mon-panier?vider=1");
  const clear = page.getByRole("button", { name: "Oui, vider le panier" });
  if (await clear.count()) await clear.click();
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
  await expect.poll(() => mailWith(orderNumber)).toContain(`Confirmation de votre commande ${orderNumber}`);
  return orderNumber;
}

test("a people account orders to a new address; a colleague sees the confirmation", async ({ browser, javaScriptEnabled }) => {
  const buyer = await openAs(browser, "acheteur@voilerie-atlantique.fr");
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

  const colleague = javaScriptEnabled ? await openAs(browser, "client@voilerie-atlantique.fr") : null;
  if (colleague) await expect(colleague.locator("html")).toHaveAttribute("data-live-cart", "on");
  const orderNumber = await confirmAndFinish(buyer);
  await expect(buyer.getByText("Passée par Maël Kerjean")).toBeVisible();
  if (colleague) {
    await expect(colleague.getByTestId("live-cart-notice").filter({ hasText: "La commande a été confirmée par Maël Kerjean" })).toBeVisible();
  }
  expect(await mailWith(orderNumber)).toContain("acheteur@voilerie-atlantique.fr");
});

test("a tax-exempt account sees and is emailed HT amounts only", async ({ browser }) => {
  const page = await openAs(browser, "achats@chantier-naval-suspension.fr");
  await fillCart(page);
  await instructionsAndSummary(page, "HT-E2E");
  await expect(page.getByTestId("total-ht")).toBeVisible();
  await expect(page.getByTestId("total-ttc")).toHaveCount(0);
  await expect(page.getByTestId("total-tva")).toHaveCount(0);
  const orderNumber = await confirmAndFinish(page);
  await expect(page.getByTestId("order-total-ttc")).toHaveCount(0);
  const mail = await mailWith(orderNumber);
  expect(mail).toContain("Total HT (compte exonéré de TVA)");
  expect(mail).not.toContain("Total TTC");
});

test("a contributor orders for a Corsican client on a Friday with Saturday delivery", async ({ browser, javaScriptEnabled }) => {
  const page = await openAs(browser, "commercial@nautidistrib.fr");
  await expect(page).toHaveURL(/\/clients$/);
  await page.getByLabel("Rechercher un client (nom, référence ou code postal)").fill("C0005");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await page.getByRole("button", { name: "Se connecter en tant que Nautisme Ajaccio" }).click();
  await expect(page).toHaveURL(/\/$/);
  await fillCart(page);
  await setSaturday(page, javaScriptEnabled);
  await expect(page.getByTestId("shipping-PORT_SUPP_CORSE")).toBeVisible();
  await instructionsAndSummary(page, "AJACCIO-E2E");
  await expect(page.getByTestId("shipping-PORT_SAMEDI")).toBeVisible();
  await expect(page.getByText("Livraison le samedi.")).toBeVisible();
  await confirmAndFinish(page);
  await expect(page.getByText("Passée par Yann Le Gall")).toBeVisible();
});
