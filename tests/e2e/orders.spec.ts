import type { Page } from "@playwright/test";
import { expect, test, waitUntilInteractive } from "./fixtures";
import { emptyCart, orderByQuickOrder, warehouse } from "./ordering";

/**
 * An order's life, JavaScript on and off (docs/orders.md): ordered beyond the stock, the
 * back-order shown; the distributor ships part of it with `npm run warehouse` against this
 * portal; the shipment, its tracking link and the back-order left on the order's page; then
 * « Commander à nouveau » puts it back into the shared cart. A changed price cannot be made
 * from here (the portal's database is in its own process, and no call changes a price): the
 * loader test does it (tests/integration/orders/reorder.test.ts).
 */

/**
 * Plain demo products with a few units in stock (the full demo set), one per parallel worker so
 * that two workers never race for the same stock; each run reads the stock it finds.
 */
const LOW_STOCK_PRODUCTS = ["MAS00015", "MAS00021"];

async function stockOf(page: Page, ref: string): Promise<number> {
  // An exact reference opens the product page: a search of its beginning lists its card.
  await page.goto(`/catalogue?q=${ref.slice(0, -1)}`);
  const badge = page.locator(".product-card", { hasText: ref }).locator(".stock");
  await expect(badge).toBeVisible();
  const match = /En stock \((\d+) disponibles?\)/.exec((await badge.textContent()) ?? "");
  return match ? Number(match[1]) : 0;
}

test("an order beyond the stock: its back-order, a partial shipment from the warehouse, then ordered again", async ({
  page,
  loginAs,
  accounts,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(90_000);
  const ref = LOW_STOCK_PRODUCTS[testInfo.parallelIndex] ?? LOW_STOCK_PRODUCTS[0]!;
  await loginAs(accounts.organization.login);
  const stock = await stockOf(page, ref);
  const qty = stock + 2;
  const orderNumber = await orderByQuickOrder(page, ref, qty, `RELIQUAT-${javaScriptEnabled ? "JS" : "NOJS"}`);

  // The back-order: what the stock on hand could not serve, the 2 units beyond it (decision 0160).
  // (Its state says « disponible » while the stock on hand covers the shortfall alone: the stock
  // is not reserved, docs/orders.md.)
  await page.goto("/mon-compte/reliquats?par=commande");
  const group = page.getByRole("table").filter({ has: page.getByRole("caption").filter({ hasText: orderNumber }) });
  const backorder = group.getByRole("row").filter({ hasText: ref });
  await expect(backorder).toBeVisible();
  // Ordered, shipped, on back-order.
  await expect(backorder.getByRole("cell").nth(0)).toHaveText(String(qty));
  await expect(backorder.getByRole("cell").nth(1)).toHaveText("0");
  await expect(backorder.getByRole("cell").nth(2)).toHaveText("2");

  // The warehouse ships one unit, with a tracking link.
  const tracking = `6A${Date.now()}`;
  const trackingUrl = `https://www.laposte.fr/outils/suivre-vos-envois?code=${tracking}`;
  const shipped = await warehouse(
    baseURL ?? "",
    "ship",
    orderNumber,
    "--line",
    `${ref}=1`,
    "--carrier",
    "Colissimo",
    "--tracking",
    tracking,
    "--url",
    trackingUrl,
  );
  expect(shipped).toContain(orderNumber);

  // The order's page: the shipment, its tracking link, the back-order left.
  await page.goto(`/mon-compte/commandes?reference=${orderNumber}`);
  await page.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${orderNumber}`);
  await expect(page.getByText("expédiée partiellement").first()).toBeVisible();
  const shipments = page.getByRole("region", { name: "Expéditions" });
  await expect(shipments).toContainText(`Expédition n° 1`);
  await expect(shipments).toContainText(`Colissimo, suivi ${tracking}`);
  await expect(shipments.getByRole("link", { name: /Suivre le colis/ })).toHaveAttribute("href", trackingUrl);
  const line = page.getByRole("region", { name: "Produits" }).getByRole("row").filter({ hasText: ref });
  await expect(line).toContainText(`${qty - 1} (en attente`);

  // Ordered again: the proposal first, then the shared cart.
  await waitUntilInteractive(page, javaScriptEnabled);
  await page.getByRole("checkbox", { name: new RegExp(ref) }).check();
  await page.getByRole("button", { name: "Commander à nouveau les produits cochés" }).click();
  await expect(page).toHaveURL(/\/commander-a-nouveau\?ligne=\d+$/);
  const proposed = page.getByRole("row").filter({ hasText: ref });
  await expect(proposed.getByRole("cell").nth(0)).toHaveText(String(qty));
  await expect(proposed).toContainText("Aucun");
  await waitUntilInteractive(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Ajouter au panier partagé" }).click();
  await expect(page).toHaveURL(/\/mon-panier$/);
  // The toast waits for sonner's chunk, which a loaded CI machine serves slowly.
  await expect(page.getByText(`Commande ${orderNumber} : 1 produit ajouté au panier (${qty} × ${ref}).`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId(`cart-line-${ref}`)).toBeVisible();
  await emptyCart(page);
});
