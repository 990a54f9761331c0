import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitUntilInteractive } from "./fixtures";

/**
 * Issue 36, a buyer's review: the account lists read on a phone (each value named by its column,
 * decision 0149's `data-label` through one component, decision 0189), their filters share the
 * catalogue's style, an order's totals are the cart's summary box, and nothing is wider than its
 * screen or its card (the representative's pages on a phone, the users table and the home
 * page's orders at 1366 px). JavaScript on and off: all of it is CSS.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** README accounts with a history: orders, invoices, back-orders, quotes (read only here). */
const BUYER = "acheteur@voilerie-atlantique.fr";
const ORGANIZATION = "client@voilerie-atlantique.fr";
const REPRESENTATIVE = "commercial@nautidistrib.fr";

/** The name a phone shows before a cell (its column's, from data-label through CSS). */
function labelBefore(cell: Locator): Promise<string> {
  return cell.evaluate((element) => getComputedStyle(element, "::before").content.replace(/^"|"$/g, ""));
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The first order of the list's page, as its link. */
async function firstOrderPath(page: Page): Promise<string> {
  await page.goto("/mon-compte/commandes");
  const href = await page.locator("table.order-table tbody th a").first().getAttribute("href");
  expect(href).toMatch(/^\/mon-compte\/commandes\/\d+$/);
  return href ?? "";
}

/** Every name is written before its value in the table's first row, and the page fits the phone. */
async function expectNamedValues(page: Page, table: Locator, labels: readonly string[]): Promise<void> {
  const row = table.locator("tbody tr").first();
  await expect(row).toBeVisible();
  for (const label of labels) {
    const cell = row.locator(`td[data-label="${label}"]`);
    await expect(cell, `« ${label} » on ${page.url()}`).toHaveCount(1);
    expect(await labelBefore(cell)).toBe(label);
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
}

const LISTS = [
  { path: "/mon-compte/commandes", labels: ["Date", "Votre référence", "Passée par", "Statut", "Total HT", "Total TTC"] },
  { path: "/mon-compte/factures", labels: ["Date", "Échéance", "Commande", "Total HT", "Total TTC", "Reste dû", "Statut"] },
  { path: "/mon-compte/tarifs", labels: ["Désignation", "Marque", "Prix public HT", "Remise", "Votre prix net HT", "Promotion"] },
  { path: "/mon-compte/reliquats", labels: ["Commandé", "Expédié", "En reliquat", "État", "Date prévisionnelle", "Prix unitaire HT"] },
  { path: "/mon-compte/mes-devis", labels: ["Votre référence", "État", "Demandé le", "Valable jusqu'au", "Total HT"] },
  { path: "/mon-compte/historique", labels: ["Quantité commandée", "Commandes", "Dernière commande", "Dernier prix HT"] },
] as const;

/** The lists whose filters must look like the catalogue's (label above its field, sizable fields, a box). */
const FILTERED = ["/mon-compte/commandes", "/mon-compte/factures", "/mon-compte/tarifs", "/mon-compte/mes-devis", "/mon-compte/historique"];

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the account lists name each value by its column and fit the screen", async ({ page, loginAs }) => {
    await loginAs(BUYER);
    for (const { path, labels } of LISTS) {
      await page.goto(path);
      await expectNamedValues(page, page.locator("table.table").first(), labels);
    }
  });

  test("an order's lines name each value and its totals are the cart's summary box", async ({ page, loginAs, javaScriptEnabled }) => {
    // An order of many lines and an axe analysis: as the accessibility journeys, more than a minute on a loaded machine.
    test.setTimeout(180_000);
    await loginAs(BUYER);
    await page.goto(await firstOrderPath(page));
    const lines = page.getByRole("table", { name: "Lignes de la commande" });
    await expectNamedValues(page, lines, ["Commandé", "Expédié", "Annulé", "En reliquat", "Prix unitaire HT", "Total HT"]);
    // No blank line for the shipping rows' empty columns.
    for (const empty of await lines.locator("td:empty").all()) await expect(empty).toBeHidden();
    await expect(page.getByTestId("order-totals")).toBeVisible();
    await waitUntilInteractive(page, javaScriptEnabled);
    if (javaScriptEnabled) await expectNoAxeViolations(page);
  });

  test("the representative's pages fit the screen, « Se déconnecter » included, and its quotes are named", async ({ page, loginAs }) => {
    await loginAs(REPRESENTATIVE);
    for (const path of ["/clients", "/clients/devis"]) {
      await page.goto(path);
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
      const logout = page.getByRole("button", { name: "Se déconnecter" });
      const box = await logout.boundingBox();
      expect(box && box.x + box.width, path).toBeLessThanOrEqual(PHONE.width);
    }
    await expectNamedValues(page, page.locator("table.quote-table"), ["Client", "État", "Attente", "Total HT"]);
  });
});

for (const [device, viewport] of [
  ["a computer", DESKTOP],
  ["a phone", PHONE],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    test("every account list's filters are the catalogue's: a box, each label above a field of a usable size", async ({
      page,
      loginAs,
    }) => {
      await loginAs(BUYER);
      for (const path of FILTERED) {
        await page.goto(path);
        const form = page.locator("form.list-controls").first();
        await expect(form).toBeVisible();
        const box = await form.evaluate((element) => {
          const style = getComputedStyle(element);
          return { border: parseFloat(style.borderTopWidth), background: style.backgroundColor };
        });
        expect(box.border, path).toBeGreaterThanOrEqual(1);
        expect(box.background, path).not.toBe("rgba(0, 0, 0, 0)");
        const fields = form.locator(".list-controls__field");
        expect(await fields.count(), path).toBeGreaterThan(0);
        for (const field of await fields.all()) {
          const [label, control] = [await field.locator("label").boundingBox(), await field.locator("input, select").boundingBox()];
          expect(label && control && label.y + label.height, path).toBeLessThanOrEqual((control?.y ?? 0) + 1);
          expect(control?.height, path).toBeGreaterThanOrEqual(36);
          expect(control?.width, path).toBeGreaterThanOrEqual(120);
        }
        expect(await pageWidth(page), path).toBeLessThanOrEqual(viewport.width);
      }
    });
  });
}

test.describe("on a computer", () => {
  test.use({ viewport: DESKTOP });

  test("an order's totals are drawn as the cart's summary box", async ({ page, loginAs }) => {
    await loginAs(BUYER);
    await page.goto(await firstOrderPath(page));
    const totals = page.getByTestId("order-totals");
    await expect(totals).toHaveClass(/\bcart-totals\b/);
    const style = await totals.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { border: parseFloat(computed.borderTopWidth), background: computed.backgroundColor };
    });
    expect(style.border).toBeGreaterThanOrEqual(1);
    expect(style.background).not.toBe("rgba(0, 0, 0, 0)");
    await expect(totals.locator(".cart-totals__grand")).toContainText("Total TTC");
  });

  test("the users table fits a 1366 px screen, its actions included", async ({ page, loginAs }) => {
    await loginAs(ORGANIZATION);
    await page.goto("/mon-compte/utilisateurs");
    const scroller = page.locator(".users-table__scroll");
    await expect(scroller).toBeVisible();
    const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const actions = page.getByRole("columnheader", { name: "Actions" });
    const box = await actions.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
  });

  test("the home page's latest orders stay inside their card", async ({ page, loginAs }) => {
    await loginAs(BUYER);
    await page.goto("/");
    const card = page.locator(".home-block", { has: page.getByRole("heading", { name: "Dernières commandes" }) });
    const table = card.locator("table");
    await expect(table).toBeVisible();
    const [cardBox, tableBox] = [await card.boundingBox(), await table.boundingBox()];
    expect(tableBox && tableBox.x + tableBox.width).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));
    expect(await card.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });
});
