import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { readSheet } from "read-excel-file/node";
import { expect, test, waitUntilInteractive } from "./fixtures";

/**
 * /mon-compte/tarifs in the browser, JavaScript on and off (docs/price-list.md): the price list
 * filtered with the GET form, exported as Excel (read back) and as CSV; refused without `prices`.
 */

const HEADERS = [
  "Référence",
  "Désignation",
  "Marque",
  "Catégorie",
  "Prix public HT (€)",
  "Remise (%)",
  "Votre prix net HT (€)",
  "Promotion",
  "Prix promotion HT (€)",
  "Début promotion",
  "Fin promotion",
  "Éco-part. HT (€)",
];

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** « 1 234,56 € » (narrow no-break spaces and all) as cents. */
function centsOf(text: string): number {
  return Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);
}

test("the price list filtered from the form, then exported as Excel and as CSV", async ({ page, loginAs, accounts, javaScriptEnabled }) => {
  await loginAs(accounts.buyer.login);
  await page.goto("/mon-compte/tarifs");
  await expect(page.getByRole("heading", { level: 1, name: "Mes tarifs" })).toBeVisible();
  await expect(page.getByText(/^Vos prix nets hors taxes au \d{1,2} \S+ \d{4}/)).toBeVisible();
  await waitUntilInteractive(page, javaScriptEnabled);

  await page.getByLabel("Référence ou mots").fill("antenne");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/\/mon-compte\/tarifs\?q=antenne(&|$)/);
  // With JavaScript the address changes before React draws the filtered page: wait for the
  // filtered export link, which only that page carries, before reading its rows.
  await expect(page.getByRole("link", { name: "Exporter (Excel)" })).toHaveAttribute("href", /\?q=antenne(&|$)/);
  const table = page.getByRole("table", { name: /^Tarifs, page 1 sur \d+$/ });
  await expect(table).toBeVisible();
  const firstRow = table.locator("tbody tr").first();
  const ref = (await firstRow.getByRole("rowheader").textContent())?.trim() ?? "";
  expect(ref).not.toBe("");
  const netPrice = centsOf((await firstRow.locator("td").nth(4).textContent()) ?? "");
  const total = Number(
    (
      (await page
        .getByText(/^\d[\d\s ]* produits?/)
        .first()
        .textContent()) ?? ""
    ).replace(/\D/g, ""),
  );
  expect(total).toBeGreaterThan(0);
  await expect(firstRow.getByRole("link", { name: ref })).toHaveAttribute("href", /^\/catalogue\/produit\/\d+$/);

  // The whole catalogue's exports carry no filter.
  await expect(page.getByRole("link", { name: "Excel", exact: true })).toHaveAttribute("href", "/mon-compte/tarifs/export.xlsx");
  await expect(page.getByRole("link", { name: "CSV", exact: true })).toHaveAttribute("href", "/mon-compte/tarifs/export.csv");

  // Excel: the filtered list, read back.
  const [workbook] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter (Excel)" }).click()]);
  expect(workbook.suggestedFilename()).toMatch(/^tarifs-C\d{4}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await readSheet(await bytesOf(workbook));
  expect(sheet[0]).toEqual(HEADERS);
  expect(sheet).toHaveLength(total + 1);
  const row = sheet.find((cells) => cells[0] === ref);
  expect(row?.[6]).toBe(netPrice / 100);
  expect(typeof row?.[4]).toBe("number");

  // CSV: the same list, in French Excel's form.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter (CSV)" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^tarifs-C\d{4}-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await bytesOf(csv);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes
    .subarray(3)
    .toString("utf8")
    .split("\r\n")
    .filter((line) => line !== "");
  expect(lines[0]).toBe(HEADERS.join(";"));
  expect(lines).toHaveLength(total + 1);
  const csvRow = lines.find((line) => line.startsWith(`${ref};`))?.split(";");
  expect(csvRow?.[6]).toBe(`${Math.floor(netPrice / 100)},${String(netPrice % 100).padStart(2, "0")}`);
});

test("filters by brand and category with the selects, the next page keeps them, bad values are explained", async ({
  page,
  loginAs,
  accounts,
  javaScriptEnabled,
}) => {
  await loginAs(accounts.organization.login);
  await page.goto("/mon-compte/tarifs?tri=prix&marque=abc");
  await expect(page.getByRole("status")).toContainText("Marque inconnue : ce filtre est ignoré.");
  await waitUntilInteractive(page, javaScriptEnabled);
  const category = page.getByLabel("Catégorie");
  const values = await category.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await category.selectOption(values[1]!);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(new RegExp(`categorie=${values[1]}`));
  await expect(page.getByRole("status")).toHaveCount(0);
  const next = page.getByRole("link", { name: "Page suivante" });
  await expect(next).toHaveAttribute("href", new RegExp(`categorie=${values[1]}&page=2$`));
  await next.click();
  await expect(page.getByRole("table", { name: /^Tarifs, page 2 sur \d+$/ })).toBeVisible();
  await expect(page.getByLabel("Catégorie")).toHaveValue(values[1]!);
});

test("a people account without `prices` gets a 403 page and no file", async ({ page, loginAs }) => {
  await loginAs("magasinier@voilerie-atlantique.fr");
  const response = await page.goto("/mon-compte/tarifs");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Votre compte ne permet pas de consulter les prix.")).toBeVisible();
  for (const file of ["export.csv", "export.xlsx"]) {
    const answer = await page.request.get(`/mon-compte/tarifs/${file}`);
    expect(answer.status()).toBe(403);
    expect(answer.headers()["content-disposition"]).toBeUndefined();
  }
});
