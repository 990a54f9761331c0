import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect } from "./fixtures";

/**
 * What several browser tests do around an order: order by quick order through the checkout,
 * ship with the warehouse command, and read the portal's mail folder.
 */

const run = promisify(execFile);

/** `npm run warehouse -- …` as the distributor's terminal would run it, against this portal. */
export async function warehouse(portal: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["build/server/warehouse.js", ...args], {
    env: {
      ...process.env,
      UPSTREAM_URL: portal,
      // The token is WAREHOUSE_TOKEN, else this file, else the demo's (server/backoffice/warehouse/
      // client.ts). The test portal's folder has no such file and its in-memory demo data seeds
      // the demo token: pointing here keeps a data/warehouse-token of the working tree (made for
      // `npm start`'s database) from being sent to the test portal.
      WAREHOUSE_TOKEN: "",
      WAREHOUSE_TOKEN_FILE: path.join(E2E_DATA_DIR, "warehouse-token"),
    },
    timeout: 20_000,
  });
  return stdout;
}

export async function emptyCart(page: Page): Promise<void> {
  await page.goto("/mon-panier?vider=1");
  const clear = page.getByRole("button", { name: "Oui, vider le panier" });
  // Waited for: leaving at once would cancel the request in the browser but not on the server.
  if (await clear.count()) await clear.click();
  await expect(page.getByText("Votre panier est vide.")).toBeVisible();
}

/** Orders `qty` × `ref` with the organization's usual address; returns the order number. */
export async function orderByQuickOrder(page: Page, ref: string, qty: number, customerRef: string): Promise<string> {
  await emptyCart(page);
  await page.goto("/mon-panier/commande-rapide");
  await page.getByLabel("Référence, ligne 1", { exact: true }).fill(ref);
  await page.getByLabel("Quantité, ligne 1", { exact: true }).fill(String(qty));
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/mon-panier");
  await expect(page.getByTestId(`cart-line-${ref}`)).toBeVisible();
  await page.getByRole("link", { name: "Passer la commande" }).click();
  await expect(page).toHaveURL(/\/commander\/livraison$/);
  await page.getByRole("button", { name: "Continuer vers les consignes" }).click();
  await expect(page).toHaveURL(/\/commander\/consignes$/);
  await page.getByLabel("Référence de votre commande").fill(customerRef);
  await page.getByRole("button", { name: "Continuer vers le récapitulatif" }).click();
  await expect(page).toHaveURL(/\/commander\/recapitulatif$/);
  await page.getByTestId("confirm-order").click();
  await expect(page).toHaveURL(/\/commander\/terminer$/);
  const number = (await page.getByTestId("order-number").textContent()) ?? "";
  expect(number).toMatch(/^CMD-\d{6}$/);
  return number;
}

/** Soft line breaks joined and =XX bytes decoded as UTF-8, so the words can be searched. */
function decodeQuotedPrintable(eml: string): string {
  const bytes = eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Every e-mail of the portal's mail folder (`dir`: its data folder) containing all of `texts`, decoded. */
export async function mailsWith(dir: string, ...texts: string[]): Promise<string[]> {
  const folder = path.join(dir, "mail");
  const files = await readdir(folder).catch(() => [] as string[]);
  const contents = await Promise.all(files.map(async (file) => decodeQuotedPrintable(await readFile(path.join(folder, file), "utf8"))));
  return contents.filter((content) => texts.every((text) => content.includes(text)));
}
