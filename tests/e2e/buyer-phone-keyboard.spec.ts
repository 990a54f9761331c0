import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { emptyCart } from "./ordering";

/**
 * Issue 24's buyer on a phone (390×844) and with the keyboard only (at 1366×900 and 390×844):
 * the cart and the checkout read on a small screen, the sort list applies a choice once, « Vider
 * le panier » keeps the focus in its question, a focused toast shows it, and a quantity being
 * typed while a colleague changes the line is kept and explained.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** « Traceur de cartes » in stock with the spring promotion, and a product with 3 in stock. */
const PROMOTED = "TRC00004";
const SHORT = "MAS00015";

async function fillCart(page: Page, lines: [string, number][]): Promise<void> {
  await emptyCart(page);
  await page.goto("/mon-panier/commande-rapide");
  for (const [index, [ref, qty]] of lines.entries()) {
    await page.getByLabel(`Référence, ligne ${index + 1}`, { exact: true }).fill(ref);
    await page.getByLabel(`Quantité, ligne ${index + 1}`, { exact: true }).fill(String(qty));
  }
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText(String(lines.length));
}

/** The name a phone shows before a cell (its column's, from data-label through CSS). */
function labelBefore(cell: Locator): Promise<string> {
  return cell.evaluate((element) => getComputedStyle(element, "::before").content.replace(/^"|"$/g, ""));
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The cart reference emptied and saved, so that the next promoted product pre-fills it (§4). */
async function clearCartReference(page: Page): Promise<void> {
  await page.goto("/mon-panier");
  const field = page.getByLabel("Référence de votre commande");
  // Already empty (a fresh cart): saving it again would only say « Aucune modification ».
  if ((await field.inputValue()) === "") return;
  await field.fill("");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Référence et consignes enregistrées.").first()).toBeVisible();
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the cart names every amount, keeps the total and « Passer la commande » in reach, and fits the screen", async ({
    page,
    loginAs,
    accounts,
  }) => {
    await loginAs(accounts.buyer.login);
    await fillCart(page, [
      [PROMOTED, 4],
      [SHORT, 2],
    ]);
    await page.goto("/mon-panier");
    const row = page.getByTestId(`cart-line-${PROMOTED}`);
    expect(await labelBefore(page.getByTestId(`line-total-${PROMOTED}`))).toBe("Total HT");
    expect(await labelBefore(row.locator("td[data-label='Prix unitaire HT']"))).toBe("Prix unitaire HT");
    expect(await labelBefore(page.getByTestId(`qty-${PROMOTED}`).locator("xpath=ancestor::td[1]"))).toBe("Quantité");
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // At the top of a long cart, the way to order is on the screen with the total it orders.
    const order = page.getByRole("link", { name: "Passer la commande" });
    const box = await order.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    const grandTotal = ((await page.getByTestId("total-ttc").textContent()) ?? "").trim();
    await expect(page.locator(".cart-checkout__total")).toContainText(grandTotal);

    // The header is about 140 px, not 239, and stays at the top.
    const header = page.locator(".site-header");
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(160);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
    await expect(page.getByTestId("cart-count")).toBeInViewport();
  });

  test("the first checkout step reads address, options, costs, then the way on; the summary fits the screen", async ({
    page,
    loginAs,
    accounts,
  }) => {
    await loginAs(accounts.buyer.login);
    await fillCart(page, [
      [PROMOTED, 4],
      [SHORT, 2],
    ]);
    await page.goto("/commander/livraison");
    // The new address's fields show once « Nouvelle adresse » is chosen (CSS, so without JavaScript too).
    await expect(page.getByLabel("Destinataire")).toBeHidden();
    await page.getByText("Nouvelle adresse de livraison").click();
    await expect(page.getByLabel("Destinataire")).toBeVisible();
    await page.locator("input[name=address]").first().check();
    await expect(page.getByLabel("Destinataire")).toBeHidden();

    const next = page.getByRole("button", { name: "Continuer vers les consignes" });
    const costs = page.getByRole("heading", { name: "Frais de port" });
    const options = page.getByRole("group", { name: "Options de livraison" });
    const [nextBox, costsBox, optionsBox] = await Promise.all([next.boundingBox(), costs.boundingBox(), options.boundingBox()]);
    expect(nextBox?.y).toBeGreaterThan(costsBox?.y ?? Infinity);
    expect(costsBox?.y).toBeGreaterThan(optionsBox?.y ?? Infinity);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // The button outside the address form still sends it (its `form` attribute).
    await next.click();
    await expect(page).toHaveURL(/\/commander\/consignes$/);
    await page.getByRole("button", { name: "Continuer vers le récapitulatif" }).click();
    await expect(page).toHaveURL(/\/commander\/recapitulatif$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const line = page.getByTestId(`summary-line-${PROMOTED}`);
    expect(await labelBefore(line.locator("td[data-label='Quantité']"))).toBe("Quantité");
    await expect(line.locator("td[data-label='Quantité']")).toHaveText("4");
  });

  test("a reference pre-filled from a promotion says so in the cart and at checkout, and can be changed", async ({
    page,
    loginAs,
    accounts,
  }) => {
    await loginAs(accounts.buyer.login);
    await fillCart(page, [[SHORT, 1]]);
    await clearCartReference(page);
    await page.goto("/mon-panier/commande-rapide");
    await page.getByLabel("Référence, ligne 1", { exact: true }).fill(PROMOTED);
    await page.getByLabel("Quantité, ligne 1", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await page.goto("/mon-panier");
    const field = page.getByLabel("Référence de votre commande");
    const promotion = (await field.inputValue()).trim();
    expect(promotion).not.toBe("");
    await expect(page.getByTestId("ref-prefilled")).toContainText(`« ${promotion} »`);
    await expect(field).toHaveAccessibleDescription(/Pré-remplie avec le nom de la promotion/);

    await page.goto("/commander/livraison");
    await page.getByRole("button", { name: "Continuer vers les consignes" }).click();
    await expect(page).toHaveURL(/\/commander\/consignes$/);
    await expect(page.getByTestId("ref-prefilled")).toContainText(promotion);
    await page.getByLabel("Référence de votre commande").fill("Chantier Lorient");
    await page.getByRole("button", { name: "Continuer vers le récapitulatif" }).click();
    await expect(page).toHaveURL(/\/commander\/recapitulatif$/);
    await page.goto("/commander/consignes");
    await expect(page.getByLabel("Référence de votre commande")).toHaveValue("Chantier Lorient");
    await expect(page.getByTestId("ref-prefilled")).toHaveCount(0);
  });
});

for (const [device, viewport] of [
  ["a computer", DESKTOP],
  ["a phone", PHONE],
] as const) {
  test.describe(`with the keyboard only, on ${device}`, () => {
    test.use({ viewport });

    test("the sort list applies a choice made with the arrow keys once, on Enter", async ({
      page,
      loginAs,
      accounts,
      javaScriptEnabled,
    }) => {
      test.skip(!javaScriptEnabled, "without JavaScript the list applies with « Appliquer » only");
      await loginAs(accounts.buyer.login);
      await page.goto("/catalogue?q=gilet");
      await expect(page.locator("html")).toHaveAttribute("data-live-cart", "on");
      const loads: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/catalogue")) loads.push(request.url());
      });
      const sort = page.getByLabel("Trier par");
      await sort.focus();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await expect(sort).not.toHaveValue("relevance");
      await page.waitForTimeout(600);
      expect(loads).toEqual([]);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/tri=/);
      await page.waitForTimeout(300);
      expect(loads).toHaveLength(1);
      await expect(sort).toBeFocused();
    });

    test("« Vider le panier » moves the focus into its question and back", async ({ page, loginAs, accounts, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript the question is a new page, read from its top");
      await loginAs(accounts.buyer.login);
      await fillCart(page, [[SHORT, 1]]);
      await page.goto("/mon-panier");
      await expect(page.locator("html")).toHaveAttribute("data-live-cart", "on");
      const opener = page.getByRole("link", { name: "Vider le panier" });
      await opener.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("link", { name: "Annuler" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(opener).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("link", { name: "Annuler" })).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(page.getByRole("button", { name: "Oui, vider le panier" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Votre panier est vide.")).toBeVisible();
    });

    test("a toast reached with the keyboard shows its focus", async ({ page, loginAs, accounts, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript the message is a plain status line");
      await loginAs(accounts.buyer.login);
      await fillCart(page, [[SHORT, 1]]);
      await page.goto("/mon-panier");
      await expect(page.locator("html")).toHaveAttribute("data-live-cart", "on");
      // A new text each run: the same one again would be « Aucune modification ».
      await page.getByLabel("Consignes pour l'entrepôt").fill(`Quai ${Date.now() % 100_000}`);
      await page.getByRole("button", { name: "Enregistrer" }).press("Enter");
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Référence et consignes enregistrées." });
      await expect(toast).toBeVisible();
      // sonner's own shortcut to its toasts; then Tab to the toast.
      await page.keyboard.press("Alt+t");
      await page.keyboard.press("Tab");
      const focused = page.locator(":focus");
      await expect(focused).toHaveCount(1);
      const outline = await focused.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          inToast: element.closest("[data-sonner-toaster]") !== null,
        };
      });
      expect(outline.inToast).toBe(true);
      expect(outline.style).not.toBe("none");
      expect(outline.width).toBeGreaterThanOrEqual(2);
    });
  });
}

test("a quantity being typed while a colleague changes the line is kept and explained", async ({
  page,
  loginAs,
  openAs,
  accounts,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "live sync needs JavaScript");
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await loginAs(accounts.buyer.login);
  await fillCart(page, [[PROMOTED, 2]]);
  const colleague = await openAs(accounts.organization.login);
  await Promise.all([page.goto("/mon-panier"), colleague.goto("/mon-panier")]);
  await Promise.all([
    expect(page.locator("html")).toHaveAttribute("data-live-cart", "on"),
    expect(colleague.locator("html")).toHaveAttribute("data-live-cart", "on"),
  ]);
  // The buyer types 12 and stays in the field (the 12 is saved after the pause).
  const mine = page.getByTestId(`qty-${PROMOTED}`);
  await mine.fill("12");
  await expect(colleague.getByTestId(`qty-${PROMOTED}`)).toHaveValue("12", { timeout: 5000 });
  await expect(mine).toBeFocused();
  // The colleague sets 8 meanwhile.
  const theirs = colleague.getByTestId(`qty-${PROMOTED}`);
  await theirs.fill("8");
  await theirs.press("Tab");
  const notice = page.getByTestId(`qty-changed-${PROMOTED}`);
  await expect(notice).toContainText("Un collègue vient de passer cette ligne à 8. Votre quantité (12) la remplace.", { timeout: 5000 });
  await expect(mine).toHaveValue("12");
  // The typed quantity is saved over the colleague's: both pages end on 12.
  await expect(theirs).toHaveValue("12", { timeout: 5000 });
  // The buyer takes the colleague's 8 back instead.
  await page.getByRole("button", { name: "Garder 8" }).click();
  await expect(mine).toHaveValue("8");
  await expect(theirs).toHaveValue("8", { timeout: 5000 });
  await expect(notice).toHaveCount(0);
});
