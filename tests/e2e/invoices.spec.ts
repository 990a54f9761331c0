import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, test, waitUntilInteractive } from "./fixtures";
import { orderByQuickOrder, warehouse } from "./ordering";

/**
 * /mon-compte/factures in the browser, JavaScript on and off (docs/invoices-portal.md): an order
 * shipped with `npm run warehouse` is invoiced; the invoice is found on the list, its PDF
 * downloaded, its page opened from the order's, then a ZIP of two ticked invoices; the list
 * filtered with the GET form.
 */

/** A chart plotter with plenty of stock in the full demo set: an ordinary parcel. */
const PRODUCT = "TRC00004";

/** Orders two units of PRODUCT with the organization's usual address; returns the order number. */
const order = (page: Page, customerRef: string): Promise<string> => orderByQuickOrder(page, PRODUCT, 2, customerRef);

async function bytesOf(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await download.path()));
}

test("an order shipped by the warehouse in two parcels: its invoice found, its PDF downloaded, then a ZIP of its two invoices", async ({
  page,
  loginAs,
  accounts,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  await loginAs(accounts.organization.login);
  const customerRef = `FACTURE-${javaScriptEnabled ? "JS" : "NOJS"}-${Date.now()}`;
  const orderNumber = await order(page, customerRef);
  // One unit first: the shipment issues its invoice.
  const shipped = await warehouse(baseURL ?? "", "ship", orderNumber, "--line", `${PRODUCT}=1`, "--carrier", "Colissimo");
  expect(shipped).toContain(orderNumber);

  // The invoice the shipment issued, found by its order on the list.
  await page.goto("/mon-compte/factures");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes factures");
  await expect(page.getByRole("region", { name: "Votre situation" })).toContainText("Montant restant dû");
  await page.getByLabel("Commande ou votre référence").fill(orderNumber);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(new RegExp(`commande=${orderNumber}`));
  const row = page.getByRole("table").getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customerRef);
  await expect(row).toContainText("à payer");
  const number = ((await row.getByRole("rowheader").textContent()) ?? "").trim();
  expect(number).toMatch(/^FA-\d{4}-\d{6}$/);

  // Its PDF: a download named by its number, a PDF whose text carries the number.
  await waitUntilInteractive(page, javaScriptEnabled);
  const [pdf] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: `PDF de ${number}` }).click()]);
  expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await bytesOf(pdf);
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  expect(text).toContain(number);

  // The order's page links its invoice.
  await row.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${orderNumber}`);
  const invoices = page.getByRole("region", { name: "Factures" });
  await expect(invoices.getByRole("link", { name: `PDF de ${number}` })).toBeVisible();

  // The invoice's page, from the order's: its lines, totals and the platform's follow-up.
  await invoices.getByRole("link", { name: `Facture ${number}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Facture ${number}`);
  await expect(page.getByRole("table", { name: "Lignes de la facture" })).toContainText(PRODUCT);
  await expect(page.getByRole("link", { name: orderNumber })).toHaveAttribute("href", /\/mon-compte\/commandes\/\d+$/);
  await expect(page.getByRole("region", { name: "Suivi par la plateforme de facturation électronique" })).toContainText("aucun statut");
  await expect(page.getByRole("link", { name: `Télécharger le PDF de ${number}` })).toHaveAttribute("href", /\.pdf$/);

  // The second unit: a second invoice for the same order. Both ticked: one ZIP holding both
  // PDFs, named by their numbers.
  await warehouse(baseURL ?? "", "ship", orderNumber, "--all", "--carrier", "Colissimo");
  await page.goto(`/mon-compte/factures?commande=${orderNumber}`);
  await waitUntilInteractive(page, javaScriptEnabled);
  const rows = page.getByRole("table").locator("tbody").getByRole("row");
  await expect(rows).toHaveCount(2);
  const numbers: string[] = [];
  for (const index of [0, 1]) {
    const ticked = rows.nth(index);
    numbers.push(((await ticked.getByRole("rowheader").textContent()) ?? "").trim());
    await ticked.getByRole("checkbox").check();
  }
  expect(numbers).toContain(number);
  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Télécharger la sélection (ZIP)" }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzipSync(await bytesOf(zip));
  expect(Object.keys(files).sort()).toEqual(numbers.map((value) => `${value}.pdf`).sort());
  for (const file of Object.values(files)) expect(new TextDecoder().decode(file.slice(0, 5))).toBe("%PDF-");
});

test("an empty selection is refused with a French message, and the list filters by status from the form", async ({
  page,
  loginAs,
  javaScriptEnabled,
}) => {
  await loginAs("client@voilerie-atlantique.fr");
  await page.goto("/mon-compte/factures");
  await waitUntilInteractive(page, javaScriptEnabled);
  await page.getByLabel("Statut").selectOption("payée");
  await page.getByLabel("Montant TTC minimum (€)").fill("0,01");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/statut=pay%C3%A9e&.*montant_min=0%2C01/);
  const statuses = page.getByRole("table").locator("tbody tr .invoice-status");
  await expect(statuses.first()).toBeVisible();
  for (const status of await statuses.allTextContents()) expect(status).toBe("payée");

  await waitUntilInteractive(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Télécharger la sélection (ZIP)" }).click();
  await expect(page.getByText("Choisissez au moins une facture à télécharger.")).toBeVisible();
  await expect(page).toHaveURL(/statut=pay%C3%A9e/);
});
